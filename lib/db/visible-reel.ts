import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contentItems } from './schema';

/*
 * "A reel a visitor may see" (SPEC.md section 3, feed; section 5, review):
 * it finished processing (`status = 'ready'`) and passed review
 * (`review_status = 'Approved'`); a rejected or taken-down reel is
 * `Rejected`, a studio upload awaiting review is `Pending`. The feed, the
 * share cards, the taxonomy counts, the guide videos of topics and partners
 * and the player's events all read this one rule.
 */

/** The `content_items.status` of a reel a visitor may see. */
export const VISIBLE_STATUS = 'ready';
/** The `content_items.review_status` of a reel a visitor may see. */
export const VISIBLE_REVIEW = 'Approved';

/** SQL condition on `content_items` (unaliased) of a reel a visitor may see. */
export const visibleReel: SQL = and(eq(contentItems.status, VISIBLE_STATUS), eq(contentItems.review_status, VISIBLE_REVIEW))!;

/**
 * The same condition for raw SQL that names `content_items` by `alias`
 * (e.g. `ci` in a correlated count).
 * @throws Error when `alias` is not a plain SQL identifier (it is pasted into the query).
 */
export function visibleReelAs(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  return sql.raw(`${alias}.status = '${VISIBLE_STATUS}' and ${alias}.review_status = '${VISIBLE_REVIEW}'`);
}

/** True when a loaded reel row may be seen by a visitor (the same rule, in memory). */
export function isVisibleReel(r: { status: string; review_status: string }): boolean {
  return r.status === VISIBLE_STATUS && r.review_status === VISIBLE_REVIEW;
}
