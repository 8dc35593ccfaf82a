import 'server-only';
import type { Db } from '@/lib/db/client';
import { singleton } from '@/lib/singleton';
import { metrics } from '@/lib/metrics';
import { busLive, publishChange, startCacheBus, type CacheChange } from './cache-bus';

/**
 * In-process caches of the feed (the hot path, ARCHITECTURE.md decision 2).
 * Three kinds, so that a like touches only what it changed:
 * - shared: the viewer-independent, count-free part of a page (reels, names,
 *   signed URLs, the total, the TLDR list), FEED_CACHE_TTL_MS; dropped
 *   whole by `invalidateFeedCache` (a reel became ready or was taken down).
 * - counts: per reel (like, view and comment counts) and per option (its
 *   total_reaction), read for each request's reels; a like or a counted
 *   view drops the entries of its reel and option only (`countsChanged`).
 * - per viewer: which reels the viewer liked and its watch progress,
 *   VIEWER_STATE_TTL_MS; dropped by `forgetViewer` after each of the
 *   viewer's writes in this process.
 * With REDIS_URL, `invalidateFeedCache` and `countsChanged` reach every
 * process at once (./cache-bus.ts); a like also drops the liker's state
 * everywhere. Without it, another process sees a change within the TTLs.
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
/** Reuse of a reel's counts, ms, while other processes' changes cannot reach this one (no Redis, or Redis down). */
export const COUNTS_TTL_MS = 2000;
/**
 * Reuse of a reel's counts, ms, while changes arrive over Redis: every like
 * and counted view drops its entry, so the TTL only bounds a message lost
 * in a Redis failover.
 */
export const COUNTS_TTL_LIVE_MS = 15_000;
const MAX_ENTRIES = 20_000;
/** Shared part: how many TTLs past expiry a value may still be served while it is reloaded. */
const SHARED_STALE_FACTOR = 3;

interface Entry<V> { expires: number; value: Promise<V>; settled: boolean; refreshing: boolean }

/** feed_cache_hits_total / feed_cache_misses_total of one cache (lib/metrics.ts), its label bound once. */
interface CacheCounters { hits: { inc(n?: number): void }; misses: { inc(n?: number): void } }

function countersOf(cache: string): CacheCounters {
  const m = metrics();
  return { hits: m.feedCacheHits.labels({ cache }), misses: m.feedCacheMisses.labels({ cache }) };
}

/**
 * A TTL cache of promises with stale-while-revalidate: once an entry expires
 * (and for up to `staleFactor` more TTLs) the old value is still served while
 * one background load replaces it, so the hot path never waits on the
 * database just because a TTL ran out. `delete`/`clear` are hard: the next
 * get waits for a fresh load.
 */
class TtlCache<V> {
  private map = new Map<string, Entry<V>>();
  /** Loads started (misses and background refreshes), for tests. */
  loads = 0;
  private readonly counted: CacheCounters;
  constructor(private readonly ttlMs: number, private readonly staleFactor: number, name: string) {
    this.counted = countersOf(name);
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && hit.expires > now) {
      this.counted.hits.inc();
      return hit.value;
    }
    if (hit && hit.settled && hit.expires + this.ttlMs * this.staleFactor > now) {
      this.counted.hits.inc();
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value;
    }
    this.counted.misses.inc();
    return this.fill(key, load, now).value;
  }

  private fill(key: string, load: () => Promise<V>, now: number): Entry<V> {
    this.loads++;
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
    this.loads++;
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

/**
 * A TTL cache of small values read many at a time: the fresh ones come
 * from memory, the missing ones from one `load` call for all of them.
 * Concurrent requests share a load in flight; `delete` also forgets a load
 * in flight, so a value read before a change is never stored after it.
 */
class BatchCache<V> {
  private map = new Map<string, { value: V; expires: number }>();
  private inflight = new Map<string, Promise<Map<string, V>>>();
  /** Loads started, for tests. */
  loads = 0;
  private readonly counted: CacheCounters;
  constructor(private readonly ttlMs: () => number, name: string) {
    this.counted = countersOf(name);
  }

  async getMany(keys: readonly string[], load: (keys: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
    const now = Date.now();
    const out = new Map<string, V>();
    let missing: string[] | null = null;
    let waits: Array<Promise<void>> | null = null;
    for (const k of keys) {
      const hit = this.map.get(k);
      if (hit && hit.expires > now) {
        out.set(k, hit.value);
        continue;
      }
      const p = this.inflight.get(k);
      if (p) (waits ??= []).push(p.then((m) => this.take(out, m, k)));
      else if (!missing?.includes(k)) (missing ??= []).push(k);
    }
    // A key another request is loading counts as a hit: this call starts no load for it.
    const missed = missing?.length ?? 0;
    if (keys.length > missed) this.counted.hits.inc(keys.length - missed);
    if (missed > 0) this.counted.misses.inc(missed);
    if (missing) {
      const keysToLoad = missing;
      this.loads++;
      const p = load(keysToLoad);
      for (const k of keysToLoad) this.inflight.set(k, p);
      (waits ??= []).push(p.then((m) => {
        const expires = Date.now() + this.ttlMs();
        for (const k of keysToLoad) {
          this.take(out, m, k);
          // Dropped (or cleared) while loading: the value may predate the change.
          if (this.inflight.get(k) !== p) continue;
          this.inflight.delete(k);
          const v = m.get(k);
          if (v !== undefined) this.map.set(k, { value: v, expires });
        }
        if (this.map.size > MAX_ENTRIES) this.prune();
      }, (err: unknown) => {
        for (const k of keysToLoad) if (this.inflight.get(k) === p) this.inflight.delete(k);
        throw err;
      }));
    }
    if (waits) await Promise.all(waits);
    return out;
  }

  private take(out: Map<string, V>, from: Map<string, V>, k: string): void {
    const v = from.get(k);
    if (v !== undefined) out.set(k, v);
  }

  delete(key: string): void {
    this.map.delete(key);
    this.inflight.delete(key);
  }

  clear(): void {
    this.map = new Map();
    this.inflight = new Map();
  }

  private prune(): void {
    const now = Date.now();
    for (const [k, e] of this.map) if (e.expires <= now) this.map.delete(k);
    for (const k of this.map.keys()) {
      if (this.map.size <= MAX_ENTRIES * 0.9) break;
      this.map.delete(k);
    }
  }
}

/** Like, view and comment counts of one reel. */
export interface ReelCounts { like: number; views: number; comment: number }

interface Caches {
  shared: TtlCache<unknown>;
  viewers: TtlCache<unknown>;
  reelCounts: BatchCache<ReelCounts>;
  optionTotals: BatchCache<number>;
}
// A process has one database handle (tests: one per test file), so a Map is enough.
const byDb = () => singleton('reels_feed_cache', () => new Map<Db, Caches>());

const countsTtlMs = () => (busLive() ? COUNTS_TTL_LIVE_MS : COUNTS_TTL_MS);

/** Who hears of 'pages' changes besides the feed's caches (on globalThis: one set however often this module loads). */
const pagesListeners = () => singleton('reels_pages_listeners', () => new Set<() => void>());

/**
 * Calls `listener` whenever the set or order of visible reels changes (a
 * reel became ready, was approved or taken down: invalidateFeedCache here,
 * or the same change announced by another process over the Redis bus,
 * ./cache-bus.ts, which this starts listening to), so caches outside
 * this feature (the sitemaps) drop with the feed's. The listener runs
 * synchronously and must not throw.
 * @returns a function that removes the listener.
 */
export function onPagesChanged(listener: () => void): () => void {
  const set = pagesListeners();
  set.add(listener);
  // Another process's changes must reach the listener even before this process first serves a feed.
  startCacheBus({ onChange: apply, onReset: reset });
  return () => {
    set.delete(listener);
  };
}

/** Applies a change made here or announced by another process. */
function apply(change: CacheChange): void {
  if (change.k === 'pages') for (const l of pagesListeners()) l();
  for (const c of byDb().values()) {
    if (change.k === 'pages') {
      c.shared.clear();
      continue;
    }
    c.reelCounts.delete(change.reel);
    if (change.option) c.optionTotals.delete(change.option);
    if (change.viewer) c.viewers.delete(change.viewer);
  }
}

/** The subscription was down: anything cached meanwhile may have missed a change. */
function reset(): void {
  for (const l of pagesListeners()) l();
  for (const c of byDb().values()) {
    c.shared.clear();
    c.reelCounts.clear();
    c.optionTotals.clear();
    c.viewers.clear();
  }
}

function caches(db: Db): Caches {
  const all = byDb();
  let c = all.get(db);
  if (!c) {
    if (all.size === 0) startCacheBus({ onChange: apply, onReset: reset });
    // Viewer states are never served stale: a viewer's write made in another
    // process must show after VIEWER_STATE_TTL_MS at the latest.
    c = {
      shared: new TtlCache(FEED_CACHE_TTL_MS, SHARED_STALE_FACTOR, 'shared'),
      viewers: new TtlCache(VIEWER_STATE_TTL_MS, 0, 'viewer'),
      reelCounts: new BatchCache(countsTtlMs, 'reel_counts'),
      optionTotals: new BatchCache(countsTtlMs, 'option_totals'),
    };
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
 * The counts of reels `ids` (a reel missing from the answer no longer
 * exists); the ones not cached are read with one `load` call.
 */
export function cachedReelCounts(
  db: Db, ids: readonly string[], load: (ids: string[]) => Promise<Map<string, ReelCounts>>,
): Promise<Map<string, ReelCounts>> {
  return caches(db).reelCounts.getMany(ids, load);
}

/** The total_reaction of options `ids`, cached like the reel counts. */
export function cachedOptionTotals(
  db: Db, ids: readonly string[], load: (ids: string[]) => Promise<Map<string, number>>,
): Promise<Map<string, number>> {
  return caches(db).optionTotals.getMany(ids, load);
}

/**
 * Drops every cached feed page and TLDR list, in this process and (with
 * REDIS_URL) in every other. Call it when a reel's visibility or order
 * changes (ready, taken down); counts have `countsChanged`.
 */
export function invalidateFeedCache(): void {
  apply({ k: 'pages' });
  publishChange({ k: 'pages' });
}

/**
 * A reel's counts changed (a like, an unlike, a counted view): drops that
 * reel's counts, its option's total and, when given, the viewer's state, in
 * this process at once and (with REDIS_URL) in every other. Call it after
 * the change is committed.
 */
export function countsChanged(change: { reel: string; option?: string; viewer?: string }): void {
  const c: CacheChange = { k: 'counts', ...change };
  apply(c);
  publishChange(c);
}

/** Drops one viewer's cached likes and progress in this process (after the viewer's own write). */
export function forgetViewer(db: Db, viewerId: string): void {
  byDb().get(db)?.viewers.delete(viewerId);
}

/**
 * How many loads each cache of `db` started so far (tests: a like must not
 * reload a page).
 */
export function feedCacheLoads(db: Db): { shared: number; counts: number } {
  const c = caches(db);
  return { shared: c.shared.loads, counts: c.reelCounts.loads + c.optionTotals.loads };
}
