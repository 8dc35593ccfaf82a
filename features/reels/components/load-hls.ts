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

/** Seconds buffered ahead for the reel on screen. */
export const ACTIVE_BUFFER_S = 30;
/** Seconds buffered ahead for a neighbour: about the first segment (segments are ~2 s). */
export const PRELOAD_BUFFER_S = 3;

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
 * estimate. Renditions never exceed the player's size. A neighbour is
 * created stopped (`active` false) and starts loading its first segment
 * once the reel on screen is playing.
 */
export function hlsConfig(bandwidthEstimate: number | null, active: boolean): Partial<HlsConfig> {
  return {
    autoStartLoad: active,
    ...(bandwidthEstimate ? { abrEwmaDefaultEstimate: bandwidthEstimate } : { startLevel: 0 }),
    capLevelToPlayerSize: true,
    maxBufferLength: active ? ACTIVE_BUFFER_S : PRELOAD_BUFFER_S,
    maxMaxBufferLength: 60,
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

