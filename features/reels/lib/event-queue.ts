import { EVENT_MAX_RETRIES } from '@/lib/constants';

/**
 * The client event queue of SPEC.md section 7: events are sent one at a
 * time, `delayMs()` apart (1 s, or 2.5 s on a slow connection); a failed
 * send goes back to the end of the queue, up to EVENT_MAX_RETRIES (5)
 * re-queues, after which `onGiveUp` is called once for that event.
 */
export interface EventQueueOptions<T> {
  /** Sends one event; a rejected promise counts as a failed send. */
  send: (event: T) => Promise<void>;
  /** Wait before each send, ms; read as each wait starts, so a connection change applies from the next wait. */
  delayMs: () => number;
  /** Re-queues of a failed event before giving up (default EVENT_MAX_RETRIES). */
  maxRetries?: number;
  /** Called after the last retry failed (e.g. an error-log call). */
  onGiveUp?: (event: T, error: unknown) => void;
}

interface Pending<T> { event: T; retries: number }

export class EventQueue<T> {
  private readonly items: Pending<T>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;
  private readonly maxRetries: number;

  constructor(private readonly opts: EventQueueOptions<T>) {
    this.maxRetries = opts.maxRetries ?? EVENT_MAX_RETRIES;
  }

  /** Events waiting to be sent (the one being sent is not counted). */
  get size(): number {
    return this.items.length;
  }

  /** Adds an event at the end; the queue starts working if it was idle. */
  enqueue(event: T): void {
    this.items.push({ event, retries: 0 });
    this.schedule();
  }

  /**
   * Takes every waiting event out of the queue (e.g. to hand them to
   * `navigator.sendBeacon` when the page is hidden) and stops the timer.
   */
  drain(): T[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.items.splice(0).map((p) => p.event);
  }

  private schedule(): void {
    if (this.timer || this.sending || this.items.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sendNext();
    }, this.opts.delayMs());
  }

  private async sendNext(): Promise<void> {
    const next = this.items.shift();
    if (!next) return;
    this.sending = true;
    try {
      await this.opts.send(next.event);
    } catch (error) {
      if (next.retries < this.maxRetries) {
        this.items.push({ event: next.event, retries: next.retries + 1 });
      } else {
        try {
          this.opts.onGiveUp?.(next.event, error);
        } catch {
          // The give-up path is best effort; it must never stop the queue.
        }
      }
    } finally {
      this.sending = false;
      this.schedule();
    }
  }
}
