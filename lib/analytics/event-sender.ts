import { EVENT_QUEUE_DELAY_MS, EVENT_QUEUE_SLOW_DELAY_MS } from '../constants';
import { apiFetch, HttpError } from '../http/client';
import { EventQueue } from './event-queue';
import { EventStore } from './event-store';
import type { ClientEventPush } from './event-types';
import { logEventError } from './log-client';
import { isOnline, isSlowConnection } from './network';

/**
 * The sending side of the event client (SPEC.md section 7 "Event pushes"),
 * loaded after the first frame by ./event-client. One queue per page:
 * one event at a time, 1 s apart (2.5 s when the connection is slow), a
 * failed send re-queued up to 5 times, then POST /api/eventError. Every
 * queued event is also in the EventStore (localStorage) until the server
 * accepted it, so a reload or a crash resumes where it stopped; offline
 * (navigator.onLine false) the queue holds without spending retries and
 * resumes on `online`. When the page is hidden the waiting events leave at
 * once as keepalive requests (JSON, same origin, with the client headers);
 * their stored copies stay until the answer comes, so a page that dies
 * first sends them again on the next load, where the ingest id makes the
 * server count each once.
 */

export const EVENTS_PATH = '/auth/api/v1/events';
/** The browser's in-flight budget for keepalive bodies is 64 KiB; stay under it. */
const KEEPALIVE_BUDGET_BYTES = 56 * 1024;

/**
 * True for an answer no retry can change: the server refused the event
 * itself (bad shape, unknown reel, too large). 401 (a visitor id not yet
 * issued), 403, 408 and 429 are worth another try.
 */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof HttpError && [400, 404, 409, 410, 413, 415, 422].includes(error.status);
}

let queue: EventQueue<ClientEventPush> | null = null;
let store: EventStore | null = null;
let listeners: AbortController | null = null;
let started = false;
/** Ingest ids this page queued or has in flight, so a restore never queues one twice. */
const known = new Set<string>();

async function post(event: ClientEventPush, keepalive = false): Promise<void> {
  await apiFetch(EVENTS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(event),
    ...(keepalive ? { keepalive: true } : {}),
  });
}

function forget(event: ClientEventPush): void {
  const id = event.payload.ingest_id;
  if (id) known.delete(id);
  store?.remove(id);
}

function getQueue(): EventQueue<ClientEventPush> {
  if (queue) return queue;
  store = new EventStore();
  const q = new EventQueue<ClientEventPush>({
    send: (e) => post(e),
    delayMs: () => (isSlowConnection() ? EVENT_QUEUE_SLOW_DELAY_MS : EVENT_QUEUE_DELAY_MS),
    isOnline,
    isPermanent: isPermanentFailure,
    onSent: forget,
    onRetry: (e, retries) => store?.put(e, retries),
    onGiveUp: (e, error, retries) => {
      forget(e);
      logEventError(e, error, retries);
    },
  });
  queue = q;
  if (typeof window !== 'undefined') {
    listeners = new AbortController();
    const { signal } = listeners;
    window.addEventListener('online', () => {
      restore();
      q.resume();
    }, { signal });
    window.addEventListener('pagehide', flushEvents, { signal });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushEvents();
      else q.resume();
    }, { signal });
  }
  return q;
}

/**
 * Starts the queue once per page: the events earlier pages stored are
 * queued first (see restore). Later calls do nothing.
 */
export function startSender(): void {
  if (started) return;
  started = true;
  restore();
}

/**
 * Queues `event` for sending. `track` has stored it already (before this
 * module loaded), so it is not written again here.
 */
export function enqueueEvent(event: ClientEventPush): void {
  const q = getQueue();
  const id = event.payload.ingest_id;
  if (id) {
    if (known.has(id)) return;
    known.add(id);
  }
  q.enqueue(event, 0);
}

/**
 * Queues the events a previous page (or another tab) stored and did not
 * get answered, oldest first, with their retry counts. Called when the
 * sender loads and when the connection comes back.
 * @returns how many were queued.
 */
export function restore(): number {
  const q = getQueue();
  let n = 0;
  for (const s of store?.load() ?? []) {
    const id = s.e.payload.ingest_id;
    if (!id || known.has(id)) continue;
    known.add(id);
    q.enqueue(s.e, s.r);
    n += 1;
  }
  return n;
}

/**
 * Sends what is waiting right now as keepalive requests (the page is being
 * hidden or is going away), within the browser's keepalive budget; the rest
 * stays queued and stored. Offline, nothing is sent: the stored copies
 * leave on the next load or when the connection returns. An answered
 * request forgets its event; a failed one is queued again.
 */
export function flushEvents(): void {
  if (!queue || !isOnline()) return;
  const q = queue;
  const waiting = q.drain();
  let budget = KEEPALIVE_BUDGET_BYTES;
  const later: ClientEventPush[] = [];
  for (const e of waiting) {
    const size = JSON.stringify(e).length + 200;
    if (size > budget) {
      later.push(e);
      continue;
    }
    budget -= size;
    post(e, true).then(() => forget(e), (error: unknown) => {
      if (isPermanentFailure(error)) {
        forget(e);
        logEventError(e, error, 0);
      } else {
        q.enqueue(e);
      }
    });
  }
  for (const e of later) q.enqueue(e);
}

/** Drops this page's queue and listeners' state (tests simulating a reload); stored copies stay. */
export function resetSenderForTests(): void {
  queue?.drain();
  listeners?.abort();
  listeners = null;
  started = false;
  queue = null;
  store = null;
  known.clear();
}
