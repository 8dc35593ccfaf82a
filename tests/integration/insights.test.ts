import { afterEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi, isApiPath } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { funnelSteps, partners, reelDailyStats, viewerAttribution } from '@/lib/db/schema';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import { drainDerivation } from '@/features/events/server/derive';
import { issueWatchTicket, ticketIssueS } from '@/features/reels/server/watch-ticket';
import type { RoleGrant } from '@/lib/auth/principal';
import { addDays, startOfDayInIndia, todayInIndia } from '@/features/insights/lib/period';
import type { FunnelInsights, ReelsInsights } from '@/features/insights/schemas';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The staff insights (docs/api/insights.md) read the derived tables; these
 * tests fill reel_daily_stats and funnel_steps directly, in a period of a
 * long-gone year picked at random per test, so counts other tests derive
 * (today's) never mix in.
 */
const api = buildApi();
const seed = new Seed();
const made = { reels: [] as string[], viewers: [] as string[], partners: [] as string[] };
afterEach(async () => {
  const { db } = await getDb();
  if (made.reels.length) await db.delete(reelDailyStats).where(inArray(reelDailyStats.content_id, made.reels));
  if (made.viewers.length) {
    await db.delete(funnelSteps).where(inArray(funnelSteps.viewer_id, made.viewers));
    await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, made.viewers));
  }
  if (made.partners.length) await db.delete(partners).where(inArray(partners.id, made.partners));
  made.reels = []; made.viewers = []; made.partners = [];
  await seed.cleanup();
});

const REELS = '/staff/api/v1/insights/reels';
const FUNNEL = '/staff/api/v1/insights/funnel';
const STAFF: RoleGrant[] = [{ role: 'STAFF', topicId: null }];
const ADMIN: RoleGrant[] = [{ role: 'ADMIN', topicId: null }];

async function get(path: string, cookie?: string): Promise<Response> {
  return await api.request(path, { headers: cookie ? { cookie } : {} });
}

/** A 20-day period starting on a random day of 1990..2009. */
function oldPeriod(): { from: string; to: string } {
  const from = addDays('1990-01-01', Math.floor(Math.random() * 365 * 20));
  return { from, to: addDays(from, 19) };
}

async function staffCookie(roles: RoleGrant[] = STAFF): Promise<string> {
  return (await seed.signedIn({ roles })).cookie;
}

type StatRow = { day: string; content_id: string; lang: string; views: number; completions: number; watch_seconds: number };
async function stats(rows: StatRow[]): Promise<void> {
  const { db } = await getDb();
  made.reels.push(...rows.map((r) => r.content_id));
  await db.insert(reelDailyStats).values(rows);
}

type StepRow = { viewer_id: string; stage: string; at: Date; campaign?: string; partner_id?: string };
async function steps(rows: StepRow[]): Promise<void> {
  const { db } = await getDb();
  made.viewers.push(...rows.map((r) => r.viewer_id));
  await db.insert(funnelSteps).values(rows);
}

/** A fresh viewer id for funnel rows (funnel_steps holds no foreign key). */
const vid = () => `ins${nanoid(17).replace(/[^A-Za-z0-9]/g, 'x')}`;

describe('insights paths', () => {
  it('belong to the API, and the staff pages stay with Next', () => {
    expect(isApiPath(`${REELS}?from=2026-01-01`)).toBe(true);
    expect(isApiPath(FUNNEL)).toBe(true);
    expect(isApiPath('/staff/insights')).toBe(false);
    expect(isApiPath('/staff')).toBe(false);
  });
});

describe.each([REELS, FUNNEL])('who may call GET %s', (path) => {
  it('a caller without a visitor id or a session: 401 login_required', async () => {
    const res = await get(path);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('login_required');
  });

  it('a visitor: 401 login_required', async () => {
    const res = await get(path, seed.viewer().cookie);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('login_required');
  });

  it('a user without a role, a creator, a curator: 403 forbidden', async () => {
    const t = await seed.taxonomy();
    for (const roles of [[], [{ role: 'CREATOR', topicId: t.topic.id }], [{ role: 'CURATOR', topicId: t.topic.id }]] as RoleGrant[][]) {
      const res = await get(path, await staffCookie(roles));
      expect(res.status, JSON.stringify(roles)).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
  });

  it('STAFF and ADMIN: 200, not cached', async () => {
    for (const roles of [STAFF, ADMIN]) {
      const res = await get(path, await staffCookie(roles));
      expect(res.status, roles[0].role).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('GET /staff/api/v1/insights/reels', () => {
  it('sums views, completions and watch time per reel, language and day of the period, its ends included', async () => {
    const cookie = await staffCookie();
    const t = await seed.taxonomy({ name: 'Net metering' });
    const [a, b] = await seed.reels(t.options[0].id, 2, { description: 'Solar basics' });
    const c = await seed.reel(t.options[0].id, { lang: 'hi', description: 'सोलर सब्सिडी' });
    const gone = '00000000-0000-4000-8000-00000000beef';
    const { from, to } = oldPeriod();
    await stats([
      { day: from, content_id: a.id, lang: 'en', views: 10, completions: 4, watch_seconds: 120 },
      { day: addDays(from, 1), content_id: a.id, lang: 'en', views: 5, completions: 1, watch_seconds: 30.5 },
      { day: to, content_id: b.id, lang: 'en', views: 3, completions: 3, watch_seconds: 90 },
      { day: addDays(from, 1), content_id: c.id, lang: 'hi', views: 7, completions: 0, watch_seconds: 14 },
      { day: addDays(from, 2), content_id: gone, lang: 'he', views: 1, completions: 1, watch_seconds: 20 },
      // Outside the period by a day on each side.
      { day: addDays(from, -1), content_id: b.id, lang: 'en', views: 100, completions: 100, watch_seconds: 1000 },
      { day: addDays(to, 1), content_id: c.id, lang: 'hi', views: 100, completions: 100, watch_seconds: 1000 },
    ]);

    const res = await get(`${REELS}?from=${from}&to=${to}`, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReelsInsights;
    expect(body.period).toEqual({ from, to, days: 20 });
    expect(body.lang).toBeNull();
    expect(body.totals).toEqual({ views: 26, completions: 9, completion_rate: 0.3462, watch_seconds: 274.5 });
    expect(body.by_lang).toEqual([
      { lang: 'en', views: 18, completions: 8, completion_rate: 0.4444, watch_seconds: 240.5 },
      { lang: 'hi', views: 7, completions: 0, completion_rate: 0, watch_seconds: 14 },
      { lang: 'he', views: 1, completions: 1, completion_rate: 1, watch_seconds: 20 },
    ]);
    expect(body.daily).toHaveLength(20);
    expect(body.daily[0]).toEqual({ day: from, views: 10, completions: 4 });
    expect(body.daily[1]).toEqual({ day: addDays(from, 1), views: 12, completions: 1 });
    expect(body.daily[3]).toEqual({ day: addDays(from, 3), views: 0, completions: 0 });
    expect(body.daily[19]).toEqual({ day: to, views: 3, completions: 3 });
    expect(body.reel_count).toBe(4);
    expect(body.reels.map((r) => [r.id, r.views])).toEqual([[a.id, 15], [c.id, 7], [b.id, 3], [gone, 1]]);
    expect(body.reels[0]).toEqual({
      id: a.id, description: 'Solar basics', topic: { id: t.topic.id, name: 'Net metering' }, lang: 'en',
      views: 15, completions: 5, completion_rate: 0.3333, watch_seconds: 150.5, avg_watch_seconds: 10,
    });
    expect(body.reels[1]).toMatchObject({ description: 'सोलर सब्सिडी', lang: 'hi', completion_rate: 0 });
    // A reel deleted since: its counts stay, without a description or topic.
    expect(body.reels[3]).toMatchObject({ id: gone, description: '', topic: null, lang: 'he', views: 1 });
  });

  it('keeps one language, and lists at most `limit` reels while counting them all', async () => {
    const cookie = await staffCookie();
    const t = await seed.taxonomy();
    const en = await seed.reels(t.options[0].id, 3);
    const hi = await seed.reel(t.options[0].id, { lang: 'hi' });
    const { from, to } = oldPeriod();
    await stats([
      ...en.map((r, i) => ({ day: from, content_id: r.id, lang: 'en', views: i + 1, completions: 0, watch_seconds: 0 })),
      { day: from, content_id: hi.id, lang: 'hi', views: 50, completions: 25, watch_seconds: 500 },
    ]);

    const onlyEn = (await (await get(`${REELS}?from=${from}&to=${to}&lang=en&limit=2`, cookie)).json()) as ReelsInsights;
    expect(onlyEn.lang).toBe('en');
    expect(onlyEn.by_lang.map((l) => l.lang)).toEqual(['en']);
    expect(onlyEn.totals.views).toBe(6);
    expect(onlyEn.reel_count).toBe(3);
    expect(onlyEn.reels.map((r) => r.id)).toEqual([en[2].id, en[1].id]);

    const onlyHi = (await (await get(`${REELS}?from=${from}&to=${to}&lang=hi`, cookie)).json()) as ReelsInsights;
    expect(onlyHi.reels.map((r) => r.id)).toEqual([hi.id]);
    expect(onlyHi.totals).toEqual({ views: 50, completions: 25, completion_rate: 0.5, watch_seconds: 500 });
  });

  it('an empty period: zeros for every language and day, no reels', async () => {
    const { from, to } = oldPeriod();
    const body = (await (await get(`${REELS}?from=${from}&to=${to}`, await staffCookie())).json()) as ReelsInsights;
    expect(body.totals).toEqual({ views: 0, completions: 0, completion_rate: 0, watch_seconds: 0 });
    expect(body.by_lang.map((l) => l.views)).toEqual([0, 0, 0]);
    expect(body.daily.every((d) => d.views === 0 && d.completions === 0)).toBe(true);
    expect(body.reels).toEqual([]);
    expect(body.reel_count).toBe(0);
  });

  it('defaults to the last 30 days up to today in India; `from` alone runs to today', async () => {
    const cookie = await staffCookie();
    const today = todayInIndia();
    const d = (await (await get(REELS, cookie)).json()) as ReelsInsights;
    expect(d.period).toEqual({ from: addDays(today, -29), to: today, days: 30 });
    expect(d.daily).toHaveLength(30);
    const f = (await (await get(`${REELS}?from=${addDays(today, -6)}`, cookie)).json()) as ReelsInsights;
    expect(f.period).toEqual({ from: addDays(today, -6), to: today, days: 7 });
    const t = (await (await get(`${REELS}?to=2024-03-31`, cookie)).json()) as ReelsInsights;
    expect(t.period).toEqual({ from: '2024-03-02', to: '2024-03-31', days: 30 });
  });

  it('takes a period of 366 days (a leap year) and one of a single day', async () => {
    const cookie = await staffCookie();
    const year = (await (await get(`${REELS}?from=2024-01-01&to=2024-12-31`, cookie)).json()) as ReelsInsights;
    expect(year.period.days).toBe(366);
    expect(year.daily).toHaveLength(366);
    const one = (await (await get(`${REELS}?from=2024-02-29&to=2024-02-29`, cookie)).json()) as ReelsInsights;
    expect(one.period.days).toBe(1);
  });

  it.each([
    ['from=2026-13-01', 'from'],
    ['from=2025-02-29', 'from'],
    ['from=2026-1-1', 'from'],
    ['to=yesterday', 'to'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    ['from=2024-01-01&to=2025-01-01', 'to'],
    ['lang=fr', 'lang'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=ten', 'limit'],
    ['page=2', 'page'],
  ])('?%s is a 422 naming %s', async (qs, field) => {
    const res = await get(`${REELS}?${qs}`, await staffCookie());
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message.startsWith(`${field}`)).toBe(true);
  });

  it('checks who is calling before the query: a visitor with bad parameters gets 401', async () => {
    const res = await get(`${REELS}?from=garbage`, seed.viewer().cookie);
    expect(res.status).toBe(401);
  });
});

describe('GET /staff/api/v1/insights/funnel', () => {
  /** India time `hh:mm` on `day`. */
  const at = (day: string, hh = 12, mm = 0) => new Date(startOfDayInIndia(day).getTime() + (hh * 60 + mm) * 60_000);

  it('counts distinct visitors per stage and campaign in the period (India days, ends included), with conversions', async () => {
    const cookie = await staffCookie();
    const { from, to } = oldPeriod();
    const [s1, s2, v1, v2, v3, v4, n1, old, late] = Array.from({ length: 9 }, vid);
    await steps([
      // awa: two sharers, three visitors, two signed in, one lead, no deal.
      { viewer_id: s1, stage: 'share', at: at(from, 0, 0), campaign: 'awa' },
      { viewer_id: s2, stage: 'share', at: at(to, 23, 59), campaign: 'awa' },
      { viewer_id: v1, stage: 'visit', at: at(from), campaign: 'awa' },
      { viewer_id: v1, stage: 'sign_in', at: at(from, 13), campaign: 'awa' },
      { viewer_id: v1, stage: 'lead', at: at(addDays(from, 2)), campaign: 'awa' },
      { viewer_id: v2, stage: 'visit', at: at(addDays(from, 1)), campaign: 'awa' },
      { viewer_id: v2, stage: 'sign_in', at: at(addDays(from, 1)), campaign: 'awa' },
      { viewer_id: v3, stage: 'visit', at: at(addDays(from, 3)), campaign: 'awa' },
      // con: one visitor all the way to a deal.
      { viewer_id: v4, stage: 'visit', at: at(from), campaign: 'con' },
      { viewer_id: v4, stage: 'sign_in', at: at(from), campaign: 'con' },
      { viewer_id: v4, stage: 'lead', at: at(from), campaign: 'con' },
      { viewer_id: v4, stage: 'deal', at: at(addDays(from, 5)), campaign: 'con' },
      // Without a campaign.
      { viewer_id: n1, stage: 'visit', at: at(from), campaign: '' },
      // A minute before the period (India time) and at the first instant after it.
      { viewer_id: old, stage: 'visit', at: new Date(startOfDayInIndia(from).getTime() - 60_000), campaign: 'awa' },
      { viewer_id: late, stage: 'visit', at: startOfDayInIndia(addDays(to, 1)), campaign: 'con' },
    ]);

    const res = await get(`${FUNNEL}?from=${from}&to=${to}&by=campaign`, cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as FunnelInsights;
    expect(body.by).toBe('campaign');
    expect(body.stages).toEqual(['share', 'visit', 'sign_in', 'lead', 'deal']);
    expect(body.total.counts).toEqual({ share: 2, visit: 5, sign_in: 3, lead: 2, deal: 1 });
    expect(body.group_count).toBe(3);
    expect(body.groups.map((g) => [g.value, g.counts])).toEqual([
      ['awa', { share: 2, visit: 3, sign_in: 2, lead: 1, deal: 0 }],
      ['con', { share: 0, visit: 1, sign_in: 1, lead: 1, deal: 1 }],
      [null, { share: 0, visit: 1, sign_in: 0, lead: 0, deal: 0 }],
    ]);
    expect(body.groups[0].conversion).toEqual([
      { from: 'share', to: 'visit', rate: 1.5 },
      { from: 'visit', to: 'sign_in', rate: 0.6667 },
      { from: 'sign_in', to: 'lead', rate: 0.5 },
      { from: 'lead', to: 'deal', rate: 0 },
    ]);
    // No sharers in this group: nothing to convert from.
    expect(body.groups[1].conversion[0]).toEqual({ from: 'share', to: 'visit', rate: null });
    expect(body.groups[2].conversion[1]).toEqual({ from: 'visit', to: 'sign_in', rate: 0 });
    expect(body.groups.every((g) => g.label === null)).toBe(true);
  });

  it('groups by partner with the partner\'s name; visitors without one are the null group', async () => {
    const { db } = await getDb();
    const cookie = await staffCookie();
    const { from, to } = oldPeriod();
    const known = `ins-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    const unknown = `ins-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'y')}`;
    await db.insert(partners).values({ id: known, name: 'Sunrise Solar' });
    made.partners.push(known);
    const [a, b, c, d] = Array.from({ length: 4 }, vid);
    await steps([
      { viewer_id: a, stage: 'visit', at: at(from), campaign: 'awa', partner_id: known },
      { viewer_id: b, stage: 'visit', at: at(from), campaign: 'dec', partner_id: known },
      { viewer_id: b, stage: 'lead', at: at(from), campaign: 'dec', partner_id: known },
      { viewer_id: c, stage: 'visit', at: at(to), partner_id: unknown },
      { viewer_id: d, stage: 'share', at: at(to) },
    ]);
    const body = (await (await get(`${FUNNEL}?from=${from}&to=${to}&by=partner`, cookie)).json()) as FunnelInsights;
    expect(body.by).toBe('partner');
    expect(body.groups.map((g) => [g.value, g.label, g.counts.share, g.counts.visit, g.counts.lead])).toEqual([
      [known, 'Sunrise Solar', 0, 2, 1],
      [unknown, null, 0, 1, 0],
      [null, null, 1, 0, 0],
    ]);
    expect(body.total.counts).toEqual({ share: 1, visit: 3, sign_in: 0, lead: 1, deal: 0 });
    expect(body.total.conversion[0]).toEqual({ from: 'share', to: 'visit', rate: 3 });

    // The same rows by campaign: the default grouping.
    const byCampaign = (await (await get(`${FUNNEL}?from=${from}&to=${to}`, cookie)).json()) as FunnelInsights;
    expect(byCampaign.by).toBe('campaign');
    expect(byCampaign.groups.map((g) => [g.value, g.counts.visit])).toEqual([[null, 1], ['awa', 1], ['dec', 1]]);
  });

  it('an empty period: zero counts, no groups, conversions null', async () => {
    const { from, to } = oldPeriod();
    const body = (await (await get(`${FUNNEL}?from=${from}&to=${to}&by=partner`, await staffCookie())).json()) as FunnelInsights;
    expect(body.total.counts).toEqual({ share: 0, visit: 0, sign_in: 0, lead: 0, deal: 0 });
    expect(body.total.conversion.every((c) => c.rate === null)).toBe(true);
    expect(body.groups).toEqual([]);
    expect(body.group_count).toBe(0);
  });

  it.each([
    ['by=utm', 'by'],
    ['by=', 'by'],
    ['from=2026-02-30', 'from'],
    ['from=2026-05-02&to=2026-05-01', 'to'],
    ['from=2020-01-01&to=2021-01-01', 'to'],
    ['lang=en', 'lang'],
  ])('?%s is a 422 naming %s', async (qs, field) => {
    const res = await get(`${FUNNEL}?${qs}`, await staffCookie());
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message.startsWith(`${field}`)).toBe(true);
  });
});

describe('insights from events (POST /auth/api/v1/events, then the derivation worker)', () => {
  function push(cookie: string, event_type: string, payload: Record<string, unknown>) {
    return api.request('/auth/api/v1/events', {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ event_type, version: '1.0.0', payload }),
    });
  }

  it('a visit, a share, a counted view and a completion show in today\'s reels and partner funnel', async () => {
    const { db } = await getDb();
    const cookie = await staffCookie();
    const t = await seed.taxonomy({ name: 'Rooftop basics' });
    const reel = await seed.reel(t.options[0].id, { lang: 'hi', description: 'Subsidy in 3 steps' });
    made.reels.push(reel.id);
    const partner = `ins-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    await db.insert(partners).values({ id: partner, name: 'Insight Solar' });
    made.partners.push(partner);
    const v = seed.viewer();
    made.viewers.push(v.id);
    // A ticket the feed gave this viewer for this reel more than the view threshold ago.
    const ticket = issueWatchTicket(v.id, reel.id, ticketIssueS() - VIEW_THRESHOLD_S - 1);
    for (const [type, payload] of [
      ['PAGE_VISIT', { partner_id: partner, metadata: { campaign_key: 'dec', path: '/reels' } }],
      ['VIDEO_VIEW', { content_id: reel.id, content_watched: 5, watch_ticket: ticket }],
      ['VIDEO_COMPLETE', { content_id: reel.id, content_watched: 30, content_length: 30 }],
      ['SHARE', { content_id: reel.id }],
    ] as const) {
      expect((await push(v.cookie, type, payload)).status, type).toBe(202);
    }
    await drainDerivation(db);

    const today = todayInIndia();
    const reels = (await (await get(`${REELS}?from=${today}&to=${today}&lang=hi&limit=200`, cookie)).json()) as ReelsInsights;
    expect(reels.reels.find((r) => r.id === reel.id)).toEqual({
      id: reel.id, description: 'Subsidy in 3 steps', topic: { id: t.topic.id, name: 'Rooftop basics' }, lang: 'hi',
      views: 1, completions: 1, completion_rate: 1, watch_seconds: 30, avg_watch_seconds: 30,
    });
    expect(reels.daily).toEqual([{ day: today, views: expect.any(Number), completions: expect.any(Number) }]);
    expect(reels.daily[0].views).toBeGreaterThanOrEqual(1);

    const funnel = (await (await get(`${FUNNEL}?from=${today}&to=${today}&by=partner`, cookie)).json()) as FunnelInsights;
    const mine = funnel.groups.find((g) => g.value === partner);
    expect(mine).toMatchObject({ label: 'Insight Solar', counts: { share: 1, visit: 1, sign_in: 0, lead: 0, deal: 0 } });
    expect(mine!.conversion[0]).toEqual({ from: 'share', to: 'visit', rate: 1 });
  });
});
