/**
 * Turns a stream of wheel events into "move one reel" steps: a mouse notch or
 * a whole trackpad flick (with its inertia tail) moves exactly one reel.
 * Deltas add up until they pass `thresholdPx`; then the gesture is spent
 * until the wheel has been quiet for `quietMs`, or `repeatMs` passed while
 * the person keeps scrolling on purpose.
 */
export interface WheelGestureOptions {
  thresholdPx?: number;
  quietMs?: number;
  repeatMs?: number;
}

/** A step: 1 = next reel, -1 = previous reel, 0 = nothing yet. */
export type WheelStep = -1 | 0 | 1;

export function createWheelGesture(opts: WheelGestureOptions = {}) {
  const thresholdPx = opts.thresholdPx ?? 40;
  const quietMs = opts.quietMs ?? 180;
  const repeatMs = opts.repeatMs ?? 900;
  let sum = 0;
  let lastEventAt = -Infinity;
  let lastStepAt = -Infinity;
  let spent = false;

  /**
   * Feeds one wheel event: vertical delta in px (positive = down) and its
   * time in ms; returns the step to take now.
   */
  return function onWheel(deltaY: number, now: number): WheelStep {
    if (now - lastEventAt > quietMs) {
      // a new gesture
      sum = 0;
      spent = false;
    }
    lastEventAt = now;
    if (spent && now - lastStepAt < repeatMs) return 0;
    if (spent) {
      spent = false;
      sum = 0;
    }
    if (sum !== 0 && Math.sign(deltaY) !== Math.sign(sum)) sum = 0;
    sum += deltaY;
    if (Math.abs(sum) < thresholdPx) return 0;
    const step: WheelStep = sum > 0 ? 1 : -1;
    spent = true;
    lastStepAt = now;
    sum = 0;
    return step;
  };
}
