import { VIEW_THRESHOLD_S } from '@/lib/constants';

/**
 * Decides when the player reports a reel: a view
 * once 3 s have been played, progress every few seconds of playback and when
 * the viewer leaves the reel, completion when it ends. Only time actually
 * played counts: seeks and loops back to the start add nothing.
 */
export type WatchSignal = 'view' | 'progress' | 'complete';

export interface WatchTrackerOptions {
  /** Seconds of playback before a view counts (default VIEW_THRESHOLD_S = 3). */
  viewAfterS?: number;
  /** Seconds of playback between progress reports (default 5). */
  progressEveryS?: number;
  /** Largest step between two time updates still taken as playback, seconds (larger is a seek). */
  maxStepS?: number;
}

export class WatchTracker {
  private last: number | null = null;
  private watched = 0;
  private reportedAt = 0;
  private viewSent = false;
  private completeSent = false;
  private readonly viewAfterS: number;
  private readonly progressEveryS: number;
  private readonly maxStepS: number;

  constructor(opts: WatchTrackerOptions = {}) {
    this.viewAfterS = opts.viewAfterS ?? VIEW_THRESHOLD_S;
    this.progressEveryS = opts.progressEveryS ?? 5;
    this.maxStepS = opts.maxStepS ?? 1.5;
  }

  /** Seconds played since the tracker started (or was reset). */
  get watchedS(): number {
    return this.watched;
  }

  /** True once the view was reported. */
  get viewed(): boolean {
    return this.viewSent;
  }

  /**
   * Feeds the video's current time (seconds) from a `timeupdate`; returns
   * the reports due now.
   */
  onTime(currentTime: number): WatchSignal[] {
    const out: WatchSignal[] = [];
    if (this.last !== null) {
      const step = currentTime - this.last;
      if (step > 0 && step <= this.maxStepS) this.watched += step;
    }
    this.last = currentTime;
    if (!this.viewSent && this.watched >= this.viewAfterS) {
      this.viewSent = true;
      out.push('view');
    }
    if (this.watched - this.reportedAt >= this.progressEveryS) {
      this.reportedAt = this.watched;
      out.push('progress');
    }
    return out;
  }

  /**
   * Counts `playedS` seconds played before the tracker could watch (the
   * first reel plays before the page hydrates, docs/decisions/020), with
   * `currentTime` the position it has reached; reports are due from the
   * next `onTime`.
   */
  credit(playedS: number, currentTime: number): void {
    if (playedS > 0) this.watched += playedS;
    this.last = currentTime;
  }

  /** The video reached its end; reports completion once per activation. */
  onEnded(): WatchSignal[] {
    // The next loop starts from 0: that jump is not playback.
    this.last = null;
    if (this.completeSent) return [];
    this.completeSent = true;
    return ['complete'];
  }

  /** The viewer left the reel: a last progress report if anything was played since the previous one. */
  onLeave(): WatchSignal[] {
    this.last = null;
    if (this.watched - this.reportedAt > 0.25) {
      this.reportedAt = this.watched;
      return ['progress'];
    }
    return [];
  }

  /** Starts over (the reel became active again). */
  reset(): void {
    this.last = null;
    this.watched = 0;
    this.reportedAt = 0;
    this.viewSent = false;
    this.completeSent = false;
  }
}
