/**
 * `npm run bench:rewards`: the Rewards tab's data on PostgreSQL with 10,000
 * users and 100,000 referrals seeded (BENCH_USERS, BENCH_REFERRALS).
 * Benchmarks print figures, they are not tests: exits 0 either way, 1 only
 * on a crash.
 *
 * What the tab loads, as the page does (all at once): GET get_profile,
 * all_deals, rewards, inbox and outbox (docs/api/referrals.md). BENCH_SAMPLE
 * users (default 300: the 100 referrers with the most referrals and 200
 * others) open the tab, BENCH_CONCURRENCY (default 10) at a time; p50/p95 of
 * each call and of the whole tab (until its last answer). Target: tab p95
 * under 300 ms.
 *
 * The real server pieces: the Hono API on a loopback port over the database
 * at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the
 * users run in a child process so they do not share the server's event
 * loop. Rows are made with set-based SQL and deleted at the end.
 */
import http from 'node:http';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 100_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET_P95_MS = 300;
const CALLS = ['get_profile', 'all_deals', 'rewards', 'inbox', 'outbox'] as const;

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function line(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(14)} n ${String(s.length).padStart(4)}   p50 ${f(pct(s, 50))} ms   p95 ${f(pct(s, 95))} ms   max ${f(s.at(-1) ?? NaN)} ms`;
}

type Report = { calls: Record<string, number[]>; tab: number[]; errors: string[] };

/* ---------- child: the users ---------- */

async function runUsers(url: string, tokens: string[]): Promise<Report> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * CALLS.length + 5 });
  const report: Report = { calls: Object.fromEntries(CALLS.map((c) => [c, []])), tab: [], errors: [] };
  const get = (path: string, token: string) => new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(`${url}/referral/api/v1/${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('error', reject);
    req.end();
  });
  let next = 0;
  async function worker() {
    while (next < tokens.length) {
      const token = tokens[next++];
      const t0 = performance.now();
      const answers = await Promise.all(CALLS.map(async (c) => ({ c, r: await get(c, token) })));
      report.tab.push(performance.now() - t0);
      for (const { c, r } of answers) {
        report.calls[c].push(r.ms);
        if (r.status !== 200) report.errors.push(`${c} ${r.status}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return report;
}

/* ---------- parent: seed, serve, measure, clean ---------- */

async function main() {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.STARTER_LIBRARY = 'false';
  process.env.WORKER_ENABLED = 'false';
  process.env.LOG_LEVEL ??= 'warn';
  const { sql } = await import('drizzle-orm');
  const { getDb } = await import('@/lib/db/client');
  const { createSession } = await import('@/lib/auth/session');
  const { getRequestListener } = await import('@hono/node-server');
  const { buildApi } = await import('@/server/api');
  const { db, close } = await getDb();
  const tag = `bench-rewards-${Date.now().toString(36)}`;
  const t0 = performance.now();
  try {
    // Users: phones +91 6xxxxxxxxx from a range no real number in the test database uses.
    const base = 6_000_000_000 + (Date.now() % 900_000) * 1000;
    // Each user has a home visitor id (20 characters), as sign-in gives them.
    await db.execute(sql`insert into users (name, phone, terms_accepted_at, home_viewer_id)
      select ${tag} || '-' || n, '+91' || (${base}::bigint + n)::text, now(), substr(md5(${tag} || n), 1, 20)
      from generate_series(1, ${USERS}) n`);
    await db.execute(sql`insert into deals (url_id, source, title, reward_inr, sort_order)
      select ${tag} || '-' || n, 'provider', 'Bench deal ' || n, 1000 * n, n from generate_series(1, 3) n`);
    // Referrals: referrers skewed (a few ambassadors refer a lot), referees other bench users or open invites.
    await db.execute(sql`
      with u as (select id, row_number() over (order by id) as k from users where name like ${`${tag}-%`}),
           d as (select id, row_number() over (order by id) as k from deals where url_id like ${`${tag}-%`}),
           r as (select n, floor(power(random(), 3) * ${USERS})::int + 1 as rk, floor(random() * ${USERS})::int + 1 as ek,
                        floor(random() * 3)::int + 1 as dk, random() as x from generate_series(1, ${REFERRALS}) n)
      insert into referrals (deal_id, referrer_user_id, referee_user_id, referee_phone, referee_name, initiated_by, state, step,
                             idempotency_key, expires_at, created_at)
      select d.id, ur.id, case when r.x < 0.1 then null else ue.id end, '+91' || (7000000000 + r.n)::text, 'Referee ' || r.n, 'referrer',
             case when r.x < 0.1 then 'open' when r.x < 0.3 then 'pending' when r.x < 0.4 then 'declined' when r.x < 0.5 then 'expired' else 'accepted' end,
             case when r.x >= 0.5 then (array['deal_accepted','schedule_a_call','call_scheduled','call_completed','site_survey_completed','order_placed','claim_your_reward'])[floor(random() * 7)::int + 1] end,
             ${tag} || '-' || r.n, now() + interval '14 days', now() - (random() * interval '180 days')
      from r join u ur on ur.k = r.rk join u ue on ue.k = r.ek join d on d.k = r.dk`);
    await db.execute(sql`
      insert into rewards (referral_id, referrer_user_id, amount_inr, state, reason, scratchable_at)
      select r.id, r.referrer_user_id, 1000,
             case when r.step in ('order_placed','claim_your_reward') then 'approved' else 'pending' end,
             case when r.step in ('order_placed','claim_your_reward') then 'order_placed' else 'deal_in_progress' end,
             case when r.step in ('order_placed','claim_your_reward') then now() else null end
      from referrals r join deals d on d.id = r.deal_id where d.url_id like ${`${tag}-%`} and r.state = 'accepted'`);
    await db.execute(sql`analyze users; analyze referrals; analyze rewards; analyze deals`);
    const seeded = performance.now() - t0;

    const top = await db.execute<{ id: string }>(sql`select referrer_user_id as id from referrals r join deals d on d.id = r.deal_id
      where d.url_id like ${`${tag}-%`} group by referrer_user_id order by count(*) desc limit 100`);
    const rest = await db.execute<{ id: string }>(sql`select id from users where name like ${`${tag}-%`} order by random() limit ${Math.max(0, SAMPLE - 100)}`);
    const ids = [...new Set([...top.rows, ...rest.rows].map((r) => r.id))];
    const tokens: string[] = [];
    for (const id of ids) tokens.push(await createSession(db, id, 'phone', 'bench'));
    const counts = await db.execute<{ max: number }>(sql`select max(c)::int as max from (select count(*) c from referrals r join deals d on d.id = r.deal_id
      where d.url_id like ${`${tag}-%`} group by referrer_user_id) t`);

    const listener = getRequestListener(buildApi().fetch);
    const server = http.createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // One warm-up pass (connection pool, plans), then the measured one.
    const run = (list: string[]) => new Promise<Report>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ['--users', url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.on('message', (m: Report) => resolve(m));
      child.on('error', reject);
      child.send(list);
    });
    await run(tokens.slice(0, 20));
    const report = await run(tokens);
    server.close();

    console.log(`bench:rewards on PostgreSQL: ${USERS} users, ${REFERRALS} referrals (busiest referrer: ${counts.rows[0]?.max} referrals), seeded in ${(seeded / 1000).toFixed(1)} s`);
    console.log(`${ids.length} users open the Rewards tab, ${CONCURRENCY} at a time (the five calls at once)`);
    for (const c of CALLS) console.log(line(c, report.calls[c]));
    console.log(line('whole tab', report.tab));
    const p95 = pct([...report.tab].sort((a, b) => a - b), 95);
    console.log(`errors: ${report.errors.length}${report.errors.length ? ` (${[...new Set(report.errors)].slice(0, 5).join(', ')})` : ''}`);
    console.log(`target: whole tab p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS && report.errors.length === 0 ? 'PASS' : 'FAIL'}`);
  } finally {
    await db.execute(sql`delete from referrals where deal_id in (select id from deals where url_id like ${`${tag}-%`})`);
    await db.execute(sql`delete from deals where url_id like ${`${tag}-%`}`);
    await db.execute(sql`delete from users where name like ${`${tag}-%`}`);
    await close();
  }
}

if (process.argv[2] === '--users') {
  const url = process.argv[3];
  process.on('message', (tokens: string[]) => {
    void runUsers(url, tokens).then((r) => {
      process.send!(r);
      process.exit(0);
    });
  });
} else {
  main().then(() => process.exit(0), (err) => {
    console.error('bench:rewards crashed:', err);
    process.exit(1);
  });
}
