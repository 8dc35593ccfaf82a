import { describe, expect, it } from 'vitest';
import { ACTIVE_BUFFER_S, hlsConfig, PRELOAD_BUFFER_S } from './load-hls';

describe('hlsConfig', () => {
  it('starts the first reel at the lowest rendition and loads it at once', () => {
    const c = hlsConfig(null, true);
    expect(c.startLevel).toBe(0);
    expect(c.abrEwmaDefaultEstimate).toBeUndefined();
    expect(c.autoStartLoad).toBe(true);
    expect(c.maxBufferLength).toBe(ACTIVE_BUFFER_S);
    expect(c.capLevelToPlayerSize).toBe(true);
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
  });
});
