/**
 * `npm run bench:auth`: phone OTP sign-in on PostgreSQL under load, and
 * the enumeration timing gap. Benchmarks print figures, they are not tests:
 * exits 0 on PASS or FAIL, 1 only on a crash.
 *
 * 1. 50 concurrent users (BENCH_USERS) each initiate a code and then verify
 *    it, all at once, for BENCH_ROUNDS rounds: p50/p95 of each call.
 * 2. Enumeration: initiate for registered and unregistered numbers,
 *    interleaved one at a time (BENCH_ENUM of each), p50/p95 per kind and
 *    the p95 gap (target: at most 50 ms, and the same status and body shape).
 *
 * The real server pieces: the Hono API on a loopback port, the console SMS
 * provider (codes are read from its log line, as a developer would), the
 * database at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * The users run in a child process so they do not share the server's event
 * loop. Everything the bench makes is deleted at the end.
 */
import http from 'node:http';
import os from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const USERS = Number(process.env.BENCH_USERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ENUM = Number(process.env.BENCH_ENUM ?? 150);
const TARGET_GAP_MS = 50;

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const sortNum = (v: number[]) => [...v].sort((a, b) => a - b);
function line(label: string, values: number[]): string {
  const s = sortNum(values);
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(26)} n ${String(s.length).padStart(4)}   p50 ${f(pct(s, 50))} ms   p95 ${f(pct(s, 95))} ms   max ${f(s.at(-1) ?? NaN)} ms`;
}

interface Plan { loadPhones: string[][]; registered: string[]; unregistered: string[] }
interface Report {
  initiate: number[]; verify: number[]; errors: string[];
  enumRegistered: number[]; enumUnregistered: number[]; shapes: string[];
}

/* ---------- child: the users ---------- */

async function runUsers(url: string, plan: Plan): Promise<Report> {
  const report: Report = { initiate: [], verify: [], errors: [], enumRegistered: [], enumUnregistered: [], shapes: [] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 5 });
  let seq = 0;
  const pending = new Map<number, (code: string) => void>();
  process.on('message', (m: { id: number; code: string }) => pending.get(m.id)?.(m.code));
  const codeOf = (phone: string) => new Promise<string>((resolve) => {
    const id = ++seq;
    pending.set(id, resolve);
    process.send!({ id, phone });
  });
  function call(path: string, cookie: string, body: unknown): Promise<{ status: number; text: string; setCookie: string[]; ms: number }> {
    return new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const t0 = performance.now();
      const req = http.request(`${url}${path}`, {
        method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), cookie, origin: url },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => { text += d; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, setCookie: res.headers['set-cookie'] ?? [], ms: performance.now() - t0 }));
      });
      req.on('error', reject);
      req.end(data);
    });
  }
  const visitor = async () => {
    const r = await call('/auth/api/v1/visitor', '', {});
    return r.setCookie.map((c) => c.split(';')[0]).join('; ');
  };

  for (const phones of plan.loadPhones) {
    const cookies = await Promise.all(phones.map(() => visitor()));
    const started = await Promise.all(phones.map((phone, i) => call('/auth/api/v1/otp/initiate', cookies[i], { phone })));
    started.forEach((r) => (r.status === 200 ? report.initiate.push(r.ms) : report.errors.push(`initiate ${r.status} ${r.text.slice(0, 80)}`)));
    const codes = await Promise.all(phones.map((p) => codeOf(p)));
    const verified = await Promise.all(phones.map((phone, i) => call('/auth/api/v1/otp/verify', cookies[i], {
      phone, otp: codes[i], over_18: true, accept_terms: true,
    })));
    verified.forEach((r) => (r.status === 200 ? report.verify.push(r.ms) : report.errors.push(`verify ${r.status} ${r.text.slice(0, 80)}`)));
  }

  for (let i = 0; i < plan.registered.length; i++) {
    // A fresh visitor every pair: the per-visitor sign-in limit (30 in 10 minutes) is not what is measured here.
    const cookie = await visitor();
    for (const [phone, out] of [[plan.registered[i], report.enumRegistered], [plan.unregistered[i], report.enumUnregistered]] as const) {
      const r = await call('/auth/api/v1/otp/initiate', cookie, { phone });
      out.push(r.ms);
      const shape = `${r.status} ${Object.keys(JSON.parse(r.text)).sort().join(',')}`;
      if (!report.shapes.includes(shape)) report.shapes.push(shape);
    }
  }
  agent.destroy();
  return report;
}

/* ---------- parent: the server ---------- */

async function main() {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.LOG_LEVEL = 'silent';
  process.env.STARTER_LIBRARY = 'false';
  process.env.SMS_PROVIDER = 'console';
  for (const k of ['IP_LIMIT_OTP_SENDS', 'IP_LIMIT_OTP_WRONG', 'IP_LIMIT_AUTH', 'IP_LIMIT_VISITORS']) process.env[k] = '1000000';
  const { getRequestListener } = await import('@hono/node-server');
  const { inArray, sql } = await import('drizzle-orm');
  const { getDb } = await import('@/lib/db/client');
  const { otpLog, otpRequests, users, viewers, events, chats, leads } = await import('@/lib/db/schema');
  const { initMediaSigning } = await import('@/lib/storage/signing');
  const { logger } = await import('@/lib/logger');
  const { buildApi } = await import('@/server/api');

  const handle = await getDb();
  if (handle.kind !== 'postgres') throw new Error('bench:auth runs on PostgreSQL: set DATABASE_URL');
  await initMediaSigning();
  const { db } = handle;

  // The console provider's line `otp <E.164> <code>` is where the code is read, as a developer would.
  const codes = new Map<string, string>();
  const log = logger();
  const info = log.info.bind(log);
  log.info = ((...args: unknown[]) => {
    const m = typeof args[0] === 'string' ? /^otp (\+\d+) (\d{6})$/.exec(args[0]) : null;
    if (m) codes.set(m[1], m[2]);
    else (info as (...a: unknown[]) => void)(...args);
  }) as typeof log.info;

  const tag = String(Date.now() % 100000).padStart(5, '0');
  const used = new Set<string>();
  const phone = () => {
    let p: string;
    do p = `+9197${tag.slice(0, 3)}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`; while (used.has(p));
    used.add(p);
    return p;
  };
  const plan: Plan = {
    loadPhones: Array.from({ length: ROUNDS }, () => Array.from({ length: USERS }, phone)),
    registered: Array.from({ length: ENUM }, phone),
    unregistered: Array.from({ length: ENUM }, phone),
  };
  await db.insert(users).values(plan.registered.map((p) => ({ phone: p, name: 'Bench user' })));

  const listener = getRequestListener(buildApi().fetch);
  const server = http.createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`bench:auth: ${USERS} concurrent users x ${ROUNDS} rounds (initiate, then verify), PostgreSQL; enumeration ${ENUM} + ${ENUM} initiates; ${os.cpus().length} CPUs`);

  const child = fork(fileURLToPath(import.meta.url), ['--users', url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const report = await new Promise<Report>((resolve, reject) => {
    child.on('message', (m: { id?: number; phone?: string } | Report) => {
      if ('phone' in m && m.id !== undefined) {
        const ask = m as { id: number; phone: string };
        const wait = () => (codes.has(ask.phone) ? child.send({ id: ask.id, code: codes.get(ask.phone) }) : setTimeout(wait, 5));
        wait();
      } else resolve(m as Report);
    });
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`users process exited ${code}`)));
    child.send({ plan });
  });

  console.log(`  ${line('initiate (50 at once)', report.initiate)}`);
  console.log(`  ${line('verify (50 at once)', report.verify)}`);
  console.log(`  errors ${report.errors.length}${report.errors.length ? ` (${report.errors.slice(0, 3).join('; ')})` : ''}`);
  console.log(`  ${line('initiate, registered', report.enumRegistered)}`);
  console.log(`  ${line('initiate, unregistered', report.enumUnregistered)}`);
  const gap = Math.abs(pct(sortNum(report.enumRegistered), 95) - pct(sortNum(report.enumUnregistered), 95));
  const gap50 = Math.abs(pct(sortNum(report.enumRegistered), 50) - pct(sortNum(report.enumUnregistered), 50));
  console.log(`  enumeration gap: p50 ${gap50.toFixed(1)} ms, p95 ${gap.toFixed(1)} ms; answers seen: ${report.shapes.join(' | ')}`);
  const pass = report.errors.length === 0 && gap <= TARGET_GAP_MS && report.shapes.length === 1;
  console.log(`${pass ? 'PASS' : 'FAIL'}: enumeration p95 gap ${gap.toFixed(1)} ms (target <= ${TARGET_GAP_MS} ms, one answer shape), no errors`);

  // Leave nothing behind.
  const all = [...used];
  const made = (await db.select({ id: users.id }).from(users).where(inArray(users.phone, all))).map((r) => r.id);
  if (made.length) {
    const owned = (await db.select({ id: viewers.id }).from(viewers).where(inArray(viewers.user_id, made))).map((r) => r.id);
    if (owned.length) {
      await db.delete(events).where(inArray(events.viewer_id, owned));
      await db.delete(chats).where(inArray(chats.viewer_id, owned));
      await db.delete(leads).where(inArray(leads.viewer_id, owned));
      await db.delete(viewers).where(inArray(viewers.id, owned));
    }
    await db.delete(users).where(inArray(users.id, made));
  }
  await db.delete(otpRequests).where(inArray(otpRequests.phone, all));
  await db.delete(otpLog).where(inArray(otpLog.phone, all));
  await db.execute(sql`select 1`);
  server.close();
  await handle.close();
}

if (process.argv[2] === '--users') {
  const url = process.argv[3];
  process.once('message', (m) => {
    runUsers(url, (m as { plan: Plan }).plan).then((r) => {
      process.send!(r, () => process.exit(0));
    }, (err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
} else {
  main().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
