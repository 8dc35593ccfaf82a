/**
 * `npm run bench:phone`: loads /reels in Debian's Chromium on a phone
 * viewport (Pixel 7) under network emulation (1.6 Mbps down, 750 kbps up,
 * 150 ms RTT; a "2G-class" phone network) with a cold cache and a new
 * profile per run, and prints, per run and as median and worst of RUNS:
 * - first frame: navigation start to the first decoded video frame
 *   (requestVideoFrameCallback on the playing reel), ms; target <= 2000
 * - JavaScript bytes on the wire (compressed, headers included) of the
 *   scripts finished before that frame; target <= 200 KB
 * - swipe to frame: after the first reel has played 3 s, a swipe (ArrowDown,
 *   or a touch swipe with SWIPE=touch) until the next reel's first decoded
 *   frame on screen (requestVideoFrameCallback on the video that becomes
 *   active, measured from the input event's timestamp), ms; target <= 300
 * - all bytes before the first frame by resource type, and the request
 *   waterfall up to the first frame of the median run.
 * Targets: the viewer-experience issue (first frame 2.0 s, 200 KB, 300 ms; median of 5).
 *
 * Options (environment):
 * - BASE_URL: measure a running server instead of starting one.
 * - CLIPS_DIR: MP4s to import into the test server (the first CLIPS, by name).
 *   Unset: the starter library, made once with `npm run library:make`
 *   (STARTER_LIBRARY_LIMIT=CLIPS) into `.data/bench-starter` and reused;
 *   the CLIPS most recently rendered MP4s are used, so a re-rendered library
 *   (new source keys) is picked up.
 * - CLIPS: reels in the feed, default 4.
 * - RUNS: cold runs, default 5.
 * - SWIPE: `key` (ArrowDown, default) or `touch` (a 400 px upward touch drag).
 * - WATERFALL: `0` hides the waterfall.
 * Prints figures; exits 0 (benchmarks are not tests).
 */
import { devices, type CDPSession, type Page } from 'playwright-core';
import { benchTarget } from './lib/starter-clips';
import { installFirstFrameProbe } from './lib/page-probes';
import { launch } from '../tests/e2e/browser';

const RUNS = Number(process.env.RUNS ?? 5);
const CLIPS = Number(process.env.CLIPS ?? 4);
const SWIPE = process.env.SWIPE === 'touch' ? 'touch' : 'key';
const LATENCY_MS = 150;
const DOWN_BPS = 1.6e6;
const UP_BPS = 750e3;
/** Targets of the viewer-experience issue (median of 5 cold runs). */
const TARGET_FIRST_FRAME_MS = 2000;
const TARGET_JS_BYTES = 200 * 1024;
const TARGET_SWIPE_MS = 300;
/** Seconds the first reel plays before the swipe. */
const PLAY_BEFORE_SWIPE_S = 3;

/** One request of a run, times in ms since navigation start. */
interface Req { url: string; type: string; start: number; end: number | null; bytes: number; status: number }

interface Sample {
  firstFrameMs: number;
  jsBytes: number;
  byType: Record<string, number>;
  /** Input to the next reel's first frame, ms; null when it did not show within 20 s. */
  swipeMs: number | null;
  requests: Req[];
}

/** Page-side probes (with installFirstFrameProbe): the swipe's input and next frame. */
function installProbes() {
  const w = window as unknown as {
    __firstFrame?: number; __inputAt?: number; __swipeFrame?: number; __armSwipe?: () => void;
  };
  const ACTIVE = '[data-testid="reel"][data-active="true"]';
  // The swipe: arm, then the input's own timestamp and the first frame the newly active video presents.
  w.__armSwipe = () => {
    const before = document.querySelector(`${ACTIVE} video`);
    const onInput = (e: Event) => { w.__inputAt = e.timeStamp; };
    window.addEventListener('keydown', onInput, { capture: true, once: true });
    window.addEventListener('touchend', onInput, { capture: true, once: true });
    const watch = (v: HTMLVideoElement) => {
      v.requestVideoFrameCallback((now) => {
        if (w.__swipeFrame !== undefined) return;
        // A frame shown before the input (a preloaded first frame) or off screen does not count.
        if (w.__inputAt !== undefined && v.closest(ACTIVE)) w.__swipeFrame = now;
        else watch(v);
      });
    };
    const seen = new Set<Element>();
    const scan = () => {
      for (const v of document.querySelectorAll('video')) {
        if (v !== before && !seen.has(v)) {
          seen.add(v);
          watch(v);
        }
      }
      if (w.__swipeFrame === undefined) requestAnimationFrame(scan);
    };
    scan();
  };
}

async function swipe(page: Page, cdp: CDPSession): Promise<void> {
  if (SWIPE === 'key') {
    await page.keyboard.press('ArrowDown');
    return;
  }
  const vp = page.viewportSize() ?? { width: 412, height: 839 };
  const x = Math.round(vp.width / 2);
  const y0 = Math.round(vp.height * 0.75);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 - i * 50 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

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
    // CDP timestamps are monotonic seconds; the document request's wallTime ties them to the page's clock.
    const reqs = new Map<string, Req & { ts: number; tsEnd?: number }>();
    let docTs: number | null = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (docTs === null && e.type === 'Document' && new URL(e.request.url).pathname === '/reels') docTs = e.timestamp;
      const prior = reqs.get(e.requestId);
      if (prior) return; // a redirect keeps the first start
      reqs.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', start: 0, end: null, bytes: 0, status: 0, ts: e.timestamp });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = reqs.get(e.requestId);
      if (r) {
        r.type = e.type;
        r.status = e.response.status;
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = reqs.get(e.requestId);
      if (r) {
        r.bytes = e.encodedDataLength;
        r.tsEnd = e.timestamp;
      }
    });
    await installFirstFrameProbe(page);
    await page.addInitScript(installProbes);
    await page.goto('/reels', { waitUntil: 'commit' });
    await page.waitForFunction(() => !!(window as unknown as { __firstFrame?: number }).__firstFrame, null, { timeout: 60_000 });
    const firstFrameMs = Math.round(await page.evaluate(() => (window as unknown as { __firstFrame: number }).__firstFrame));
    // performance.now() counts from the document's navigation start, which is the document request's start.
    const t0 = docTs ?? 0;
    const requests: Req[] = [...reqs.values()]
      .filter((r) => r.ts >= t0)
      .map((r) => ({
        url: r.url, type: r.type, status: r.status, bytes: r.bytes,
        start: Math.round((r.ts - t0) * 1000), end: r.tsEnd === undefined ? null : Math.round((r.tsEnd - t0) * 1000),
      }))
      .sort((a, b) => a.start - b.start);
    const before = requests.filter((r) => r.end !== null && r.end <= firstFrameMs);
    const byType: Record<string, number> = {};
    for (const r of before) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;

    // Swipe: the first reel plays PLAY_BEFORE_SWIPE_S, then one swipe to the next reel.
    let swipeMs: number | null = null;
    try {
      await page.waitForFunction((s) => {
        const v = document.querySelector('[data-testid="reel"][data-active="true"] video') as HTMLVideoElement | null;
        return !!v && v.currentTime >= s && !v.paused;
      }, PLAY_BEFORE_SWIPE_S, { timeout: 60_000 });
      await page.evaluate(() => (window as unknown as { __armSwipe: () => void }).__armSwipe());
      await swipe(page, cdp);
      await page.waitForFunction(() => (window as unknown as { __swipeFrame?: number }).__swipeFrame !== undefined, null, { timeout: 20_000 });
      swipeMs = Math.round(await page.evaluate(() => {
        const w = window as unknown as { __swipeFrame: number; __inputAt: number };
        return w.__swipeFrame - w.__inputAt;
      }));
    } catch (err) {
      process.stderr.write(`  swipe not measured: ${(err as Error).message.split('\n')[0]}\n`);
    }
    return { firstFrameMs, jsBytes: byType.Script ?? 0, byType, swipeMs, requests };
  } finally {
    await close();
  }
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** The middle value (the lower middle for an even count). */
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)];
const worst = (xs: number[]) => Math.max(...xs);
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

/** A short label for a waterfall row. */
function label(r: Req, origin: string): string {
  const u = r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url;
  const p = u.split('?')[0];
  return p.length > 70 ? `${p.slice(0, 67)}...` : p;
}

const { baseURL, clipsNote, stop } = await benchTarget(CLIPS);
try {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await once(baseURL));
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(`bench:phone  ${baseURL}/reels  ${clipsNote}; Pixel 7 viewport, ${DOWN_BPS / 1e6} Mbps down, ${UP_BPS / 1e3} kbps up, ${LATENCY_MS} ms RTT, cold cache, ${RUNS} runs, swipe by ${SWIPE === 'key' ? 'ArrowDown' : 'touch'}`);
  samples.forEach((s, i) => out(
    `  run ${i + 1}: first frame ${s.firstFrameMs} ms, JS ${kb(s.jsBytes)}, swipe to frame ${s.swipeMs ?? '-'} ms; before the frame by type: ${Object.entries(s.byType).map(([t, b]) => `${t} ${kb(b)}`).join(', ')}`));
  const ff = samples.map((s) => s.firstFrameMs);
  const js = samples.map((s) => s.jsBytes);
  const sw = samples.map((s) => s.swipeMs).filter((x): x is number => x !== null);
  const verdict = (v: number, target: number) => (v <= target ? 'meets' : 'misses');
  out('');
  out(`figure                        median      worst       target      (median)`);
  out(`first frame                   ${`${median(ff)} ms`.padEnd(12)}${`${worst(ff)} ms`.padEnd(12)}${`<= ${TARGET_FIRST_FRAME_MS} ms`.padEnd(12)}${verdict(median(ff), TARGET_FIRST_FRAME_MS)}`);
  out(`JS before first frame         ${kb(median(js)).padEnd(12)}${kb(worst(js)).padEnd(12)}${`<= ${TARGET_JS_BYTES / 1024} KB`.padEnd(12)}${verdict(median(js), TARGET_JS_BYTES)}`);
  if (sw.length > 0) {
    out(`swipe to next frame           ${`${median(sw)} ms`.padEnd(12)}${`${worst(sw)} ms`.padEnd(12)}${`<= ${TARGET_SWIPE_MS} ms`.padEnd(12)}${verdict(median(sw), TARGET_SWIPE_MS)}${sw.length < samples.length ? `  (${samples.length - sw.length} run(s) not measured)` : ''}`);
  } else {
    out(`swipe to next frame           not measured (see the messages above)`);
  }
  if (process.env.WATERFALL !== '0') {
    // The run whose first frame is the median.
    const m = samples.find((s) => s.firstFrameMs === median(ff)) ?? samples[0];
    out('');
    out(`waterfall of the median run (first frame at ${m.firstFrameMs} ms): requests started before the first frame, ms since navigation start`);
    out(`  ${'start'.padStart(6)} ${'end'.padStart(6)} ${'bytes'.padStart(9)}  ${'type'.padEnd(10)} url`);
    for (const r of m.requests.filter((x) => x.start <= m.firstFrameMs)) {
      out(`  ${String(r.start).padStart(6)} ${String(r.end ?? '-').padStart(6)} ${kb(r.bytes).padStart(9)}  ${r.type.padEnd(10)} ${label(r, baseURL)}${r.end !== null && r.end > m.firstFrameMs ? '  (after the frame)' : ''}`);
    }
  }
} finally {
  await stop();
}
