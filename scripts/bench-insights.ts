/**
 * `npx tsx scripts/bench-insights.ts`: how fast the staff insights answer
 * (docs/api/insights.md) on PostgreSQL with derived tables of a million
 * rows each (BENCH_ROWS, default 1,000,000): reel_daily_stats as ~2,700
 * reels counted every day of the last year, funnel_steps as ~590,000
 * visitors of the last year with their stages, campaigns and partners.
 * Benchmarks print figures, they are not tests: exits 0 either way, 1 only
 * on a crash.
 *
 * It works in a database of its own (`bench_insights_<pid>` on the server
 * of DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), made
 * with the migrations and dropped at the end, so no test sees its rows.
 * Each query runs once to warm up, then BENCH_RUNS times (default 5); the
 * median and the slowest are printed. Target: under 300 ms for a 30-day
 * period.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDb, setDb, type DbHandle } from '@/lib/db/client';
import { getFunnelInsights, getReelsInsights } from '@/features/insights/server/queries';
import { funnelQuerySchema, reelsQuerySchema } from '@/features/insights/schemas';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 300;

async function timed(fn: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], max: ms.at(-1)! };
}

async function seed(h: DbHandle) {
  const days = 365;
  const reels = Math.ceil(ROWS / days);
  await h.db.execute(sql`
    insert into reel_daily_stats (day, content_id, lang, views, completions, watch_seconds)
    select (current_date - d)::date, md5(r::text)::uuid, (array['en','hi','he'])[1 + r % 3],
           v, (v * 0.4)::int, v * 12.5
    from generate_series(0, ${reels - 1}::int) r, generate_series(0, ${days - 1}::int) d,
         lateral (select 1 + ((r * 7919 + d * 104729) % 200) as v) s
    limit ${ROWS}::int`);
  // Per visitor: a visit, and a share (1 in 4), sign-in (1 in 3), lead (1 in 10), deal (1 in 50): 1.703 rows each.
  const viewers = Math.ceil(ROWS / 1.703);
  await h.db.execute(sql`
    insert into funnel_steps (viewer_id, stage, at, campaign, partner_id)
    select 'bench' || n, st.stage, now() - ((n::bigint * 7919) % 31536000) * interval '1 second' + st.k * interval '1 minute',
           (array['','awa','con','dec'])[1 + n % 4], case when n % 7 = 0 then 'partner-' || (n % 20) else '' end
    from generate_series(1, ${viewers}::int) n
    cross join lateral (values ('share', 0, n % 4 = 0), ('visit', 1, true), ('sign_in', 2, n % 3 = 0),
                               ('lead', 3, n % 10 = 0), ('deal', 4, n % 50 = 0)) as st(stage, k, keep)
    where st.keep`);
  await h.db.execute(sql`analyze reel_daily_stats`);
  await h.db.execute(sql`analyze funnel_steps`);
  const [{ n: statRows }] = (await h.db.execute(sql`select count(*)::int as n from reel_daily_stats`)).rows as Array<{ n: number }>;
  const [{ n: stepRows }] = (await h.db.execute(sql`select count(*)::int as n from funnel_steps`)).rows as Array<{ n: number }>;
  return { statRows, stepRows, reels, viewers };
}

async function main() {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_insights_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let handle: DbHandle | undefined;
  try {
    const opened = openDb({ url: url.toString() });
    setDb(opened);
    handle = await opened;
    const t0 = performance.now();
    const s = await seed(handle);
    console.log(`seeded reel_daily_stats ${s.statRows} rows (${s.reels} reels x 365 days), funnel_steps ${s.stepRows} rows `
      + `(${s.viewers} visitors) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`each query: 1 warm-up, then median and max of ${RUNS} runs; target < ${TARGET_MS} ms for 30 days`);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const back = (n: number) => new Date(Date.parse(today) - (n - 1) * 86_400_000).toISOString().slice(0, 10);
    for (const days of [7, 30, 90, 366]) {
      for (const lang of [undefined, 'hi'] as const) {
        const q = reelsQuerySchema.parse({ from: back(days), to: today, ...(lang ? { lang } : {}) });
        const r = await timed(() => getReelsInsights(q));
        console.log(`reels  ${String(days).padStart(3)} days ${(lang ?? 'all').padEnd(8)} median ${r.median.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(1).padStart(7)} ms`);
      }
      for (const by of ['campaign', 'partner'] as const) {
        const q = funnelQuerySchema.parse({ from: back(days), to: today, by });
        const r = await timed(() => getFunnelInsights(q));
        console.log(`funnel ${String(days).padStart(3)} days ${by.padEnd(8)} median ${r.median.toFixed(1).padStart(7)} ms  max ${r.max.toFixed(1).padStart(7)} ms`);
      }
    }
  } finally {
    await handle?.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
