import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';

/**
 * hls.js, loaded on demand (the light build is about 95 KB on the wire): the
 * first paint of /reels shows the server-rendered poster without it; the
 * player pulls it in right after hydration. The viewer-experience targets
 * (first frame within 2.0 s on a 1.6 Mbps phone, 200 KB of JavaScript before
 * it) and where the time goes today are in docs/perf/first-frame.md.
 */
export type HlsClass = typeof Hls;
export type HlsInstance = Hls;

export const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Most seconds buffered ahead for the reel on screen (a link with little
 * headroom over the rendition): enough to ride out a dip on a 2G-class
 * link, little enough that a swipe, leaving the feed or closing the tab
 * throws away at most ~6 segments (~2 s each).
 */
export const ACTIVE_BUFFER_S = 12;
/**
 * Fewest seconds buffered ahead for the reel on screen, where the link is
 * at least HEADROOM_AMPLE times the rendition's bitrate: it refills a ~2 s
 * segment in well under a second, so a short buffer keeps playing, and a
 * swipe (most come within seconds) throws away little.
 */
export const ACTIVE_BUFFER_MIN_S = 3;
/** Link bandwidth / rendition bitrate at and above which ACTIVE_BUFFER_MIN_S is enough. */
export const HEADROOM_AMPLE = 3;
/** ... and at and below which the full ACTIVE_BUFFER_S is kept. */
export const HEADROOM_TIGHT = 1.5;

/**
 * Seconds to buffer ahead for the reel on screen: the less headroom the
 * link has over the rendition playing, the longer the buffer (a slow refill
 * needs a deeper reserve): ACTIVE_BUFFER_MIN_S at HEADROOM_AMPLE or more,
 * ACTIVE_BUFFER_S at HEADROOM_TIGHT or less, linear
 * between; ACTIVE_BUFFER_S when either figure is unknown.
 * @param estimateBps hls.js' bandwidth estimate, bits/s.
 * @param renditionBps the playing rendition's average bitrate, bits/s.
 * @returns seconds, rounded to a tenth.
 */
export function activeAheadS(estimateBps: number | null, renditionBps: number | null): number {
  if (!estimateBps || !renditionBps || estimateBps <= 0 || renditionBps <= 0) return ACTIVE_BUFFER_S;
  const headroom = estimateBps / renditionBps;
  const t = Math.min(1, Math.max(0, (headroom - HEADROOM_TIGHT) / (HEADROOM_AMPLE - HEADROOM_TIGHT)));
  return Math.round((ACTIVE_BUFFER_S - t * (ACTIVE_BUFFER_S - ACTIVE_BUFFER_MIN_S)) * 10) / 10;
}
/**
 * Seconds buffered ahead for a neighbour: below one segment (~2 s), so
 * hls.js fetches exactly the first segment an instant swipe needs, and
 * nothing more until the reel is on screen.
 */
export const PRELOAD_BUFFER_S = 1;

/** hls.js' buffer settings for a reel on screen (`active`) or a neighbour. */
export interface BufferLimits {
  /** Seconds to buffer ahead. */
  maxBufferLength: number;
  /**
   * The ceiling on it. hls.js buffers max(maxBufferLength, 8 x maxBufferSize /
   * bitrate), which with its 60 MB maxBufferSize is a whole reel at these
   * bitrates; only this ceiling bounds it, so it equals maxBufferLength.
   */
  maxMaxBufferLength: number;
}

/**
 * The buffer bounds of a reel on screen (`aheadS` seconds, by default the
 * most, ACTIVE_BUFFER_S) or of a neighbour (PRELOAD_BUFFER_S); see BufferLimits.
 */
export function bufferLimits(active: boolean, aheadS: number = ACTIVE_BUFFER_S): BufferLimits {
  const s = active ? aheadS : PRELOAD_BUFFER_S;
  return { maxBufferLength: s, maxMaxBufferLength: s };
}

/**
 * Sets the buffer bounds of a running hls.js instance: for the reel on
 * screen from the link's headroom over the rendition it plays
 * (activeAheadS), for a neighbour one segment. Call when the reel comes on
 * screen or leaves it, and after each segment of the reel on screen (the
 * estimate moves); hls.js reads its config on each loading tick.
 * `measuredBps` (bits/s of the segments loaded so far) stands in for a
 * rendition that declares no bitrate.
 */
export function applyBufferLimits(hls: HlsInstance, active: boolean, measuredBps: number | null = null): void {
  let ahead = ACTIVE_BUFFER_S;
  if (active) {
    const level = hls.levels[hls.currentLevel] ?? hls.levels[hls.nextLoadLevel];
    // A media playlist (the data saver's source) declares no bitrate: the segments' own then.
    const declared = level ? level.averageBitrate || level.bitrate : 0;
    ahead = activeAheadS(hls.bandwidthEstimate, declared || measuredBps);
  }
  Object.assign(hls.config, bufferLimits(active, ahead));
}

/** A rung of an HLS ladder: its frame size in pixels. */
export interface Rung {
  width: number;
  height: number;
}

/**
 * The highest rung whose pixels the player shows at no more than one
 * source pixel per device pixel: the video fills `box` (CSS px) as
 * `object-fit: cover` does, so a rung is shown at scale
 * max(box.width / width, box.height / height) CSS px per pixel, times `dpr`
 * device px; a rung is "not above the screen" when that is >= 1. A 360x780
 * box at DPR 1 allows 360p (360x640), at DPR 2 720p (720x1280), never
 * more. Rungs must be lowest first (as in the master playlist).
 * @returns the rung's index; 0 when even the lowest is above the screen;
 * -1 (no cap) when the box has no size yet (not laid out) or there are no
 * rungs.
 */
export function maxRungForScreen(rungs: readonly Rung[], box: { width: number; height: number }, dpr: number): number {
  if (rungs.length === 0 || box.width <= 0 || box.height <= 0) return -1;
  const ratio = dpr > 0 && Number.isFinite(dpr) ? dpr : 1;
  let best = 0;
  rungs.forEach((r, i) => {
    if (r.width <= 0 || r.height <= 0) return;
    const shown = Math.max(box.width / r.width, box.height / r.height) * ratio;
    // A hair of tolerance for rounding (a 719.5-px box is a 720-px box).
    if (shown >= 0.995) best = i;
  });
  return best;
}

/**
 * Caps hls.js' automatic rendition choice to `maxRungForScreen` of the
 * element's laid-out size and the device pixel ratio. Call once the
 * playlist is parsed and again when the element is resized.
 */
export function capToScreen(hls: HlsInstance, video: HTMLVideoElement): void {
  const cap = maxRungForScreen(hls.levels, { width: video.clientWidth, height: video.clientHeight }, window.devicePixelRatio || 1);
  if (hls.autoLevelCapping !== cap) hls.autoLevelCapping = cap;
}

let loading: Promise<HlsClass> | null = null;

/**
 * Marks the first reel's starter (features/reels/lib/first-reel-starter.ts)
 * leaves on the `<video>` it started before hydration; the player adopts it.
 */
export const FIRST_REEL_ATTR = {
  /** Playing through the hls.js instance in `window.__srFirstHls`. */
  hls: 'data-first-hls',
  /** Playing through the browser's own HLS (its `src` is the master playlist). */
  native: 'data-native',
  /** Its first frame is on screen (CSS fades the poster). */
  frame: 'data-first-frame',
} as const;

/** What the starter leaves in `window` for the player. */
interface FirstReelGlobals {
  /** hls.js' own build, loading or loaded (resolves to `window.Hls`). */
  __srHls?: Promise<HlsClass>;
  /** The first reel's hls.js instance and its element, until the player adopts them. */
  __srFirstHls?: { video: HTMLVideoElement; hls: HlsInstance } | null;
}
const globals = () => (typeof window === 'undefined' ? {} : window) as FirstReelGlobals;

/** True when the starter already plays the first reel (browser only): its media need no preload. */
export function firstReelStarted(): boolean {
  return typeof document !== 'undefined'
    && document.querySelector(`video[${FIRST_REEL_ATTR.hls}], video[${FIRST_REEL_ATTR.native}]`) !== null;
}

/**
 * The hls.js instance the starter plays `video` with, handed over once
 * (later calls, and other elements, get null).
 */
export function takeFirstReelHls(video: HTMLVideoElement): HlsInstance | null {
  const g = globals();
  const first = g.__srFirstHls;
  if (!first || first.video !== video) return null;
  g.__srFirstHls = null;
  return first.hls;
}

/** The hls.js class (light build); one download per page, retried after a failure. */
export function loadHls(): Promise<HlsClass> {
  if (!loading) {
    // The starter's copy (hls.js' own build) when it loaded one: the same class, not downloaded twice.
    const own = globals().__srHls;
    const bundled = () => import('hls.js/light').then((m) => m.default);
    loading = own ? own.catch(bundled) : bundled();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * True where the browser plays HLS itself and has no Media Source Extensions
 * for hls.js (iPhone Safari before 17.1): use the <video> directly.
 */
export function prefersNativeHls(video: HTMLVideoElement): boolean {
  if (!video.canPlayType(HLS_MIME)) return false;
  // Typed loosely: lib.dom declares MediaSource as always present, which old iPhones contradict.
  const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource === 'undefined' && typeof w.ManagedMediaSource === 'undefined';
}

/**
 * hls.js settings for one reel. Without a known bandwidth the reel starts at
 * the lowest rendition (level 0, 240p) and adapts up; with the estimate
 * carried over from the previous reel (bits/s) the first level fits that
 * estimate. Renditions never exceed what the screen shows: the player caps
 * them with `capToScreen` (hls.js' own capLevelToPlayerSize rounds up to the
 * next rung, so it is off). The rendition is chosen with room to spare
 * (80 % of the estimate to stay, 50 % to step up). The buffer is bounded
 * (`bufferLimits`): 3-12 s ahead on screen by the link's headroom, one
 * segment for a neighbour, which is created stopped
 * (`active` false) and starts loading once the reel on screen is playing.
 */
export function hlsConfig(bandwidthEstimate: number | null, active: boolean): Partial<HlsConfig> {
  return {
    autoStartLoad: active,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : { startLevel: 0 }),
    capLevelToPlayerSize: false,
    // Data costs money here: stay on a rendition while it takes at most 80 % of the measured
    // bandwidth, step up only with twice the next one's bitrate (hls.js: 0.95 and 0.7).
    abrBandWidthFactor: 0.8,
    abrBandWidthUpFactor: 0.5,
    ...bufferLimits(active),
    // Played segments are dropped soon: memory stays flat over long sessions.
    backBufferLength: 10,
    enableWorker: true,
  };
}

/** What `playHls` reports. */
export interface PlayHlsOptions {
  /** Seconds to start from (0 when absent). */
  startPosition?: number;
  /** The bandwidth estimate carried over from earlier reels (bits/s), or null. */
  bandwidthEstimate: number | null;
  /** Playback can start: the native source is set (and seeked once its metadata is in), or hls.js parsed the playlist. */
  onReady: () => void;
  /** Neither hls.js nor the browser can play it, or hls.js hit a fatal error. Called at most once. */
  onFailed: () => void;
}

/**
 * Plays the HLS master playlist `src` in `video`, as an active reel: the
 * browser's own HLS where it is preferred (prefersNativeHls) or where hls.js
 * is unsupported but the browser plays HLS, else hls.js (loaded on demand,
 * `hlsConfig(bandwidthEstimate, true)`). For players outside the feed (the
 * TLDR popup, the mini player); the feed's ReelVideo also manages neighbours
 * and buffers.
 * @returns detach: stops loading, destroys hls.js and empties the element.
 * Never throws; failures go to `onFailed`.
 */
export function playHls(video: HTMLVideoElement, src: string, opts: PlayHlsOptions): () => void {
  let cancelled = false;
  let hls: HlsInstance | null = null;
  const from = opts.startPosition ?? 0;
  const failed = () => {
    if (!cancelled) opts.onFailed();
  };
  const native = () => {
    if (from > 0) {
      video.addEventListener('loadedmetadata', () => {
        video.currentTime = from;
        if (!cancelled) opts.onReady();
      }, { once: true });
      video.src = src;
      return;
    }
    video.src = src;
    opts.onReady();
  };
  (async () => {
    if (prefersNativeHls(video)) {
      native();
      return;
    }
    let Hls: HlsClass;
    try {
      Hls = await loadHls();
    } catch {
      failed();
      return;
    }
    if (cancelled) return;
    if (!Hls.isSupported()) {
      if (video.canPlayType(HLS_MIME)) native();
      else failed();
      return;
    }
    const h = new Hls({ ...hlsConfig(opts.bandwidthEstimate, true), ...(from > 0 ? { startPosition: from } : {}) });
    hls = h;
    h.on(Hls.Events.MANIFEST_PARSED, () => {
      capToScreen(h, video);
      if (!cancelled) opts.onReady();
    });
    h.on(Hls.Events.ERROR, (_e, data) => {
      if (!data.fatal) return;
      h.destroy();
      if (hls === h) hls = null;
      failed();
    });
    h.loadSource(src);
    h.attachMedia(video);
  })();
  return () => {
    cancelled = true;
    hls?.destroy();
    hls = null;
    video.removeAttribute('src');
    video.load();
  };
}

