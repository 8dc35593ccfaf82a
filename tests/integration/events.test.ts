import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, events, views, watchProgress } from '@/lib/db/schema';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import { LIMITS } from '@/lib/http/rate-limit';
import { EVENT_PAYLOAD_MAX_BYTES, type FeedItem, type FeedResponse } from '@/features/reels/schemas';
import { issueWatchTicket, ticketIssueS } from '@/features/reels/server/watch-ticket';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

const PATH = '/auth/api/v1/events';

function push(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(PATH, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const ev = (event_type: string, payload: Record<string, unknown>) => ({ event_type, version: '1.0.0', payload });
/** A ticket the server issued `ageS` seconds ago (the player sends its view after 3 s of playback). */
const agedTicket = (viewerId: string, contentId: string, ageS = VIEW_THRESHOLD_S + 1) =>
  issueWatchTicket(viewerId, contentId, ticketIssueS() - ageS);
const view = (contentId: string, watch_ticket?: string) =>
  ev('VIDEO_VIEW', { content_id: contentId, content_watched: 5, ...(watch_ticket ? { watch_ticket } : {}) });

async function viewCount(id: string) {
  const { db } = await getDb();
  const [r] = await db.select({ n: contentItems.view_count }).from(contentItems).where(eq(contentItems.id, id));
  return r.n;
}
async function storedEvents(viewerId: string) {
  const { db } = await getDb();
  return db.select().from(events).where(eq(events.viewer_id, viewerId));
}
async function progress(viewerId: string, contentId: string) {
  const { db } = await getDb();
  const [r] = await db.select().from(watchProgress)
    .where(and(eq(watchProgress.viewer_id, viewerId), eq(watchProgress.content_id, contentId)));
  return r;
}

describe('POST /auth/api/v1/events', () => {
  it('stores a known event and answers 202 {"ok":true}', async () => {
    const v = seed.viewer();
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const res = await push(v.cookie, ev('CLICK_TLDR', {
      content_id: reel.id, device_id: 'dev-1', metadata: { path: '/reels', internet_speed: '4g', view: 'A' }, utm_data: { source: 'wa' },
    }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    const rows = await storedEvents(v.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_type: 'CLICK_TLDR', content_id: reel.id });
    expect(rows[0].payload).toMatchObject({ device_id: 'dev-1', metadata: { path: '/reels' }, utm_data: { source: 'wa' } });
  });

  it('counts a view once per viewer, and only with a watch ticket the server issued 3 s earlier', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const alice = seed.viewer();
    const bob = seed.viewer();
    expect((await push(alice.cookie, view(reel.id, agedTicket(alice.id, reel.id)))).status).toBe(202);
    expect(await viewCount(reel.id)).toBe(1);
    expect((await push(alice.cookie, view(reel.id, agedTicket(alice.id, reel.id, 10)))).status).toBe(202);
    expect(await viewCount(reel.id)).toBe(1);
    await push(bob.cookie, view(reel.id, agedTicket(bob.id, reel.id)));
    expect(await viewCount(reel.id)).toBe(2);
    const { db } = await getDb();
    expect(await db.select().from(views).where(eq(views.content_id, reel.id))).toHaveLength(2);
    // Every push is kept, counted or not.
    expect(await storedEvents(alice.id)).toHaveLength(2);

    const feed = await api.request(`/feeds-server/api/v1/${reel.id}`, { headers: { cookie: bob.cookie } });
    expect(((await feed.json()) as FeedItem).reaction_count.views).toBe(2);
  });

  it('counts nothing for a missing, forged, another viewer\'s, another reel\'s or too early ticket (202, event kept)', async () => {
    const t = await seed.taxonomy();
    const [reel, otherReel] = await seed.reels(t.options[0].id, 2);
    const v = seed.viewer();
    const other = seed.viewer();
    const good = agedTicket(v.id, reel.id);
    const forged = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const cases: Array<[string, string | undefined]> = [
      ['no ticket', undefined],
      ['forged', forged],
      ['made-up', `${ticketIssueS() - 60}.${'x'.repeat(22)}`],
      ['another viewer\'s', agedTicket(other.id, reel.id)],
      ['another reel\'s', agedTicket(v.id, otherReel.id)],
      ['too early (issued now)', issueWatchTicket(v.id, reel.id)],
      ['too early (2 s old)', agedTicket(v.id, reel.id, 2)],
      ['expired', agedTicket(v.id, reel.id, 7 * 24 * 3600 + 60)],
    ];
    for (const [name, ticket] of cases) {
      const res = await push(v.cookie, view(reel.id, ticket));
      expect(res.status, name).toBe(202);
      expect(await res.json(), name).toEqual({ ok: true });
      expect(await viewCount(reel.id), name).toBe(0);
    }
    expect(await storedEvents(v.id)).toHaveLength(cases.length);
    // The viewer's own progress still moves.
    expect(await progress(v.id, reel.id)).toMatchObject({ watched: true, vid_watched: false });
    // The feed's own ticket is refused until 3 s have passed.
    const page = (await (await api.request(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, { headers: { cookie: v.cookie } })).json()) as FeedResponse;
    const fromFeed = page.feeds.find((f) => f.id === reel.id)!.watch_ticket;
    await push(v.cookie, view(reel.id, fromFeed));
    expect(await viewCount(reel.id)).toBe(0);
    // A good ticket then counts, once.
    await push(v.cookie, view(reel.id, good));
    await push(v.cookie, view(reel.id, good));
    expect(await viewCount(reel.id)).toBe(1);
  });

  it('counts concurrent views of one viewer once', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const ticket = agedTicket(v.id, reel.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => push(v.cookie, view(reel.id, ticket))));
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
    // Progress never counts a view.
    expect(await viewCount(reel.id)).toBe(0);
  });

  it('answers 404 for a player event on an unknown or unready reel and stores nothing', async () => {
    const t = await seed.taxonomy();
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    const v = seed.viewer();
    for (const id of ['00000000-0000-4000-8000-000000000000', processing.id]) {
      const res = await push(v.cookie, view(id, agedTicket(v.id, id)));
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('content_not_found');
    }
    expect(await storedEvents(v.id)).toHaveLength(0);
    expect(await viewCount(processing.id)).toBe(0);
  });

  it('refuses bad envelopes with a 4xx in the one error shape and stores nothing', async () => {
    const v = seed.viewer();
    const deep = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;
    const cases: Array<[string, unknown, number, string]> = [
      ['unknown event type', ev('DROP_TABLE', {}), 422, 'validation_failed'],
      ['event type of another spelling', ev('video_view', {}), 422, 'validation_failed'],
      ['wrong version', { event_type: 'SWIPE', version: '2.0.0', payload: {} }, 422, 'validation_failed'],
      ['no payload', { event_type: 'SWIPE', version: '1.0.0' }, 422, 'validation_failed'],
      ['operator in id', ev('VIDEO_VIEW', { content_id: { $gt: '' } }), 422, 'validation_failed'],
      ['negative position', ev('VIDEO_PROGRESS', { content_id: '00000000-0000-4000-8000-000000000000', content_watched: -1 }), 422, 'validation_failed'],
      ['string position', ev('VIDEO_PROGRESS', { content_id: '00000000-0000-4000-8000-000000000000', content_watched: '5' }), 422, 'validation_failed'],
      ['player event without content', ev('VIDEO_VIEW', { content_watched: 5 }), 422, 'validation_failed'],
      ['extra top-level key', { ...ev('SWIPE', {}), admin: true }, 422, 'validation_failed'],
      ['NUL character', ev('SWIPE', { device_id: 'a\u0000b' }), 422, 'validation_failed'],
      ['payload just over 8 KB', ev('SWIPE', { metadata: { note: 'x'.repeat(EVENT_PAYLOAD_MAX_BYTES) } }), 413, 'payload_too_large'],
      ['payload of 2 MB', ev('SWIPE', { error_message: 'x'.repeat(2 * 1024 * 1024) }), 413, 'payload_too_large'],
      ['payload nested past the bound (7 levels)', ev('SWIPE', { metadata: { a: { b: { c: { d: { e: 1 } } } } } }), 422, 'validation_failed'],
      ['lone surrogate in the payload', '{"event_type":"SWIPE","version":"1.0.0","payload":{"a":"\\ud800"}}', 400, 'invalid_json'],
      ['payload nested 6,000 levels deep', `{"event_type":"SWIPE","version":"1.0.0","payload":${deep}}`, 0, ''],
      ['not JSON', '{oops', 400, 'invalid_json'],
    ];
    for (const [name, body, status, code] of cases) {
      const res = await push(v.cookie, body);
      const got = (await res.json()) as { error: { code: string } };
      if (status) {
        expect(res.status, name).toBe(status);
        expect(got, name).toEqual({ error: { code, message: expect.any(String) } });
      } else {
        // Over the size bound before its depth is looked at: either way a 4xx in the one shape.
        expect(res.status, name).toBeGreaterThanOrEqual(400);
        expect(res.status, name).toBeLessThan(500);
        expect(got, name).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      }
    }
    // A payload just under the bound is fine.
    const fits = await push(v.cookie, ev('SWIPE', { metadata: { note: 'x'.repeat(EVENT_PAYLOAD_MAX_BYTES - 100) } }));
    expect(fits.status).toBe(202);
    expect(await storedEvents(v.id)).toHaveLength(1);
  });

  it('takes JSON only: text/plain (what navigator.sendBeacon sends) and forms are 415', async () => {
    const v = seed.viewer();
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await push(v.cookie, ev('SWIPE', {}), { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
    }
    expect(await storedEvents(v.id)).toHaveLength(0);
  });

  it('refuses a foreign Origin with 403 and stores nothing', async () => {
    const v = seed.viewer();
    const res = await push(v.cookie, ev('SWIPE', {}), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'origin_not_allowed', message: expect.any(String) } });
    const same = await push(v.cookie, ev('SWIPE', {}), { origin: 'http://localhost', host: 'localhost' });
    expect(same.status).toBe(202);
    expect(await storedEvents(v.id)).toHaveLength(1);
  });

  it('refuses a caller without a visitor id the server issued (401), storing and counting nothing', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    const forged = `sr_vid=${v.id}.${'A'.repeat(22)}`;
    for (const cookie of ['', forged, `sr_vid=${v.id}`]) {
      const res = await push(cookie, view(reel.id, agedTicket(v.id, reel.id)));
      expect(res.status, cookie).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'visitor_required', message: expect.any(String) } });
    }
    expect(await viewCount(reel.id)).toBe(0);
    expect(await storedEvents(v.id)).toHaveLength(0);
  });

  it('limits a visitor to 120 events a minute: then 429 with Retry-After', async () => {
    const v = seed.viewer();
    const perMinute = LIMITS.events.perVisitor!;
    expect(perMinute).toBe(120);
    // Refused bodies count too (the limit comes first), and store nothing: a cheap way to spend it.
    for (let i = 0; i < perMinute; i++) {
      const res = await push(v.cookie, ev('NOT_AN_EVENT', {}));
      expect(res.status).toBe(422);
    }
    const res = await push(v.cookie, ev('SWIPE', {}));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    // Another visitor is not held back.
    expect((await push(seed.viewer().cookie, ev('SWIPE', {}))).status).toBe(202);
  });
});
