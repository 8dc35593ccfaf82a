/**
 * `npm run bench:assistant`: time to the first chunk and to the whole answer
 * of the assistant over socket.io, 20 concurrent users each asking several
 * suggested questions in one chat (so each later question is read against
 * the chat's stored ones, as a follow-up may be) (target: first
 * chunk p95 at most 150 ms without a model). Benchmarks print figures, they
 * are not tests: exits 0 on PASS or FAIL, 1 only on a crash.
 *
 * The real server pieces: Hono API and socket.io on one ephemeral loopback
 * port, a temporary PGlite database with the question bank synced from
 * features/assistant/data as at start-up, no model (LLM_BASE_URL ignored).
 * The users run in a child process so they do not share the server's event
 * loop.
 *
 * Options (env): BENCH_USERS (default 20), BENCH_QUESTIONS (per user, default 5).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const USERS = Number(process.env.BENCH_USERS ?? 20);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 5);
const TARGET_FIRST_CHUNK_P95_MS = 150;
const LANGS = ['english', 'hindi', 'hinglish'] as const;

interface Sample { lang: string; firstChunkMs: number; fullMs: number; matched: boolean }
interface ClientReport { samples: Sample[]; errors: string[] }

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function line(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  return `${label.padEnd(22)} p50 ${f(pct(s, 50))} ms   p95 ${f(pct(s, 95))} ms   max ${f(s.at(-1) ?? NaN)} ms`;
}

/* ---------- child: the users ---------- */

async function runUsers(url: string, questions: Record<string, string[]>, cookies: string[]): Promise<ClientReport> {
  const { io } = await import('socket.io-client');
  const report: ClientReport = { samples: [], errors: [] };
  const sockets = await Promise.all(cookies.map((cookie) => new Promise<import('socket.io-client').Socket>((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  })));
  await Promise.all(sockets.map(async (s, u) => {
    const lang = LANGS[u % LANGS.length];
    const list = questions[lang];
    // One chat per user, as a person asks: each question after the first is read against the chat's stored ones.
    let chatId: string | undefined;
    for (let k = 0; k < QUESTIONS; k++) {
      const message = list[(u * QUESTIONS + k) % list.length];
      const t0 = performance.now();
      let first = NaN;
      const onChunk = () => {
        if (Number.isNaN(first)) first = performance.now() - t0;
      };
      s.on('chat_chunk', onChunk);
      const end = await new Promise<{ ok: boolean; matched?: boolean; error?: string }>((resolve) => {
        s.once('chat_end', (r: { matched: boolean; chat_id: string }) => {
          chatId = r.chat_id;
          resolve({ ok: true, matched: r.matched });
        });
        s.once('chat_error', (e: { code: string }) => resolve({ ok: false, error: e.code }));
        s.emit('chat', { message, language: lang, ...(chatId ? { chat_id: chatId } : {}) });
      });
      const full = performance.now() - t0;
      s.off('chat_chunk', onChunk);
      s.removeAllListeners('chat_end');
      s.removeAllListeners('chat_error');
      if (end.ok) report.samples.push({ lang, firstChunkMs: first, fullMs: full, matched: end.matched ?? false });
      else report.errors.push(`${lang}: ${end.error}`);
    }
  }));
  for (const s of sockets) s.disconnect();
  return report;
}

/* ---------- parent: the server ---------- */

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-bench-assistant-'));
  process.env.DATA_DIR = tmp;
  delete process.env.DATABASE_URL;
  delete process.env.LLM_BASE_URL;
  process.env.STARTER_LIBRARY = 'false';
  process.env.WORKER_ENABLED = 'false';
  process.env.LOG_LEVEL ??= 'warn';
  (process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';

  const { getDb } = await import('@/lib/db/client');
  const { getRequestListener } = await import('@hono/node-server');
  const { buildApi } = await import('@/server/api');
  const { createSocketServer } = await import('@/server/socket');
  const { syncKnowledge, readSuggestionFiles } = await import('@/features/assistant/server/knowledge');
  const { warmAnswers } = await import('@/features/assistant/server/answer');

  const handle = await getDb();
  const synced = await syncKnowledge();
  const t = performance.now();
  await warmAnswers();
  const warmMs = performance.now() - t;
  const suggestions = readSuggestionFiles();
  const questions = Object.fromEntries(LANGS.map((l) => [l, [...suggestions[l].long, ...suggestions[l].short].map((s) => s.q)]));

  const listener = getRequestListener(buildApi().fetch);
  const server = http.createServer((req, res) => void listener(req, res));
  const { listReadyReelsForTopics } = await import('@/features/reels/server/related');
  const { newVisitorId, visitorToken } = await import('@/lib/auth/visitor');
  const { initMediaSigning } = await import('@/lib/storage/signing');
  const { VIEWER_COOKIE } = await import('@/lib/constants');
  await initMediaSigning();
  const sockets = createSocketServer(server, { findReels: listReadyReelsForTopics, chat: { llm: null } });
  // Each user is a visitor the server issued (a signed cookie), as after a page load.
  const cookies = Array.from({ length: USERS }, () => `${VIEWER_COOKIE}=${visitorToken(newVisitorId())}`);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  console.log(`bench:assistant: ${USERS} socket.io users x ${QUESTIONS} suggested questions, no model`);
  console.log(`  bank ${synced.entries} entries, ${synced.suggestions} suggestions; index warm-up ${warmMs.toFixed(0)} ms; ${os.cpus().length} CPUs`);

  const child = fork(fileURLToPath(import.meta.url), ['--users', url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ questions, cookies });
  const report = await new Promise<ClientReport>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ClientReport));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`users process exited ${code}`)));
  });

  const first = report.samples.map((s) => s.firstChunkMs).filter((n) => !Number.isNaN(n));
  const full = report.samples.map((s) => s.fullMs);
  console.log(`  answers ${report.samples.length} (matched ${report.samples.filter((s) => s.matched).length}), errors ${report.errors.length}${report.errors.length ? ` (${report.errors.slice(0, 3).join(', ')})` : ''}`);
  console.log(`  ${line('time to first chunk', first)}`);
  console.log(`  ${line('time to whole answer', full)}`);
  for (const l of LANGS) {
    const mine = report.samples.filter((s) => s.lang === l);
    console.log(`    ${l.padEnd(9)} ${line('first chunk', mine.map((s) => s.firstChunkMs))}`);
  }
  const p95 = pct([...first].sort((a, b) => a - b), 95);
  const pass = first.length > 0 && report.errors.length === 0 && p95 <= TARGET_FIRST_CHUNK_P95_MS;
  console.log(`${pass ? 'PASS' : 'FAIL'}: first chunk p95 ${p95.toFixed(1)} ms (target <= ${TARGET_FIRST_CHUNK_P95_MS} ms, no errors)`);

  await sockets.io.close();
  server.close();
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}

if (process.argv[2] === '--users') {
  const url = process.argv[3];
  process.once('message', (m) => {
    const { questions, cookies } = m as { questions: Record<string, string[]>; cookies: string[] };
    runUsers(url, questions, cookies).then((r) => {
      process.send!(r, () => process.exit(0));
    }, (err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
} else {
  // PASS or FAIL both exit 0 (a figure, not a test); only a crash exits 1.
  main().then(() => process.exit(0), (err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
