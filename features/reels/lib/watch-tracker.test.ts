import { describe, expect, it } from 'vitest';
import { WatchTracker, type WatchSignal } from './watch-tracker';

/** Plays from `from` to `to` seconds in 0.25 s time updates; returns every signal. */
function play(t: WatchTracker, from: number, to: number): WatchSignal[] {
  const out: WatchSignal[] = [];
  for (let x = from; x <= to + 1e-9; x += 0.25) out.push(...t.onTime(Math.round(x * 100) / 100));
  return out;
}

describe('WatchTracker', () => {
  it('reports a view once 3 s have been played, and only once', () => {
    const t = new WatchTracker();
    expect(play(t, 0, 2.75)).toEqual([]);
    expect(t.onTime(3)).toEqual(['view']);
    expect(play(t, 3.25, 4.75)).toEqual([]);
    expect(t.viewed).toBe(true);
  });

  it('reports progress every 5 s of playback', () => {
    const t = new WatchTracker();
    const s = play(t, 0, 12);
    expect(s.filter((x) => x === 'progress')).toHaveLength(2);
    expect(t.watchedS).toBeCloseTo(12, 5);
  });

  it('counts seconds played before it could watch, and reports from the next time update', () => {
    const t = new WatchTracker();
    t.credit(2.5, 2.5);
    expect(t.watchedS).toBe(2.5);
    expect(t.viewed).toBe(false);
    // The next update continues from 2.5 s: a 0.5 s step, not a seek.
    expect(t.onTime(3)).toEqual(['view']);
    expect(t.watchedS).toBeCloseTo(3, 5);
  });

  it('does not count a seek forward as playback', () => {
    const t = new WatchTracker();
    play(t, 0, 1);
    expect(t.onTime(30)).toEqual([]);
    expect(t.watchedS).toBeCloseTo(1, 5);
    expect(play(t, 30.25, 31.5)).toEqual([]);
    expect(t.onTime(32)).toEqual(['view']);
  });

  it('keeps counting across a loop back to the start', () => {
    const t = new WatchTracker();
    play(t, 8, 9.5);
    expect(t.onEnded()).toEqual(['complete']);
    expect(t.onEnded()).toEqual([]);
    play(t, 0, 1.5);
    expect(t.watchedS).toBeCloseTo(3, 5);
    expect(t.viewed).toBe(true);
  });

  it('sends a last progress when leaving after playback, nothing after no playback', () => {
    const t = new WatchTracker();
    play(t, 0, 2);
    expect(t.onLeave()).toEqual(['progress']);
    expect(t.onLeave()).toEqual([]);
    const idle = new WatchTracker();
    expect(idle.onLeave()).toEqual([]);
  });

  it('starts over after reset', () => {
    const t = new WatchTracker();
    play(t, 0, 4);
    t.onEnded();
    t.reset();
    expect(t.watchedS).toBe(0);
    expect(t.viewed).toBe(false);
    expect(t.onEnded()).toEqual(['complete']);
  });
});
