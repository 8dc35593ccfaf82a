import { EVENT_MAX_RETRIES } from '../constants';

/**
 * The client event queue of SPEC.md section 7: events are sent one at a
 * time, `delayMs()` apart (1 s, or 2.5 s on a slow connection); a failed
 * send goes back to the end of the queue, up to EVENT_MAX_RETRIES (5)
 * re-queues, after which `onGiveUp` is called once for that event.
 * While `isOnline()` says false nothing is sent and no retry is spent;
 * `resume()` (on the browser's `online`) starts it again. A failure that
 * `isPermanent` recognises (the server refused the event itself) gives up
 * at once: sending it again cannot succeed.
 */
export interface EventQueueOptions<T> {
  /** Sends one event; a rejected promise counts as a failed send. */
  send: (event: T) => Promise<void>;
  /** Wait before each send, ms; read as each wait starts, so a connection change applies from the next wait. */
  delayMs: () => number;
  /** Re-queues of a failed event before giving up (default EVENT_MAX_RETRIES). */
  maxRetries?: number;
  /** Called after the last retry failed (e.g. an error-log call). */
  onGiveUp?: (event: T, error: unknown, retries: number) => void;
  /** False holds the queue (offline): nothing is sent, no retry is spent. Default: always online. */
  isOnline?: () => boolean;
  /** True for a failure no retry can fix (e.g. a 4xx refusal): give up at once. */
  isPermanent?: (error: unknown) => boolean;
  /** Called after an event was sent (e.g. to forget its stored copy). */
  onSent?: (event: T) => void;
  /** Called when a failed event is re-queued, with its new retry count. */
  onRetry?: (event: T, retries: number) => void;
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

  /** True while a send is in flight. */
  get busy(): boolean {
    return this.sending;
  }

  /**
   * Adds an event at the end; the queue starts working if it was idle.
   * @param retries re-queues it already had (an event restored after a reload keeps its count).
   */
  enqueue(event: T, retries = 0): void {
    this.items.push({ event, retries });
    this.schedule();
  }

  /** The waiting events, in order (the one in flight is not included). */
  peek(): T[] {
    return this.items.map((p) => p.event);
  }

  /**
   * Takes every waiting event out of the queue (e.g. to hand them to
   * a keepalive request when the page is hidden) and stops the timer.
   */
  drain(): T[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.items.splice(0).map((p) => p.event);
  }

  /** Starts sending again after an offline spell (or after drain); a no-op while busy or empty. */
  resume(): void {
    this.schedule();
  }

  private online(): boolean {
    return this.opts.isOnline ? this.opts.isOnline() : true;
  }

  private schedule(): void {
    if (this.timer || this.sending || this.items.length === 0 || !this.online()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sendNext();
    }, this.opts.delayMs());
  }

  private async sendNext(): Promise<void> {
    if (!this.online()) return;
    const next = this.items.shift();
    if (!next) return;
    this.sending = true;
    try {
      await this.opts.send(next.event);
      this.safely(() => this.opts.onSent?.(next.event));
    } catch (error) {
      const permanent = this.opts.isPermanent?.(error) === true;
      if (!permanent && !this.online()) {
        // Went offline mid-send: hold it at the front, no retry spent.
        this.items.unshift(next);
      } else if (!permanent && next.retries < this.maxRetries) {
        const retries = next.retries + 1;
        this.items.push({ event: next.event, retries });
        this.safely(() => this.opts.onRetry?.(next.event, retries));
      } else {
        this.safely(() => this.opts.onGiveUp?.(next.event, error, next.retries));
      }
    } finally {
      this.sending = false;
      this.schedule();
    }
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch {
      // Hooks are best effort; they must never stop the queue.
    }
  }
}
