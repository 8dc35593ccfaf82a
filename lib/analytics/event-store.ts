import type { ClientEventPush } from './event-types';

/**
 * The event queue's copy in localStorage, so events survive a reload, a
 * crash or an offline spell (SPEC.md section 7 "kept across a reload").
 * Keyed by ingest id: the same event stored twice is one entry, and a copy
 * left by a page that died after sending it is sent again and counted once
 * by the server. Bounded: at most `max` events (default 500), the oldest
 * dropped first. localStorage rather than IndexedDB because it is
 * synchronous: a write made while the page is being hidden is not lost.
 * Every read re-reads storage, so two tabs add to one list (a write race
 * between tabs can at worst drop or duplicate an entry; duplicates count once).
 */

/** localStorage key of the stored queue. */
export const EVENT_STORE_KEY = 'sr_events_q';
/** Most events kept; the oldest are dropped beyond it. */
export const EVENT_STORE_MAX = 500;

/** One stored event: the push, its retries so far, when it was stored (ms since epoch). */
export interface StoredEvent { e: ClientEventPush; r: number; t: number }

type Entries = Record<string, StoredEvent>;

export class EventStore {
  constructor(private readonly key = EVENT_STORE_KEY, private readonly max = EVENT_STORE_MAX) {}

  private storage(): Storage | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      return null;
    }
  }

  private readAll(): Entries {
    try {
      const raw = this.storage()?.getItem(this.key);
      const v = raw ? (JSON.parse(raw) as unknown) : null;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Entries) : {};
    } catch {
      return {};
    }
  }

  private writeAll(entries: Entries): void {
    const s = this.storage();
    if (!s) return;
    let list = Object.entries(entries).sort((a, b) => a[1].t - b[1].t);
    if (list.length > this.max) list = list.slice(list.length - this.max);
    // On a full quota, drop the oldest half and try once more; then give up quietly.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        if (list.length === 0) s.removeItem(this.key);
        else s.setItem(this.key, JSON.stringify(Object.fromEntries(list)));
        return;
      } catch {
        list = list.slice(Math.floor(list.length / 2));
      }
    }
  }

  /** The stored events, oldest first. Only well-formed entries. */
  load(): StoredEvent[] {
    return Object.values(this.readAll())
      .filter((s) => s && typeof s === 'object' && s.e && typeof s.e.event_type === 'string' && typeof s.e.payload?.ingest_id === 'string')
      .sort((a, b) => a.t - b.t);
  }

  /** Stores (or updates the retries of) `event`; it needs a payload.ingest_id. */
  put(event: ClientEventPush, retries = 0): void {
    const id = event.payload.ingest_id;
    if (!id) return;
    const all = this.readAll();
    all[id] = { e: event, r: retries, t: all[id]?.t ?? Date.now() };
    this.writeAll(all);
  }

  /** Forgets the events with these ingest ids. */
  remove(...ids: (string | undefined)[]): void {
    const all = this.readAll();
    let changed = false;
    for (const id of ids) {
      if (id && id in all) {
        delete all[id];
        changed = true;
      }
    }
    if (changed) this.writeAll(all);
  }

  /** Number of stored events. */
  get size(): number {
    return Object.keys(this.readAll()).length;
  }
}
