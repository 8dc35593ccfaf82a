/**
 * `npm run cluster:check`: the scale-out layout of docs/ops/deploy.md,
 * run for real on this machine and driven through nginx.
 *
 * Three web processes (server/index.ts, WORKER_ENABLED=false) and one job
 * worker (server/worker.ts) on a fresh PostgreSQL database, Redis, and an
 * S3-compatible store (s3rver, with the multipart calls it lacks added by
 * scripts/lib/s3rver-multipart.ts); nginx in front, running
 * docs/ops/nginx.conf itself with its {{placeholders}} filled in. Then, one
 * PASS/FAIL line per step: a session made through nginx used on another
 * process; a like seen at once in another process's feed; chat over
 * socket.io through nginx (WebSocket, and long-polling only); a tus upload
 * whose PATCHes alternate between two processes, approved and seen in every
 * feed once transcoded; 2,000 event pushes spread over the processes with a
 * kill -9 midway (re-sent by ingest_id: exactly 2,000 stored); a rolling
 * restart under load through nginx with no failed request. Figures:
 * requests/s and p95 through nginx, event derivation lag, run time.
 *
 * Needs nginx (Debian: apt-get install -y nginx; exit 2 without it),
 * PostgreSQL at 127.0.0.1:5432 with trust auth (CLUSTER_PG_URL to change;
 * a database `cluster_check_<pid>` is made and dropped), Redis at
 * 127.0.0.1:6379 (CLUSTER_REDIS_URL). Exit 1 when any step fails.
 * Everything started is stopped and removed, on failure too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { ensureBuild } from './lib/ensure-build';
import { freePort } from './lib/test-server';
import { addMultipartCalls } from './lib/s3rver-multipart';
import { ffmpegPath } from '../lib/media/ffmpeg';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const PG_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENTS = 2000;
const BUCKET = 'cluster-check';
const SECRET = 'cluster-check-media-signing-secret-0123';

interface S3rverInstance { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

/* ---------- report ---------- */

let failures = 0;
function report(step: string, ok: boolean, figures: string): void {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${step}: ${figures}`);
}
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/* ---------- HTTP ---------- */

interface Answer { status: number; headers: http.IncomingHttpHeaders; text: string }

function request(url: string, opts: {
  method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: http.Agent; timeoutMs?: number;
} = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
    const req = http.request(url, {
      method: opts.method ?? 'GET', agent: opts.agent,
      headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...opts.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Cookies as a browser keeps them: name -> value, from every Set-Cookie seen. */
class Jar {
  private readonly values = new Map<string, string>();
  take(a: Answer): Answer {
    const set = a.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0/i.test(line)) this.values.delete(pair.slice(0, i));
      else this.values.set(pair.slice(0, i), value);
    }
    return a;
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function json(base: string, p: string, jar: Jar, method = 'GET', body?: unknown): Promise<Answer & { body: unknown }> {
  const a = jar.take(await request(base + p, {
    method,
    headers: { cookie: jar.header(), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  }));
  let parsed: unknown = null;
  try { parsed = JSON.parse(a.text); } catch { /* not JSON */ }
  return { ...a, body: parsed };
}

async function visitor(base: string): Promise<Jar> {
  const jar = new Jar();
  const a = await json(base, '/auth/api/v1/visitor', jar, 'POST', {});
  if (a.status >= 300) throw new Error(`visitor: ${a.status} ${a.text}`);
  return jar;
}

/* ---------- processes ---------- */

interface Proc { name: string; child: ChildProcess; log: string[]; port: number; env: NodeJS.ProcessEnv }
const procs: Proc[] = [];

function spawnProc(name: string, script: string, env: NodeJS.ProcessEnv, port: number, logDir: string): Proc {
  // One node process (no tsx wrapper), so SIGTERM reaches the server itself exactly once.
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const file = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const proc: Proc = { name, child, log: [], port, env };
  const onData = (d: Buffer) => {
    file.write(d);
    proc.log.push(d.toString('utf8'));
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.on('exit', () => file.end());
  return proc;
}

const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

async function waitReady(port: number, child: ChildProcess, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`process on ${port} exited with ${child.exitCode}`);
    try {
      if ((await request(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 2000 })).status === 200) return performance.now() - t0;
    } catch { /* not up yet */ }
    await sleep(250);
  }
  throw new Error(`process on ${port} not ready within ${timeoutMs} ms`);
}

function tcpUp(host: string, port: number, send?: string): Promise<string | null> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    let got = '';
    s.setTimeout(2000, () => { s.destroy(); resolve(null); });
    s.on('connect', () => (send ? s.write(send) : (s.end(), resolve(''))));
    s.on('data', (d) => { got += d.toString(); s.end(); resolve(got); });
    s.on('error', () => resolve(null));
  });
}

/* ---------- main ---------- */

async function main(): Promise<number> {
  const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p))
    ?? spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (!nginxBin) {
    console.error('cluster:check needs nginx. On Debian: apt-get install -y nginx');
    return 2;
  }
  if ((await tcpUp('127.0.0.1', 6379, 'PING\r\n'))?.startsWith('+PONG') !== true) {
    console.error(`cluster:check needs Redis at ${REDIS_URL}`);
    return 2;
  }
  const cleanups: (() => Promise<void> | void)[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-check-'));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const logDir = path.join(tmp, 'logs');
  fs.mkdirSync(logDir);
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.error(`cluster:check needs PostgreSQL (trust auth) at ${PG_URL}: ${(err as Error).message}`);
    fs.rmSync(tmp, { recursive: true, force: true });
    return 2;
  }
  const dbName = `cluster_check_${process.pid}`;
  let db: pg.Client | null = null;
  const stopAll = async () => {
    // nginx: a fast shutdown of the master takes its workers along; a SIGKILL of the master would orphan them.
    const ng = procs.find((p) => p.name === 'nginx')?.child;
    if (ng && ng.exitCode === null && ng.signalCode === null) {
      ng.kill('SIGTERM');
      await Promise.race([exited(ng), sleep(3000)]);
      try { if (ng.pid) process.kill(-ng.pid, 'SIGKILL'); } catch { /* gone */ }
    }
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => exited(p.child)));
  };
  try {
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    });
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    const dbUrl = u.toString();

    // S3-compatible store, with its bucket.
    const s3dir = path.join(tmp, 's3');
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
    addMultipartCalls(s3, s3dir);
    const s3addr = await s3.run();
    cleanups.push(() => s3.close());

    const tBuild = performance.now();
    ensureBuild(root);
    const buildMs = performance.now() - tBuild;

    const [nginxPort, ...webPorts] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const adminPhone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production', DATABASE_URL: dbUrl, REDIS_URL,
      S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${s3addr.port}`, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_SIGNING_SECRET: SECRET, PUBLIC_URL: publicUrl, SMS_PROVIDER: 'console', ADMIN_PHONES: `+91${adminPhone}`,
      METRICS_PORT: '0', STARTER_LIBRARY: 'false', LOG_LEVEL: 'info', NEXT_TELEMETRY_DISABLED: '1',
      // Every client of this check is 127.0.0.1: the per-IP limits are raised, the per-visitor ones stay.
      IP_LIMIT_EVENTS: '1000000', IP_LIMIT_VISITORS: '100000', IP_LIMIT_AUTH: '100000',
    };
    const webEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
      ...common, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WORKER_ENABLED: 'false', EVENT_DERIVATION: 'false',
      TRUST_PROXY: 'true', READINESS_DRAIN_MS: '1500', SHUTDOWN_GRACE_S: '5',
    });
    const webs: Proc[] = [];
    // One DATA_DIR for all four processes: the web process that ingests an upload keeps its source
    // there for the worker's transcode (docs/ops/deploy.md: a shared directory across machines).
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const startWeb = (i: number) => {
      const p = spawnProc(`web${i + 1}`, 'server/index.ts', webEnv(webPorts[i], dataDir), webPorts[i], logDir);
      webs[i] = p;
      procs.push(p);
      return p;
    };
    cleanups.push(stopAll);
    // The first one migrates the fresh database; then the others and the worker.
    const tStart = performance.now();
    await waitReady(webPorts[0], startWeb(0).child);
    const workerMetrics = await freePort();
    const worker = spawnProc('worker', 'server/worker.ts', {
      ...common, DATA_DIR: dataDir, WORKER_CONCURRENCY: '1', METRICS_PORT: String(workerMetrics),
    }, 0, logDir);
    procs.push(worker);
    await Promise.all([1, 2].map((i) => waitReady(webPorts[i], startWeb(i).child)));
    const startMs = performance.now() - tStart;

    // nginx, on docs/ops/nginx.conf itself.
    const runDir = path.join(tmp, 'nginx');
    fs.mkdirSync(runDir, { recursive: true });
    fs.chmodSync(tmp, 0o755);
    fs.chmodSync(runDir, 0o777);
    const conf = fs.readFileSync(path.join(root, 'docs/ops/nginx.conf'), 'utf8')
      .replaceAll('{{run_dir}}', runDir).replaceAll('{{log_dir}}', runDir).replaceAll('{{listen}}', `127.0.0.1:${nginxPort}`)
      .replaceAll('{{web1}}', `127.0.0.1:${webPorts[0]}`).replaceAll('{{web2}}', `127.0.0.1:${webPorts[1]}`)
      .replaceAll('{{web3}}', `127.0.0.1:${webPorts[2]}`)
      // Two cores: two nginx workers are plenty.
      .replace('worker_processes auto;', 'worker_processes 2;');
    if (conf.split('\n').some((l) => !l.trimStart().startsWith('#') && /\{\{\w+\}\}/.test(l))) throw new Error('docs/ops/nginx.conf has a placeholder this check does not fill');
    const confFile = path.join(runDir, 'nginx.conf');
    fs.writeFileSync(confFile, conf);
    const ngTest = spawnSync(nginxBin, ['-t', '-p', runDir, '-c', confFile, '-g', 'daemon off;'], { encoding: 'utf8' });
    if (ngTest.status !== 0) throw new Error(`nginx -t: ${ngTest.stderr}`);
    // Its own process group, so the workers can be killed with the master whatever happens.
    const nginx = spawn(nginxBin, ['-p', runDir, '-c', confFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const nginxProc: Proc = { name: 'nginx', child: nginx, log: [], port: nginxPort, env: process.env };
    nginx.stderr?.on('data', (d: Buffer) => nginxProc.log.push(d.toString()));
    procs.push(nginxProc);
    await waitReady(nginxPort, nginx, 10_000);
    console.log(`cluster up: nginx ${publicUrl} -> web ${webPorts.join(', ')}; worker; PostgreSQL ${dbName}; Redis; s3rver :${s3addr.port}` +
      ` (build check ${secs(buildMs)}, processes ready in ${secs(startMs)})`);

    db = new pg.Client({ connectionString: dbUrl });
    // Dropping the database at the end ends this session too: not an error of the check.
    db.on('error', () => undefined);
    await db.connect();
    cleanups.push(async () => { await db?.end().catch(() => undefined); });
    const direct = (i: number) => `http://127.0.0.1:${webPorts[i]}`;

    /* a. sign-in through nginx, the session used on another process */
    const session = new Jar();
    {
      const t0 = performance.now();
      await json(publicUrl, '/auth/api/v1/visitor', session, 'POST', {});
      const init = await json(publicUrl, '/auth/api/v1/otp/initiate', session, 'POST', { phone: adminPhone });
      let code: string | null = null;
      for (let i = 0; i < 40 && !code; i++) {
        const m = new RegExp(`otp \\+91${adminPhone} (\\d{4,8})`).exec(webs.map((w) => w.log.join('')).join(''));
        code = m?.[1] ?? null;
        if (!code) await sleep(100);
      }
      const verify = code
        ? await json(publicUrl, '/auth/api/v1/otp/verify', session, 'POST', { phone: adminPhone, otp: code, over_18: true, accept_terms: true })
        : null;
      const mes = await Promise.all([0, 1, 2].map((i) => json(direct(i), '/auth/api/v1/me', session)));
      const ok = init.status < 300 && verify?.status === 200 && mes.every((m) => m.status === 200 && m.text.includes(adminPhone.slice(-4)));
      report('a. sign-in through nginx, session on every process', ok,
        `initiate ${init.status}, code ${code ? 'read from the web logs' : 'NOT FOUND'}, verify ${verify?.status ?? '-'}, ` +
        `/me on ${webPorts.join('/')}: ${mes.map((m) => m.status).join('/')} (${secs(performance.now() - t0)})`);
      if (!ok) for (const m of mes) if (m.status !== 200) console.log(`   /me: ${m.text.slice(0, 200)}`);
    }

    /* d. tus upload across processes (done before b: its reel is the one liked) */
    let contentId: string | null = null;
    let transcodeMs = NaN;
    {
      const t0 = performance.now();
      const topic = await json(publicUrl, '/uploader/api/v1/topic', session, 'POST', { name: `Cluster ${process.pid}` });
      const topicId = (topic.body as { topic?: { id: string } })?.topic?.id;
      const cat = await json(publicUrl, '/uploader/api/v1/category', session, 'POST', { topic_id: topicId, name: 'Scale' });
      const catId = (cat.body as { category?: { id: string } })?.category?.id;
      const opt = await json(publicUrl, '/uploader/api/v1/option', session, 'POST', { category_id: catId, name: 'Many processes' });
      const optionId = (opt.body as { option?: { id: string } })?.option?.id;
      const clip = path.join(tmp, 'clip.mp4');
      const ff = spawnSync(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=25:duration=4',
        '-f', 'lavfi', '-i', 'sine=frequency=660:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
        '-c:a', 'aac', '-shortest', clip], { encoding: 'utf8' });
      if (ff.status !== 0) throw new Error(`ffmpeg: ${ff.stderr}`);
      const bytes = fs.readFileSync(clip);
      const b64 = (s: string) => Buffer.from(s).toString('base64');
      const tusHeaders = { 'tus-resumable': '1.0.0', cookie: session.header() };
      const created = await request(`${direct(0)}/uploader/api/v1/upload`, {
        method: 'POST',
        headers: {
          ...tusHeaders, 'upload-length': String(bytes.length),
          'upload-metadata': `option_id ${b64(optionId ?? '')},description ${b64('Cluster check reel')},lang ${b64('en')},is_tldr ${b64('false')}`,
        },
      });
      const location = created.headers.location ?? '';
      const chunk = Math.ceil(bytes.length / 4);
      const trail: string[] = [];
      let offset = 0;
      let last: Answer | null = null;
      let headOk = true;
      for (let i = 0; created.status === 201 && offset < bytes.length; i++) {
        const w = i % 2 === 0 ? 1 : 2;
        // The process about to write asks where the upload stands: the other one wrote last.
        const head = await request(`${direct(w)}${location}`, { method: 'HEAD', headers: tusHeaders });
        if (Number(head.headers['upload-offset']) !== offset) headOk = false;
        last = await request(`${direct(w)}${location}`, {
          method: 'PATCH',
          headers: { ...tusHeaders, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
          body: bytes.subarray(offset, offset + chunk),
        });
        trail.push(`web${w + 1}:${last.status}`);
        if (last.status !== 204 && last.status !== 200) break;
        offset = Number(last.headers['upload-offset'] ?? offset + chunk);
      }
      contentId = (last?.headers['upload-content-id'] as string | undefined) ?? null;
      const uploaded = performance.now() - t0;
      report('d1. tus upload, PATCHes alternating between two processes (shared S3 tus store)', Boolean(contentId) && headOk,
        `${bytes.length} bytes, POST web1:${created.status}, HEAD offsets ${headOk ? 'agree' : 'DISAGREE'}, PATCH ${trail.join(' ')}, ` +
        `reel ${contentId ?? 'none'} (${secs(uploaded)})${contentId ? '' : `: ${last?.text.slice(0, 200) ?? created.text.slice(0, 200)}`}`);
      if (contentId) {
        // The worker transcodes; the admin approves; every web process's feed shows it.
        const t1 = performance.now();
        let status = '';
        while (performance.now() - t1 < 120_000) {
          const r = await db.query<{ status: string }>('select status from content_items where id = $1', [contentId]);
          status = r.rows[0]?.status ?? '';
          if (status === 'ready' || status === 'failed') break;
          await sleep(250);
        }
        transcodeMs = performance.now() - t1;
        const approve = await json(direct(2), '/uploader/api/v1/content/status', session, 'POST', { content_id: contentId, status: 'Approved' });
        const t2 = performance.now();
        const seen = [false, false, false];
        const viewers = await Promise.all([0, 1, 2].map((i) => visitor(direct(i))));
        while (performance.now() - t2 < 15_000 && !seen.every(Boolean)) {
          await Promise.all([0, 1, 2].map(async (i) => {
            if (seen[i]) return;
            const f = await json(direct(i), '/feeds-server/api/v1/feeds?lang=en', viewers[i]);
            seen[i] = ((f.body as { feeds?: { id: string }[] })?.feeds ?? []).some((it) => it.id === contentId);
          }));
          if (!seen.every(Boolean)) await sleep(100);
        }
        report('d2. transcoded by the worker, approved, in every web process\'s feed', status === 'ready' && approve.status === 200 && seen.every(Boolean),
          `status ${status} after ${secs(transcodeMs)}, approve ${approve.status}, in feeds of web1/2/3: ${seen.map((s) => (s ? 'yes' : 'NO')).join('/')} ` +
          `${secs(performance.now() - t2)} after approval`);
      }
    }

    /* b. like on A, count seen at once on B */
    if (contentId) {
      const viewer = await visitor(direct(0));
      const other = await visitor(direct(1));
      const countOn = async (i: number, jar: Jar) => {
        const f = await json(direct(i), '/feeds-server/api/v1/feeds?lang=en', jar);
        return ((f.body as { feeds?: { id: string; reaction_count: { like: number } }[] })?.feeds ?? [])
          .find((it) => it.id === contentId)?.reaction_count.like;
      };
      const before = await countOn(1, other); // B's cache holds the count before the like
      const t0 = performance.now();
      const like = await json(direct(0), '/uploader/api/v1/like', viewer, 'POST', { content_id: contentId });
      const want = (like.body as { like_count?: number })?.like_count;
      let after = await countOn(1, other);
      let tries = 1;
      while (after !== want && performance.now() - t0 < 1000) {
        await sleep(20);
        after = await countOn(1, other);
        tries++;
      }
      const ms = performance.now() - t0;
      // The bus is Redis pub/sub: the message may land a few ms after the like's answer. Within 1 s is
      // "at once" for a person; without the bus web2 would keep the old count for COUNTS_TTL_LIVE_MS (15 s).
      report('b. like through web1, count in web2\'s feed at once (within 1 s)', like.status === 200 && after === want && ms < 1000,
        `like ${like.status}, count ${before} -> ${want} on web1; web2 shows ${after} ${tries === 1 ? 'on the first read' : `after ${tries} reads`} (${ms.toFixed(0)} ms)`);
    }

    /* c. chat over socket.io through nginx */
    for (const transports of [['websocket'], ['polling']] as const) {
      const jar = await visitor(publicUrl);
      const t0 = performance.now();
      const r = await new Promise<{ ok: boolean; chunks: number; answer: string; transport: string; error?: string }>((resolve) => {
        const s: Socket = io(publicUrl, {
          path: '/socket.io', transports: [...transports], upgrade: false, reconnection: false, extraHeaders: { cookie: jar.header() },
        });
        let chunks = 0;
        const done = (v: { ok: boolean; answer: string; error?: string }) => {
          const transport = s.io.engine?.transport?.name ?? '?';
          s.close();
          resolve({ ...v, chunks, transport });
        };
        const timer = setTimeout(() => done({ ok: false, answer: '', error: 'no answer in 20 s' }), 20_000);
        s.on('connect', () => s.emit('chat', { message: 'How much subsidy will I get for a 3 kW system?', language: 'english' }));
        s.on('connect_error', (e) => { clearTimeout(timer); done({ ok: false, answer: '', error: e.message }); });
        s.on('chat_chunk', () => chunks++);
        s.on('chat_end', (e: { answer?: string }) => { clearTimeout(timer); done({ ok: Boolean(e.answer), answer: e.answer ?? '' }); });
        s.on('chat_error', (e: { code?: string }) => { clearTimeout(timer); done({ ok: false, answer: '', error: e.code }); });
      });
      report(`c. chat through nginx, ${transports[0] === 'websocket' ? 'WebSocket' : 'long-polling only'}`, r.ok && r.chunks > 0 && r.transport === transports[0],
        `transport ${r.transport}, ${r.chunks} chunks, answer of ${r.answer.length} characters in ${secs(performance.now() - t0)}${r.error ? `, error ${r.error}` : ''}`);
    }

    /* e. 2,000 event pushes over the processes, kill -9 of one midway */
    let eventLagMs = NaN;
    {
      const visitors = await Promise.all(Array.from({ length: 40 }, (_, i) => visitor(direct(i % 3))));
      const pushes = Array.from({ length: EVENTS }, (_, i) => ({
        cookie: visitors[i % visitors.length].header(), ingestId: randomUUID(), acked: false,
        body: '',
      }));
      for (const p of pushes) {
        p.body = JSON.stringify({ event_type: 'PAGE_VISIT', version: '1.0.0', payload: { ingest_id: p.ingestId, metadata: { view: 'A' } } });
      }
      const alive = [true, true, true];
      const agents = [0, 1, 2].map(() => new http.Agent({ keepAlive: true, maxSockets: 8 }));
      let next = 0;
      let acked = 0;
      let resent = 0;
      let duplicates = 0;
      let killedAt = -1;
      const statuses = new Map<number, number>();
      const victim = 2;
      const t0 = performance.now();
      const workerLoop = async (w: number) => {
        for (;;) {
          const i = next++;
          if (i >= pushes.length) return;
          const p = pushes[i];
          let target = i % 3;
          for (let attempt = 0; attempt < 20 && !p.acked; attempt++) {
            if (!alive[target]) target = (target + 1) % 3;
            if (!alive[target]) target = (target + 1) % 3;
            try {
              const a = await request(`${direct(target)}/auth/api/v1/events`, {
                method: 'POST', agent: agents[target], body: p.body, timeoutMs: 10_000,
                headers: { 'content-type': 'application/json', cookie: p.cookie },
              });
              statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
              if (a.status === 202) {
                p.acked = true;
                acked++;
                if (a.text.includes('"duplicate":true')) duplicates++;
                break;
              }
            } catch { /* the process is gone: same ingest id to the next one */ }
            resent++;
            target = (target + 1) % 3;
            await sleep(50);
          }
          if (w === 0 && killedAt < 0 && acked >= EVENTS / 2) {
            killedAt = acked;
            alive[victim] = false;
            webs[victim].child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 24 }, (_, w) => workerLoop(w)));
      const sendMs = performance.now() - t0;
      agents.forEach((a) => a.destroy());
      const ids = pushes.map((p) => p.ingestId);
      const stored = await db.query<{ n: number; d: number }>(
        'select count(*)::int as n, count(distinct ingest_id)::int as d from events where ingest_id::text = any($1::text[])', [ids]);
      // Lag: from the last 202 until the worker's derivation has taken every event in.
      const tLag = performance.now();
      let underived = -1;
      while (performance.now() - tLag < 30_000) {
        underived = (await db.query<{ n: number }>('select count(*)::int as n from events where not derived')).rows[0].n;
        if (underived === 0) break;
        await sleep(50);
      }
      eventLagMs = performance.now() - tLag;
      const { n, d } = stored.rows[0];
      report(`e. ${EVENTS} event pushes over 3 processes, kill -9 of web3 after ${killedAt}`,
        n === EVENTS && d === EVENTS && pushes.every((p) => p.acked),
        `stored ${n} (distinct ingest ids ${d}), acked ${acked}, re-sent ${resent} (${duplicates} answered duplicate), ` +
        `${(EVENTS / (sendMs / 1000)).toFixed(0)} events/s, statuses ${[...statuses].map(([s, c]) => `${s}x${c}`).join(' ')}; ` +
        `derived ${underived === 0 ? `all ${secs(eventLagMs)} after the last 202` : `NOT all (${underived} left)`}`);
      await exited(webs[victim].child);
      const t1 = performance.now();
      const restarted = startWeb(victim);
      const readyMs = await waitReady(webPorts[victim], restarted.child).catch(() => NaN);
      report('e2. killed process restarted', !Number.isNaN(readyMs), `web3 ready again in ${secs(performance.now() - t1)}`);
    }

    /* f. rolling restart under load through nginx */
    let loadFigures = '';
    {
      const jars = await Promise.all(Array.from({ length: 20 }, () => visitor(publicUrl)));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      const paths = ['/feeds-server/api/v1/feeds?lang=en', '/explore'];
      const latencies: number[] = [];
      const errors = new Map<string, number>();
      let stop = false;
      let n = 0;
      const loop = async (w: number) => {
        while (!stop) {
          const p = paths[n++ % paths.length];
          const t = performance.now();
          try {
            const a = await request(publicUrl + p, { agent, headers: { cookie: jars[w].header() }, timeoutMs: 30_000 });
            if (a.status >= 400) errors.set(`${p} ${a.status}`, (errors.get(`${p} ${a.status}`) ?? 0) + 1);
          } catch (err) {
            errors.set(`${p} ${(err as Error).message}`, (errors.get(`${p} ${(err as Error).message}`) ?? 0) + 1);
          }
          latencies.push(performance.now() - t);
        }
      };
      const t0 = performance.now();
      const load = Promise.all(Array.from({ length: 20 }, (_, w) => loop(w)));
      const steps: string[] = [];
      await sleep(2000);
      for (let i = 0; i < 3; i++) {
        const ts = performance.now();
        webs[i].child.kill('SIGTERM');
        await exited(webs[i].child);
        const stoppedMs = performance.now() - ts;
        const p = startWeb(i);
        const readyMs = await waitReady(webPorts[i], p.child);
        steps.push(`web${i + 1} stopped in ${secs(stoppedMs)}, ready in ${secs(readyMs)}`);
      }
      await sleep(2000);
      stop = true;
      await load;
      const ms = performance.now() - t0;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const failed = [...errors.values()].reduce((a, b) => a + b, 0);
      loadFigures = `${(latencies.length / (ms / 1000)).toFixed(0)} requests/s through nginx, p95 ${pct(latencies, 95).toFixed(0)} ms`;
      report('f. rolling restart of the 3 web processes under load through nginx', failed === 0,
        `${latencies.length} requests in ${secs(ms)} (20 keep-alive clients, feed API and /explore): ${loadFigures}, ` +
        `p50 ${pct(latencies, 50).toFixed(0)} ms, errors ${failed}${failed ? ` (${[...errors].map(([k, v]) => `${k} x${v}`).join('; ')})` : ''}; ${steps.join('; ')}`);
    }

    /* g. figures */
    let lagMetric = '';
    try {
      const m = await request(`http://127.0.0.1:${workerMetrics}/metrics`, { timeoutMs: 3000 });
      lagMetric = m.text.split('\n').filter((l) => /derivation_lag/.test(l) && !l.startsWith('#')).slice(0, 2).join(', ');
    } catch { /* metrics not up */ }
    report('g. figures', true, `${loadFigures}; transcode ${secs(transcodeMs)}; event lag ${secs(eventLagMs)}` +
      `${lagMetric ? ` (worker /metrics: ${lagMetric})` : ''}; total ${secs(performance.now() - started)}`);
  } catch (err) {
    report('cluster', false, (err as Error).stack ?? String(err));
    for (const p of procs) {
      const tail = p.log.join('').split('\n').slice(-8).join('\n   ');
      if (tail.trim()) console.log(`   --- ${p.name} log tail:\n   ${tail}`);
    }
  } finally {
    for (const c of cleanups.reverse()) {
      try { await c(); } catch { /* best effort */ }
    }
  }
  console.log(`cluster:check ${failures === 0 ? 'PASS' : `FAIL (${failures} step${failures > 1 ? 's' : ''})`} in ${secs(performance.now() - started)}`);
  return failures === 0 ? 0 : 1;
}

/** Last resort on a signal or a crash: every child, nginx with its workers (its own process group). */
function killAll(): void {
  for (const p of procs) {
    try {
      if (p.name === 'nginx' && p.child.pid) process.kill(-p.child.pid, 'SIGKILL');
      else p.child.kill('SIGKILL');
    } catch { /* gone */ }
  }
}

let exiting = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (exiting) return;
    exiting = true;
    killAll();
    process.exit(130);
  });
}
main().then((code) => process.exit(code), (err: unknown) => {
  console.error(err);
  killAll();
  process.exit(1);
});
