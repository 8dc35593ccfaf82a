import { describe, expect, it } from 'vitest';
import { REEL_FPS, buildTimeline, toWebVtt } from './subtitles';

const pauses = { leadIn: 0.4, gap: 0.45, tail: 1.2 };

describe('buildTimeline', () => {
  it('plays sentences one after another and changes the caption in the pause between them', () => {
    const { cues, totalS } = buildTimeline([2.3, 4.1, 3.07], pauses);
    expect(cues[0]!.audioStartS).toBeCloseTo(0.4);
    expect(cues[1]!.audioStartS).toBeCloseTo(0.4 + 2.3 + 0.45);
    for (let i = 1; i < cues.length; i++) {
      // The caption switch falls inside the silence between sentence i-1 and i.
      expect(cues[i]!.showStartS).toBeGreaterThan(cues[i - 1]!.audioEndS);
      expect(cues[i]!.showStartS).toBeLessThan(cues[i]!.audioStartS);
      expect(cues[i]!.showStartS).toBe(cues[i - 1]!.showEndS);
    }
    expect(cues[0]!.showStartS).toBe(0);
    expect(cues.at(-1)!.showEndS).toBe(totalS);
    expect(totalS).toBeCloseTo(0.4 + 2.3 + 0.45 + 4.1 + 0.45 + 3.07 + 1.2, 1);
  });

  it('puts every caption change on a frame boundary', () => {
    const { cues, totalS } = buildTimeline([1.013, 2.777, 0.5], pauses);
    for (const c of cues) {
      expect(Math.abs(c.showStartS * REEL_FPS - Math.round(c.showStartS * REEL_FPS))).toBeLessThan(1e-9);
    }
    expect(Number.isInteger(Math.round(totalS * REEL_FPS * 1e6) / 1e6)).toBe(true);
  });

  it('refuses an empty reel or a sentence without sound', () => {
    expect(() => buildTimeline([], pauses)).toThrow(/at least one/);
    expect(() => buildTimeline([1, 0], pauses)).toThrow(/positive/);
  });
});

describe('toWebVtt', () => {
  it('writes one cue per caption with WebVTT timestamps', () => {
    const { cues } = buildTimeline([1.5, 2], pauses);
    const vtt = toWebVtt(cues, ['पहला वाक्य', 'Second --> line']);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.000 --> ')).toBe(true);
    expect(vtt).toContain('पहला वाक्य');
    expect(vtt).toContain('Second -> line');
    expect(vtt.match(/-->/g)).toHaveLength(2);
  });
});
