import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { events, viewerAttribution } from '@/lib/db/schema';
import type { RoleGrant } from '@/lib/auth/principal';
import { LIMITS } from '@/lib/http/rate-limit';
import { SESSION_EVENTS } from '@/lib/events/contract';
import { addDays, startOfDayInIndia } from '@/features/insights/lib/period';
import type { SessionsInsights } from '@/features/insights/schemas';
import { Seed } from '@/tests/fixtures/seed';

/**
 * Session pings (SPEC.md section 7 session_event; section 9 "session
 * refresh id") and the two figures the staff insights make of them:
 * sessions per day and time spent per session.
 */

const api = buildApi();
const seed = new Seed();
/** Viewers whose pings may have been folded into first-touch rows by a derivation (another file's, on PostgreSQL). */
const viewersUsed: string[] = [];
afterEach(async () => {
  await seed.cleanup();
  const { db } = await getDb();
  if (viewersUsed.length) await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, viewersUsed));
  viewersUsed.length = 0;
});

const PATH = '/auth/api/v1/session_event';
const SESSIONS = '/staff/api/v1/insights/sessions';
const STAFF: RoleGrant[] = [{ role: 'STAFF', topicId: null }];

function viewer() {
  const v = seed.viewer();
  viewersUsed.push(v.id);
  return v;
}

/** A session refresh id as the browser makes it: 10 letters and digits. */
const sid = () => nanoid(10).replace(/[^0-9A-Za-z]/g, 'x');

function ping(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(PATH, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function rowsOf(viewerId: string) {
  const { db } = await getDb();
  return db.select().from(events).where(eq(events.viewer_id, viewerId));
}

describe('POST /auth/api/v1/session_event', () => {
  it('stores a start, a heartbeat and an end as events of the caller, with the session refresh id', async () => {
    const v = viewer();
    const s = sid();
    for (const type of ['start', 'heartbeat', 'end'] as const) {
      const res = await ping(v.cookie, { type, session_id: s, ingest_id: randomUUID() });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ ok: true });
    }
    const rows = await rowsOf(v.id);
    expect(rows.map((r) => r.event_type).sort()).toEqual([SESSION_EVENTS.end, SESSION_EVENTS.heartbeat, SESSION_EVENTS.start].sort());
    for (const r of rows) {
      expect(r.payload).toEqual({ session_id: s });
      expect(r.user_id).toBeNull();
    }
  });

  it('stores a ping once per ingest id (a retry answers duplicate), and makes an ingest id when none is sent', async () => {
    const v = viewer();
    const body = { type: 'heartbeat', session_id: sid(), ingest_id: randomUUID() };
    expect((await ping(v.cookie, body)).status).toBe(202);
    const again = await ping(v.cookie, body);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    expect(await rowsOf(v.id)).toHaveLength(1);
    expect((await ping(v.cookie, { type: 'heartbeat', session_id: body.session_id })).status).toBe(202);
    expect((await ping(v.cookie, { type: 'heartbeat', session_id: body.session_id })).status).toBe(202);
    expect(await rowsOf(v.id)).toHaveLength(3);
  });

  it('keeps a signed-in user\'s ping under the user and the home visitor', async () => {
    const u = await seed.signedIn();
    const res = await ping(u.cookie, { type: 'start', session_id: sid() });
    expect(res.status).toBe(202);
    const rows = await rowsOf(u.principal.visitorId);
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(u.user.id);
  });

  it('takes what navigator.sendBeacon sends: a same-origin application/json Blob with the cookies', async () => {
    const v = viewer();
    const res = await ping(v.cookie, { type: 'end', session_id: sid() }, {
      origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors',
    });
    expect(res.status).toBe(202);
    expect(await rowsOf(v.id)).toHaveLength(1);
  });

  it('refuses a caller without a visitor id the server issued (401), and stores nothing', async () => {
    const v = viewer();
    for (const cookie of ['', `sr_vid=${v.id}.${'A'.repeat(22)}`, `sr_vid=${v.id}`]) {
      const res = await ping(cookie, { type: 'start', session_id: sid() });
      expect(res.status, cookie).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'visitor_required', message: expect.any(String) } });
    }
    expect(await rowsOf(v.id)).toHaveLength(0);
  });

  it('refuses a foreign or opaque Origin and a cross-site request (403)', async () => {
    const v = viewer();
    const refused: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      const res = await ping(v.cookie, { type: 'start', session_id: sid() }, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'origin_not_allowed', message: expect.any(String) } });
    }
    expect(await rowsOf(v.id)).toHaveLength(0);
  });

  it('answers each bad input with a 4xx in the one error shape, storing nothing', async () => {
    const v = viewer();
    const good = { type: 'start', session_id: sid() };
    const cases: Array<[string, unknown, number, string, Record<string, string>?]> = [
      ['unknown type', { ...good, type: 'pause' }, 422, 'validation_failed'],
      ['no type', { session_id: good.session_id }, 422, 'validation_failed'],
      ['no session id', { type: 'start' }, 422, 'validation_failed'],
      ['9 characters', { ...good, session_id: 'abcdefghi' }, 422, 'validation_failed'],
      ['11 characters', { ...good, session_id: 'abcdefghijk' }, 422, 'validation_failed'],
      ['not letters and digits', { ...good, session_id: 'abcde-ghij' }, 422, 'validation_failed'],
      ['a number', { ...good, session_id: 1234567890 }, 422, 'validation_failed'],
      ['bad ingest id', { ...good, ingest_id: 'not-a-uuid' }, 422, 'validation_failed'],
      ['unknown key', { ...good, at: '2026-01-01' }, 422, 'validation_failed'],
      ['an array', [good], 422, 'validation_failed'],
      ['not JSON', '{"type":', 400, 'invalid_json'],
      ['over 1 KB', { ...good, pad: 'x'.repeat(2000) }, 413, 'payload_too_large'],
      ['text/plain', good, 415, 'unsupported_media_type', { 'content-type': 'text/plain;charset=UTF-8' }],
      ['a form', 'type=start', 415, 'unsupported_media_type', { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [name, body, status, code, headers] of cases) {
      const res = await ping(v.cookie, body, headers);
      expect([name, res.status]).toEqual([name, status]);
      expect([name, await res.json()]).toEqual([name, { error: { code, message: expect.any(String) } }]);
    }
    expect(await rowsOf(v.id)).toHaveLength(0);
  });

  it(`counts the event pipeline's limit: ${LIMITS.events.perVisitor} pings a minute per visitor, then 429 with Retry-After`, async () => {
    const v = viewer();
    const s = sid();
    const n = LIMITS.events.perVisitor!;
    const answers = await Promise.all(Array.from({ length: n }, () => ping(v.cookie, { type: 'heartbeat', session_id: s })));
    expect(answers.every((r) => r.status === 202)).toBe(true);
    const over = await ping(v.cookie, { type: 'heartbeat', session_id: s });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect(await rowsOf(v.id)).toHaveLength(n);
  });
});

/** A 10-day period starting on a random day of 1990..2009, so counts of other tests never mix in. */
function oldPeriod() {
  const from = addDays('1990-01-01', Math.floor(Math.random() * 365 * 20));
  return { from, to: addDays(from, 9) };
}

/** `day` (India) at hh:mm:ss India time, as an instant. */
function at(day: string, hh: number, mm: number, ss = 0): Date {
  return new Date(startOfDayInIndia(day).getTime() + ((hh * 60 + mm) * 60 + ss) * 1000);
}

type Ping = { type: 'start' | 'heartbeat' | 'end'; at: Date };

/** Stores a session's pings as the endpoint would, at the given server times (a test cannot wait for minutes). */
async function session(viewerId: string, pings: Ping[]): Promise<string> {
  const s = sid();
  const { db } = await getDb();
  const type = { start: SESSION_EVENTS.start, heartbeat: SESSION_EVENTS.heartbeat, end: SESSION_EVENTS.end };
  await db.insert(events).values(pings.map((p) => ({
    ingest_id: randomUUID(), event_type: type[p.type], viewer_id: viewerId, payload: { session_id: s }, created_at: p.at,
  })));
  return s;
}

async function sessionsOf(period: { from: string; to: string }, cookie: string): Promise<SessionsInsights> {
  const res = await api.request(`${SESSIONS}?from=${period.from}&to=${period.to}`, { headers: { cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SessionsInsights;
}

describe('GET /staff/api/v1/insights/sessions', () => {
  it('counts sessions on the day they began and time spent as the pauses between pings of at most two minutes', async () => {
    const staff = await seed.signedIn({ roles: STAFF });
    const v = viewer();
    const p = oldPeriod();
    const d0 = p.from;
    const d1 = addDays(p.from, 1);
    // 10:00 start, heartbeats each minute, end 30 s later: 150 s.
    await session(v.id, [
      { type: 'start', at: at(d0, 10, 0) }, { type: 'heartbeat', at: at(d0, 10, 1) },
      { type: 'heartbeat', at: at(d0, 10, 2) }, { type: 'end', at: at(d0, 10, 2, 30) },
    ]);
    // Hidden for 29 minutes between 11:01 and 11:30: that pause adds nothing; 60 s + 60 s.
    await session(v.id, [
      { type: 'start', at: at(d0, 11, 0) }, { type: 'heartbeat', at: at(d0, 11, 1) },
      { type: 'heartbeat', at: at(d0, 11, 30) }, { type: 'heartbeat', at: at(d0, 11, 31) },
    ]);
    // A start alone: a session of 0 s, the next day.
    await session(v.id, [{ type: 'start', at: at(d1, 9, 0) }]);
    // Begun the day before the period: not the period's, though it goes on into it.
    await session(v.id, [{ type: 'start', at: at(addDays(d0, -1), 23, 59) }, { type: 'heartbeat', at: at(d0, 0, 0) }]);
    // Begun on the last day and going on past midnight: the period's, all of it (120 s).
    await session(v.id, [
      { type: 'start', at: at(p.to, 23, 59) }, { type: 'heartbeat', at: at(p.to, 23, 59, 59) },
      { type: 'end', at: at(addDays(p.to, 1), 0, 1) },
    ]);

    const s = await sessionsOf(p, staff.cookie);
    expect(s.period).toEqual({ from: p.from, to: p.to, days: 10 });
    expect(s.totals).toEqual({ sessions: 4, total_seconds: 390, avg_session_seconds: 97.5 });
    expect(s.daily).toHaveLength(10);
    expect(s.daily[0]).toEqual({ day: d0, sessions: 2, total_seconds: 270, avg_session_seconds: 135 });
    expect(s.daily[1]).toEqual({ day: d1, sessions: 1, total_seconds: 0, avg_session_seconds: 0 });
    expect(s.daily[9]).toEqual({ day: p.to, sessions: 1, total_seconds: 120, avg_session_seconds: 120 });
    expect(s.daily.slice(2, 9).every((d) => d.sessions === 0 && d.avg_session_seconds === 0)).toBe(true);
  });

  it('counts the pings the endpoint stored, one session per session refresh id', async () => {
    const staff = await seed.signedIn({ roles: STAFF });
    const v = viewer();
    const s = sid();
    for (const type of ['start', 'heartbeat', 'end']) expect((await ping(v.cookie, { type, session_id: s })).status).toBe(202);
    // Moved to a day of the past, a minute apart, as if the page had stayed open.
    const p = oldPeriod();
    const { db } = await getDb();
    const rows = (await rowsOf(v.id)).sort((a, b) => a.id - b.id);
    for (const [i, r] of rows.entries()) await db.update(events).set({ created_at: at(p.from, 8, i) }).where(eq(events.id, r.id));
    const got = await sessionsOf(p, staff.cookie);
    expect(got.totals).toEqual({ sessions: 1, total_seconds: 120, avg_session_seconds: 120 });
  });

  it('is for STAFF and ADMIN only: a visitor 401, another user 403; a bad period 422', async () => {
    const p = oldPeriod();
    const v = viewer();
    const q = `${SESSIONS}?from=${p.from}&to=${p.to}`;
    const anon = await api.request(q, { headers: { cookie: v.cookie } });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: 'login_required', message: expect.any(String) } });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: null }] });
    const no = await api.request(q, { headers: { cookie: curator.cookie } });
    expect(no.status).toBe(403);
    expect(await no.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
    const admin = await seed.signedIn({ roles: [{ role: 'ADMIN', topicId: null }] });
    expect((await sessionsOf(p, admin.cookie)).totals.sessions).toBe(0);
    for (const bad of ['from=2026-02-30', `from=${p.to}&to=${p.from}`, 'from=2020-01-01&to=2021-12-31', 'lang=en', 'from=1-1-2020']) {
      const res = await api.request(`${SESSIONS}?${bad}`, { headers: { cookie: admin.cookie } });
      expect([bad, res.status]).toEqual([bad, 422]);
      expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
    }
  });
});
