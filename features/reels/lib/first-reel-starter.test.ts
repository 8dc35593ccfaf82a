// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_SCRIPTS_RUNTIME } from '@/lib/http/held-scripts';
import { FIRST_REEL_PRELOADER, firstReelStarter } from './first-reel-starter';

type Held = { claimed: number; released: number; release: () => void };
type W = {
  __srHeld?: Held; __srHls?: Promise<unknown>; __srFirstHls?: { video: HTMLVideoElement; hls: FakeHls } | null;
  Hls?: unknown; MediaSource?: unknown;
};
const w = window as unknown as W;
const run = (src: string) => new Function(src)();
// data: URLs: the test DOM really fetches what a preload link names.
const MASTER = 'data:application/vnd.apple.mpegurl,master';
const PRELOADS = [MASTER, 'data:application/vnd.apple.mpegurl,240', 'data:video/mp2t,seg0'];
const HLS_SRC = 'data:text/javascript,0';
const CONFIG = { startLevel: 0, capLevelToPlayerSize: true, maxBufferLength: 30 };
const MAX_HOLD_MS = 6000;
const STARTER = firstReelStarter({ hlsSrc: HLS_SRC, hlsConfig: CONFIG, maxHoldMs: MAX_HOLD_MS });

/** Stands in for hls.js' class: records what the starter asks of it. */
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError' };
  handlers: Record<string, (e: string, data: { fatal: boolean }) => void> = {};
  source: string | null = null;
  media: HTMLVideoElement | null = null;
  destroyed = false;
  constructor(public config: unknown) {
    FakeHls.instances.push(this);
  }
  on(event: string, fn: (e: string, data: { fatal: boolean }) => void) {
    this.handlers[event] = fn;
  }
  loadSource(src: string) {
    this.source = src;
  }
  attachMedia(v: HTMLVideoElement) {
    this.media = v;
  }
  destroy() {
    this.destroyed = true;
  }
}

let canPlay = '';
let play: ReturnType<typeof vi.fn>;
let frameCallbacks: Array<() => void>;

function feed(active = true) {
  document.body.insertAdjacentHTML('beforeend',
    `<section data-testid="reel" data-active="${active}"><video data-src="${MASTER}" data-preload="${PRELOADS.join(' ')}" preload="none"></video><img data-poster="" /></section>`
    + '<section data-testid="reel" data-active="false"><video data-src="data:application/vnd.apple.mpegurl,r2"></video></section>'
    + '<script data-held-src="/_next/static/chunks/one.js"></script>');
  return document.querySelector('video') as HTMLVideoElement;
}
const released = () => document.head.querySelector('script[src="/_next/static/chunks/one.js"]') !== null;
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.getAttribute('href'));
const tick = () => new Promise((r) => setTimeout(r, 0));
/** hls.js' own build arrives (the test DOM fires its script's load event): window.Hls is defined. */
async function hlsArrives() {
  await tick();
  await tick();
}

beforeEach(() => {
  canPlay = '';
  FakeHls.instances = [];
  frameCallbacks = [];
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation(() => canPlay as CanPlayTypeResult);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as unknown as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  (HTMLVideoElement.prototype as unknown as { requestVideoFrameCallback: (cb: () => void) => number }).requestVideoFrameCallback = (cb) => frameCallbacks.push(cb);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const k of ['__srHeld', '__srHls', '__srFirstHls', 'Hls', 'MediaSource'] as const) delete w[k];
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the first reel starter (head of a page whose scripts are held)', () => {
  it('with Media Source Extensions: loads hls.js\' own build at once, preloads the reel\'s first media, plays it through hls.js, and releases the scripts at its first frame', async () => {
    w.MediaSource = function MediaSource() {};
    w.Hls = FakeHls;
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    expect(w.__srHeld?.claimed).toBe(1);
    // Requested before the feed is even parsed.
    expect(document.head.querySelector(`script[src="${HLS_SRC}"]`)).not.toBeNull();
    const video = feed();
    await hlsArrives();
    expect(preloads()).toEqual(PRELOADS);
    const [h] = FakeHls.instances;
    expect(h.config).toEqual(CONFIG);
    expect(h.source).toBe(MASTER);
    expect(h.media).toBe(video);
    expect(video.muted).toBe(true);
    expect(video.hasAttribute('data-first-hls')).toBe(true);
    expect(w.__srFirstHls).toEqual({ video, hls: h });
    expect(play).toHaveBeenCalledTimes(1);
    // The document is parsed, but no frame is on screen yet: still held.
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(released()).toBe(false);
    frameCallbacks.forEach((cb) => cb());
    expect(video.hasAttribute('data-first-frame')).toBe(true);
    expect(released()).toBe(true);
  });

  it('a fatal hls.js error before hydration hands the element back and releases the scripts', async () => {
    w.MediaSource = function MediaSource() {};
    w.Hls = FakeHls;
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    const video = feed();
    await tick();
    await hlsArrives();
    const [h] = FakeHls.instances;
    h.handlers.hlsError('hlsError', { fatal: false });
    expect(released()).toBe(false);
    h.handlers.hlsError('hlsError', { fatal: true });
    expect(h.destroyed).toBe(true);
    expect(w.__srFirstHls).toBeNull();
    expect(video.hasAttribute('data-first-hls')).toBe(false);
    expect(released()).toBe(true);
  });

  it('hls.js\' build failing to load releases the scripts (the bundled copy takes over)', async () => {
    w.MediaSource = function MediaSource() {};
    // Its script loads but defines no window.Hls.
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    feed();
    await hlsArrives();
    expect(released()).toBe(true);
    expect(FakeHls.instances).toHaveLength(0);
  });

  it('without MSE but with the browser\'s own HLS: sets the master playlist as the source', async () => {
    canPlay = 'maybe';
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    expect(document.head.querySelector('script[src]')).toBeNull();
    const video = feed();
    await tick();
    expect(video.getAttribute('src')).toBe(MASTER);
    expect(video.hasAttribute('data-native')).toBe(true);
    expect(preloads()).toEqual([]);
    expect(released()).toBe(false);
    frameCallbacks.forEach((cb) => cb());
    expect(released()).toBe(true);
  });

  it('releases the scripts on the first input, on a media error, or after the longest hold', async () => {
    canPlay = 'maybe';
    for (const trigger of ['input', 'error', 'timeout'] as const) {
      delete w.__srHeld;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
      vi.useFakeTimers();
      run(HELD_SCRIPTS_RUNTIME);
      run(STARTER);
      const video = feed();
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 10);
      expect(released(), trigger).toBe(false);
      if (trigger === 'input') window.dispatchEvent(new Event('pointerdown'));
      if (trigger === 'error') video.dispatchEvent(new Event('error'));
      if (trigger === 'timeout') await vi.advanceTimersByTimeAsync(10);
      expect(released(), trigger).toBe(true);
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  });

  it('a play() the browser refuses releases the scripts; one interrupted by a newer load does not', async () => {
    canPlay = 'maybe';
    for (const name of ['AbortError', 'NotAllowedError']) {
      delete w.__srHeld;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
      play.mockImplementation(() => Promise.reject(new DOMException('no', name)));
      run(HELD_SCRIPTS_RUNTIME);
      run(STARTER);
      feed();
      await tick();
      await tick();
      expect(released(), name).toBe(name === 'NotAllowedError');
    }
  });

  it('with neither: preloads the first media and releases at once', async () => {
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    const video = feed();
    await tick();
    expect(video.hasAttribute('src')).toBe(false);
    expect(preloads()).toEqual(PRELOADS);
    expect(released()).toBe(true);
  });

  it('with no reel on screen by DOMContentLoaded (a chat card, an empty feed): releases then', async () => {
    canPlay = 'maybe';
    run(HELD_SCRIPTS_RUNTIME);
    run(STARTER);
    feed(false);
    await tick();
    expect(released()).toBe(false);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(released()).toBe(true);
    expect(document.querySelectorAll('video[src]')).toHaveLength(0);
  });

  it('does nothing on a page whose scripts are not held', () => {
    canPlay = 'maybe';
    const video = feed();
    run(STARTER);
    expect(video.hasAttribute('src')).toBe(false);
    expect(preloads()).toEqual([]);
  });
});

describe('the first reel preloader (inline, pages whose scripts are not held)', () => {
  it('preloads the reel on screen\'s first media as fetch preloads', () => {
    feed();
    run(FIRST_REEL_PRELOADER);
    expect(preloads()).toEqual(PRELOADS);
    const link = document.head.querySelector('link[rel="preload"]') as HTMLLinkElement;
    expect(link.getAttribute('as')).toBe('fetch');
    expect(link.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('leaves it to the starter where the scripts are held', () => {
    run(HELD_SCRIPTS_RUNTIME);
    feed();
    run(FIRST_REEL_PRELOADER);
    expect(preloads()).toEqual([]);
  });
});
