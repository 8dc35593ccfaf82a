import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, events, views, watchProgress } from '@/lib/db/schema';
import type { FeedItem } from '@/features/reels/schemas';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

const PATH = '/auth/api/v1/events';

function push(cookie: string, body: unknown, type = 'application/json') {
  return api.request(PATH, { method: 'POST', headers: { cookie, 'content-type': type }, body: JSON.stringify(body) });
}
const ev = (event_type: string, payload: Record<string, unknown>) => ({ event_type, version: '1.0.0', payload });

async function viewCount(id: string) {
  const { db } = await getDb();
  const [r] = await db.select({ n: contentItems.view_count }).from(contentItems).where(eq(contentItems.id, id));
  return r.n;
}
async function progress(viewerId: string, contentId: string) {
  const { db } = await getDb();
  const [r] = await db.select().from(watchProgress)
    .where(and(eq(watchProgress.viewer_id, viewerId), eq(watchProgress.content_id, contentId)));
  return r;
}

describe('POST /auth/api/v1/events', () => {
  it('stores every event and answers 202 {"ok":true}', async () => {
    const v = seed.viewer();
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const res = await push(v.cookie, ev('CLICK_TLDR', {
      content_id: reel.id, device_id: 'dev-1', metadata: { path: '/reels', internet_speed: '4g', view: 'A' }, utm_data: { source: 'wa' },
    }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    const { db } = await getDb();
    const rows = await db.select().from(events).where(eq(events.viewer_id, v.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'CLICK_TLDR', content_id: reel.id });
    expect(rows[0].payload).toMatchObject({ device_id: 'dev-1', metadata: { path: '/reels' }, utm_data: { source: 'wa' } });
  });

  it('counts a view once per viewer, only after 3 s of playback', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const alice = seed.viewer();
    const bob = seed.viewer();
    expect((await push(alice.cookie, ev('VIDEO_VIEW', { content_id: reel.id, content_watched: 2.9 }))).status).toBe(202);
    expect(await viewCount(reel.id)).toBe(0);
    await push(alice.cookie, ev('VIDEO_VIEW', { content_id: reel.id, content_watched: 3 }));
    expect(await viewCount(reel.id)).toBe(1);
    await push(alice.cookie, ev('VIDEO_VIEW', { content_id: reel.id, content_watched: 12 }));
    expect(await viewCount(reel.id)).toBe(1);
    await push(bob.cookie, ev('VIDEO_VIEW', { content_id: reel.id, content_watched: 5 }));
    expect(await viewCount(reel.id)).toBe(2);
    const { db } = await getDb();
    expect(await db.select().from(views).where(eq(views.content_id, reel.id))).toHaveLength(2);
    // Every push is kept, counted or not.
    expect(await db.select().from(events).where(eq(events.viewer_id, alice.id))).toHaveLength(3);

    const feed = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: bob.cookie } });
    expect(((await feed.json()) as FeedItem).reaction_count.views).toBe(2);
  });

  it('counts concurrent views of one viewer once', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const answers = await Promise.all(Array.from({ length: 4 }, () =>
      push(v.cookie, ev('VIDEO_VIEW', { content_id: reel.id, content_watched: 4 }))));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(await viewCount(reel.id)).toBe(1);
  });

  it('keeps watch progress: watched, the furthest position, then vidWatched on completion', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    await push(v.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 12, content_length: 30 }));
    expect(await progress(v.id, reel.id)).toMatchObject({ watched: true, vid_watched: false, content_watched: 12, content_length: 30 });
    await push(v.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 4 }));
    expect(await progress(v.id, reel.id)).toMatchObject({ content_watched: 12, content_length: 30 });
    const before = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: v.cookie } });
    expect(await before.json()).toMatchObject({ watched: true, vidWatched: false });
    await push(v.cookie, ev('VIDEO_COMPLETE', { content_id: reel.id, content_watched: 30, content_length: 30 }));
    expect(await progress(v.id, reel.id)).toMatchObject({ watched: true, vid_watched: true, content_watched: 30 });
    await push(v.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 1 }));
    expect(await progress(v.id, reel.id)).toMatchObject({ vid_watched: true, content_watched: 30 });
    const after = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: v.cookie } });
    expect(await after.json()).toMatchObject({ watched: true, vidWatched: true });
  });

  it('accepts text/plain (navigator.sendBeacon)', async () => {
    const v = seed.viewer();
    const res = await push(v.cookie, ev('SWIPE', { device_id: 'd' }), 'text/plain;charset=UTF-8');
    expect(res.status).toBe(202);
  });

  it('answers 404 for a player event on an unknown or unready reel and stores nothing', async () => {
    const t = await seed.taxonomy();
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    const v = seed.viewer();
    for (const id of ['00000000-0000-4000-8000-000000000000', processing.id]) {
      const res = await push(v.cookie, ev('VIDEO_VIEW', { content_id: id, content_watched: 10 }));
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('content_not_found');
    }
    const { db } = await getDb();
    expect(await db.select().from(events).where(eq(events.viewer_id, v.id))).toHaveLength(0);
  });

  it('rejects bad envelopes with 4xx in the one error shape', async () => {
    const v = seed.viewer();
    const cases: Array<[string, unknown, number]> = [
      ['wrong version', { event_type: 'SWIPE', version: '2.0.0', payload: {} }, 422],
      ['no payload', { event_type: 'SWIPE', version: '1.0.0' }, 422],
      ['bad event type', { event_type: 'DROP TABLE', version: '1.0.0', payload: {} }, 422],
      ['operator in id', ev('VIDEO_VIEW', { content_id: { $gt: '' } }), 422],
      ['negative position', ev('VIDEO_PROGRESS', { content_id: '00000000-0000-4000-8000-000000000000', content_watched: -1 }), 422],
      ['string position', ev('VIDEO_PROGRESS', { content_id: '00000000-0000-4000-8000-000000000000', content_watched: '5' }), 422],
      ['player event without content', ev('VIDEO_VIEW', { content_watched: 5 }), 422],
      ['extra top-level key', { ...ev('SWIPE', {}), admin: true }, 422],
      ['NUL character', ev('SWIPE', { device_id: 'a\u0000b' }), 422],
    ];
    for (const [name, body, status] of cases) {
      const res = await push(v.cookie, body);
      expect(res.status, name).toBe(status);
      expect(await res.json(), name).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
    }
    const notJson = await api.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(notJson.status).toBe(400);
    const big = await api.request(PATH, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ev('SWIPE', { error_message: 'x'.repeat(2 * 1024 * 1024) })),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
  });
});
