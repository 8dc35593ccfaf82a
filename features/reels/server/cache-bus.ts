import 'server-only';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { onShutdown } from '@/lib/shutdown';
import { singleton } from '@/lib/singleton';

/**
 * Feed cache invalidations between processes (web processes, the worker):
 * with REDIS_URL set, a change is published on one Redis pub/sub channel and
 * every process drops its own copy of what changed. Without REDIS_URL this
 * is a no-op and other processes catch up by the caches' TTLs.
 *
 * Best effort by design: a publish never waits for Redis (no offline queue)
 * and never throws, so a Redis outage does not break a like or a view; it
 * only makes other processes wait for a TTL. While this process's
 * subscription is down `busLive()` is false, and the counts cache falls
 * back to its short TTL (features/reels/server/feed-cache.ts); when it
 * comes back, `onReset` runs, since messages sent meanwhile were lost.
 */

/** The Redis channel (one per Redis; messages only name reels, options and viewers). */
export const FEED_CACHE_CHANNEL = 'sr:feed-cache';

/** What changed: every page (a reel became ready or was taken down), or one reel's counts. */
export type CacheChange =
  | { k: 'pages' }
  | { k: 'counts'; reel: string; option?: string; viewer?: string };

interface Handlers {
  onChange: (c: CacheChange) => void;
  onReset: () => void;
}

interface Bus {
  pub: Redis;
  sub: Redis;
  /** True while the subscription is up. */
  live: boolean;
  /** Marks this process's own messages, which it has applied already. */
  origin: string;
}

/** At most one Redis warning per this many ms (a down Redis errors on every retry). */
const WARN_EVERY_MS = 60_000;
const warned = () => singleton('feed_cache_bus_warned', () => ({ at: 0 }));

function warn(err: unknown, msg: string): void {
  const w = warned();
  const now = Date.now();
  if (now - w.at < WARN_EVERY_MS) return;
  w.at = now;
  logger().warn({ err }, msg);
}

const ID_RE = /^[0-9A-Za-z-]{1,64}$/;

/** A message of another process, or null for our own or a malformed one. */
function parse(raw: string, origin: string): CacheChange | null {
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  if (o.o === origin) return null;
  if (o.k === 'pages') return { k: 'pages' };
  const id = (v: unknown) => (typeof v === 'string' && ID_RE.test(v) ? v : undefined);
  const reel = id(o.reel);
  if (o.k !== 'counts' || !reel) return null;
  return { k: 'counts', reel, option: id(o.option), viewer: id(o.viewer) };
}

const handlers = () => singleton('feed_cache_bus_handlers', () => ({ current: null as Handlers | null }));

function bus(): Bus | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  return singleton('feed_cache_bus', () => {
    const origin = randomBytes(8).toString('hex');
    // No offline queue: a publish while Redis is away fails at once instead of waiting.
    const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Subscribed by hand on every (re)connect, so `live` turns true only once the subscription is in place.
    const sub = new Redis(url, { autoResubscribe: false });
    const b: Bus = { pub, sub, live: false, origin };
    let wasDown = false;
    pub.on('error', (err) => warn(err, 'feed cache Redis (publish) error'));
    sub.on('error', (err) => warn(err, 'feed cache Redis (subscribe) error'));
    sub.on('close', () => {
      // Entries cached while live count on messages that may now be lost.
      if (b.live) handlers().current?.onReset();
      b.live = false;
      wasDown = true;
    });
    sub.on('ready', () => {
      sub.subscribe(FEED_CACHE_CHANNEL).then(() => {
        // Messages sent while the subscription was down are gone.
        if (wasDown) handlers().current?.onReset();
        wasDown = false;
        b.live = true;
      }, (err: unknown) => warn(err, 'feed cache Redis subscribe failed'));
    });
    sub.on('message', (channel, raw) => {
      if (channel !== FEED_CACHE_CHANNEL) return;
      const change = parse(raw, origin);
      if (change) handlers().current?.onChange(change);
    });
    onShutdown('feed cache Redis', async () => {
      b.live = false;
      // A connected client says goodbye; one still retrying a down Redis just stops.
      const close = (r: Redis) => (r.status === 'ready' ? r.quit() : Promise.resolve(r.disconnect()));
      await Promise.allSettled([close(pub), close(sub)]);
    });
    return b;
  });
}

/**
 * Starts listening for other processes' changes (once per process; no-op
 * without REDIS_URL). `onChange` applies a change to this process's caches;
 * `onReset` drops what may have missed a change (the subscription was down).
 */
export function startCacheBus(h: Handlers): void {
  handlers().current = h;
  bus();
}

/** True while this process receives other processes' changes (REDIS_URL set and subscribed). */
export function busLive(): boolean {
  return bus()?.live === true;
}

/**
 * Tells every other process about `change` (fire and forget: a failure is
 * logged, never thrown; no-op without REDIS_URL).
 */
export function publishChange(change: CacheChange): void {
  const b = bus();
  if (!b) return;
  b.pub.publish(FEED_CACHE_CHANNEL, JSON.stringify({ ...change, o: b.origin }))
    .catch((err: unknown) => warn(err, 'feed cache Redis publish failed; other processes catch up by TTL'));
}
