import { describe, expect, it } from 'vitest';
import {
  ACTIVE_BUFFER_MIN_S, ACTIVE_BUFFER_S, activeAheadS, bufferLimits, hlsConfig, maxRungForScreen, PRELOAD_BUFFER_S,
} from './load-hls';

describe('hlsConfig', () => {
  it('starts the first reel at the lowest rendition and loads it at once', () => {
    const c = hlsConfig(null, true);
    expect(c.startLevel).toBe(0);
    expect(c.abrEwmaDefaultEstimate).toBeUndefined();
    expect(c.autoStartLoad).toBe(true);
    expect(c.maxBufferLength).toBe(ACTIVE_BUFFER_S);
    // The player caps renditions itself (maxRungForScreen): hls.js' own cap rounds up a rung.
    expect(c.capLevelToPlayerSize).toBe(false);
  });

  it('chooses renditions with room to spare: 80 % of the estimate to stay, 50 % to step up', () => {
    const c = hlsConfig(null, true);
    expect(c.abrBandWidthFactor).toBe(0.8);
    expect(c.abrBandWidthUpFactor).toBe(0.5);
  });

  it('carries the bandwidth estimate and lets hls.js pick the first level from it', () => {
    const c = hlsConfig(2_400_000, true);
    expect(c.abrEwmaDefaultEstimate).toBe(2_400_000);
    // left unset so hls.js uses its first auto level from the estimate
    expect('startLevel' in c).toBe(false);
  });

  it('creates a neighbour stopped, with a buffer of about one segment', () => {
    const c = hlsConfig(null, false);
    expect(c.autoStartLoad).toBe(false);
    expect(c.maxBufferLength).toBe(PRELOAD_BUFFER_S);
    expect(c.maxMaxBufferLength).toBe(PRELOAD_BUFFER_S);
  });
});

/** hls.js' own rule for how far ahead it buffers (StreamController.getMaxBufferLength, hls.js 1.7). */
const hlsBufferAhead = (c: { maxBufferLength: number; maxMaxBufferLength: number; maxBufferSize: number }, levelBitrate: number) =>
  Math.min(Math.max((8 * c.maxBufferSize) / levelBitrate, c.maxBufferLength), c.maxMaxBufferLength);
/** hls.js' default maxBufferSize, bytes. */
const HLS_DEFAULT_MAX_BUFFER_SIZE = 60 * 1000 * 1000;

describe('bufferLimits', () => {
  it('bounds what hls.js buffers ahead, whatever its 60 MB size rule allows', () => {
    for (const bitrate of [300_000, 600_000, 1_800_000]) {
      const active = { ...bufferLimits(true), maxBufferSize: HLS_DEFAULT_MAX_BUFFER_SIZE };
      const neighbour = { ...bufferLimits(false), maxBufferSize: HLS_DEFAULT_MAX_BUFFER_SIZE };
      // The reel on screen: 12 s ahead, not the whole reel.
      expect(hlsBufferAhead(active, bitrate)).toBe(ACTIVE_BUFFER_S);
      // A neighbour: under one ~2 s segment, so exactly the first segment is fetched.
      expect(hlsBufferAhead(neighbour, bitrate)).toBe(PRELOAD_BUFFER_S);
      expect(PRELOAD_BUFFER_S).toBeLessThan(2);
    }
    expect(ACTIVE_BUFFER_S).toBeGreaterThanOrEqual(10);
    expect(ACTIVE_BUFFER_S).toBeLessThanOrEqual(15);
  });
});

describe('activeAheadS', () => {
  it('keeps a short buffer on a link with ample headroom and a deep one on a tight link', () => {
    // 1.5 Mbps measured, 360p at ~450 kbps average: over 3x, a short buffer refills at once.
    expect(activeAheadS(1_500_000, 450_000)).toBe(ACTIVE_BUFFER_MIN_S);
    // 1.0 Mbps for 720p at ~765 kbps: little headroom, the full reserve.
    expect(activeAheadS(1_000_000, 765_000)).toBe(ACTIVE_BUFFER_S);
    // In between, in between (2.25x: half way).
    expect(activeAheadS(900_000, 400_000)).toBe((ACTIVE_BUFFER_S + ACTIVE_BUFFER_MIN_S) / 2);
  });

  it('keeps the full reserve while either figure is unknown', () => {
    expect(activeAheadS(null, 450_000)).toBe(ACTIVE_BUFFER_S);
    expect(activeAheadS(1_500_000, null)).toBe(ACTIVE_BUFFER_S);
    expect(activeAheadS(0, 0)).toBe(ACTIVE_BUFFER_S);
  });

  it('stays within the bounds whatever the figures', () => {
    for (const [e, r] of [[1e9, 1], [1, 1e9], [2e6, 1e6]]) {
      const s = activeAheadS(e, r);
      expect(s).toBeGreaterThanOrEqual(ACTIVE_BUFFER_MIN_S);
      expect(s).toBeLessThanOrEqual(ACTIVE_BUFFER_S);
    }
  });
});

describe('maxRungForScreen', () => {
  // The pipeline's portrait ladder (lib/media/transcode.ts): 240p, 360p, 720p.
  const ladder = [{ width: 240, height: 426 }, { width: 360, height: 640 }, { width: 720, height: 1280 }];

  it('allows 360p on a 360-px-wide phone at DPR 1, and 720p at DPR 2', () => {
    expect(maxRungForScreen(ladder, { width: 360, height: 780 }, 1)).toBe(1);
    expect(maxRungForScreen(ladder, { width: 360, height: 780 }, 2)).toBe(2);
  });

  it('never picks a rung above what the box shows: DPR 1.5 on a 390x844 box stays at 360p', () => {
    // 720p would be shown at 844 x 1.5 = 1266 device px for its 1280 rows: above the screen.
    expect(maxRungForScreen(ladder, { width: 390, height: 844 }, 1.5)).toBe(1);
    expect(maxRungForScreen(ladder, { width: 412, height: 915 }, 2.625)).toBe(2);
  });

  it('fills the box as object-fit: cover does (the wider side sets the scale)', () => {
    // A desktop 480x854 column at DPR 1: 720p rows are shown at 854/1280, under one device pixel each.
    expect(maxRungForScreen(ladder, { width: 480, height: 854 }, 1)).toBe(1);
    // A landscape box wider than tall: the width decides.
    expect(maxRungForScreen(ladder, { width: 720, height: 400 }, 1)).toBe(2);
  });

  it('keeps the lowest rung on a tiny box, and caps nothing before layout', () => {
    expect(maxRungForScreen(ladder, { width: 112, height: 199 }, 1)).toBe(0);
    expect(maxRungForScreen(ladder, { width: 0, height: 0 }, 2)).toBe(-1);
    expect(maxRungForScreen([], { width: 360, height: 780 }, 2)).toBe(-1);
  });
});
