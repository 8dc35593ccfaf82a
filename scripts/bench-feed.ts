/**
 * `npm run bench:feed`: throughput and latency of GET /feeds-server/api/v1/feeds
 * (the hot path) against a bare node:http server sending the same bytes, in one
 * run on one machine (ARCHITECTURE.md decision 2 and "Testing": benchmarks
 * print figures, they are not tests). Targets: ratio >= 0.40, p99 <= 50 ms at
 * 50 connections. Exits 0 either way. The feed's work per request: the
 * cached page, the cached counts of its reels, the viewer's cached state,
 * and one watch ticket (an HMAC) per item, TLDR reels included.
 *
 * Database: a temporary PGlite directory, or DATABASE_URL when set (the bench
 * makes its own topic and reels there and deletes them afterwards).
 * The load generator (autocannon) runs in a child process so it does not
 * share the server's event loop.
 *
 * Options (env): BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_REELS (default 30).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REELS = Number(process.env.BENCH_REELS ?? 30);
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 50;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-bench-'));
process.env.DATA_DIR ??= tmp;
process.env.STARTER_LIBRARY = 'false';
process.env.WORKER_ENABLED = 'false';
process.env.LOG_LEVEL ??= 'warn';
(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';

interface Figures { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number; cpuUsPerReq?: number }

/** Runs autocannon in a child process and reads its JSON result. */
function cannon(url: string, headers: Record<string, string>, durationS = DURATION_S): Promise<Figures> {
  const bin = path.resolve('node_modules/.bin/autocannon');
  const args = ['-c', String(CONNECTIONS), '-d', String(durationS), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out) as {
        requests: { average: number }; latency: { p50: number; p99: number };
        errors: number; non2xx: number; requests_total?: number;
      } & { requests: { total: number } };
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, total: r.requests.total });
    });
  });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms` +
  `   server CPU ${(f.cpuUsPerReq ?? 0).toFixed(0).padStart(4)} us/req   errors ${f.errors}   non-2xx ${f.non2xx}`;

/** Runs a measurement and adds this process's CPU time per request (the server runs here, the load generator does not). */
async function measured(url: string, headers: Record<string, string>): Promise<Figures> {
  const before = process.cpuUsage();
  const f = await cannon(url, headers);
  const used = process.cpuUsage(before);
  return { ...f, cpuUsPerReq: (used.user + used.system) / Math.max(1, f.total) };
}

async function main() {
  // Imported after the env above is set: env() is parsed on first use.
  const { getDb } = await import('@/lib/db/client');
  const { createAdaptorServer } = await import('@hono/node-server');
  const { buildApi } = await import('@/server/api');
  const { Seed } = await import('@/tests/fixtures/seed');

  const { initMediaSigning } = await import('@/lib/storage/signing');

  const handle = await getDb();
  // The visitor cookie is signed with the server's secret, as at start-up.
  await initMediaSigning();
  const seed = new Seed();
  const servers: http.Server[] = [];
  try {
    // A realistic page: 3 categories x 2 options, REELS ready reels with
    // descriptions and sources, one TLDR reel, an owner.
    const t = await seed.taxonomy({ categories: 3, optionsPerCategory: 2, type_tag: 'HOT', name: 'Rooftop solar basics' });
    const owner = await seed.user('Bench Creator');
    for (let i = 0; i < REELS; i++) {
      await seed.reel(t.options[i % t.options.length].id, {
        description: `Reel ${i + 1}: how a 3 kW rooftop system pays back under net metering, and what the subsidy covers.`,
        sources: 'MNRE PM Surya Ghar guidelines\nCEA net metering regulations',
        user_id: owner.id, duration_s: 45, is_tldr: i === 0,
      });
    }
    const viewer = seed.viewer();
    const api = buildApi();
    const apiServer = createAdaptorServer({ fetch: api.fetch }) as http.Server;
    servers.push(apiServer);
    const apiPort = await listen(apiServer);
    const path1 = `/feeds-server/api/v1/feeds?page=1&topic_id=${t.topic.id}`;
    // The signed cookie the server issued: a bare id would make every request a new visitor.
    const headers = { cookie: viewer.cookie };

    // The viewer has history, so the per-viewer query returns rows, as for a real returning viewer.
    const first = await fetch(`http://127.0.0.1:${apiPort}${path1}`, { headers });
    if (first.status !== 200) throw new Error(`feed answered ${first.status}: ${await first.text()}`);
    const page = (await first.json()) as { feeds: Array<{ id: string }> };
    for (const id of page.feeds.slice(0, 3).map((f) => f.id)) {
      const liked = await fetch(`http://127.0.0.1:${apiPort}/uploader/api/v1/like/`, {
        method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ content_id: id }),
      });
      if (liked.status !== 200) throw new Error(`like answered ${liked.status}: ${await liked.text()}`);
    }
    const sample = await fetch(`http://127.0.0.1:${apiPort}${path1}`, { headers });
    const bytes = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json';

    console.log(`feed page: ${bytes.length} bytes, ${page.feeds.length} reels, database ${handle.kind}, ` +
      `${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} CPUs`);
    // Short warm-up so JIT and caches are in their steady state for both servers.
    await cannon(`http://127.0.0.1:${apiPort}${path1}`, headers, 2);
    const hono = await measured(`http://127.0.0.1:${apiPort}${path1}`, headers);
    apiServer.close();

    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length });
      res.end(bytes);
    });
    servers.push(bare);
    const barePort = await listen(bare);
    await cannon(`http://127.0.0.1:${barePort}${path1}`, headers, 2);
    const raw = await measured(`http://127.0.0.1:${barePort}${path1}`, headers);
    bare.close();

    const ratio = hono.rps / raw.rps;
    const pass = ratio >= TARGET_RATIO && hono.p99 <= TARGET_P99_MS && hono.errors === 0 && hono.non2xx === 0;
    console.log(`hono feed    ${fmt(hono)}`);
    console.log(`bare http    ${fmt(raw)}`);
    console.log(`machine load average (1 min) ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs: other work on the machine moves these figures`);
    console.log(`ratio ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}), feed p99 ${hono.p99} ms (target <= ${TARGET_P99_MS} ms): ${pass ? 'PASS' : 'FAIL'}`);
  } finally {
    for (const s of servers) s.close();
    await seed.cleanup();
    await handle.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// PASS or FAIL both exit 0 (a figure, not a test); only a crash exits 1.
main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
