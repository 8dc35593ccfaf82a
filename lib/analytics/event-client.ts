import { abView, attribution, deviceId, experiments } from './attribution';
import { EventStore } from './event-store';
import type { ClientEventPush, EventPayload, EventType } from './event-types';
import { randomUuid } from '../uuid';

/**
 * The one way the browser records an event (SPEC.md section 7 "Event
 * pushes"): `track(type, fields)` builds the push -- device id, an
 * ingest id (the server's idempotency key, made once per event and kept
 * across retries and reloads), the first-touch UTM data, this visit's
 * partner and the metadata (speed, campaign, time, path, top-N experiment,
 * A/B view, device id) -- and hands it to the event queue, which is
 * loaded after the first frame (./event-sender) so it costs the feed's
 * first paint nothing. SSR-safe: a no-op on the server.
 */

export type { EventType, EventPayload, ClientEventPush } from './event-types';

type SpeedSource = () => number | null;
let speedSource: SpeedSource | null = null;

/**
 * Lets a page supply a better download-speed estimate (Mbps), e.g. the
 * video player's bandwidth estimate; otherwise the browser's
 * `navigator.connection.downlink` is used.
 */
export function setInternetSpeedSource(source: SpeedSource | null): void {
  speedSource = source;
}

/** Download speed in Mbps (two decimals), or null when unknown. */
export function internetSpeedMbps(): number | null {
  try {
    const s = speedSource?.();
    if (typeof s === 'number' && Number.isFinite(s) && s >= 0) return Math.min(10_000, Math.round(s * 100) / 100);
  } catch {
    // A broken source must not stop the event.
  }
  if (typeof navigator === 'undefined') return null;
  const d = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  return typeof d === 'number' && Number.isFinite(d) ? Math.min(10_000, d) : null;
}

/**
 * The full push for an event: the common fields first, the caller's fields
 * over them, the metadata merged key by key (the caller's win). Browser only.
 */
export function buildEvent(eventType: EventType, payload: Partial<EventPayload> = {}): ClientEventPush {
  const a = attribution();
  const device = deviceId();
  const { metadata: callerMeta, ...fields } = payload;
  return {
    event_type: eventType,
    version: '1.0.0',
    payload: {
      device_id: device,
      ingest_id: randomUuid(),
      ...(a.utm_data ? { utm_data: a.utm_data } : {}),
      partner_id: a.partner_id ?? null,
      ...fields,
      metadata: {
        internet_speed: internetSpeedMbps(),
        campaign_key: a.campaign_key ?? null,
        createdAt: new Date().toISOString(),
        path: window.location.pathname.slice(0, 500),
        top_n_experiment: experiments().topNVideos,
        view: abView(),
        device_id: device,
        ...(a.referrer_code ? { referrer_code: a.referrer_code } : {}),
        ...callerMeta,
      },
    },
  };
}

/** Pushes built before the sender module arrived. */
const early: ClientEventPush[] = [];
let sender: Promise<typeof import('./event-sender')> | null = null;

function loadSender(): Promise<typeof import('./event-sender')> {
  sender ??= import('./event-sender').catch((error: unknown) => {
    // Offline before the chunk ever loaded: try again on the next call.
    sender = null;
    throw error;
  });
  return sender;
}

let store: EventStore | null = null;

/**
 * Loads the sender (once), resumes the events earlier pages stored, then
 * queues the events tracked meanwhile. The analytics boot component calls
 * it after the first frame; track calls it too. Never rejects.
 */
export async function startEvents(): Promise<void> {
  if (typeof window === 'undefined') return;
  try {
    const m = await loadSender();
    m.startSender();
    for (const e of early.splice(0)) m.enqueueEvent(e);
  } catch {
    // The chunk failed to load (offline first visit): the events stay in `early` for the next call.
  }
}

/**
 * Sends the waiting events now as keepalive requests (the page is being
 * hidden or left). Before the sender has loaded it is loaded first; should
 * the page go before that, the stored copies leave on the next load.
 */
export function flushEvents(): void {
  if (typeof window === 'undefined') return;
  void startEvents().then(() => sender?.then((m) => m.flushEvents())).catch(() => undefined);
}

/**
 * Records one event: builds its push (see buildEvent) and queues it; it
 * is sent one at a time, 1 s apart (2.5 s on a slow connection), retried 5
 * times, kept across reloads and offline spells. Never throws; a no-op on
 * the server.
 * @param eventType one of EVENT_TYPES (features/reels/schemas.ts).
 * @param payload the event's own fields (content_id, topic_id, error_message, ...).
 * @returns the push's ingest id, or null on the server.
 */
export function track(eventType: EventType, payload?: Partial<EventPayload>): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const event = buildEvent(eventType, payload);
    // Stored at once, so the event survives a page that dies before the sender loads.
    (store ??= new EventStore()).put(event, 0);
    early.push(event);
    void startEvents();
    return event.payload.ingest_id ?? null;
  } catch {
    return null;
  }
}

/**
 * Drops this page's queued events and the sender's state (component tests
 * call it after each test, so one test's events never reach the next).
 * Stored copies stay unless the caller clears localStorage.
 */
export function resetEventClientForTests(): void {
  early.splice(0);
  store = null;
  void sender?.then((m) => m.resetSenderForTests()).catch(() => undefined);
}
