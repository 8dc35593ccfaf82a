import { describe, expect, it } from 'vitest';
import { createWheelGesture } from './wheel-gesture';

describe('createWheelGesture', () => {
  it('moves one reel per mouse notch', () => {
    const g = createWheelGesture();
    expect(g(100, 0)).toBe(1);
    expect(g(100, 400)).toBe(1);
    expect(g(-100, 800)).toBe(-1);
  });

  it('moves exactly one reel for a trackpad flick with an inertia tail', () => {
    const g = createWheelGesture();
    const steps: number[] = [];
    let t = 0;
    for (const d of [4, 10, 25, 40, 60, 60, 45, 30, 20, 12, 8, 5, 3, 2, 1, 1]) {
      steps.push(g(d, t));
      t += 16;
    }
    expect(steps.filter((s) => s !== 0)).toEqual([1]);
  });

  it('needs the threshold before moving', () => {
    const g = createWheelGesture({ thresholdPx: 40 });
    expect(g(15, 0)).toBe(0);
    expect(g(15, 16)).toBe(0);
    expect(g(15, 32)).toBe(1);
  });

  it('moves again when scrolling goes on past the repeat time', () => {
    const g = createWheelGesture({ repeatMs: 900, quietMs: 180 });
    const steps: number[] = [];
    for (let t = 0; t <= 2000; t += 50) steps.push(g(30, t));
    expect(steps.filter((s) => s !== 0).length).toBe(3);
  });

  it('a change of direction starts a new sum', () => {
    const g = createWheelGesture({ thresholdPx: 40 });
    expect(g(30, 0)).toBe(0);
    expect(g(-30, 16)).toBe(0);
    expect(g(-30, 32)).toBe(-1);
  });
});
