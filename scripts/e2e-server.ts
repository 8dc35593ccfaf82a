/**
 * The end-to-end suite's server (playwright.config.ts `webServer`): builds
 * the app if needed, makes a fresh data folder with four generated clips
 * imported through the media pipeline, then runs the real server
 * (`server/index.ts`) in this process on E2E_PORT (default 3917), loopback
 * only, until Playwright stops it with SIGTERM; the server's own shutdown
 * exits the process and the data folder goes with it.
 * Run as `node --import tsx scripts/e2e-server.ts`: one process, so the signal
 * reaches the server once.
 * Speech-to-text (STT_URL) points at a stand-in recogniser served by this
 * process (the protocol of features/assistant/server/speech-to-text.ts), so
 * the chat's microphone records and uploads in the browser: no recogniser
 * runs offline. It hears every recording as E2E_TRANSCRIPT.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ensureBuild } from './lib/ensure-build';
import { e2eLogFile, prepareTestData, testServerEnv } from './lib/test-server';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3917';

ensureBuild(root);
const started = Date.now();
const dataDir = prepareTestData(4);
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.stderr.write(`e2e server: 4 clips imported in ${((Date.now() - started) / 1000).toFixed(1)} s; starting on http://127.0.0.1:${port}\n`);

// The server's log also goes to a file the tests read: sign-in codes come from the console SMS provider's line there.
const logFile = e2eLogFile(port);
fs.writeFileSync(logFile, '');
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  fs.appendFileSync(logFile, chunk);
  return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;
process.on('exit', () => fs.rmSync(logFile, { force: true }));

// The stand-in recogniser: a POST of audio (at most 1 MiB) answers E2E_TRANSCRIPT in Hinglish; anything else a 400.
const E2E_TRANSCRIPT = '3kW pe kitni subsidy milegi?';
const stt = http.createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    const audio = req.method === 'POST' && /^audio\//.test(req.headers['content-type'] ?? '') && bytes > 0 && bytes <= 1 << 20;
    res.writeHead(audio ? 200 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(audio ? { text: E2E_TRANSCRIPT, language: 'hi-Latn' } : { error: 'not audio' }));
  });
});
await new Promise<void>((resolve) => stt.listen(0, '127.0.0.1', resolve));
stt.unref();

// The server reads its environment when it starts; DATABASE_URL is dropped so the suite never touches a real database.
const env = testServerEnv(dataDir, {
  PORT: port, HOST: '127.0.0.1', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SHUTDOWN_GRACE_S: '2', LOG_LEVEL: 'info', SMS_PROVIDER: 'console',
  // One admin phone per spec (OTP limits are per phone): studio, referrals, partners, insights, seo, search.
  ADMIN_PHONES: '9999900001,9999900002,9999900003,9999900004,9999900005,9999900006,9999900007,9999900008,9999900009',
  // The referral test scratches a reward right after "order placed" (no holding period).
  REWARD_HOLD_DAYS: '0',
  STT_URL: `http://127.0.0.1:${(stt.address() as AddressInfo).port}/transcribe`,
});
Object.assign(process.env, env);
delete process.env.DATABASE_URL;
await import('../server/index');
