/**
 * `npm run bench:events`: the event pipeline on PostgreSQL (docs/decisions/011).
 * Benchmarks print figures, they are not tests: exits 0 either way, 1 only
 * on a crash.
 *
 * The server is a child process running what server/index.ts runs for the
 * API (the Hono API on a loopback port and the event derivation loop; Next
 * plays no part in an event push), on a fresh database the bench creates
 * on the PostgreSQL of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 * and drops at the end. The load comes from this process: BENCH_CONNECTIONS
 * (default 50) keep-alive connections, BENCH_VISITORS visitors (signed
 * visitor cookies issued up front), each sending its reel's view (with a
 * watch ticket old enough to count), progress, completion, a swipe and a
 * visit with a campaign code, every push with its own ingest_id. The events
 * rate limit per IP is raised by env (IP_LIMIT_EVENTS) for the bench.
 *
 * Phase 1, throughput: BENCH_EVENTS / 2 pushes as fast as they are answered;
 * events/s accepted (202), p50/p95 latency, then the lag from the last 202
 * until the derived counts include every event (polled every 50 ms).
 * Phase 2, kill -9: the other half; after a third of it the server is
 * SIGKILLed, restarted, and every push not yet answered 202 is sent again
 * with the same ingest_id. Then: events stored == events sent (exactly),
 * and views, completions, watch seconds and funnel visits exact.
 *
 * Target: >= 5,000 events/s, lag < 5 s, nothing lost or counted twice.
 * Options (env): BENCH_EVENTS (default 100000), BENCH_CONNECTIONS (50),
 * BENCH_VISITORS (default BENCH_EVENTS / 40), BENCH_REELS (20);
 * BENCH_DERIVE=false runs phase 1 with no derivation (the ingest's own cost);
 * BENCH_CPU_PROF=<dir> has the server write a V8 CPU profile there.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const VISITORS = Number(process.env.BENCH_VISITORS ?? Math.max(10, Math.ceil(EVENTS / 40)));
const REELS = Number(process.env.BENCH_REELS ?? 20);
const TARGET_RATE = 5000;
const TARGET_LAG_MS = 5000;
const SECRET = 'bench-events-signing-secret-0123456789';

/* ---------- child: the server ---------- */

async function serve(): Promise<void> {
  const { getDb } = await import('@/lib/db/client');
  const { initMediaSigning } = await import('@/lib/storage/signing');
  const { getRequestListener } = await import('@hono/node-server');
  const { buildApi } = await import('@/server/api');
  const { startDerivationLoop } = await import('@/features/events/server/derive');
  const { db } = await getDb();
  await initMediaSigning();
  const listener = getRequestListener(buildApi().fetch);
  const server = http.createServer((req, res) => void listener(req, res));
  server.keepAliveTimeout = 60_000;
  // BENCH_DERIVE=false: ingest only (to tell the two costs apart; the lag is then not measured).
  if (process.env.BENCH_DERIVE !== 'false') startDerivationLoop(db);
  process.on('SIGTERM', () => process.exit(0));
  server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
    process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
  });
}

function startServer(dbUrl: string, port = 0): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (SIGTERM at the end).
  const prof = process.env.BENCH_CPU_PROF;
  const [cmd, args] = prof
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--import', 'tsx', fileURLToPath(import.meta.url), '--server']]
    : [path.resolve('node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), '--server']];
  const child = spawn(cmd, args, {
    env: {
      ...process.env, DATABASE_URL: dbUrl, BENCH_PORT: String(port), MEDIA_SIGNING_SECRET: SECRET, LOG_LEVEL: 'warn',
      IP_LIMIT_EVENTS: '100000000', STARTER_LIBRARY: 'false', WORKER_ENABLED: 'false', NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

/* ---------- parent: seed, load, measure ---------- */

/**
 * CPU seconds (user + system) used so far by the processes of process group
 * `pgid` (the server: tsx and node), or by every process named `name`
 * (postgres: the bench's backends and anyone else's), from /proc (Linux).
 */
function cpuSeconds(match: { pgid?: number; name?: string }): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if ((match.pgid !== undefined && Number(f[2]) === match.pgid) || (match.name && name === match.name)) {
        ticks += Number(f[11]) + Number(f[12]);
      }
    } catch { /* gone meanwhile */ }
  }
  return ticks / 100;
}

interface Push { body: string; cookie: string; acked: boolean }

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends `pushes` over CONNECTIONS keep-alive connections to `base()`, each
 * until it is answered 202; a failed send (server gone) is retried after
 * 100 ms with the same body (same ingest_id).
 */
async function send(pushes: Push[], base: () => string, onProgress?: (acked: number) => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let next = 0;
  let acked = 0;
  let duplicates = 0;
  let retries = 0;
  const statuses = new Map<number, number>();
  const post = (p: Push) => new Promise<{ status: number; duplicate: boolean }>((resolve, reject) => {
    const req = http.request(`${base()}/auth/api/v1/events`, {
      method: 'POST', agent,
      headers: { 'content-type': 'application/json', cookie: p.cookie, 'content-length': Buffer.byteLength(p.body) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, duplicate: text.includes('"duplicate":true') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(p.body);
  });
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= pushes.length) return;
      const p = pushes[i];
      for (;;) {
        const t0 = performance.now();
        try {
          const r = await post(p);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status === 202) {
            latencies.push(performance.now() - t0);
            p.acked = true;
            acked++;
            if (r.duplicate) duplicates++;
            onProgress?.(acked);
            break;
          }
        } catch {
          // The server is gone (killed): send it again, same ingest_id.
        }
        retries++;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const ms = performance.now() - t0;
  agent.destroy();
  return { ms, latencies: latencies.sort((a, b) => a - b), acked, duplicates, retries, statuses };
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `bench_events_${Date.now().toString(36)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  process.env.DATABASE_URL = dbUrl;
  process.env.MEDIA_SIGNING_SECRET = SECRET;
  process.env.STARTER_LIBRARY = 'false';
  process.env.LOG_LEVEL ??= 'warn';
  let server: ChildProcess | null = null;
  let closeDb: (() => Promise<void>) | null = null;
  const kill = (c: ChildProcess | null) => {
    try {
      if (c?.pid) process.kill(-c.pid, 'SIGKILL');
    } catch { /* gone */ }
  };
  try {
    const { sql } = await import('drizzle-orm');
    const { getDb } = await import('@/lib/db/client');
    const { initMediaSigning } = await import('@/lib/storage/signing');
    const { issueWatchTicket, ticketIssueS } = await import('@/features/reels/server/watch-ticket');
    const { Seed } = await import('@/tests/fixtures/seed');
    const { db, close } = await getDb();
    closeDb = close;
    await initMediaSigning();
    const seed = new Seed();
    const t = await seed.taxonomy({ name: 'Bench events' });
    const reels = await seed.reels(t.options[0].id, REELS, { duration_s: 30 });
    const visitors = Array.from({ length: VISITORS }, () => seed.viewer());

    // Each visitor watches reels in turn: view (counted), progress, completion, a swipe; one visit with a campaign.
    const pushes: Push[] = [];
    const watched = new Set<string>();
    const ev = (event_type: string, payload: Record<string, unknown>) =>
      JSON.stringify({ event_type, version: '1.0.0', payload: { ingest_id: randomUUID(), ...payload } });
    const issued = ticketIssueS() - 10;
    let round = 0;
    while (pushes.length < EVENTS) {
      for (let vi = 0; vi < visitors.length && pushes.length < EVENTS; vi++) {
        const v = visitors[vi];
        if (round === 0) {
          pushes.push({ cookie: v.cookie, acked: false, body: ev('PAGE_VISIT', { metadata: { campaign_key: 'awa', view: vi % 2 ? 'A' : 'B' }, utm_data: { utm_source: 'whatsapp' } }) });
          continue;
        }
        const reel = reels[(vi + round) % reels.length].id;
        const step = (round - 1) % 5;
        const body = step === 0 ? ev('VIDEO_VIEW', { content_id: reel, content_watched: 4, watch_ticket: issueWatchTicket(v.id, reel, issued) })
          : step === 1 ? ev('VIDEO_PROGRESS', { content_id: reel, content_watched: 12, content_length: 30 })
            : step === 2 ? ev('VIDEO_PROGRESS', { content_id: reel, content_watched: 20, content_length: 30 })
              : step === 3 ? ev('VIDEO_COMPLETE', { content_id: reel, content_watched: 30, content_length: 30 })
                : ev('SWIPE', { content_id: reel });
        pushes.push({ cookie: v.cookie, acked: false, body });
      }
      round++;
    }
    // Pushes go round the visitors, so none bursts past its per-minute limit; the views that must count:
    for (const p of pushes) {
      const b = JSON.parse(p.body) as { event_type: string; payload: { content_id?: string } };
      const vid = /sr_vid=([0-9A-Za-z]{20})/.exec(p.cookie)![1];
      if (b.event_type === 'VIDEO_VIEW') watched.add(`${vid}|${b.payload.content_id}`);
    }
    const expected = {
      events: pushes.length,
      views: watched.size,
      completions: new Set(pushes.filter((p) => p.body.includes('"VIDEO_COMPLETE"'))
        .map((p) => `${/sr_vid=([0-9A-Za-z]{20})/.exec(p.cookie)![1]}|${(JSON.parse(p.body) as { payload: { content_id: string } }).payload.content_id}`)).size,
      visits: visitors.length,
    };

    const derivedNow = async () => {
      const r = await db.execute<{ underived: number; views: number; stats_views: number; completions: number; visits: number; stored: number }>(sql`
        select (select count(*)::int from events where not derived) as underived,
               (select count(*)::int from events) as stored,
               (select coalesce(sum(view_count), 0)::int from content_items) as views,
               (select coalesce(sum(views), 0)::int from reel_daily_stats) as stats_views,
               (select coalesce(sum(completions), 0)::int from reel_daily_stats) as completions,
               (select count(*)::int from funnel_steps where stage = 'visit' and campaign = 'awa') as visits`);
      return r.rows[0];
    };
    const waitDerived = async (count: number) => {
      for (;;) {
        const d = await derivedNow();
        if (d.underived === 0 && d.stored >= count) return d;
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    let s = await startServer(dbUrl);
    server = s.child;
    let base = `http://127.0.0.1:${s.port}`;
    // Warm-up (connections, plans, caches): 1,000 pushes not counted in the figures.
    const warm = pushes.splice(0, Math.min(1000, Math.floor(pushes.length / 10)));
    await send(warm, () => base);

    const half = Math.floor(pushes.length / 2);
    const first = pushes.slice(0, half);
    const second = pushes.slice(half);
    const cpu0 = { server: cpuSeconds({ pgid: server.pid! }), pg: cpuSeconds({ name: 'postgres' }), client: process.cpuUsage() };
    const r1 = await send(first, () => base);
    const cpu1 = { server: cpuSeconds({ pgid: server.pid! }), pg: cpuSeconds({ name: 'postgres' }), client: process.cpuUsage(cpu0.client) };
    const lastAck = performance.now();
    const rate = r1.acked / (r1.ms / 1000);
    console.log(`bench:events on PostgreSQL (${dbName}): ${expected.events} events, ${VISITORS} visitors, ${REELS} reels, ${CONNECTIONS} connections`);
    console.log(`phase 1: ${r1.acked} events in ${(r1.ms / 1000).toFixed(2)} s = ${rate.toFixed(0)} events/s accepted; p50 ${pct(r1.latencies, 50).toFixed(1)} ms, p95 ${pct(r1.latencies, 95).toFixed(1)} ms, max ${(r1.latencies.at(-1) ?? NaN).toFixed(1)} ms`);
    const per1k = (secs: number) => `${((secs * 1000) / (r1.acked / 1000)).toFixed(0)} ms`;
    console.log(`         CPU per 1,000 events: server ${per1k(cpu1.server - cpu0.server)} (ingest${process.env.BENCH_DERIVE === 'false' ? ' only' : ' and derivation'}), PostgreSQL ${per1k(cpu1.pg - cpu0.pg)} (all backends on the machine), load generator ${per1k((cpu1.client.user + cpu1.client.system) / 1e6)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    if (process.env.BENCH_DERIVE === 'false') return;
    const d1 = await waitDerived(warm.length + first.length);
    const lagMs = performance.now() - lastAck;

    // Phase 2: kill -9 mid-run, restart, re-send what was not acknowledged.
    let killedAt = -1;
    let restartMs = 0;
    let restarting: Promise<void> | null = null;
    const r2 = await send(second, () => base, (acked) => {
      if (killedAt >= 0 || acked < second.length / 3) return;
      killedAt = acked;
      const old = server;
      kill(old);
      const t0 = performance.now();
      restarting = (async () => {
        s = await startServer(dbUrl, s.port);
        server = s.child;
        base = `http://127.0.0.1:${s.port}`;
        restartMs = performance.now() - t0;
      })();
    });
    await restarting;
    const d2 = await waitDerived(expected.events);
    const [dups] = (await db.execute<{ n: number }>(sql`select count(*)::int - count(distinct ingest_id)::int as n from events`)).rows;

    console.log(`         derivation lag after the last 202: ${lagMs.toFixed(0)} ms (all ${d1.stored} derived)`);
    console.log(`phase 2: server SIGKILLed after ${killedAt} of ${second.length} acknowledged, restarted in ${(restartMs / 1000).toFixed(1)} s; ${r2.retries} re-sends, ${r2.duplicates} answered as duplicates`);
    console.log(`         statuses: ${[...r2.statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    const checks: Array<[string, number, number]> = [
      ['events stored', d2.stored, expected.events],
      ['duplicate ingest ids stored', Number(dups.n), 0],
      ['views (content_items.view_count)', d2.views, expected.views],
      ['views (reel_daily_stats)', d2.stats_views, expected.views],
      ['completions (reel_daily_stats)', d2.completions, expected.completions],
      ['funnel visits (campaign awa)', d2.visits, expected.visits],
    ];
    for (const [name, got, want] of checks) console.log(`  ${name.padEnd(34)} ${String(got).padStart(8)} expected ${String(want).padStart(8)} ${got === want ? 'exact' : 'MISMATCH'}`);
    const ok = checks.every(([, g, w]) => g === w);
    console.log(`target: >= ${TARGET_RATE} events/s: ${rate >= TARGET_RATE ? 'PASS' : 'FAIL'}; lag < ${TARGET_LAG_MS} ms: ${lagMs < TARGET_LAG_MS ? 'PASS' : 'FAIL'}; nothing lost or doubled across kill -9: ${ok ? 'PASS' : 'FAIL'}`);
  } finally {
    // Stopped gently first, so a profiled server writes its profile.
    const last = server as ChildProcess | null;
    if (last?.pid && last.exitCode === null) {
      process.kill(-last.pid, 'SIGTERM');
      await Promise.race([new Promise((r) => last.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
    }
    kill(server);
    await closeDb?.().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((err: unknown) => console.error('could not drop the bench database:', err));
    await admin.end();
  }
}

if (process.argv[2] === '--server') {
  serve().catch((err) => {
    console.error('bench server failed:', err);
    process.exit(1);
  });
} else {
  main().then(() => process.exit(0), (err) => {
    console.error('bench:events crashed:', err);
    process.exit(1);
  });
}
