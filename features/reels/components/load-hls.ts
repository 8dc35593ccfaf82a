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

/** The hls.js class (light build); one download per page, retried after a failure. */
export function loadHls(): Promise<HlsClass> {
  if (!loading) {
    loading = import('hls.js/light').then((m) => m.default);
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
