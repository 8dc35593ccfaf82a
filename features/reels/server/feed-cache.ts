import type { Db } from '@/lib/db/client';
import { singleton } from '@/lib/singleton';

/**
 * Short-lived, in-process caches of the feed (the hot path, ARCHITECTURE.md
 * decision 2). Two kinds:
 * - shared: the viewer-independent part of a page (reels, names, signed URLs,
 *   counts, the TLDR list), FEED_CACHE_TTL_MS; dropped by `invalidateFeedCache`
 *   (likes here; the media worker when a reel becomes ready).
 * - per viewer: which reels the viewer liked and its watch progress,
 *   VIEWER_STATE_TTL_MS; dropped by `forgetViewer` after each of the viewer's
 *   writes in this process (likes, events), so in one process the feed never
 *   shows a stale like or watched flag. With several web processes a write
 *   made by another process shows here within the TTL.
 * Promises are cached (not values) so concurrent misses share one load; an
 * entry dropped while its load is in flight is never put back. An expired
 * shared entry is served once more while it reloads in the background.
 * Caches hang off the database handle, so a process that swaps databases
 * (tests) never sees another database's rows.
 * Figures: `npm run bench:feed`.
 */

/** Reuse of the viewer-independent part of a feed page or TLDR list, ms. */
export const FEED_CACHE_TTL_MS = 2000;
/** Reuse of one viewer's likes and progress, ms (a page and its prefetches come close together). */
export const VIEWER_STATE_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Shared part: how many TTLs past expiry a value may still be served while it is reloaded. */
const SHARED_STALE_FACTOR = 3;

interface Entry<V> { expires: number; value: Promise<V>; settled: boolean; refreshing: boolean }

/**
 * A TTL cache of promises with stale-while-revalidate: once an entry expires
 * (and for up to `staleFactor` more TTLs) the old value is still served while
 * one background load replaces it, so the hot path never waits on the
 * database just because a TTL ran out. `delete`/`clear` are hard: the next
 * get waits for a fresh load.
 */
class TtlCache<V> {
  private map = new Map<string, Entry<V>>();
  constructor(private readonly ttlMs: number, private readonly staleFactor = 0) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit && hit.settled && hit.expires + this.ttlMs * this.staleFactor > now) {
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value;
    }
    return this.fill(key, load, now).value;
  }

  private fill(key: string, load: () => Promise<V>, now: number): Entry<V> {
    const entry: Entry<V> = { expires: now + this.ttlMs, value: load(), settled: false, refreshing: false };
    this.map.delete(key); // re-insert at the end: Map order is then oldest first
    this.map.set(key, entry);
    entry.value.then(() => {
      entry.settled = true;
    }, () => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    if (this.map.size > MAX_ENTRIES) this.prune(now);
    return entry;
  }

  private refresh(key: string, stale: Entry<V>, load: () => Promise<V>): void {
    stale.refreshing = true;
    const map = this.map;
    load().then((v) => {
      // Replaced or dropped meanwhile (a write): the newer state wins.
      if (map !== this.map || this.map.get(key) !== stale) return;
      this.map.set(key, { expires: Date.now() + this.ttlMs, value: Promise.resolve(v), settled: true, refreshing: false });
    }, () => {
      stale.refreshing = false;
    });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map = new Map();
  }

  private prune(now: number): void {
    for (const [k, e] of this.map) if (e.expires + this.ttlMs * this.staleFactor <= now) this.map.delete(k);
    // Still full of live entries: drop the oldest.
    for (const k of this.map.keys()) {
      if (this.map.size <= MAX_ENTRIES * 0.9) break;
      this.map.delete(k);
    }
  }
}

interface Caches { shared: TtlCache<unknown>; viewers: TtlCache<unknown> }
// A process has one database handle (tests: one per test file), so a Map is enough.
const byDb = () => singleton('reels_feed_cache', () => new Map<Db, Caches>());

function caches(db: Db): Caches {
  const all = byDb();
  let c = all.get(db);
  if (!c) {
    // Viewer states are never served stale: a viewer's write made in another
    // process must show after VIEWER_STATE_TTL_MS at the latest.
    c = { shared: new TtlCache(FEED_CACHE_TTL_MS, SHARED_STALE_FACTOR), viewers: new TtlCache(VIEWER_STATE_TTL_MS) };
    all.set(db, c);
  }
  return c;
}

/** The viewer-independent value under `key`, loaded at most once per FEED_CACHE_TTL_MS. */
export function cachedShared<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return caches(db).shared.get(key, load) as Promise<T>;
}

/** The state of one viewer, loaded at most once per VIEWER_STATE_TTL_MS unless forgotten. */
export function cachedViewer<T>(db: Db, viewerId: string, load: () => Promise<T>): Promise<T> {
  return caches(db).viewers.get(viewerId, load) as Promise<T>;
}

/**
 * Drops every cached feed page and TLDR list of this process (viewer states
 * stay). Call it when a reel's visibility, order or counters change.
 */
export function invalidateFeedCache(): void {
  for (const c of byDb().values()) c.shared.clear();
}

/** Drops one viewer's cached likes and progress (after the viewer's own write). */
export function forgetViewer(db: Db, viewerId: string): void {
  byDb().get(db)?.viewers.delete(viewerId);
}
