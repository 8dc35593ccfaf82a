import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, options, reactions } from '@/lib/db/schema';
import type { LikeResult } from '@/features/reels/schemas';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

function post(path: string, cookie: string, body: unknown) {
  return api.request(path, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
}
const like = (cookie: string, content_id: string) => post('/uploader/api/v1/like/', cookie, { content_id });
const unlike = (cookie: string, content_id: string) => post('/uploader/api/v1/unlike/', cookie, { content_id });

async function stored(contentId: string, optionId: string) {
  const { db } = await getDb();
  const [c] = await db.select({ n: contentItems.like_count }).from(contentItems).where(eq(contentItems.id, contentId));
  const [o] = await db.select({ n: options.total_reaction }).from(options).where(eq(options.id, optionId));
  const r = await db.select().from(reactions).where(eq(reactions.content_id, contentId));
  return { like_count: c.n, total_reaction: o.n, rows: r.length };
}

describe('POST /uploader/api/v1/like/', () => {
  it('counts a like once per viewer, on the reel and on its option', async () => {
    const t = await seed.taxonomy();
    const opt = t.options[0].id;
    const [r1, r2] = await seed.reels(opt, 2);
    const alice = seed.viewer();
    const bob = seed.viewer();

    const first = await like(alice.cookie, r1.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual<LikeResult>({ content_id: r1.id, like: true, like_count: 1, total_reaction: 1 });
    const again = await like(alice.cookie, r1.id);
    expect(await again.json()).toEqual<LikeResult>({ content_id: r1.id, like: true, like_count: 1, total_reaction: 1 });
    expect(await stored(r1.id, opt)).toEqual({ like_count: 1, total_reaction: 1, rows: 1 });

    expect(await (await like(bob.cookie, r1.id)).json()).toMatchObject({ like_count: 2, total_reaction: 2 });
    // Another reel of the same option moves the option's total too.
    expect(await (await like(bob.cookie, r2.id)).json()).toMatchObject({ like_count: 1, total_reaction: 3 });
    expect(await stored(r1.id, opt)).toEqual({ like_count: 2, total_reaction: 3, rows: 2 });
  });

  it('counts concurrent likes of one viewer once', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => like(v.cookie, reel.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored(reel.id, t.options[0].id)).toEqual({ like_count: 1, total_reaction: 1, rows: 1 });
  });

  it('gives a first-time visitor a viewer cookie and stores the like under it', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const res = await api.request('/uploader/api/v1/like/', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content_id: reel.id }),
    });
    expect(res.status).toBe(200);
    const id = /sr_vid=([0-9A-Za-z]{20})/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(id).toBeDefined();
    seed.track(id!);
    const feed = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: `sr_vid=${id}` } });
    expect((await feed.json()).like).toBe(true);
  });

  it('answers 404 content_not_found for unknown, processing or failed reels, and counts nothing', async () => {
    const t = await seed.taxonomy();
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    const failed = await seed.reel(t.options[0].id, { status: 'failed' });
    const v = seed.viewer();
    for (const id of ['00000000-0000-4000-8000-000000000000', processing.id, failed.id]) {
      const res = await like(v.cookie, id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'content_not_found', message: expect.any(String) } });
    }
    expect(await stored(processing.id, t.options[0].id)).toEqual({ like_count: 0, total_reaction: 0, rows: 0 });
  });

  it('rejects bad bodies with 4xx in the one error shape', async () => {
    const v = seed.viewer();
    const raw = async (body: BodyInit | undefined, type = 'application/json') => api.request('/uploader/api/v1/like/', {
      method: 'POST', headers: { cookie: v.cookie, 'content-type': type }, body,
    });
    const cases: Array<[string, Promise<Response>, number, string]> = [
      ['operator injection', raw(JSON.stringify({ content_id: { $gt: '' } })), 422, 'validation_failed'],
      ['not a uuid', raw(JSON.stringify({ content_id: 'abc' })), 422, 'validation_failed'],
      ['missing field', raw(JSON.stringify({})), 422, 'validation_failed'],
      ['extra field', raw(JSON.stringify({ content_id: '00000000-0000-4000-8000-000000000000', like_count: 99 })), 422, 'validation_failed'],
      ['array', raw(JSON.stringify([1])), 422, 'validation_failed'],
      ['null', raw('null'), 422, 'validation_failed'],
      ['not JSON', raw('{"content_id":'), 400, 'invalid_json'],
      ['empty body', raw(''), 400, 'invalid_json'],
      ['no body', raw(undefined), 400, 'invalid_json'],
      ['form content type', raw('content_id=x', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type'],
      ['text content type', raw(JSON.stringify({ content_id: '00000000-0000-4000-8000-000000000000' }), 'text/plain'), 415, 'unsupported_media_type'],
      ['2 MB body', raw(JSON.stringify({ content_id: 'x'.repeat(2 * 1024 * 1024) })), 413, 'payload_too_large'],
    ];
    for (const [name, p, status, code] of cases) {
      const res = await p;
      expect(res.status, name).toBe(status);
      expect(await res.json(), name).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('refuses a 2 MB body declared by Content-Length before reading it', async () => {
    const res = await api.request('/uploader/api/v1/like/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });
});

describe('POST /uploader/api/v1/unlike/', () => {
  it('takes a like back once and is a no-op without one', async () => {
    const t = await seed.taxonomy();
    const opt = t.options[0].id;
    const reel = await seed.reel(opt);
    const alice = seed.viewer();
    const bob = seed.viewer();
    await like(alice.cookie, reel.id);
    await like(bob.cookie, reel.id);

    const res = await unlike(alice.cookie, reel.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual<LikeResult>({ content_id: reel.id, like: false, like_count: 1, total_reaction: 1 });
    expect(await (await unlike(alice.cookie, reel.id)).json()).toMatchObject({ like: false, like_count: 1, total_reaction: 1 });
    // A viewer that never liked (and has no row yet) changes nothing either.
    expect(await (await unlike(seed.viewer().cookie, reel.id)).json()).toMatchObject({ like_count: 1, total_reaction: 1 });
    expect(await stored(reel.id, opt)).toEqual({ like_count: 1, total_reaction: 1, rows: 1 });

    const feed = await api.request(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, { headers: { cookie: alice.cookie } });
    const item = (await feed.json()).feeds[0];
    expect(item).toMatchObject({ like: false, reaction_count: { like: 1 }, option_meta: { total_reaction: 1 } });
  });

  it('answers 404 for an unknown reel and 422 for a malformed id', async () => {
    const v = seed.viewer();
    expect((await unlike(v.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await post('/uploader/api/v1/unlike/', v.cookie, { content_id: { $ne: null } })).status).toBe(422);
  });
});
