import 'server-only';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { contentItems, partners } from '@/lib/db/schema';

/**
 * The ingest's two cheap checks, cached per process so a push costs no
 * query in the common case (docs/decisions/011):
 * - partner ids: the set of every partner, reloaded every PARTNERS_TTL_MS;
 *   an id not in it is looked up once by primary key, and an unknown one is
 *   remembered for a second (a deleted partner may count for up to PARTNERS_TTL_MS);
 * - reels that take player events: a reel found visible is remembered for
 *   REEL_TTL_MS; an unknown or hidden one is asked again each time (rare,
 *   rate limited), so a reel that just became ready is accepted at once.
 */

export const PARTNERS_TTL_MS = 10_000;
const PARTNER_MISS_TTL_MS = 1000;
const MAX_MISSES = 10_000;
export const REEL_TTL_MS = 10_000;
const MAX_REELS = 50_000;

interface Caches {
  partners: { ids: Set<string>; loadedAt: number; loading: Promise<Set<string>> | null };
  partnerMisses: Map<string, number>;
  reels: Map<string, number>;
}

const byDb = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let c = byDb.get(db);
  if (!c) {
    c = { partners: { ids: new Set(), loadedAt: 0, loading: null }, partnerMisses: new Map(), reels: new Map() };
    byDb.set(db, c);
  }
  return c;
}

async function reloadPartners(db: Db, c: Caches): Promise<Set<string>> {
  c.partners.loading ??= db.select({ id: partners.id }).from(partners).then((rows) => {
    c.partners.ids = new Set(rows.map((r) => r.id));
    c.partners.loadedAt = Date.now();
    return c.partners.ids;
  }).finally(() => {
    c.partners.loading = null;
  });
  return c.partners.loading;
}

/**
 * True when `id` names a partner (partners.id): from the cached set, else
 * one lookup by primary key (a partner made since the set was loaded is
 * known at once); an id found unknown is remembered for PARTNER_MISS_TTL_MS.
 * @throws Error when the partners cannot be read.
 */
export async function isKnownPartner(db: Db, id: string): Promise<boolean> {
  const c = cachesOf(db);
  if (Date.now() - c.partners.loadedAt > PARTNERS_TTL_MS) await reloadPartners(db, c);
  if (c.partners.ids.has(id)) return true;
  const now = Date.now();
  const missUntil = c.partnerMisses.get(id);
  if (missUntil !== undefined && missUntil > now) return false;
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id)).limit(1);
  if (row) {
    c.partners.ids.add(id);
    c.partnerMisses.delete(id);
    return true;
  }
  if (c.partnerMisses.size >= MAX_MISSES) c.partnerMisses.clear();
  c.partnerMisses.set(id, now + PARTNER_MISS_TTL_MS);
  return false;
}

/**
 * True when reel `id` takes player events: it satisfies `visibleReel` (the
 * reels feature's condition, handed in by server/api.ts).
 * @throws Error when the reel cannot be read.
 */
export async function reelTakesEvents(db: Db, id: string, visibleReel: SQL): Promise<boolean> {
  const c = cachesOf(db);
  const until = c.reels.get(id);
  const now = Date.now();
  if (until !== undefined && until > now) return true;
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(and(eq(contentItems.id, id), visibleReel)).limit(1);
  if (!row) {
    c.reels.delete(id);
    return false;
  }
  if (c.reels.size >= MAX_REELS) c.reels.clear();
  c.reels.set(id, now + REEL_TTL_MS);
  return true;
}
