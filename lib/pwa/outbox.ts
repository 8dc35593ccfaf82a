import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { apiFetch, HttpError } from '@/lib/http/client';

/**
 * The offline outbox: form posts made without a connection are kept in
 * IndexedDB with their idempotency key and sent when the connection returns
 * (the page's `online` event, the next start of the app, or a retry timer).
 * The server stores one lead per (visitor, idempotency key)
 * (features/leads/server/leads.ts), so a post that reached the server but
 * whose answer was lost is sent again safely and still counts once; this
 * module adds that one tab never sends the same entry twice at a time and
 * that tabs take turns (Web Locks, where the browser has them).
 */

/** One queued post. `key` is the request's idempotency key: one entry per key. */
export interface OutboxEntry {
  key: string;
  /** What the entry is, for listeners (e.g. "callback", "subsidy"). */
  kind: string;
  /** Same-origin API path, e.g. /api/v1/leads/callback. */
  url: string;
  /** The JSON body as sent the first time. */
  body: string;
  /** When it was queued, ms since the epoch. */
  queuedAt: number;
}

/** What became of a queued entry once the server answered. */
export type OutboxResult =
  | { key: string; kind: string; status: 'sent'; body: unknown }
  | { key: string; kind: string; status: 'failed'; error: HttpError };

/** Where entries are kept: IndexedDB in browsers; tests may pass another. */
export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>;
  all(): Promise<OutboxEntry[]>;
  delete(key: string): Promise<void>;
}

interface OutboxDb extends DBSchema {
  posts: { key: string; value: OutboxEntry };
}

const DB_NAME = 'sr-outbox';
const STORE = 'posts';

/** The IndexedDB store `sr-outbox` (one object store `posts`, keyed by idempotency key). */
export function indexedDbStore(): OutboxStore {
  let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = () => (db ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade: (d) => void d.createObjectStore(STORE, { keyPath: 'key' }),
  }));
  return {
    put: async (entry) => void (await (await open()).put(STORE, entry)),
    all: async () => (await (await open()).getAll(STORE)).sort((a, b) => a.queuedAt - b.queuedAt),
    delete: async (key) => (await open()).delete(STORE, key),
  };
}

/** Sends one entry; resolves with the answer's JSON body. @throws HttpError as apiFetch does. */
export type OutboxSender = (entry: OutboxEntry) => Promise<unknown>;

/** The default sender: a same-origin JSON POST through apiFetch (cookies, client headers; the browser adds Origin). */
export const postJson: OutboxSender = async (entry) => {
  const res = await apiFetch(entry.url, {
    method: 'POST',
    body: entry.body,
    headers: { 'Content-Type': 'application/json' },
  });
  return res.json();
};

/** True when an error means "no answer came" (keep the entry) rather than "the server said no". */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof HttpError && err.status === 0;
}

/**
 * True when the server's refusal may pass by itself (rate limit, server
 * trouble): the entry stays queued. Other 4xx answers (a bad field, a slot
 * taken meanwhile) are final: the entry is dropped and reported.
 */
function isTransient(err: HttpError): boolean {
  return err.status === 429 || err.status === 408 || err.status >= 500;
}

type Listener = (r: OutboxResult) => void;

/** An outbox over `store`, sending with `send`. */
export class Outbox {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  private flushing: Promise<number> | null = null;

  constructor(private readonly store: OutboxStore, private readonly send: OutboxSender = postJson) {}

  /** Keeps `entry` until it is sent; a second entry with the same key replaces the first (same post). */
  async enqueue(entry: OutboxEntry): Promise<void> {
    await this.store.put(entry);
  }

  /** The entries still waiting, oldest first. */
  pending(): Promise<OutboxEntry[]> {
    return this.store.all();
  }

  /**
   * Calls `fn` with the result of the entry `key` once it is sent or refused.
   * @returns a function that stops listening.
   */
  subscribe(key: string, fn: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /**
   * Calls `fn` with results nobody subscribed to by key (the form that
   * queued the post is gone: a global notice tells the person instead).
   * @returns a function that stops listening.
   */
  onUnclaimed(fn: Listener): () => void {
    this.anyListeners.add(fn);
    return () => void this.anyListeners.delete(fn);
  }

  /**
   * Sends the waiting entries one at a time, oldest first, and stops at the
   * first that gets no answer (still offline). Concurrent calls share one run.
   * @returns how many entries left the outbox (sent or refused).
   */
  flush(): Promise<number> {
    if (!this.flushing) {
      const run = (): Promise<number> => this.drain();
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      // The lock's promise resolves with run's promise: then() unwraps it.
      const flushing = locks ? locks.request('sr-outbox', run).then((n) => n) : run();
      this.flushing = flushing.finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async drain(): Promise<number> {
    let done = 0;
    for (const entry of await this.store.all()) {
      let result: OutboxResult;
      try {
        result = { key: entry.key, kind: entry.kind, status: 'sent', body: await this.send(entry) };
      } catch (err) {
        if (isNetworkFailure(err)) break;
        if (!(err instanceof HttpError) || isTransient(err)) break;
        result = { key: entry.key, kind: entry.kind, status: 'failed', error: err };
      }
      await this.store.delete(entry.key);
      done += 1;
      this.emit(result);
    }
    return done;
  }

  private emit(r: OutboxResult): void {
    const set = this.listeners.get(r.key);
    if (set && set.size > 0) for (const fn of [...set]) fn(r);
    else for (const fn of [...this.anyListeners]) fn(r);
  }
}

let shared: Outbox | null = null;

/** This page's outbox (IndexedDB, sending with postJson). Browser only. */
export function outbox(): Outbox {
  if (!shared) shared = new Outbox(indexedDbStore());
  return shared;
}

/** True when the browser says it has no network (a post would fail at once). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Posts `entry` now, or queues it when there is no connection (the browser
 * says so, or the post got no answer). The caller keeps the entry's
 * idempotency key in its body, so a post that did arrive before the
 * connection dropped and is sent again still counts once.
 * @returns `{ queued: false, body }` with the server's answer, or `{ queued: true }`.
 * @throws HttpError for an answer that is not 2xx (the form shows it).
 */
export async function postOrQueue(entry: Omit<OutboxEntry, 'queuedAt'>, box: Outbox = outbox(), send: OutboxSender = postJson):
  Promise<{ queued: false; body: unknown } | { queued: true }> {
  const queue = async () => {
    await box.enqueue({ ...entry, queuedAt: Date.now() });
    return { queued: true } as const;
  };
  if (browserOffline()) return queue();
  try {
    return { queued: false, body: await send({ ...entry, queuedAt: Date.now() }) };
  } catch (err) {
    if (isNetworkFailure(err)) return queue();
    throw err;
  }
}
