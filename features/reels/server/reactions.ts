import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, options, reactions } from '@/lib/db/schema';
import type { LikeResult } from '../schemas';
import { visibleReel } from '@/lib/db/visible-reel';
import { contentNotFound } from './feed';
import { countsChanged } from './feed-cache';
import { ensureViewer, type DbOrTx } from './viewers';
import type { Principal } from '@/lib/auth/principal';

/**
 * Likes (SPEC.md section 4 "Item changes": like and unlike change the reel's
 * like count and its option's likes count by one). One like per viewer per
 * reel (the reactions primary key), so repeating a like or an unlike changes
 * nothing; the reaction row and both counters move in one transaction.
 * Afterwards only what changed leaves the feed caches: this reel's counts,
 * its option's total and the liker's state, in every process
 * (feed-cache.ts `countsChanged`); no cached page is dropped.
 */

async function counts(tx: DbOrTx, contentId: string) {
  const [row] = await tx.select({
    like_count: contentItems.like_count, total_reaction: options.total_reaction, option_id: options.id,
  })
    .from(contentItems).innerJoin(options, eq(options.id, contentItems.option_id))
    .where(eq(contentItems.id, contentId));
  return row;
}

/** The reel's option, if the reel is ready and approved. */
async function visibleReelOption(tx: DbOrTx, contentId: string): Promise<string> {
  const [reel] = await tx.select({ option_id: contentItems.option_id }).from(contentItems)
    .where(and(eq(contentItems.id, contentId), visibleReel)).limit(1);
  if (!reel) throw contentNotFound();
  return reel.option_id;
}

/**
 * The viewer likes a ready reel; idempotent (SPEC.md section 4 "Item changes").
 * @param principal the caller; routes let only a visitor the server issued
 * earlier through (`requireVisitor`), so a cookie-less loop cannot add likes.
 * @returns the reel's like count and its option's total_reaction after the change.
 * @throws ApiError 404 `content_not_found` when the reel is unknown or not ready.
 */
export async function likeContent(principal: Principal, contentId: string): Promise<LikeResult> {
  const viewerId = principal.visitorId;
  const { db } = await getDb();
  await ensureViewer(viewerId, db);
  const result = await db.transaction(async (tx) => {
    const optionId = await visibleReelOption(tx, contentId);
    const inserted = await tx.insert(reactions).values({ viewer_id: viewerId, content_id: contentId, kind: 'like' })
      .onConflictDoNothing().returning({ content_id: reactions.content_id });
    if (inserted.length > 0) {
      await tx.update(contentItems).set({ like_count: sql`${contentItems.like_count} + 1` }).where(eq(contentItems.id, contentId));
      await tx.update(options).set({ total_reaction: sql`${options.total_reaction} + 1` }).where(eq(options.id, optionId));
    }
    return counts(tx, contentId);
  });
  if (!result) throw contentNotFound();
  countsChanged({ reel: contentId, option: result.option_id, viewer: viewerId });
  return { content_id: contentId, like: true, like_count: result.like_count, total_reaction: result.total_reaction };
}

/**
 * The viewer takes back a like; without a like it is a no-op.
 * @param principal the caller (an issued visitor, as for likeContent).
 * @returns the counts after the change.
 * @throws ApiError 404 `content_not_found` when the reel is unknown or not ready.
 */
export async function unlikeContent(principal: Principal, contentId: string): Promise<LikeResult> {
  const viewerId = principal.visitorId;
  const { db } = await getDb();
  const result = await db.transaction(async (tx) => {
    const optionId = await visibleReelOption(tx, contentId);
    const deleted = await tx.delete(reactions)
      .where(and(eq(reactions.viewer_id, viewerId), eq(reactions.content_id, contentId), eq(reactions.kind, 'like')))
      .returning({ content_id: reactions.content_id });
    if (deleted.length > 0) {
      await tx.update(contentItems).set({ like_count: sql`greatest(${contentItems.like_count} - 1, 0)` })
        .where(eq(contentItems.id, contentId));
      await tx.update(options).set({ total_reaction: sql`greatest(${options.total_reaction} - 1, 0)` })
        .where(eq(options.id, optionId));
    }
    return counts(tx, contentId);
  });
  if (!result) throw contentNotFound();
  countsChanged({ reel: contentId, option: result.option_id, viewer: viewerId });
  return { content_id: contentId, like: false, like_count: result.like_count, total_reaction: result.total_reaction };
}
