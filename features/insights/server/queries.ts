import 'server-only';
import { and, between, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, funnelSteps, options, partners, reelDailyStats, topics } from '@/lib/db/schema';
import { LOCALES, SESSION_GAP_MAX_S, type Locale } from '@/lib/constants';
import { SESSION_EVENTS } from '@/lib/events/contract';
import { addDays, eachDay, startOfDayInIndia } from '../lib/period';
import {
  FUNNEL_STAGES, MAX_FUNNEL_GROUPS, type FunnelGroup, type FunnelInsights, type FunnelQuery, type FunnelStage,
  type ReelCounts, type ReelsInsights, type ReelsQuery, type SessionCounts, type SessionsInsights, type SessionsQuery,
  type StageCounts, type StageConversion,
} from '../schemas';

/**
 * The staff insights read from the derived tables (reel_daily_stats,
 * funnel_steps; docs/decisions/011), so a period of a year stays a range
 * scan of the day and (stage, at) indexes whatever the event volume. The
 * one exception is sessions (getSessionInsights), read from the session
 * pings in the events table by its created_at index: see there.
 * docs/api/insights.md describes the answers.
 */

/** A ratio rounded to 4 decimals; `zero` when the denominator is 0. */
function ratio<T extends number | null>(num: number, den: number, zero: T): number | T {
  return den > 0 ? Math.round((num / den) * 10_000) / 10_000 : zero;
}

function counts(views: number, completions: number, watchSeconds: number): ReelCounts {
  return {
    views, completions, completion_rate: ratio(views > 0 ? completions : 0, views, 0),
    watch_seconds: Math.round(watchSeconds * 10) / 10,
  };
}

/**
 * Views, completions and watch time in a period (SPEC.md section 9 counts,
 * as derived into reel_daily_stats): totals, per language, per day (every
 * day of the period, zeros included) and per reel, most viewed first, with
 * the reel's description and topic. `q.lang` keeps one language. Two
 * aggregate queries over the period's rows (reel_daily_stats_day_idx).
 * @param q a validated reels query (features/insights/schemas.ts).
 */
export async function getReelsInsights(q: ReelsQuery): Promise<ReelsInsights> {
  const { db } = await getDb();
  const r = reelDailyStats;
  const { from, to } = q.period;
  const where = and(between(r.day, from, to), q.lang ? eq(r.lang, q.lang) : undefined);

  const byDayLang = await db.select({
    day: r.day,
    lang: r.lang,
    views: sql<number>`sum(${r.views})::float8`.mapWith(Number),
    completions: sql<number>`sum(${r.completions})::float8`.mapWith(Number),
    watch: sql<number>`sum(${r.watch_seconds})::float8`.mapWith(Number),
  }).from(r).where(where).groupBy(r.day, r.lang);

  const viewsSum = sql<number>`sum(${r.views})::float8`;
  const ranked = db.select({
    content_id: r.content_id,
    lang: r.lang,
    views: viewsSum.as('views'),
    completions: sql<number>`sum(${r.completions})::float8`.as('completions'),
    watch: sql<number>`sum(${r.watch_seconds})::float8`.as('watch'),
    // Counted before the limit: how many reels the period has.
    reel_count: sql<number>`(count(*) over ())::int`.as('reel_count'),
  }).from(r).where(where).groupBy(r.content_id, r.lang)
    .orderBy(sql`${viewsSum} desc`, r.content_id).limit(q.limit).as('ranked');
  const reels = await db.select({
    id: ranked.content_id,
    lang: ranked.lang,
    views: ranked.views,
    completions: ranked.completions,
    watch: ranked.watch,
    reel_count: ranked.reel_count,
    description: sql<string | null>`left(${contentItems.description}, 200)`,
    topic_id: topics.id,
    topic_name: topics.name,
  }).from(ranked)
    .leftJoin(contentItems, eq(contentItems.id, ranked.content_id))
    .leftJoin(options, eq(options.id, contentItems.option_id))
    .leftJoin(categories, eq(categories.id, options.category_id))
    .leftJoin(topics, eq(topics.id, categories.topic_id))
    .orderBy(sql`${ranked.views} desc`, ranked.content_id);

  const langs: readonly Locale[] = q.lang ? [q.lang] : LOCALES;
  const perLang = new Map(langs.map((l) => [l as string, { v: 0, c: 0, w: 0 }]));
  const perDay = new Map(eachDay(from, to).map((d) => [d, { v: 0, c: 0 }]));
  const all = { v: 0, c: 0, w: 0 };
  for (const row of byDayLang) {
    all.v += row.views; all.c += row.completions; all.w += row.watch;
    const l = perLang.get(row.lang);
    if (l) { l.v += row.views; l.c += row.completions; l.w += row.watch; }
    const d = perDay.get(row.day);
    if (d) { d.v += row.views; d.c += row.completions; }
  }

  return {
    period: q.period,
    lang: q.lang,
    totals: counts(all.v, all.c, all.w),
    by_lang: langs.map((lang) => {
      const l = perLang.get(lang)!;
      return { lang, ...counts(l.v, l.c, l.w) };
    }),
    daily: [...perDay].map(([day, d]) => ({ day, views: d.v, completions: d.c })),
    reels: reels.map((row) => {
      const views = Number(row.views);
      const watch = Number(row.watch);
      return {
        id: row.id,
        description: row.description ?? '',
        topic: row.topic_id && row.topic_name !== null ? { id: row.topic_id, name: row.topic_name } : null,
        lang: row.lang,
        ...counts(views, Number(row.completions), watch),
        avg_watch_seconds: Math.round(ratio(watch, views, 0) * 10) / 10,
      };
    }),
    reel_count: reels.length ? Number(reels[0].reel_count) : 0,
  };
}

function zeroCounts(): StageCounts {
  return { share: 0, visit: 0, sign_in: 0, lead: 0, deal: 0 };
}

function conversions(c: StageCounts): StageConversion[] {
  return FUNNEL_STAGES.slice(1).map((to, i) => {
    const from = FUNNEL_STAGES[i];
    return { from, to, rate: ratio(c[to], c[from], null) };
  });
}

/**
 * The funnel share -> visit -> sign_in -> lead -> deal in a period:
 * distinct visitors who first reached each stage in it (funnel_steps keeps
 * one row per visitor and stage, at its first time), grouped by the
 * visitor's first-touch campaign code or partner ('' in the table: the
 * `null` group, "(none)"), with the conversion between adjacent stages.
 * The stages are counted in the period on their own (not as a cohort), so
 * a later stage may count visitors whose earlier stage fell before it.
 * Groups beyond MAX_FUNNEL_GROUPS (by visits) are left out of `groups` but
 * counted in `total`. One aggregate over funnel_steps_stage_at_idx.
 * @param q a validated funnel query (features/insights/schemas.ts).
 */
export async function getFunnelInsights(q: FunnelQuery): Promise<FunnelInsights> {
  const { db } = await getDb();
  const f = funnelSteps;
  const col = q.by === 'campaign' ? f.campaign : f.partner_id;
  const start = startOfDayInIndia(q.period.from);
  const end = startOfDayInIndia(addDays(q.period.to, 1));
  const rows = await db.select({
    value: col,
    stage: f.stage,
    n: sql<number>`count(*)::int`.mapWith(Number),
  }).from(f)
    // The stage list lets the planner use the (stage, at) index as five range scans.
    .where(and(inArray(f.stage, [...FUNNEL_STAGES]), gte(f.at, start), lt(f.at, end)))
    .groupBy(col, f.stage);

  const total = zeroCounts();
  const byValue = new Map<string, StageCounts>();
  for (const row of rows) {
    const stage = row.stage as FunnelStage;
    let c = byValue.get(row.value);
    if (!c) byValue.set(row.value, (c = zeroCounts()));
    c[stage] += row.n;
    total[stage] += row.n;
  }
  // Most visits, then most shares; on a tie the named groups before "(none)", by name.
  const ordered = [...byValue]
    .sort(([va, a], [vb, b]) => b.visit - a.visit || b.share - a.share || Number(va === '') - Number(vb === '') || va.localeCompare(vb))
    .slice(0, MAX_FUNNEL_GROUPS);

  const names = new Map<string, string>();
  const partnerIds = q.by === 'partner' ? ordered.map(([v]) => v).filter(Boolean) : [];
  if (partnerIds.length) {
    for (const p of await db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, partnerIds))) {
      names.set(p.id, p.name);
    }
  }
  const group = (value: string | null, c: StageCounts): FunnelGroup => ({
    value, label: value ? names.get(value) ?? null : null, counts: c, conversion: conversions(c),
  });
  return {
    period: q.period,
    by: q.by,
    stages: FUNNEL_STAGES,
    total: { counts: total, conversion: conversions(total) },
    groups: ordered.map(([v, c]) => group(v === '' ? null : v, c)),
    group_count: byValue.size,
  };
}

const SESSION_TYPES = Object.values(SESSION_EVENTS);
const DAY_MS = 86_400_000;

function sessionCounts(sessions: number, seconds: number): SessionCounts {
  return {
    sessions,
    avg_session_seconds: Math.round(ratio(seconds, sessions, 0) * 10) / 10,
    total_seconds: Math.round(seconds * 10) / 10,
  };
}

/**
 * Sessions per day and time spent per session in a period (POST
 * /auth/api/v1/session_event pings; SPEC.md section 9 "session refresh id").
 * A session is one session refresh id (a tab; a reload keeps it), counted
 * on the India day of its first ping. Its time spent is the sum of the
 * gaps between its consecutive pings (server clock) that are at most
 * SESSION_GAP_MAX_S (120 s): a visible page pings every 60 s, so a page
 * hidden for longer, or left without pings, adds nothing. A session
 * started on the period's last day is followed for one more day; one
 * started the day before `from` is left out (its first ping is looked for
 * a day back).
 *
 * Read from the raw events, not a derived table (no schema change was
 * wanted for it): a range scan of events_created_idx over the period plus
 * two days, filtered to the three session types. At today's volumes that
 * is fine; a derived per-day table is the next step if it is not.
 * @param q a validated sessions query (features/insights/schemas.ts).
 */
export async function getSessionInsights(q: SessionsQuery): Promise<SessionsInsights> {
  const { db } = await getDb();
  const { from, to } = q.period;
  const start = startOfDayInIndia(from);
  const end = startOfDayInIndia(addDays(to, 1));
  const scanFrom = new Date(start.getTime() - DAY_MS);
  const scanTo = new Date(end.getTime() + DAY_MS);
  const res = await db.execute<{ day: string; n: number; secs: number }>(sql`
    with pings as (
      select payload->>'session_id' as sid, created_at as at
      from events
      where created_at >= ${scanFrom.toISOString()}::timestamptz and created_at < ${scanTo.toISOString()}::timestamptz
        and event_type in (${sql.join(SESSION_TYPES.map((t) => sql`${t}`), sql`, `)})
    ), gaps as (
      select sid, at, extract(epoch from at - lag(at) over (partition by sid order by at))::float8 as gap_s
      from pings
    ), sessions as (
      select sid, min(at) as first_at, coalesce(sum(gap_s) filter (where gap_s <= ${SESSION_GAP_MAX_S}::float8), 0)::float8 as secs
      from gaps group by sid
    )
    select to_char(first_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, count(*)::int as n, sum(secs)::float8 as secs
    from sessions
    where first_at >= ${start.toISOString()}::timestamptz and first_at < ${end.toISOString()}::timestamptz
    group by 1`);
  const rows = (res as unknown as { rows?: Array<{ day: string; n: number; secs: number }> }).rows ?? [];
  const perDay = new Map(eachDay(from, to).map((d) => [d, { n: 0, secs: 0 }]));
  let n = 0;
  let secs = 0;
  for (const r of rows) {
    const d = perDay.get(r.day);
    const rn = Number(r.n);
    const rs = Number(r.secs);
    n += rn;
    secs += rs;
    if (d) { d.n += rn; d.secs += rs; }
  }
  return {
    period: q.period,
    totals: sessionCounts(n, secs),
    daily: [...perDay].map(([day, d]) => ({ day, ...sessionCounts(d.n, d.secs) })),
  };
}
