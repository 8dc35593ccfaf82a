import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import {
  contentItems, events, funnelSteps, partners, reelDailyStats, viewerAttribution, views, watchProgress,
} from '@/lib/db/schema';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import { LIMITS } from '@/lib/http/rate-limit';
import { EVENT_PAYLOAD_MAX_BYTES, type FeedItem, type FeedResponse } from '@/features/reels/schemas';
import { issueWatchTicket, ticketIssueS } from '@/features/reels/server/watch-ticket';
import { Seed } from '@/tests/fixtures/seed';
import { captureOtpCodes, signInByOtp } from '@/tests/fixtures/otp';
import { deriveEventsOnce, drainDerivation, SET_ASIDE_AFTER, startDerivationLoop } from '@/features/events/server/derive';
import { recordSignInEvent } from '@/features/events/server/sign-in-event';
import { emitServerEvent, serverIngestId } from '@/lib/events/server-events';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { logger } from '@/lib/logger';

const api = buildApi();
const seed = new Seed();
/** Derived rows and partners these tests made (the seed removes viewers, reels and events). */
const made = { viewers: [] as string[], reels: [] as string[], partners: [] as string[] };
afterEach(async () => {
  const { db } = await getDb();
  await derived();
  if (made.viewers.length) {
    await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, made.viewers));
    await db.delete(funnelSteps).where(inArray(funnelSteps.viewer_id, made.viewers));
  }
  if (made.reels.length) await db.delete(reelDailyStats).where(inArray(reelDailyStats.content_id, made.reels));
  if (made.partners.length) await db.delete(partners).where(inArray(partners.id, made.partners));
  made.viewers = [];
  made.reels = [];
  made.partners = [];
  await seed.cleanup();
});

const PATH = '/auth/api/v1/events';

/** Derivation is asynchronous (docs/decisions/011): tests wait for it to catch up, not for time. */
async function derived() {
  await drainDerivation((await getDb()).db);
}

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
  await derived();
  const { db } = await getDb();
  const [r] = await db.select({ n: contentItems.view_count }).from(contentItems).where(eq(contentItems.id, id));
  return r.n;
}
async function storedEvents(viewerId: string) {
  const { db } = await getDb();
  return db.select().from(events).where(eq(events.viewer_id, viewerId));
}
async function progress(viewerId: string, contentId: string) {
  await derived();
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
      content_id: reel.id, device_id: 'dev-1', metadata: { path: '/reels', internet_speed: 4.2, view: 'A' }, utm_data: { source: 'wa' },
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
      ['ingest_id not a UUID', ev('SWIPE', { ingest_id: 'abc' }), 422, 'validation_failed'],
      ['partner id not a slug', ev('SWIPE', { partner_id: 'Bad Partner!' }), 422, 'validation_failed'],
      ['server-only event from a client', ev('SIGN_IN', {}), 422, 'validation_failed'],
      ['A/B view other than A or B', ev('SWIPE', { metadata: { view: 'C' } }), 422, 'validation_failed'],
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
    // An opaque Origin, and a browser's cross-site request without one, are refused too.
    expect((await push(v.cookie, ev('SWIPE', {}), { origin: 'null' })).status).toBe(403);
    expect((await push(v.cookie, ev('SWIPE', {}), { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
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

describe('event ingest and derivation (docs/decisions/011)', () => {
  const kolkataDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
  async function partner() {
    const { db } = await getDb();
    const id = `p-${randomUUID().slice(0, 8)}`;
    await db.insert(partners).values({ id, name: 'Test partner' });
    made.partners.push(id);
    return id;
  }
  async function statsOf(contentId: string) {
    await derived();
    const { db } = await getDb();
    return db.select().from(reelDailyStats).where(eq(reelDailyStats.content_id, contentId));
  }

  it('stores a push once per ingest_id: a re-send answers 202 {ok, duplicate} and counts nothing again', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    made.reels.push(reel.id);
    const v = seed.viewer();
    made.viewers.push(v.id);
    const ids = { view: randomUUID(), done: randomUUID(), share: randomUUID() };
    const bodies = [
      ev('VIDEO_VIEW', { ingest_id: ids.view, content_id: reel.id, content_watched: 5, watch_ticket: agedTicket(v.id, reel.id) }),
      ev('VIDEO_COMPLETE', { ingest_id: ids.done, content_id: reel.id, content_watched: 30, content_length: 30 }),
      ev('SHARE', { ingest_id: ids.share, content_id: reel.id }),
    ];
    for (const b of bodies) {
      const first = await push(v.cookie, b);
      expect(first.status).toBe(202);
      expect(await first.json()).toEqual({ ok: true });
    }
    // Re-sent one by one, then three at once (the client's retries after a lost answer).
    for (const b of bodies) {
      const again = await push(v.cookie, b);
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual({ ok: true, duplicate: true });
    }
    const burst = await Promise.all(bodies.map((b) => push(v.cookie, b)));
    expect(burst.map((r) => r.status)).toEqual([202, 202, 202]);
    const rows = await storedEvents(v.id);
    expect(rows.map((r) => r.ingest_id).sort()).toEqual(Object.values(ids).sort());
    expect(await viewCount(reel.id)).toBe(1);
    const [st] = await statsOf(reel.id);
    expect(st).toMatchObject({ views: 1, completions: 1, watch_seconds: 30, lang: 'en' });
    const { db } = await getDb();
    expect(await db.select().from(funnelSteps).where(eq(funnelSteps.viewer_id, v.id))).toHaveLength(1);
    expect((await storedEvents(v.id)).every((r) => r.derived)).toBe(true);
  });

  it('records who sent it: a visitor has no user; a signed-in user its home visitor and user id', async () => {
    const v = seed.viewer();
    const u = await seed.signedIn();
    made.viewers.push(v.id, u.principal.visitorId);
    expect((await push(v.cookie, ev('SWIPE', {}))).status).toBe(202);
    expect((await push(u.cookie, ev('SWIPE', {}))).status).toBe(202);
    expect(await storedEvents(v.id)).toEqual([expect.objectContaining({ user_id: null, event_type: 'SWIPE' })]);
    expect(await storedEvents(u.principal.visitorId)).toEqual([expect.objectContaining({ user_id: u.user.id })]);
  });

  it('keeps only the campaign codes awa, con, dec and known partners; the A/B view from metadata', async () => {
    const v = seed.viewer();
    made.viewers.push(v.id);
    const known = await partner();
    const cases: Array<[Record<string, unknown>, string | null, string | null, string | null]> = [
      [{ metadata: { campaign_key: 'awa', view: 'B' } }, 'awa', null, 'B'],
      [{ metadata: { campaign_key: 'summer-sale' } }, null, null, null],
      [{ metadata: { campaign_key: 'xyz' }, utm_data: { utm_campaign: 'dec' } }, 'dec', null, null],
      [{ utm_data: { utm_campaign: 'con', utm_source: 'whatsapp' } }, 'con', null, null],
      [{ utm_data: { utm_campaign: 'diwali' } }, null, null, null],
      [{ partner_id: known, metadata: { view: 'A' } }, null, known, 'A'],
      [{ partner_id: 'no-such-partner' }, null, null, null],
      [{ partner_id: null }, null, null, null],
    ];
    for (const [payload] of cases) expect((await push(v.cookie, ev('PAGE_VISIT', payload))).status).toBe(202);
    const rows = (await storedEvents(v.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.campaign, r.partner_id, r.ab_view])).toEqual(cases.map(([, c, p, ab]) => [c, p, ab]));
  });

  it('derives first-touch attribution and the funnel: visit, share, sign-in, lead and deal, each once', async () => {
    const known = await partner();
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id, { lang: 'hi' });
    made.reels.push(reel.id);
    const u = await seed.signedIn();
    const device = u.principal.visitorId;
    made.viewers.push(device);
    // No campaign on the first event: the first value each field gets is kept.
    await push(u.cookie, ev('SWIPE', { metadata: { view: 'B' } }));
    await push(u.cookie, ev('PAGE_VISIT', {
      partner_id: known, metadata: { campaign_key: 'con', referrer_code: 'ASHA2024' },
      utm_data: { utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: 'con', other: 'dropped' },
    }));
    await push(u.cookie, ev('PAGE_VISIT', { metadata: { campaign_key: 'awa', view: 'A' } }));
    await push(u.cookie, ev('SHARE', { content_id: reel.id }));
    await push(u.cookie, ev('SHARE', { content_id: reel.id }));
    const { db } = await getDb();
    await recordSignInEvent({ userId: u.user.id, visitorId: device, isNewUser: true, method: 'phone' });
    await recordSignInEvent({ userId: u.user.id, visitorId: device, isNewUser: false, method: 'phone' });
    const leadId = randomUUID();
    expect(await emitServerEvent(db, { type: SERVER_EVENTS.lead, viewerId: device, userId: u.user.id, ingestKey: leadId })).toBe(true);
    expect(await emitServerEvent(db, { type: SERVER_EVENTS.lead, viewerId: device, userId: u.user.id, ingestKey: leadId })).toBe(false);
    await emitServerEvent(db, { type: SERVER_EVENTS.deal, viewerId: device, userId: u.user.id, ingestKey: randomUUID() });
    await derived();
    const [touch] = await db.select().from(viewerAttribution).where(eq(viewerAttribution.viewer_id, device));
    expect(touch).toMatchObject({
      campaign: 'con', partner_id: known, ab_view: 'B', referrer_code: 'ASHA2024',
      utm: { utm_source: 'whatsapp', utm_medium: 'share', utm_campaign: 'con' },
    });
    const steps = await db.select().from(funnelSteps).where(eq(funnelSteps.viewer_id, device));
    expect(steps.map((s) => s.stage).sort()).toEqual(['deal', 'lead', 'share', 'sign_in', 'visit']);
    for (const s of steps) expect(s).toMatchObject({ campaign: 'con', partner_id: known });
    const serverRows = (await storedEvents(device)).filter((r) => ['SIGN_IN', 'LEAD_CREATED', 'DEAL_DONE'].includes(r.event_type));
    expect(serverRows.map((r) => r.event_type).sort()).toEqual(['DEAL_DONE', 'LEAD_CREATED', 'SIGN_IN']);
    expect(serverRows.find((r) => r.event_type === 'LEAD_CREATED')!.ingest_id).toBe(serverIngestId(SERVER_EVENTS.lead, leadId));
  });

  it('a subsidy lead through the API stores its LEAD_CREATED event once, with the lead id as its key', async () => {
    const v = seed.viewer();
    made.viewers.push(v.id);
    const body = {
      idempotency_key: randomUUID(), name: 'Ravi Kumar', phone: '+91 99876 54321', email: 'ravi@example.in', pin_code: '226001',
      system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h',
    };
    const post = () => api.request('/api/v1/leads/subsidy', {
      method: 'POST', headers: { cookie: v.cookie, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const first = await post();
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect((await post()).status).toBe(200);
    const rows = (await storedEvents(v.id)).filter((r) => r.event_type === 'LEAD_CREATED');
    expect(rows).toHaveLength(1);
    expect(rows[0].ingest_id).toBe(serverIngestId(SERVER_EVENTS.lead, id));
    // Never the lead's personal data in the event.
    expect(JSON.stringify(rows[0].payload)).not.toMatch(/Ravi|9987|example\.in/);
    const { db } = await getDb();
    await db.execute(sql`delete from leads where viewer_id = ${v.id}`);
  });

  it.each([
    ['folded before the sign-in', true],
    ['still waiting at the sign-in (its merge moves the visit to the home visitor)', false],
  ])('a campaign visitor who signs in by OTP carries the campaign to the subsidy lead the user then sends: visit %s', async (_, foldFirst) => {
    const codes = captureOtpCodes();
    try {
      const device = seed.viewer();
      made.viewers.push(device.id);
      expect((await push(device.cookie, ev('PAGE_VISIT', { metadata: { campaign_key: 'dec' } }))).status).toBe(202);
      if (foldFirst) await derived();
      const phone = seed.phone();
      const { userId, session } = await signInByOtp({ api, seed, codes }, device.cookie, phone);
      const lead = await api.request('/api/v1/leads/subsidy', {
        method: 'POST', headers: { cookie: `${device.cookie}; ${session}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotency_key: randomUUID(), name: 'Asha Verma', phone, email: 'asha@example.in', pin_code: '226001', system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h',
        }),
      });
      expect(lead.status).toBe(201);
      await derived();
      const { db } = await getDb();
      const home = (await db.execute(sql`select home_viewer_id as h from users where id = ${userId}`) as unknown as { rows?: { h: string }[] });
      const homeId = (home.rows ?? (home as unknown as { h: string }[]))[0].h;
      made.viewers.push(homeId);
      expect(homeId).not.toBe(device.id);
      const steps = await db.select().from(funnelSteps).where(inArray(funnelSteps.viewer_id, [device.id, homeId]));
      expect(steps.map((x) => [x.viewer_id === homeId ? 'home' : 'device', x.stage, x.campaign]).sort()).toEqual([
        ['device', 'sign_in', 'dec'], foldFirst ? ['device', 'visit', 'dec'] : ['home', 'lead', 'dec'],
        foldFirst ? ['home', 'lead', 'dec'] : ['home', 'visit', 'dec'],
      ]);
      await db.execute(sql`delete from leads where viewer_id = ${homeId}`);
    } finally {
      codes.restore();
    }
  });

  it('an event that always fails to derive is set aside after retries; the events after it are still folded', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    made.reels.push(reel.id);
    const v = seed.viewer();
    made.viewers.push(v.id);
    await derived();
    const { db } = await getDb();
    const stop = startDerivationLoop(db, { batch: 8, idleMs: 5, retryMs: 1, derive: async (d, o) => {
      // Any batch that would take the poisoned event fails, as a bug in folding it would.
      const next = await d.execute(sql`select id from events where not derived order by id limit ${o.limit ?? 8}`) as unknown as { rows?: { id: number }[] };
      if ((next.rows ?? (next as unknown as { id: number }[])).some((r) => Number(r.id) === poison)) throw new Error('cannot fold this event');
      return deriveEventsOnce(d, o);
    } });
    let poison = -1;
    try {
      await push(v.cookie, ev('SWIPE', {}));
      const [first] = await storedEvents(v.id);
      poison = first.id;
      await push(v.cookie, view(reel.id, agedTicket(v.id, reel.id)));
      await vi.waitFor(async () => {
        const rows = await storedEvents(v.id);
        expect(rows.every((r) => r.derived)).toBe(true);
      }, { timeout: 10_000, interval: 20 });
    } finally {
      await stop();
    }
    expect(SET_ASIDE_AFTER).toBeGreaterThan(1);
    expect(await viewCount(reel.id)).toBe(1);
    // The set-aside event is kept, marked derived, and counted nowhere.
    const [kept] = (await storedEvents(v.id)).filter((r) => r.id === poison);
    expect(kept).toMatchObject({ event_type: 'SWIPE', derived: true });
  });

  it('sums daily stats per reel and Kolkata day: views, first completions, seconds the furthest position grew', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    made.reels.push(reel.id);
    const [a, b] = [seed.viewer(), seed.viewer()];
    made.viewers.push(a.id, b.id);
    await push(a.cookie, view(reel.id, agedTicket(a.id, reel.id))); // 5 s
    await push(a.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 12, content_length: 30 }));
    await push(a.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 8 })); // going back adds nothing
    await push(a.cookie, ev('VIDEO_COMPLETE', { content_id: reel.id, content_watched: 30, content_length: 30 }));
    await push(a.cookie, ev('VIDEO_COMPLETE', { content_id: reel.id, content_watched: 30, content_length: 30 })); // a replay
    await derived();
    await push(b.cookie, view(reel.id)); // no ticket: no view, but 5 s watched
    await push(b.cookie, ev('VIDEO_PROGRESS', { content_id: reel.id, content_watched: 20, content_length: 30 }));
    const rows = await statsOf(reel.id);
    expect(rows).toHaveLength(1);
    const [e] = await storedEvents(a.id);
    expect(rows[0]).toMatchObject({ day: kolkataDay(e.created_at), views: 1, completions: 1, watch_seconds: 50 });
    expect(await viewCount(reel.id)).toBe(1);
  });

  it('a player event whose reel was deleted before derivation is skipped; the rest of its batch counts', async () => {
    const t = await seed.taxonomy();
    const [gone, kept] = await seed.reels(t.options[0].id, 2);
    made.reels.push(gone.id, kept.id);
    const v = seed.viewer();
    made.viewers.push(v.id);
    const { db } = await getDb();
    // Held underived until both pushes are in, so they fold in one batch.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(1)`);
    });
    await push(v.cookie, view(gone.id, agedTicket(v.id, gone.id)));
    await push(v.cookie, view(kept.id, agedTicket(v.id, kept.id)));
    await db.delete(contentItems).where(eq(contentItems.id, gone.id));
    expect(await viewCount(kept.id)).toBe(1);
    expect(await db.select().from(views).where(eq(views.viewer_id, v.id))).toEqual([expect.objectContaining({ content_id: kept.id })]);
  });
});

describe('the logging client: POST /api/errorLog, /api/eventError, /api/logger', () => {
  const PATHS = ['/api/errorLog', '/api/eventError', '/api/logger'] as const;
  const send = (path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) => api.request(path, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  /** Captures what the client logger writes. */
  function capture() {
    const lines: Array<{ bindings: Record<string, unknown>; level: string; obj: Record<string, unknown>; msg: string }> = [];
    const real = logger();
    const spy = vi.spyOn(real, 'child').mockImplementation((bindings) => {
      const rec = (level: string) => (obj: Record<string, unknown>, msg: string) => {
        lines.push({ bindings: bindings as Record<string, unknown>, level, obj, msg });
      };
      return { debug: rec('debug'), info: rec('info'), warn: rec('warn'), error: rec('error'), fatal: rec('fatal') } as unknown as ReturnType<typeof real.child>;
    });
    return { lines, restore: () => spy.mockRestore() };
  }

  it('writes each line to the server log with the visitor id, personal data masked, and answers 204', async () => {
    const v = seed.viewer();
    const u = await seed.signedIn();
    const cap = capture();
    try {
      const body = {
        message: 'Failed for +91 98123 45678 and asha.verma@example.com',
        stack: 'Error: x\n    at f (app.js:12:5) 9812345678',
        context: { path: '/reels', note: 'mail asha@example.com', retries: 5, ok: false, none: null },
      };
      for (const path of PATHS) {
        const res = await send(path, v.cookie, body);
        expect(res.status, path).toBe(204);
      }
      expect((await send('/api/logger', u.cookie, { level: 'warn', message: 'slow network' })).status).toBe(204);
    } finally {
      cap.restore();
    }
    // A browser's line is never written above warn (an anonymous caller must not raise the server's alarms).
    expect(cap.lines.map((l) => [l.bindings.kind, l.level])).toEqual([
      ['error', 'warn'], ['event_error', 'warn'], ['log', 'info'], ['log', 'warn'],
    ]);
    for (const l of cap.lines.slice(0, 3)) {
      expect(l.bindings).toMatchObject({ source: 'client', component: 'client', visitorId: v.id });
      const text = JSON.stringify([l.obj, l.msg]);
      expect(text).not.toMatch(/98123|9812345678|@example\.com/);
      expect(l.msg).toBe('Failed for [number] and [email]');
      expect(l.obj.context).toMatchObject({ path: '/reels', note: 'mail [email]', retries: 5, ok: false, none: null });
      expect(l.obj.stack).toContain('app.js:12:5');
    }
    expect(cap.lines[3].bindings).toMatchObject({ visitorId: u.principal.visitorId, userId: u.user.id });
  });

  it('refuses bad bodies with 4xx in the one error shape', async () => {
    const v = seed.viewer();
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const cases: Array<[string, unknown, number]> = [
      ['no message', { stack: 'x' }, 422],
      ['empty message', { message: '' }, 422],
      ['message over 2000', { message: 'x'.repeat(2001) }, 422],
      ['stack over 8000', { message: 'm', stack: 'x'.repeat(8001) }, 422],
      ['unknown level', { message: 'm', level: 'trace' }, 422],
      ['21 context entries', { message: 'm', context: many }, 422],
      ['nested context', { message: 'm', context: { a: { b: 1 } } }, 422],
      ['context text over 500', { message: 'm', context: { a: 'x'.repeat(501) } }, 422],
      ['extra key', { message: 'm', user: { phone: '+919812345678' } }, 422],
      ['body over 16 KB', { message: 'm', stack: 'x'.repeat(17 * 1024) }, 413],
      ['not JSON', '{oops', 400],
    ];
    for (const path of PATHS) {
      for (const [name, body, status] of cases) {
        const res = await send(path, v.cookie, body);
        expect(res.status, `${path} ${name}`).toBe(status);
        expect(await res.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      }
    }
  });

  it('takes lines only from a visitor the server issued, of this origin, as JSON', async () => {
    const v = seed.viewer();
    for (const path of PATHS) {
      expect((await send(path, '', { message: 'm' })).status, path).toBe(401);
      expect((await send(path, v.cookie, { message: 'm' }, { origin: 'https://evil.example' })).status, path).toBe(403);
      expect((await send(path, v.cookie, { message: 'm' }, { origin: 'null' })).status, path).toBe(403);
      expect((await send(path, v.cookie, { message: 'm' }, { 'content-type': 'text/plain' })).status, path).toBe(415);
    }
  });

  it('limits a visitor to 60 lines per 10 minutes (all three together): then 429', async () => {
    const v = seed.viewer();
    expect(LIMITS.logs.perVisitor).toBe(60);
    for (let i = 0; i < 60; i++) expect((await send(PATHS[i % 3], v.cookie, { message: '' })).status).toBe(422);
    const res = await send('/api/logger', v.cookie, { message: 'm' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send('/api/logger', seed.viewer().cookie, { message: 'm' })).status).toBe(204);
  });
});

