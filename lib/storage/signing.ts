import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { env } from '../env';
import { getDb } from '../db/client';
import { settings } from '../db/schema';
import { singleton } from '../singleton';

/**
 * Signed media URLs (ARCHITECTURE.md decision 5): a path-embedded token
 * `/media/<token>/<contentId>/...` that covers every file of one reel, so
 * playlists can name their segments relatively. Token =
 * `<expiry unix seconds>.<base64url HMAC-SHA256(secret, contentId + "." + expiry)>`.
 * The expiry is rounded down to a bucket so every viewer within the bucket
 * gets the same URL and caches (browser, CDN) keep working.
 */

/** settings.key that holds the generated secret when MEDIA_SIGNING_SECRET is unset. */
export const SIGNING_SETTING_KEY = 'media_signing_secret';
/** Longest expiry bucket, seconds. */
const MAX_BUCKET_S = 3600;

const state = () => singleton('mediaSigning', () => ({ secret: null as Buffer | null }));

/**
 * Loads the signing secret once per process: MEDIA_SIGNING_SECRET, else the
 * value kept in the `settings` table, else a new random one stored there
 * (so URLs survive restarts and every web process of one database agrees).
 * server/index.ts and the test setup call it at start-up.
 */
export async function initMediaSigning(): Promise<void> {
  const s = state();
  if (s.secret) return;
  const fromEnv = env().MEDIA_SIGNING_SECRET;
  if (fromEnv) {
    s.secret = Buffer.from(fromEnv, 'utf8');
    return;
  }
  const { db } = await getDb();
  // Insert-if-absent then read back: two processes starting together agree on one secret.
  await db.insert(settings)
    .values({ key: SIGNING_SETTING_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SIGNING_SETTING_KEY));
  s.secret = Buffer.from(row.value, 'utf8');
}

/**
 * initMediaSigning once per process, shared by concurrent callers; a failed
 * load (database not reachable yet) is retried by the next call. For code
 * paths that are async anyway (the media route), so they work whether or
 * not start-up called initMediaSigning.
 */
export function mediaSigningReady(): Promise<void> {
  if (state().secret) return Promise.resolve();
  const holder = singleton('mediaSigningInit', () => ({ p: null as Promise<void> | null }));
  holder.p ??= initMediaSigning().catch((err: unknown) => {
    holder.p = null;
    throw err;
  });
  return holder.p;
}

function secret(): Buffer {
  const s = state();
  if (s.secret) return s.secret;
  // A configured secret needs no database: usable before (or without) initMediaSigning.
  const fromEnv = env().MEDIA_SIGNING_SECRET;
  if (fromEnv) {
    s.secret = Buffer.from(fromEnv, 'utf8');
    return s.secret;
  }
  throw new Error('media signing is not initialised: await initMediaSigning() at start-up');
}

/** Width of the expiry bucket, seconds: at most an hour, at most half the URL lifetime. */
export function expiryBucketS(ttlS = env().MEDIA_URL_TTL_S): number {
  return Math.max(1, Math.min(MAX_BUCKET_S, Math.floor(ttlS / 2)));
}

/** Expiry of a URL made at `nowMs`, unix seconds: MEDIA_URL_TTL_S ahead, rounded down to the bucket. */
export function mediaExpiryS(nowMs = Date.now()): number {
  const ttl = env().MEDIA_URL_TTL_S;
  const bucket = expiryBucketS(ttl);
  return Math.floor((Math.floor(nowMs / 1000) + ttl) / bucket) * bucket;
}

function mac(contentId: string, expiryS: number): string {
  return createHmac('sha256', secret()).update(`${contentId}.${expiryS}`).digest('base64url');
}

/** The URL token for `contentId` valid until `expiryS` (default: mediaExpiryS(now)). */
export function mediaToken(contentId: string, expiryS = mediaExpiryS()): string {
  return `${expiryS}.${mac(contentId, expiryS)}`;
}

export type TokenCheck = { ok: true; expiryS: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a token against the content id it claims to cover. A token made
 * for another reel, altered in any byte, or past its expiry fails.
 */
export function verifyMediaToken(token: string, contentId: string, nowMs = Date.now()): TokenCheck {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const expiryS = Number(m[1]);
  const expected = Buffer.from(mac(contentId, expiryS), 'base64url');
  const given = Buffer.from(m[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (expiryS * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, expiryS };
}

/** The largest rendition at or below `target` (short-side pixels), else the smallest, else `target` itself. */
function nearestAtOrBelow(renditions: number[], target: number): number {
  const sorted = [...renditions].sort((a, b) => a - b);
  const below = sorted.filter((r) => r <= target);
  return below.length > 0 ? below[below.length - 1] : (sorted[0] ?? target);
}

/**
 * The signed URLs of one reel for the feed API (SPEC.md section 3
 * pre_signed_url_video / _360 / _240 / _thumbnail, plus the poster):
 * the adaptive master playlist, the single-rendition playlists nearest at or
 * below 360p and 240p, the thumbnail and the poster. Paths are
 * origin-relative (`/media/<token>/<contentId>/...`).
 * @param renditions the reel's rendition names (short-side pixels), e.g. [240, 360, 720].
 * @param nowMs clock for the expiry, ms (tests).
 * @throws Error when initMediaSigning has not run and MEDIA_SIGNING_SECRET is unset.
 */
export function signedMediaUrls(
  contentId: string,
  renditions: number[],
  nowMs?: number,
): { master: string; r360: string; r240: string; thumbnail: string; poster: string } {
  const base = `/media/${mediaToken(contentId, mediaExpiryS(nowMs))}/${contentId}`;
  return {
    master: `${base}/master.m3u8`,
    r360: `${base}/${nearestAtOrBelow(renditions, 360)}/index.m3u8`,
    r240: `${base}/${nearestAtOrBelow(renditions, 240)}/index.m3u8`,
    thumbnail: `${base}/thumb.jpg`,
    poster: `${base}/poster.jpg`,
  };
}

/**
 * A key for one purpose (`'visitor-id'`, `'watch-ticket'`, ...), derived
 * from the process's signing secret with HMAC-SHA256, so each purpose's
 * tokens verify only as that purpose. Memoised per purpose.
 * @throws Error when initMediaSigning has not run and MEDIA_SIGNING_SECRET is unset.
 */
export function purposeKey(purpose: string): Buffer {
  const keys = singleton('purposeKeys', () => new Map<string, { secret: Buffer; key: Buffer }>());
  const s = secret();
  const hit = keys.get(purpose);
  if (hit && hit.secret === s) return hit.key;
  const key = createHmac('sha256', s).update(`purpose:${purpose}`).digest();
  keys.set(purpose, { secret: s, key });
  return key;
}
