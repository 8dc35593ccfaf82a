import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, options, reactions, views } from '@/lib/db/schema';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import type { FeedResponse, LikeResult } from '@/features/reels/schemas';
import { COUNTS_TTL_MS, FEED_CACHE_TTL_MS } from '@/features/reels/server/feed-cache';
import { issueWatchTicket, ticketIssueS } from '@/features/reels/server/watch-ticket';
import { Seed, visitorCookieFromSetCookie } from '@/tests/fixtures/seed';
import { spawnTsx, type TsxChild } from '@/tests/fixtures/spawn';

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

  it('answers 401 visitor_required to a caller the server has not issued a visitor id, with one to retry with', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const res = await api.request('/uploader/api/v1/like/', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content_id: reel.id }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'visitor_required', message: expect.any(String) } });
    const cookie = visitorCookieFromSetCookie(res);
    expect(cookie).toBeDefined();
    seed.track(/=([0-9A-Za-z]{20})\./.exec(cookie!)![1]);
    expect(await stored(reel.id, t.options[0].id)).toEqual({ like_count: 0, total_reaction: 0, rows: 0 });
    expect((await like(cookie!, reel.id)).status).toBe(200);
    const feed = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: cookie! } });
    expect(await feed.json()).toMatchObject({ like: true, reaction_count: { like: 1 } });
  });

  it('counts nothing for a loop of likes, unlikes and views without a cookie, with a forged one or a bare id', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const real = seed.viewer();
    const cookies = ['', `sr_vid=${real.id}.${'A'.repeat(22)}`, `sr_vid=${real.id}`, 'sr_vid=AAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB'];
    const ticket = issueWatchTicket(real.id, reel.id, ticketIssueS() - VIEW_THRESHOLD_S - 1);
    const viewBody = { event_type: 'VIDEO_VIEW', version: '1.0.0', payload: { content_id: reel.id, content_watched: 9, watch_ticket: ticket } };
    for (let i = 0; i < 5; i++) {
      for (const cookie of cookies) {
        for (const res of [await like(cookie, reel.id), await unlike(cookie, reel.id), await like(cookie, reel.id),
          await post('/auth/api/v1/events', cookie, viewBody)]) {
          expect(res.status, cookie).toBe(401);
          expect((await res.json()).error.code).toBe('visitor_required');
        }
      }
    }
    expect(await stored(reel.id, t.options[0].id)).toEqual({ like_count: 0, total_reaction: 0, rows: 0 });
    const { db } = await getDb();
    const [row] = await db.select({ n: contentItems.view_count }).from(contentItems).where(eq(contentItems.id, reel.id));
    expect(row.n).toBe(0);
    expect(await db.select().from(views).where(eq(views.content_id, reel.id))).toHaveLength(0);
  });

  it('refuses a foreign Origin with 403 and counts nothing', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const res = await api.request('/uploader/api/v1/like/', {
      method: 'POST', headers: { cookie: v.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ content_id: reel.id }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('origin_not_allowed');
    expect(await stored(reel.id, t.options[0].id)).toEqual({ like_count: 0, total_reaction: 0, rows: 0 });
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

/*
 * Two API processes on one PostgreSQL and one Redis: a like, a view or a
 * review move through one must show in the other's feed at once, through the feed cache's Redis
 * channel, not when a cache TTL runs out. Runs with the PostgreSQL project
 * (PGlite is one process's database); Redis from TEST_REDIS_URL or
 * REDIS_URL, else redis://127.0.0.1:6379, and it must be running.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(process.env.TEST_DB === 'postgres')('likes across two API processes sharing PostgreSQL and Redis', () => {
  const seed2 = new Seed();
  const children: TsxChild[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    try {
      await probe.connect();
      await probe.ping();
    } catch (err) {
      throw new Error(`Redis at ${REDIS_URL} is needed for this test (set TEST_REDIS_URL): ${String(err)}`);
    } finally {
      probe.disconnect();
    }
    for (let i = 0; i < 2; i++) {
      children.push(spawnTsx('tests/fixtures/api-child.ts', [], { REDIS_URL, LOG_LEVEL: 'warn' }));
    }
    for (const c of children) {
      const line = await c.waitForLine((l) => l.startsWith('listening '), 55_000);
      urls.push(`http://127.0.0.1:${line.split(' ')[1]}`);
    }
  }, 60_000);

  afterAll(async () => {
    await seed2.cleanup();
    for (const c of children) c.child.kill('SIGTERM');
    await Promise.all(children.map((c) => Promise.race([c.exited, new Promise((r) => setTimeout(r, 5000))])));
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.crash();
  });

  const feedOf = async (base: string, cookie: string, topicId: string) => {
    const res = await fetch(`${base}/feeds-server/api/v1/feeds?topic_id=${topicId}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as FeedResponse;
  };
  const postTo = (base: string, path: string, cookie: string, body: unknown) => fetch(`${base}${path}`, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  /** Reads `read` until `ok` holds, for at most `ms`; returns the last value. */
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 1500): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('a like or a view through one shows in the other\'s feed at once, not after a TTL', async () => {
    const [a, b] = urls;
    const t = await seed2.taxonomy();
    const [reel] = await seed2.reels(t.options[0].id, 3);
    const alice = seed2.viewer();
    const bob = seed2.viewer();
    const mine = (p: FeedResponse) => p.feeds.find((f) => f.id === reel.id)!;
    // Both processes cache the page, the counts and both viewers' state.
    for (const base of [a, b]) {
      for (const v of [alice, bob]) expect(mine(await feedOf(base, v.cookie, t.topic.id))).toMatchObject({ like: false, reaction_count: { like: 0, views: 0 } });
    }

    const primedAt = Date.now();
    expect(await (await postTo(a, '/uploader/api/v1/like/', alice.cookie, { content_id: reel.id })).json()).toMatchObject({ like_count: 1 });
    const bobSees = await until(() => feedOf(b, bob.cookie, t.topic.id), (p) => mine(p).reaction_count.like === 1);
    const aliceSees = await until(() => feedOf(b, alice.cookie, t.topic.id), (p) => mine(p).like);
    const tookMs = Date.now() - primedAt;
    expect(mine(bobSees)).toMatchObject({ reaction_count: { like: 1 }, option_meta: { total_reaction: 1 } });
    expect(mine(aliceSees).like).toBe(true);
    // Sooner than even the shortest counts TTL could have run out since B cached them.
    expect(tookMs, 'seen only after a cache TTL').toBeLessThan(COUNTS_TTL_MS);

    const unlikedAt = Date.now();
    expect((await postTo(b, '/uploader/api/v1/unlike/', alice.cookie, { content_id: reel.id })).status).toBe(200);
    const afterUnlike = await until(() => feedOf(a, bob.cookie, t.topic.id), (p) => mine(p).reaction_count.like === 0);
    expect(mine(afterUnlike).reaction_count.like).toBe(0);
    expect(Date.now() - unlikedAt).toBeLessThan(COUNTS_TTL_MS);

    // A counted view through B: A, which has just cached the counts, shows it at once too.
    expect(mine(await feedOf(a, alice.cookie, t.topic.id)).reaction_count.views).toBe(0);
    const viewedAt = Date.now();
    const aged = issueWatchTicket(bob.id, reel.id, ticketIssueS() - VIEW_THRESHOLD_S - 1);
    expect((await postTo(b, '/auth/api/v1/events', bob.cookie, {
      event_type: 'VIDEO_VIEW', version: '1.0.0', payload: { content_id: reel.id, watch_ticket: aged },
    })).status).toBe(202);
    const afterView = await until(() => feedOf(a, alice.cookie, t.topic.id), (p) => mine(p).reaction_count.views === 1);
    expect(mine(afterView).reaction_count.views).toBe(1);
    expect(Date.now() - viewedAt).toBeLessThan(COUNTS_TTL_MS);
  });

  it('a take-down through one leaves the other\'s cached feed at once, and an approval joins it', async () => {
    const [a, b] = urls;
    const t = await seed2.taxonomy();
    const [shown, waiting] = [await seed2.reel(t.options[0].id), await seed2.reel(t.options[0].id, { review_status: 'Pending' })];
    const curator = await seed2.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const viewer = seed2.viewer();
    const ids = async (base: string) => (await feedOf(base, viewer.cookie, t.topic.id)).feeds.map((f) => f.id);
    // B holds the page with the Approved reel and without the Pending one.
    expect(await ids(b)).toEqual([shown.id]);

    const downAt = Date.now();
    expect((await postTo(a, '/uploader/api/v1/content/status', curator.cookie, { content_id: shown.id, status: 'Rejected', reason: 'Tariff changed' })).status).toBe(200);
    expect(await until(() => ids(b), (l) => l.length === 0)).toEqual([]);
    expect(Date.now() - downAt, 'seen only after a cache TTL').toBeLessThan(FEED_CACHE_TTL_MS);

    const upAt = Date.now();
    expect((await postTo(a, '/uploader/api/v1/content/status', curator.cookie, { content_id: waiting.id, status: 'Approved' })).status).toBe(200);
    expect(await until(() => ids(b), (l) => l.length === 1)).toEqual([waiting.id]);
    expect(Date.now() - upAt, 'seen only after a cache TTL').toBeLessThan(FEED_CACHE_TTL_MS);
  });

  it('a take-down through one leaves the sitemaps of a process that has served no feed, at once', async () => {
    // A fresh process whose first request is a sitemap: it must already hear the other processes' review moves.
    const fresh = spawnTsx('tests/fixtures/api-child.ts', [], { REDIS_URL, LOG_LEVEL: 'warn' });
    children.push(fresh);
    const c = `http://127.0.0.1:${(await fresh.waitForLine((l) => l.startsWith('listening '), 55_000)).split(' ')[1]}`;
    const [a] = urls;
    const t = await seed2.taxonomy();
    const reel = await seed2.reel(t.options[0].id);
    const curator = await seed2.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const videos = async () => (await fetch(`${c}/sitemaps/video-1.xml`)).text();
    const listed = `/share/${reel.share_slug}</loc>`;
    expect(await videos()).toContain(listed);

    const downAt = Date.now();
    expect((await postTo(a, '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Rejected', reason: 'Tariff changed' })).status).toBe(200);
    expect(await until(videos, (x) => !x.includes(listed))).not.toContain(listed);
    expect(Date.now() - downAt, 'seen only after the sitemap cache expired').toBeLessThan(FEED_CACHE_TTL_MS);
  });

  it('likes and views still work, and show in the process\'s own feed, while Redis is unreachable', async () => {
    // Nothing listens on the discard port: every Redis call of this process fails.
    const down = spawnTsx('tests/fixtures/api-child.ts', [], { REDIS_URL: 'redis://127.0.0.1:9', LOG_LEVEL: 'silent' });
    children.push(down);
    const base = `http://127.0.0.1:${(await down.waitForLine((l) => l.startsWith('listening '), 55_000)).split(' ')[1]}`;
    const t = await seed2.taxonomy();
    const [reel] = await seed2.reels(t.options[0].id, 2);
    const v = seed2.viewer();
    const mine = (p: FeedResponse) => p.feeds.find((f) => f.id === reel.id)!;
    expect(mine(await feedOf(base, v.cookie, t.topic.id)).reaction_count.like).toBe(0);
    const started = Date.now();
    const res = await postTo(base, '/uploader/api/v1/like/', v.cookie, { content_id: reel.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ like: true, like_count: 1 });
    const aged = issueWatchTicket(v.id, reel.id, ticketIssueS() - VIEW_THRESHOLD_S - 1);
    expect((await postTo(base, '/auth/api/v1/events', v.cookie, {
      event_type: 'VIDEO_VIEW', version: '1.0.0', payload: { content_id: reel.id, watch_ticket: aged },
    })).status).toBe(202);
    // Nothing waited for Redis.
    expect(Date.now() - started).toBeLessThan(COUNTS_TTL_MS);
    // The view counts once the derivation (any process's, docs/decisions/011) has folded it; this process's
    // counts cache learns of it at once when it derived it, else after COUNTS_TTL_MS.
    const after = await until(() => feedOf(base, v.cookie, t.topic.id), (p) => mine(p).reaction_count.views === 1, 10_000);
    expect(mine(after)).toMatchObject({ like: true, reaction_count: { like: 1, views: 1 } });
  });
});
