import 'server-only';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { categories, contentItems, contentReviews, options, topics } from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { isUuid } from '@/lib/uuid';
import { logger } from '@/lib/logger';
import { mediaSigningReady, signedMediaUrls } from '@/lib/storage/signing';
import { reelFailureOf, uploaderFailureReason, type ReelFailure } from '@/lib/media/failure-reason';
import { notify } from '@/lib/notifications/notify';
import { isAdmin, may, mayEditReel, mayMoveReel, maySeeReel, type ReelForPolicy } from '../policy';

/**
 * Review of reels (SPEC.md section 3 content filter Pending, Approved,
 * Rejected, All; section 7 Uploader content/status, content/{id}, video;
 * docs/decisions/008 "Review"). Every move writes the reel and an audit row
 * in one transaction; the rules are asked of features/studio/policy.ts.
 */

export type ReviewStatus = 'Pending' | 'Approved' | 'Rejected';
/** Items per page of the studio's lists (SPEC.md section 4: a page holds 10). */
export const STUDIO_PAGE_SIZE = 10;

const reelColumns = {
  id: contentItems.id,
  description: contentItems.description,
  option_id: contentItems.option_id,
  option_name: options.name,
  category_id: categories.id,
  category_name: categories.name,
  topic_id: categories.topic_id,
  topic_name: topics.name,
  user_id: contentItems.user_id,
  status: contentItems.status,
  failure_reason: contentItems.failure_reason,
  review_status: contentItems.review_status,
  review_reason: contentItems.review_reason,
  is_tldr: contentItems.is_tldr,
  duration_s: contentItems.duration_s,
  renditions: contentItems.renditions,
  created_at: contentItems.created_at,
};



/**
 * A reel in the studio: its place in the taxonomy, its processing state
 * (`status`: processing, ready or failed), its review state and, once ready,
 * its media; when failed, why.
 */
export interface StudioReel extends Omit<ReelRow, 'created_at' | 'review_status' | 'renditions' | 'failure_reason'> {
  review_status: ReviewStatus;
  created_at: string;
  /** Signed URLs when the reel is ready (transcoded), else null. */
  media: StudioMedia | null;
  /** When `status` is failed: why, as a code the studio translates (lib/media/failure-reason.ts); else null. */
  failure: ReelFailure | null;
  /**
   * When failed for a reason written for the uploader (video too long, too
   * slow to process): that English sentence; else null. Internal errors
   * (tool output, paths) are not shown.
   */
  failure_reason: string | null;
}

/** Signed media URLs of a ready reel (origin-relative `/media/<token>/<id>/...`). */
export interface StudioMedia {
  poster: string;
  thumbnail: string;
  master: string;
  r360: string;
  r240: string;
}

/** One audit row of a reel's review history. */
export interface ReviewView {
  actor_user_id: string | null;
  from_status: string;
  to_status: string;
  reason: string | null;
  created_at: string;
}

/** Needs the signing secret loaded (mediaSigningReady) for a ready reel; only reels the caller may see reach it. */
function mediaOf(r: ReelRow): StudioMedia | null {
  if (r.status !== 'ready') return null;
  const { poster, thumbnail, master, r360, r240 } = signedMediaUrls(r.id, r.renditions ?? []);
  return { poster, thumbnail, master, r360, r240 };
}

const viewOf = (row: ReelRow): StudioReel => {
  const { renditions: _renditions, failure_reason: reason, ...r } = row;
  const failed = r.status === 'failed';
  return {
    ...r, review_status: r.review_status as ReviewStatus, created_at: r.created_at.toISOString(), media: mediaOf(row),
    failure: failed ? reelFailureOf(reason) : null,
    failure_reason: failed ? uploaderFailureReason(reason) : null,
  };
};
const policyOf = (r: ReelRow): ReelForPolicy => ({ topicId: r.topic_id, ownerId: r.user_id, reviewStatus: r.review_status as ReviewStatus });

function reelQuery(db: DbOrTx) {
  return db.select(reelColumns).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id));
}

type ReelRow = Awaited<ReturnType<typeof reelQuery>>[number];

/**
 * maySeeReel, where an Approved reel counts as published only once it is
 * ready (policy.ts: "anyone (where it is ready)"): before that only those
 * who may see unpublished reels see it.
 */
function visible(p: Principal, reel: ReelRow): boolean {
  const r = policyOf(reel);
  return maySeeReel(p, r) && (reel.status === 'ready' || maySeeReel(p, { ...r, reviewStatus: 'Pending' }));
}

async function loadReel(db: DbOrTx, id: string, lock = false): Promise<ReelRow | null> {
  if (!isUuid(id)) return null;
  const q = reelQuery(db).where(eq(contentItems.id, id)).limit(1);
  const [row] = lock ? await q.for('update', { of: contentItems }) : await q;
  return row ?? null;
}

/**
 * Moves a reel to Approved or Rejected (a review of a Pending reel, or a
 * take-down of an Approved one) with an audit row, in one transaction; then
 * notifies the uploader (`reelApproved`, or `reelRejected` with the reason).
 * @param reason required (3..500 characters, checked by the route) for Rejected.
 * @returns the reel as it is now.
 * @throws ApiError 404 a reel the caller may not see (or none); 403 a move
 * mayMoveReel refuses; 409 `not_ready` to approve a reel that is not ready (processing or failed).
 */
export async function setReviewStatus(
  p: Principal, contentId: string, to: 'Approved' | 'Rejected', reason: string | null,
): Promise<{ reel: StudioReel; changed: boolean }> {
  await mediaSigningReady();
  const { db } = await getDb();
  const result = await db.transaction(async (tx) => {
    const reel = await loadReel(tx, contentId, true);
    if (!reel || !visible(p, reel)) throw notFound('Content not found.');
    if (reel.review_status === to && to === 'Approved' && may(p, 'content.review', reel.topic_id)) {
      return { reel, changed: false };
    }
    if (!mayMoveReel(p, policyOf(reel), to)) throw forbidden();
    // A reviewer approves what they could watch; rejecting a broken upload is fine.
    if (to === 'Approved' && reel.status !== 'ready') throw new ApiError(409, 'not_ready', 'This reel is still processing or failed; it cannot be approved yet.');
    const why = to === 'Rejected' ? reason : null;
    await tx.update(contentItems).set({ review_status: to, review_reason: why }).where(eq(contentItems.id, reel.id));
    await tx.insert(contentReviews).values({
      content_id: reel.id, actor_user_id: p.userId, from_status: reel.review_status, to_status: to, reason: why,
    });
    return { reel: { ...reel, review_status: to, review_reason: why }, changed: true };
  });
  if (result.changed && result.reel.user_id && result.reel.user_id !== p.userId) {
    // The move has committed: a notice that fails to store is logged, the move stands.
    await notify(result.reel.user_id, to === 'Approved'
      ? { key: 'reelApproved', params: { topic: result.reel.topic_name }, link: `/content/${result.reel.id}` }
      : { key: 'reelRejected', params: { topic: result.reel.topic_name, reason: reason ?? '' }, link: `/content/${result.reel.id}` })
      .catch((err: unknown) => logger().warn({ err, content: result.reel.id }, 'review notification failed'));
  }
  return { reel: viewOf(result.reel), changed: result.changed };
}

/**
 * A reel with its review state, reason and audit history (oldest first),
 * for those who maySeeReel.
 * @throws ApiError 404 when there is no such reel or the caller may not see it (existence is not told).
 */
export async function getStudioReel(p: Principal, contentId: string): Promise<StudioReel & { history: ReviewView[] }> {
  await mediaSigningReady();
  const { db } = await getDb();
  const reel = await loadReel(db, contentId);
  if (!reel || !visible(p, reel)) throw notFound('Content not found.');
  const history = await db.select({
    actor_user_id: contentReviews.actor_user_id, from_status: contentReviews.from_status, to_status: contentReviews.to_status,
    reason: contentReviews.reason, created_at: contentReviews.created_at,
  }).from(contentReviews).where(eq(contentReviews.content_id, reel.id)).orderBy(asc(contentReviews.id));
  return { ...viewOf(reel), history: history.map((h) => ({ ...h, created_at: h.created_at.toISOString() })) };
}

/** The editable fields of a reel. */
export interface ReelEdit {
  description?: string;
  option_id?: string;
  is_tldr?: boolean;
}

/**
 * Edits the uploader's own reel (mayEditReel); a new option must be in a
 * topic where they may upload. An edit of a Rejected reel sends it back to
 * Pending, with an audit row whose actor is the uploader.
 * @returns the reel as it is now and whether its review state moved.
 * @throws ApiError 404 no such reel, one the caller may not see, or an unknown option; 403 not theirs to edit or an option they may not upload to.
 */
export async function editReel(p: Principal, contentId: string, edit: ReelEdit): Promise<{ reel: StudioReel; resubmitted: boolean }> {
  await mediaSigningReady();
  const { db } = await getDb();
  return db.transaction(async (tx) => {
    const reel = await loadReel(tx, contentId, true);
    if (!reel || !visible(p, reel)) throw notFound('Content not found.');
    if (!mayEditReel(p, policyOf(reel))) throw forbidden();
    if (edit.option_id !== undefined && edit.option_id !== reel.option_id) {
      const [opt] = isUuid(edit.option_id)
        ? await tx.select({ topic_id: categories.topic_id }).from(options)
          .innerJoin(categories, eq(categories.id, options.category_id)).where(eq(options.id, edit.option_id)).limit(1)
        : [];
      if (!opt) throw notFound('Option not found.');
      if (!may(p, 'content.upload', opt.topic_id)) throw forbidden();
    }
    const resubmitted = reel.review_status === 'Rejected';
    const set: Partial<typeof contentItems.$inferInsert> = {};
    if (edit.description !== undefined) set.description = edit.description;
    if (edit.option_id !== undefined) set.option_id = edit.option_id;
    if (edit.is_tldr !== undefined) set.is_tldr = edit.is_tldr;
    if (resubmitted) {
      set.review_status = 'Pending';
      set.review_reason = null;
    }
    if (Object.keys(set).length > 0) await tx.update(contentItems).set(set).where(eq(contentItems.id, reel.id));
    if (resubmitted) {
      await tx.insert(contentReviews).values({
        content_id: reel.id, actor_user_id: p.userId, from_status: 'Rejected', to_status: 'Pending', reason: null,
      });
    }
    const now = await loadReel(tx, reel.id);
    return { reel: viewOf(now!), resubmitted };
  });
}

/** The list's filter (SPEC.md section 3 content filter; scope mine = my uploads, review = reels I may review). */
export interface StudioListFilter {
  status: ReviewStatus | 'All';
  scope: 'mine' | 'review';
  topicId?: string;
  /** 1-based. */
  page: number;
}

/** Topics where `p` holds content.review; null means every topic (an ADMIN). */
function reviewTopics(p: Principal): string[] | null {
  if (isAdmin(p)) return null;
  const ids = new Set<string>();
  for (const g of p.roles) if (g.topicId !== null && may(p, 'content.review', g.topicId)) ids.add(g.topicId);
  // A non-ADMIN reviewer role held everywhere reviews every topic.
  if (p.roles.some((g) => g.topicId === null && (g.role === 'CURATOR' || g.role === 'CO-CURATOR'))) return null;
  return [...ids];
}

function listWhere(p: Principal, f: Omit<StudioListFilter, 'page'>): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (f.status !== 'All') parts.push(eq(contentItems.review_status, f.status));
  if (f.topicId) parts.push(eq(categories.topic_id, f.topicId));
  if (f.scope === 'mine') {
    parts.push(eq(contentItems.user_id, p.userId!));
  } else {
    const tops = reviewTopics(p);
    if (tops !== null) parts.push(tops.length ? inArray(categories.topic_id, tops) : sql`false`);
    if (!isAdmin(p)) parts.push(or(isNull(contentItems.user_id), ne(contentItems.user_id, p.userId!)));
  }
  return and(...parts);
}

/**
 * One page (10) of the caller's uploads (`mine`) or of the reels they may
 * review (`review`: topics where they hold content.review, not their own
 * unless ADMIN), newest first, with the total.
 */
export async function listStudioReels(p: Principal, f: StudioListFilter): Promise<{ items: StudioReel[]; total: number; page: number; page_size: number }> {
  await mediaSigningReady();
  const { db } = await getDb();
  if (f.topicId !== undefined && !isUuid(f.topicId)) return { items: [], total: 0, page: f.page, page_size: STUDIO_PAGE_SIZE };
  const where = listWhere(p, f);
  const rows = await reelQuery(db).where(where).orderBy(desc(contentItems.created_at), desc(contentItems.id))
    .limit(STUDIO_PAGE_SIZE).offset((f.page - 1) * STUDIO_PAGE_SIZE);
  const [{ n }] = await db.select({ n: count() }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .where(where);
  return { items: rows.map(viewOf), total: Number(n), page: f.page, page_size: STUDIO_PAGE_SIZE };
}

/** How many Pending reels wait for the caller's review (GET /uploader/api/v1/content_count/review). */
export async function reviewQueueCount(p: Principal): Promise<number> {
  const { db } = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .where(listWhere(p, { status: 'Pending', scope: 'review' }));
  return Number(n);
}
