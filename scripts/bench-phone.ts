/**
 * `npm run bench:phone`: loads /reels in Debian's Chromium on a phone
 * viewport under network emulation (1.6 Mbps down, 750 kbps up, 150 ms RTT;
 * a "2G-class" phone network) with a cold cache, and prints:
 * - time from navigation start to the first decoded video frame (target <= 3 s)
 * - JavaScript bytes on the wire (compressed) before that frame (target <= 350 KB)
 * - all bytes before the first frame, by resource type.
 * Runs against BASE_URL when given, else starts a test server with
 * the MP4s of CLIPS_DIR (e.g. `.data/library`, the starter reels) or generated clips. Prints figures; exits 0 (benchmarks are not tests).
 */
import { devices } from 'playwright-core';
import { ensureBuild } from './lib/ensure-build';
import { startTestServer, type TestServer } from './lib/test-server';
import { launch } from '../tests/e2e/browser';

const RUNS = Number(process.env.RUNS ?? 3);
const LATENCY_MS = 150;
const DOWN_BPS = 1.6e6;
const UP_BPS = 750e3;

interface Sample { firstFrameMs: number; jsBytes: number; byType: Record<string, number> }

async function once(baseURL: string): Promise<Sample> {
  const { context, close } = await launch({ ...devices['Pixel 7'], baseURL });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: LATENCY_MS, downloadThroughput: DOWN_BPS / 8, uploadThroughput: UP_BPS / 8,
    });
    const types = new Map<string, string>();
    const done: Array<{ type: string; bytes: number; at: number }> = [];
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      done.push({ type: types.get(e.requestId) ?? 'Other', bytes: e.encodedDataLength, at: Date.now() });
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: number };
      document.addEventListener('playing', (ev) => {
        const v = ev.target as HTMLVideoElement;
        if (w.__firstFrame) return;
        if ('requestVideoFrameCallback' in v) {
          v.requestVideoFrameCallback(() => { w.__firstFrame ??= Date.now(); });
        } else {
          w.__firstFrame ??= Date.now();
        }
      }, true);
    });
    const navStart = Date.now();
    await page.goto('/reels', { waitUntil: 'commit' });
    await page.waitForFunction(() => !!(window as unknown as { __firstFrame?: number }).__firstFrame, null, { timeout: 60_000 });
    const frameAt = await page.evaluate(() => (window as unknown as { __firstFrame: number }).__firstFrame);
    const before = done.filter((d) => d.at <= frameAt);
    const byType: Record<string, number> = {};
    for (const d of before) byType[d.type] = (byType[d.type] ?? 0) + d.bytes;
    return { firstFrameMs: frameAt - navStart, jsBytes: byType.Script ?? 0, byType };
  } finally {
    await close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server: TestServer | undefined;
let baseURL = process.env.BASE_URL;
if (!baseURL) {
  ensureBuild();
  // CLIPS_DIR: MP4s to import, e.g. .data/library (the starter reels); else generated test clips.
  server = await startTestServer(3, process.env.CLIPS_DIR);
  baseURL = server.baseURL;
}
try {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await once(baseURL));
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  process.stdout.write(`bench:phone  ${baseURL}/reels  Pixel 7 viewport, ${DOWN_BPS / 1e6} Mbps down, ${LATENCY_MS} ms RTT, cold cache, ${RUNS} runs\n`);
  samples.forEach((s, i) => process.stdout.write(
    `  run ${i + 1}: first frame ${s.firstFrameMs} ms, JS ${kb(s.jsBytes)}, by type ${Object.entries(s.byType).map(([t, b]) => `${t} ${kb(b)}`).join(', ')}\n`));
  const ff = median(samples.map((s) => s.firstFrameMs));
  const js = median(samples.map((s) => s.jsBytes));
  process.stdout.write(`median first frame: ${ff} ms (target <= 3000) ${ff <= 3000 ? 'PASS' : 'FAIL'}\n`);
  process.stdout.write(`median JS before first frame: ${kb(js)} (target <= 350 KB) ${js <= 350 * 1024 ? 'PASS' : 'FAIL'}\n`);
} finally {
  await server?.stop();
}
