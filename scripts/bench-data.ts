/**
 * `npm run bench:data`: megabytes per minute of watching. Debian's Chromium
 * on a phone viewport (Pixel 7) under network emulation (1.6 Mbps down,
 * 750 kbps up, 150 ms RTT), cold cache and a new profile per run, opens
 * /reels, waits for the first decoded frame, then watches WATCH_S seconds
 * with a swipe (ArrowDown) every SWIPE_EVERY_S seconds (with the data saver,
 * where the next reel waits for a tap, a tap on it right after the swipe).
 * The HTTP cache starts empty (a new profile) and stays on, as on a phone.
 * It does so in two modes, each in its own browser context:
 * - `default`: nothing set;
 * - `data saver`: the request header `Save-Data: on` on every request, and
 *   the device setting cookie `sr_data_saver=on` (path /) set before navigation.
 *
 * Bytes are bytes on the wire (compressed, response headers included:
 * `Network.loadingFinished.encodedDataLength`; for requests still in flight
 * at the end, or cancelled, the response headers plus every
 * `Network.dataReceived` chunk so far), counted from navigation start to
 * the end of the watching. The service worker's own fetches (precache,
 * warming) are counted too, by kind, from Playwright's request sizes once
 * finished (the emulated network applies to the page, not to the worker).
 * MB = 1e6 bytes; "per minute" divides by the WATCH_S seconds of watching.
 *
 * Printed per mode (the median of RUNS for every figure; the per-reel table
 * is the run with the median total):
 * - MB per minute by kind: `segments, active reel` (a .ts segment of the reel
 *   that was on screen when the request started), `segments, neighbours`
 *   (every other .ts), `playlists` (.m3u8), `posters` (poster.jpg, thumb.jpg
 *   and other images), `scripts`, `other` (documents, CSS, fonts, API JSON, ...),
 *   and the total;
 * - per content id in feed order: shown or not, segments requested, segment
 *   and playlist bytes;
 * - "reels never shown": segment + playlist bytes of reels that were never
 *   the active one, and their segments' share of all segment bytes;
 * - a verdict per target (the data-saver issue):
 *   default <= 5 MB per minute and <= 10 % of segment bytes for reels never shown;
 *   data saver <= 2.5 MB per minute and 0 segment or playlist bytes for reels never shown.
 *
 * Media URLs carry the content id: `/media/<token>/<contentId>/master.m3u8`,
 * `.../<rendition>/index.m3u8`, `.../<rendition>/seg_00000.ts`, `.../poster.jpg`,
 * `.../thumb.jpg` (lib/storage/signing.ts); the first UUID in the path is taken.
 *
 * Options (environment):
 * - BASE_URL: measure a running server instead of starting one.
 * - CLIPS_DIR: MP4s to import into the test server (the first CLIPS, by name).
 *   Unset: the starter library (scripts/lib/starter-clips.ts), made once into
 *   `.data/bench-starter` and reused.
 * - CLIPS: reels in the feed, default 8.
 * - WATCH_S: seconds of watching after the first frame, default 60.
 * - SWIPE_EVERY_S: seconds between swipes, default 15.
 * - RUNS: runs per mode, default 1 (the median is printed).
 * - DEBUG: `1` prints a few sample URLs per kind and every run's figures.
 * Prints figures; exits 0 (benchmarks are not tests).
 */
import { devices, type CDPSession, type Request } from 'playwright-core';
import { benchTarget } from './lib/starter-clips';
import { installFirstFrameProbe } from './lib/page-probes';
import { launch } from '../tests/e2e/browser';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const CLIPS = Number(process.env.CLIPS ?? 8);
const WATCH_S = Number(process.env.WATCH_S ?? 60);
const SWIPE_EVERY_S = Number(process.env.SWIPE_EVERY_S ?? 15);
const DEBUG = process.env.DEBUG === '1';
const LATENCY_MS = 150;
const DOWN_BPS = 1.6e6;
const UP_BPS = 750e3;
const MB = 1e6;
/** Targets of the data-saver issue. */
const TARGET_DEFAULT_MB_PER_MIN = 5;
const TARGET_DEFAULT_NEVER_SHOWN_SHARE = 0.1;
const TARGET_SAVER_MB_PER_MIN = 2.5;
const ACTIVE = '[data-testid="reel"][data-active="true"]';

const KINDS = ['segments, active reel', 'segments, neighbours', 'playlists', 'posters', 'scripts', 'other'] as const;
type Kind = (typeof KINDS)[number];

interface Mode { name: 'default' | 'data saver'; saver: boolean }
const MODES: Mode[] = [{ name: 'default', saver: false }, { name: 'data saver', saver: true }];

/** One request of a run, times in ms since navigation start. */
interface Req {
  url: string;
  /** CDP resource type (Script, Image, XHR, Media, ...); `ServiceWorker` for the worker's own fetches. */
  type: string;
  start: number;
  bytes: number;
  /** Response headers plus every dataReceived chunk (the count for an unfinished request; a check for a finished one). */
  partialBytes: number;
  finished: boolean;
  contentId: string | null;
  kind: Kind;
}

/** What the page recorded: the active reel over time (ms since navigation start) and the feed order. */
interface Timeline { active: { t: number; id: string | null }[]; order: string[] }

interface Sample {
  byKind: Record<Kind, number>;
  total: number;
  /** Ids that were active at any time. */
  shown: Set<string>;
  /** Content ids: the shown ones in the order shown, then the others by first request. */
  order: string[];
  perReel: Map<string, { segments: number; segmentBytes: number; playlistBytes: number }>;
  neverShownBytes: number;
  neverShownSegmentBytes: number;
  segmentBytes: number;
  swBytes: number;
  firstFrameMs: number;
  watchedMs: number;
  requests: Req[];
}

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The content id in a media URL's path (the first UUID), or null. */
function contentIdOf(url: string): string | null {
  try {
    const m = UUID_RE.exec(new URL(url).pathname);
    return m ? m[0].toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The kind of a request; `activeAt` is the reel on screen when it started. */
function kindOf(url: string, type: string, contentId: string | null, activeAt: string | null): Kind {
  let pathname = '';
  try {
    pathname = new URL(url).pathname;
  } catch { /* not a URL */ }
  if (pathname.endsWith('.ts')) return contentId !== null && contentId === activeAt ? 'segments, active reel' : 'segments, neighbours';
  if (pathname.endsWith('.m3u8')) return 'playlists';
  if (/\/(?:poster|thumb)\.jpg$/.test(pathname) || type === 'Image' || /\.(?:jpe?g|png|webp|avif|gif|svg)$/.test(pathname)) return 'posters';
  if (type === 'Script' || (type === 'ServiceWorker' && pathname.endsWith('.js'))) return 'scripts';
  return 'other';
}

/** Page-side probes: the first frame of any video, and the active reel over time. */
function installProbes(selector: string) {
  const w = window as unknown as { __firstFrame?: number; __active?: { t: number; id: string | null }[] };
  const active: { t: number; id: string | null }[] = [];
  w.__active = active;
  const check = () => {
    const id = document.querySelector(selector)?.getAttribute('data-content-id') ?? null;
    const last = active.length > 0 ? active[active.length - 1].id : undefined;
    if (id !== last) active.push({ t: performance.now(), id });
  };
  // A poll catches the server-rendered first reel early; the observer catches every swipe at once.
  setInterval(check, 100);
  const observe = () => {
    check();
    new MutationObserver(check).observe(document.documentElement, {
      subtree: true, attributes: true, attributeFilter: ['data-active', 'data-content-id'],
    });
  };
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
}

/** The reel on screen at `t` (ms since navigation start); before the first record, the first reel shown. */
function activeAt(tl: Timeline['active'], t: number): string | null {
  let id: string | null = tl.find((e) => e.id !== null)?.id ?? null;
  for (const e of tl) {
    if (e.t > t) break;
    if (e.id !== null) id = e.id;
  }
  return id;
}

async function once(baseURL: string, mode: Mode): Promise<Sample> {
  const { context, close } = await launch({
    ...devices['Pixel 7'], baseURL, extraHTTPHeaders: mode.saver ? { 'Save-Data': 'on' } : undefined,
  });
  try {
    if (mode.saver) {
      await context.addCookies([{ name: 'sr_data_saver', value: 'on', domain: new URL(baseURL).hostname, path: '/' }]);
    }
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Cold: a new profile starts with an empty HTTP cache. The cache stays on, as on a phone: a
    // picture the service worker stores after the page loaded it comes from it, not the network.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: LATENCY_MS, downloadThroughput: DOWN_BPS / 8, uploadThroughput: UP_BPS / 8,
    });

    // Page requests from CDP (monotonic seconds); the document request's timestamp is the page's time origin.
    interface Raw {
      url: string; type: string; ts: number; headerBytes: number; dataBytes: number;
      finalBytes: number | null; fromServiceWorker: boolean;
    }
    const raw = new Map<string, Raw>();
    let docTs: number | null = null;
    let closed = false;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (closed) return;
      if (docTs === null && e.type === 'Document' && new URL(e.request.url).pathname === '/reels') docTs = e.timestamp;
      if (raw.has(e.requestId)) return; // a redirect keeps the first start
      raw.set(e.requestId, {
        url: e.request.url, type: e.type ?? 'Other', ts: e.timestamp, headerBytes: 0, dataBytes: 0, finalBytes: null, fromServiceWorker: false,
      });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = raw.get(e.requestId);
      if (!r || closed) return;
      r.type = e.type;
      r.headerBytes = e.response.encodedDataLength ?? 0;
      r.fromServiceWorker = e.response.fromServiceWorker === true;
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = raw.get(e.requestId);
      if (r && !closed) r.dataBytes += e.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = raw.get(e.requestId);
      if (r && !closed) r.finalBytes = e.encodedDataLength;
    });

    // The service worker's own fetches (precache, warming): Playwright reports them on the context.
    const sw: { req: Request; wall: number; bytes: number | null }[] = [];
    const swPending: Promise<void>[] = [];
    context.on('request', (req) => {
      if (!closed && req.serviceWorker()) sw.push({ req, wall: Date.now(), bytes: null });
    });
    context.on('requestfinished', (req) => {
      const entry = sw.find((s) => s.req === req);
      if (!entry || closed) return;
      swPending.push(req.sizes().then((s) => {
        entry.bytes = s.responseBodySize + s.responseHeadersSize;
      }, () => undefined));
    });

    await installFirstFrameProbe(page);
    await page.addInitScript(installProbes, ACTIVE);
    const navWall = Date.now();
    await page.goto('/reels', { waitUntil: 'commit' });
    await page.waitForFunction(() => !!(window as unknown as { __firstFrame?: number }).__firstFrame, null, { timeout: 60_000 });
    const firstFrameMs = Math.round(await page.evaluate(() => (window as unknown as { __firstFrame: number }).__firstFrame));

    // Watch: a swipe every SWIPE_EVERY_S until WATCH_S seconds after the first frame.
    const now = () => page.evaluate(() => performance.now());
    const endAt = firstFrameMs + WATCH_S * 1000;
    for (let at = firstFrameMs + SWIPE_EVERY_S * 1000; ; at += SWIPE_EVERY_S * 1000) {
      const next = Math.min(at, endAt);
      const wait = next - (await now());
      if (wait > 0) await page.waitForTimeout(wait);
      if (next >= endAt) break;
      await page.keyboard.press('ArrowDown');
      // With the data saver the next reel waits for a tap: the person taps it, as they would.
      await page.waitForTimeout(300);
      const waiting = mode.saver && await page.evaluate(() => {
        const v = document.querySelector('[data-testid="reel"][data-active="true"] video') as HTMLVideoElement | null;
        return !!v && v.paused;
      });
      if (waiting) await page.click('[data-testid="reel"][data-active="true"] [data-testid="reel-toggle"]');
    }
    const endMs = await now();
    closed = true;
    const timeline: Timeline = await page.evaluate((sel) => ({
      active: (window as unknown as { __active: Timeline['active'] }).__active,
      order: [...document.querySelectorAll(sel)].map((el) => el.getAttribute('data-content-id') ?? '').filter(Boolean),
    }), '[data-testid="reel"]');
    await Promise.all(swPending);

    const t0 = docTs ?? 0;
    const requests: Req[] = [];
    for (const r of raw.values()) {
      if (r.ts < t0 || !/^https?:/.test(r.url)) continue;
      const start = (r.ts - t0) * 1000;
      // A response the worker answered came over the network in the worker's own fetch (counted there) or from its cache.
      const bytes = r.fromServiceWorker ? 0 : (r.finalBytes ?? r.headerBytes + r.dataBytes);
      const contentId = contentIdOf(r.url);
      requests.push({
        url: r.url, type: r.type, start: Math.round(start), bytes, partialBytes: r.fromServiceWorker ? 0 : r.headerBytes + r.dataBytes,
        finished: r.finalBytes !== null, contentId,
        kind: kindOf(r.url, r.type, contentId, activeAt(timeline.active, start)),
      });
    }
    for (const s of sw) {
      const start = s.wall - navWall;
      const contentId = contentIdOf(s.req.url());
      requests.push({
        url: s.req.url(), type: 'ServiceWorker', start, bytes: s.bytes ?? 0, partialBytes: s.bytes ?? 0, finished: s.bytes !== null, contentId,
        kind: kindOf(s.req.url(), 'ServiceWorker', contentId, activeAt(timeline.active, start)),
      });
    }
    requests.sort((a, b) => a.start - b.start);

    const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
    const shown = new Set(timeline.active.map((e) => e.id).filter((id): id is string => id !== null));
    const perReel = new Map<string, { segments: number; segmentBytes: number; playlistBytes: number }>();
    let neverShownBytes = 0;
    let neverShownSegmentBytes = 0;
    let segmentBytes = 0;
    let swBytes = 0;
    for (const r of requests) {
      byKind[r.kind] += r.bytes;
      if (r.type === 'ServiceWorker') swBytes += r.bytes;
      const isSegment = r.kind === 'segments, active reel' || r.kind === 'segments, neighbours';
      if (isSegment) segmentBytes += r.bytes;
      if (!r.contentId || !(isSegment || r.kind === 'playlists')) continue;
      const reel = perReel.get(r.contentId) ?? { segments: 0, segmentBytes: 0, playlistBytes: 0 };
      if (isSegment) {
        reel.segments++;
        reel.segmentBytes += r.bytes;
      } else {
        reel.playlistBytes += r.bytes;
      }
      perReel.set(r.contentId, reel);
      if (!shown.has(r.contentId)) {
        neverShownBytes += r.bytes;
        if (isSegment) neverShownSegmentBytes += r.bytes;
      }
    }
    // Shown reels in the order shown, then the others (requested, or in the DOM at the end) by first request.
    const firstReq = new Map<string, number>();
    for (const r of requests) if (r.contentId && !firstReq.has(r.contentId)) firstReq.set(r.contentId, r.start);
    const others = [...new Set([...perReel.keys(), ...timeline.order])].filter((id) => !shown.has(id))
      .sort((a, b) => (firstReq.get(a) ?? Infinity) - (firstReq.get(b) ?? Infinity));
    const order = [...new Set([...timeline.active.map((e) => e.id).filter((id): id is string => id !== null), ...others])];
    return {
      byKind, total: requests.reduce((a, r) => a + r.bytes, 0), shown, order, perReel,
      neverShownBytes, neverShownSegmentBytes, segmentBytes, swBytes, firstFrameMs, watchedMs: endMs - firstFrameMs, requests,
    };
  } finally {
    await close();
  }
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** The middle value (the lower middle for an even count). */
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)];
const perMin = (bytes: number) => bytes / MB / (WATCH_S / 60);
const mbMin = (bytes: number) => `${perMin(bytes).toFixed(2)} MB/min`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const out = (s: string) => process.stdout.write(`${s}\n`);

/** Prints one mode's figures (medians over its samples) and verdicts. */
function report(mode: Mode, samples: Sample[], origin: string): void {
  const med = (f: (s: Sample) => number) => median(samples.map(f));
  const totals = samples.map((s) => s.total);
  const m = samples.find((s) => s.total === median(totals)) ?? samples[0];
  out('');
  out(`== ${mode.name}${mode.saver ? ' (Save-Data: on, cookie sr_data_saver=on)' : ''}: ${samples.length} run(s); first frame ${med((s) => s.firstFrameMs)} ms, watched ${(med((s) => s.watchedMs) / 1000).toFixed(1)} s, reels shown ${med((s) => s.shown.size)}`);
  if (DEBUG && samples.length > 1) {
    samples.forEach((s, i) => out(`  run ${i + 1}: total ${mbMin(s.total)}; ${KINDS.map((k) => `${k} ${mb(s.byKind[k])}`).join(', ')}`));
  }
  out(`  ${'kind'.padEnd(24)}${'MB/min'.padStart(10)}${'MB'.padStart(10)}`);
  for (const k of KINDS) {
    const b = med((s) => s.byKind[k]);
    out(`  ${k.padEnd(24)}${perMin(b).toFixed(2).padStart(10)}${(b / MB).toFixed(2).padStart(10)}`);
  }
  const total = med((s) => s.total);
  out(`  ${'total'.padEnd(24)}${perMin(total).toFixed(2).padStart(10)}${(total / MB).toFixed(2).padStart(10)}`);
  const swKinds = KINDS.map((k) => [k, med((s) => s.requests.filter((r) => r.type === 'ServiceWorker' && r.kind === k).reduce((a, r) => a + r.bytes, 0))] as const)
    .filter(([, b]) => b > 0).map(([k, b]) => `${k} ${mb(b)}`).join(', ');
  out(`  (of which the service worker's own fetches: ${mb(med((s) => s.swBytes))}${swKinds ? `: ${swKinds}` : ''})`);

  out(`  per reel (run with the median total): shown ones in the order shown, then the others (requested or in the page) by first request:`);
  out(`    ${'content id'.padEnd(38)}${'shown'.padEnd(7)}${'segments'.padStart(9)}${'segment MB'.padStart(12)}${'playlist KB'.padStart(13)}`);
  for (const id of m.order) {
    const r = m.perReel.get(id) ?? { segments: 0, segmentBytes: 0, playlistBytes: 0 };
    out(`    ${id.padEnd(38)}${(m.shown.has(id) ? 'yes' : 'no').padEnd(7)}${String(r.segments).padStart(9)}${(r.segmentBytes / MB).toFixed(2).padStart(12)}${(r.playlistBytes / 1000).toFixed(1).padStart(13)}`);
  }
  const neverShown = med((s) => s.neverShownBytes);
  const share = med((s) => (s.segmentBytes > 0 ? s.neverShownSegmentBytes / s.segmentBytes : 0));
  out(`  reels never shown: ${mb(neverShown)} of segments + playlists; ${pct(share)} of all segment bytes`);

  const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');
  if (mode.saver) {
    out(`  target: <= ${TARGET_SAVER_MB_PER_MIN} MB per minute of watching          ${mbMin(total).padEnd(14)} ${verdict(perMin(total) <= TARGET_SAVER_MB_PER_MIN)}`);
    out(`  target: 0 segment/playlist bytes for reels never shown   ${mb(neverShown).padEnd(14)} ${verdict(neverShown === 0)}`);
  } else {
    out(`  target: <= ${TARGET_DEFAULT_MB_PER_MIN} MB per minute of watching            ${mbMin(total).padEnd(14)} ${verdict(perMin(total) <= TARGET_DEFAULT_MB_PER_MIN)}`);
    out(`  target: <= ${pct(TARGET_DEFAULT_NEVER_SHOWN_SHARE)} of segment bytes for reels never shown  ${pct(share).padEnd(14)} ${verdict(share <= TARGET_DEFAULT_NEVER_SHOWN_SHARE)}`);
  }
  if (DEBUG) {
    const fin = m.requests.filter((r) => r.finished && r.type !== 'ServiceWorker');
    out(`  check: finished page requests, loadingFinished ${fin.reduce((a, r) => a + r.bytes, 0)} B vs headers + dataReceived ${fin.reduce((a, r) => a + r.partialBytes, 0)} B; unfinished at the end: ${m.requests.filter((r) => !r.finished).length}`);
    out(`  sample URLs (run with the median total):`);
    for (const k of KINDS) {
      for (const r of m.requests.filter((x) => x.kind === k).slice(0, 3)) {
        const u = r.url.startsWith(origin) ? r.url.slice(origin.length) : r.url;
        out(`    ${k.padEnd(22)} ${String(r.start).padStart(6)} ms ${String(r.bytes).padStart(8)} B ${r.finished ? '' : '(unfinished) '}${r.type.padEnd(13)} ${u.length > 110 ? `${u.slice(0, 107)}...` : u}`);
      }
    }
  }
}

async function main(): Promise<void> {
  const { baseURL, clipsNote, stop } = await benchTarget(CLIPS);
  try {
    out(`bench:data  ${baseURL}/reels  ${clipsNote}; Pixel 7 viewport, ${DOWN_BPS / 1e6} Mbps down, ${UP_BPS / 1e3} kbps up, ${LATENCY_MS} ms RTT, cold cache; watch ${WATCH_S} s after the first frame, ArrowDown every ${SWIPE_EVERY_S} s; ${RUNS} run(s) per mode, median; MB = 1e6 bytes on the wire from navigation start`);
    for (const mode of MODES) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        try {
          samples.push(await once(baseURL, mode));
        } catch (err) {
          process.stderr.write(`  ${mode.name} run ${i + 1} failed: ${(err as Error).message.split('\n')[0]}\n`);
        }
      }
      if (samples.length > 0) report(mode, samples, baseURL);
      else out(`\n== ${mode.name}: no run finished (see the messages above)`);
    }
  } finally {
    await stop();
  }
}

// A benchmark, not a test: a failure is reported and the exit code stays 0.
await main().catch((err: unknown) => {
  process.stderr.write(`bench:data failed: ${err instanceof Error ? err.message : String(err)}\n`);
});
