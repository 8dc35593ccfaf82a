import 'server-only';
import { uniqueViolation } from '@/lib/db/errors';
import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { PAGE_SIZE } from '@/lib/constants';
import type { DbOrTx } from '@/lib/db/client';
import {
  categories, contentItems, follows, newsletterConsents, options, topics, users, watchProgress,
} from '@/lib/db/schema';
import { ApiError, notFound } from '@/lib/http/errors';
import { signedMediaUrls } from '@/lib/storage/signing';
import { isUuid } from '@/lib/uuid';
import {
  RESERVED_USERNAMES,
  type CreatorHit, type FollowBody, type FollowEntry, type ProfilePatch, type PublicProfile, type WatchedPage,
} from '../profile-schemas';

/**
 * The profile (SPEC.md section 2 "Profile", section 3 "User";
 * docs/api/accounts.md "Profile"): editing the user, public profiles,
 * creator search, follows, newsletter consent and the videos watched.
 * Callers are the routes of ./profile-routes.ts, after their guards.
 */

/** Largest number of creators one search answers. */
export const SEARCH_LIMIT = 20;

export const usernameTaken = () => new ApiError(409, 'username_taken', 'This username is taken. Please choose another.');
export const emailTaken = () => new ApiError(409, 'email_taken', 'This email belongs to another account.');

function requireUserId(p: Principal): string {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  return p.userId;
}

/**
 * Applies a validated profile edit to the signed-in user, in one
 * transaction. A changed email is stored unverified. Onboarding only moves
 * INITIAL_ONBOARDING -> ONBOARDING_COMPLETED (the schema allows no other
 * value; completing twice changes nothing).
 * @throws ApiError 401 `login_required`; 409 `username_taken` (another user
 * has it, also when two edits race), 409 `email_taken`.
 */
export async function updateProfile(db: DbOrTx, p: Principal, patch: ProfilePatch): Promise<void> {
  const userId = requireUserId(p);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      if (!current) throw new ApiError(401, 'login_required', 'Please log in to continue.');
      const set: Partial<typeof users.$inferInsert> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.bio !== undefined) set.bio = patch.bio;
      if (patch.gender !== undefined) set.gender = patch.gender;
      if (patch.dob !== undefined) set.dob = patch.dob;
      if (patch.onboardingStatus !== undefined) set.onboarding_status = patch.onboardingStatus;
      if (patch.username !== undefined) {
        const [other] = await tx.select({ id: users.id }).from(users)
          .where(and(eq(users.username, patch.username), ne(users.id, userId))).limit(1);
        if (other) throw usernameTaken();
        set.username = patch.username;
      }
      if (patch.email !== undefined && patch.email !== current.email) {
        if (patch.email !== null) {
          const [other] = await tx.select({ id: users.id }).from(users)
            .where(and(eq(users.email, patch.email), ne(users.id, userId))).limit(1);
          if (other) throw emailTaken();
        }
        set.email = patch.email;
        // Typed in, not proven: only Google's word verifies an address.
        set.email_verified = false;
      }
      await tx.update(users).set({ ...set, updated_at: new Date() }).where(eq(users.id, userId));
    });
  } catch (err) {
    const dup = uniqueViolation(err);
    if (dup?.constraint.includes('username')) throw usernameTaken();
    if (dup?.constraint.includes('email')) throw emailTaken();
    throw err;
  }
}

/**
 * True when `username` (already lower-cased and valid) is free for the
 * signed-in user: not reserved, and nobody else holds it (their own
 * current username counts as free).
 */
export async function isUsernameAvailable(db: DbOrTx, p: Principal, username: string): Promise<boolean> {
  if (RESERVED_USERNAMES.has(username)) return false;
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return !other || other.id === p.userId;
}

/** The first word of a display name ("Asha Verma" -> "Asha"); '' stays ''. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The public profile of user `id`: name, username, bio, picture and the
 * follower, following and post counts; never phone, email or date of birth.
 * The full name is shown for creators only, whose name the feed already
 * shows on their reels: a user holding CREATOR, CURATOR or CO-CURATOR on any
 * topic, or owning a ready reel. Anyone else's profile shows their first
 * name only (docs/decisions/021, data minimisation).
 * @throws ApiError 404 `user_not_found` for an unknown or malformed id, and
 * for an erased account (a tombstone).
 */
export async function getPublicProfile(db: DbOrTx, id: string): Promise<PublicProfile> {
  if (!isUuid(id)) throw notFound('This user does not exist.', 'user_not_found');
  const [u] = await db.select({
    userId: users.id, name: users.name, username: users.username, bio: users.bio, pic: users.pic,
    // Written out: Drizzle leaves a one-table select's columns unqualified, which the subqueries would capture.
    followers: sql<number>`(select count(*)::int from follows f where f.target_kind = 'creator' and f.target_id = users.id)`,
    following: sql<number>`(select count(*)::int from follows f where f.user_id = users.id)`,
    posts: sql<number>`(select count(*)::int from content_items ci where ci.user_id = users.id and ci.status = 'ready')`,
    isCreator: sql<boolean>`(exists (select 1 from user_roles r where r.user_id = users.id and r.role in ('CREATOR', 'CURATOR', 'CO-CURATOR'))
      or exists (select 1 from content_items ci where ci.user_id = users.id and ci.status = 'ready'))`,
  }).from(users).where(and(eq(users.id, id.toLowerCase()), isNull(users.deleted_at))).limit(1);
  if (!u) throw notFound('This user does not exist.', 'user_not_found');
  const { isCreator, ...profile } = u;
  return {
    ...profile,
    name: isCreator === true ? u.name : firstNameOf(u.name),
    followers: Number(u.followers), following: Number(u.following), posts: Number(u.posts),
  };
}

/** `text` as a LIKE pattern that matches it literally anywhere (`%`, `_` and `\` escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Creators whose name or username contains `q` (case-insensitive), at most
 * 20, best first (a username or name starting with `q` before the rest).
 * A creator is a user who holds a contribution role or owns a ready reel;
 * other users, and erased accounts, are never listed.
 */
export async function searchCreators(db: DbOrTx, q: string): Promise<CreatorHit[]> {
  const pattern = containsPattern(q);
  const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db.select({ userId: users.id, name: users.name, username: users.username, pic: users.pic })
    .from(users)
    .where(and(
      isNull(users.deleted_at),
      or(ilike(users.name, pattern), ilike(users.username, pattern)),
      sql`(exists (select 1 from user_roles r where r.user_id = ${users.id})
        or exists (select 1 from content_items ci where ci.user_id = ${users.id} and ci.status = 'ready'))`,
    ))
    .orderBy(sql`case when ${users.username} ilike ${prefix} or ${users.name} ilike ${prefix} then 0 else 1 end`, users.name, users.id)
    .limit(SEARCH_LIMIT);
  return rows;
}

/** True when the follow target exists: a topic, or a user (not an erased one) other than the follower. */
async function targetExists(db: DbOrTx, t: FollowBody): Promise<boolean> {
  if (t.target_kind === 'topic') {
    return (await db.select({ id: topics.id }).from(topics).where(eq(topics.id, t.target_id)).limit(1)).length > 0;
  }
  return (await db.select({ id: users.id }).from(users).where(and(eq(users.id, t.target_id), isNull(users.deleted_at))).limit(1)).length > 0;
}

/**
 * The signed-in user follows a topic or a creator; following twice is one follow.
 * @returns created: false when it was already followed.
 * @throws ApiError 401 `login_required`; 422 `cannot_follow_self`; 404
 * `topic_not_found` / `user_not_found` for an unknown target.
 */
export async function followTarget(db: DbOrTx, p: Principal, t: FollowBody): Promise<{ created: boolean }> {
  const userId = requireUserId(p);
  if (t.target_kind === 'creator' && t.target_id === userId) {
    throw new ApiError(422, 'cannot_follow_self', 'You cannot follow yourself.');
  }
  if (!(await targetExists(db, t))) {
    throw t.target_kind === 'topic' ? notFound('This topic does not exist.', 'topic_not_found') : notFound('This user does not exist.', 'user_not_found');
  }
  const inserted = await db.insert(follows).values({ user_id: userId, target_kind: t.target_kind, target_id: t.target_id })
    .onConflictDoNothing().returning({ id: follows.target_id });
  return { created: inserted.length > 0 };
}

/**
 * The signed-in user stops following a target; unfollowing what is not
 * followed (or does not exist) changes nothing.
 * @throws ApiError 401 `login_required`.
 */
export async function unfollowTarget(db: DbOrTx, p: Principal, t: FollowBody): Promise<void> {
  const userId = requireUserId(p);
  await db.delete(follows).where(and(
    eq(follows.user_id, userId), eq(follows.target_kind, t.target_kind), eq(follows.target_id, t.target_id),
  ));
}

/**
 * What the signed-in user follows, newest first, with each target's name
 * and picture (a target deleted since is left out).
 * @throws ApiError 401 `login_required`.
 */
export async function listFollows(db: DbOrTx, p: Principal): Promise<FollowEntry[]> {
  const userId = requireUserId(p);
  const rows = await db.select({
    target_kind: follows.target_kind,
    target_id: follows.target_id,
    created_at: follows.created_at,
    topic_name: topics.name,
    topic_pic: topics.pic,
    user_name: users.name,
    user_pic: users.pic,
  }).from(follows)
    .leftJoin(topics, and(eq(follows.target_kind, 'topic'), eq(topics.id, follows.target_id)))
    .leftJoin(users, and(eq(follows.target_kind, 'creator'), eq(users.id, follows.target_id), isNull(users.deleted_at)))
    .where(eq(follows.user_id, userId))
    .orderBy(desc(follows.created_at), follows.target_id);
  return rows.flatMap((r) => {
    const isTopic = r.target_kind === 'topic';
    const name = isTopic ? r.topic_name : r.user_name;
    if (name === null) return [];
    return [{
      target_kind: r.target_kind as FollowEntry['target_kind'],
      target_id: r.target_id,
      name,
      pic: isTopic ? r.topic_pic : r.user_pic,
      created_at: r.created_at.toISOString(),
    }];
  });
}

/**
 * Records consent to the newsletter for `email` (lower-cased) with its
 * time, given by this visitor (and user, when signed in). Consenting again
 * renews the consent and clears an earlier withdrawal. The answer never
 * tells whether the address was on the list before.
 */
export async function subscribeNewsletter(db: DbOrTx, p: Principal, email: string): Promise<void> {
  const now = new Date();
  await db.insert(newsletterConsents).values({
    email, user_id: p.userId, viewer_id: p.visitorId, consented_at: now, withdrawn_at: null,
  }).onConflictDoUpdate({
    target: newsletterConsents.email,
    set: {
      consented_at: now,
      withdrawn_at: null,
      viewer_id: p.visitorId,
      user_id: sql`coalesce(excluded.user_id, ${newsletterConsents.user_id})`,
    },
  });
}

/**
 * Withdraws the newsletter consent of `email` when the caller gave it (same
 * visitor or same user) or the address is the signed-in user's own: the row
 * stays, with `withdrawn_at` set. Anyone else's request changes nothing and
 * is answered the same, so the list cannot be probed or emptied by others.
 */
export async function withdrawNewsletter(db: DbOrTx, p: Principal, email: string): Promise<void> {
  const mine = [eq(newsletterConsents.viewer_id, p.visitorId)];
  if (p.userId) {
    mine.push(eq(newsletterConsents.user_id, p.userId));
    mine.push(sql`exists (select 1 from users u where u.id = ${p.userId} and u.email = ${email})`);
  }
  await db.update(newsletterConsents).set({ withdrawn_at: new Date() })
    .where(and(eq(newsletterConsents.email, email), sql`${newsletterConsents.withdrawn_at} is null`, or(...mine)));
}

/**
 * The signed-in user's videos watched (SPEC.md section 2 "Profile"): the
 * watch progress of their home visitor (where every device's progress is
 * merged at sign-in), ready reels only, newest first, 10 per page (SPEC.md
 * section 4 "Paging").
 * @param page 1-based.
 * @throws ApiError 401 `login_required`.
 */
export async function listWatched(db: DbOrTx, p: Principal, page: number): Promise<WatchedPage> {
  requireUserId(p);
  const where = and(eq(watchProgress.viewer_id, p.visitorId), eq(watchProgress.watched, true), eq(contentItems.status, 'ready'));
  const base = () => db.select({
    id: contentItems.id,
    description: contentItems.description,
    renditions: contentItems.renditions,
    topic_id: topics.id,
    topic_name: topics.name,
    category_name: categories.name,
    option_name: options.name,
    watched: watchProgress.watched,
    vid_watched: watchProgress.vid_watched,
    content_watched: watchProgress.content_watched,
    content_length: watchProgress.content_length,
    updated_at: watchProgress.updated_at,
    total: sql<number>`count(*) over ()`,
  }).from(watchProgress)
    .innerJoin(contentItems, eq(contentItems.id, watchProgress.content_id))
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .where(where);
  const rows = await base().orderBy(desc(watchProgress.updated_at), contentItems.id).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 1) {
    // Past the end: the window count is not there to read, so count.
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(watchProgress)
      .innerJoin(contentItems, eq(contentItems.id, watchProgress.content_id)).where(where);
    total = Number(c?.n ?? 0);
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      description: r.description,
      topic_id: r.topic_id,
      topic_name: r.topic_name,
      category_name: r.category_name,
      option_name: r.option_name,
      watched: r.watched,
      vid_watched: r.vid_watched,
      content_watched: r.content_watched,
      content_length: r.content_length,
      thumbnail: signedMediaUrls(r.id, r.renditions ?? []).thumbnail,
      updated_at: r.updated_at.toISOString(),
    })),
    page,
    page_size: PAGE_SIZE,
    total,
    has_more: page * PAGE_SIZE < total,
  };
}
