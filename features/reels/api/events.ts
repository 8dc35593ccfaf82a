import {
  EVENT_QUEUE_DELAY_MS, EVENT_QUEUE_SLOW_DELAY_MS, EVENT_VERSION, LOG_API_TIMEOUT_MS,
} from '@/lib/constants';
import { apiClient, apiFetch } from '@/lib/http/client';
import type { EventPush, FeedItem, PLAYER_EVENTS } from '../schemas';
import type { eventRoutes } from '../server/routes';
import { EventQueue } from '../lib/event-queue';
import type { WatchSignal } from '../lib/watch-tracker';
import { useFeedStore } from '../store';

/**
 * The browser side of event pushes (SPEC.md section 7 "Event pushes"): the
 * player's view, progress and completion events go through one queue, sent
 * one at a time 1 s apart (2.5 s on a slow connection), retried 5 times,
 * then reported to the error log. Events still waiting when the page is
 * hidden leave with `fetch(..., { keepalive: true })` as JSON (the endpoint
 * takes JSON only; sendBeacon can only send a string as text/plain).
 * One queue sends at most one event a second, well inside the endpoint's
 * 120 per minute per visitor.
 */

const EVENTS_PATH = '/auth/api/v1/events';
const ERROR_LOG_PATH = '/api/errorLog';

/** The event names of schemas.ts, spelled here so zod stays out of the browser bundle; the type keeps them equal. */
const EVENT_TYPES: typeof PLAYER_EVENTS = {
  view: 'VIDEO_VIEW',
  progress: 'VIDEO_PROGRESS',
  complete: 'VIDEO_COMPLETE',
};

interface NetworkInformationLike { effectiveType?: string; saveData?: boolean; downlink?: number }

function connection(): NetworkInformationLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** True when the browser flags the connection as slow (2g, slow-2g) or asks to save data. */
export function isSlowConnection(): boolean {
  const c = connection();
  return !!c && (c.saveData === true || c.effectiveType === '2g' || c.effectiveType === 'slow-2g');
}

/** Download speed in Mbps: the player's bandwidth estimate, else the browser's guess; null when unknown. */
function internetSpeedMbps(): number | null {
  const bps = useFeedStore.getState().bandwidthEstimate;
  if (bps) return Math.round((bps / 1e6) * 100) / 100;
  const downlink = connection()?.downlink;
  return typeof downlink === 'number' ? downlink : null;
}

/** Best effort: the error log may not exist or be down; nothing is retried or shown. */
function logGiveUp(event: EventPush, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  apiFetch(ERROR_LOG_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ event_type: event.event_type, error_message: message.slice(0, 500) }),
    timeoutMs: LOG_API_TIMEOUT_MS,
  }).catch(() => undefined);
}

/** The events endpoint, typed by its router. */
const api = apiClient<typeof eventRoutes>();

let queue: EventQueue<EventPush> | null = null;

/** Sends `events` as requests the browser finishes even while the page goes away. */
function sendKeepalive(events: EventPush[]): void {
  for (const e of events) {
    apiFetch(EVENTS_PATH, {
      method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(e),
    }).catch(() => undefined);
  }
}

function getQueue(): EventQueue<EventPush> {
  if (queue) return queue;
  const q = new EventQueue<EventPush>({
    send: async (e) => {
      await api.auth.api.v1.events.$post({ json: e });
    },
    delayMs: () => (isSlowConnection() ? EVENT_QUEUE_SLOW_DELAY_MS : EVENT_QUEUE_DELAY_MS),
    onGiveUp: logGiveUp,
  });
  window.addEventListener('pagehide', () => sendKeepalive(q.drain()));
  queue = q;
  return q;
}

/** Sends what is waiting right now as keepalive requests (the page is going away). */
export function flushEvents(): void {
  if (queue) sendKeepalive(queue.drain());
}

/**
 * Queues one player event for `item`: VIDEO_VIEW after 3 s of playback,
 * carrying the item's `watch_ticket` (the server counts the view only with
 * it), VIDEO_PROGRESS periodically and on leaving, VIDEO_COMPLETE at the end.
 * @param watchedS seconds played in this visit of the reel.
 * @param durationS the video's length, seconds.
 */
export function trackPlayerEvent(signal: WatchSignal, item: FeedItem, watchedS: number, durationS: number): void {
  if (typeof window === 'undefined') return;
  const clamp = (s: number) => Math.min(24 * 3600, Math.max(0, Math.round(s * 10) / 10));
  const event: EventPush = {
    event_type: EVENT_TYPES[signal],
    version: EVENT_VERSION,
    payload: {
      content_id: item.id,
      content_length: clamp(durationS || item.duration),
      content_watched: clamp(watchedS),
      ...(signal === 'view' ? { watch_ticket: item.watch_ticket } : {}),
      topic_id: item.topic,
      category_id: item.category,
      option_id: item.option,
      metadata: {
        internet_speed: internetSpeedMbps(),
        path: window.location.pathname,
        createdAt: new Date().toISOString(),
      },
    },
  };
  getQueue().enqueue(event);
}
