import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { createSession, revokeSession, type SignInMethod } from '@/lib/auth/session';
import { newVisitorId } from '@/lib/auth/visitor';
import type { DbOrTx } from '@/lib/db/client';
import { deviceUsers, users, viewers } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { mergeVisitorInto, type MergeReport } from './merge';

/**
 * Sign-in once the caller has proved who they are (a right OTP, a verified
 * Google ID token): find or make the user, move the device's visitor into
 * the user's home visitor, end the session the request came with and start
 * a new one (rotation), all in the caller's transaction.
 */

/** The two confirmations SPEC.md section 5 asks of a first sign-in. */
export interface Confirmations {
  over_18?: boolean;
  accept_terms?: boolean;
}

/** What a sign-in produced. */
export interface SignedIn {
  userId: string;
  isNewUser: boolean;
  /** The new session's token (cookie or Bearer); shown once. */
  token: string;
  /** The user's home visitor (their likes, views, chats, leads, events). */
  homeViewerId: string;
  merge: MergeReport;
}

/** Everything about the request a sign-in needs. */
export interface SignInContext {
  principal: Principal;
  /** The session token the request came with, if any: it is revoked (rotation). */
  presentedToken: string | null;
  userAgent: string | null;
}

/** 422 of a first sign-in without both confirmations (SPEC.md section 5). */
export const termsRequired = () =>
  new ApiError(422, 'terms_required', 'Please confirm that you are over 18 and accept the terms and privacy policy.');

/** True when both confirmations were given. */
export function confirmed(c: Confirmations): boolean {
  return c.over_18 === true && c.accept_terms === true;
}

/**
 * Signs `userId` in: locks the user's row (two sign-ins of one user run one
 * after another), gives the user a home visitor if they have none (a fresh
 * id no client ever holds, so no visitor token can reach the user's data),
 * merges the caller's visitor into it unless the caller is already signed
 * in (then nothing of theirs is moved: it is another user's or this one's),
 * records the device mark the request came with (`device_users`: first
 * seen, last seen now; the referral fairness rule reads it), revokes the
 * presented session and creates the new one.
 */
export async function signInUser(tx: DbOrTx, userId: string, method: SignInMethod, ctx: SignInContext, isNewUser: boolean): Promise<SignedIn> {
  const [u] = await tx.select({ id: users.id, home: users.home_viewer_id }).from(users)
    .where(eq(users.id, userId)).for('update').limit(1);
  if (!u) throw new ApiError(404, 'user_not_found', 'This account no longer exists.');
  let home = u.home;
  if (!home) {
    home = newVisitorId();
    await tx.insert(viewers).values({ id: home, user_id: userId });
    await tx.update(users).set({ home_viewer_id: home }).where(eq(users.id, userId));
  }
  let merge: MergeReport = { reactions: 0, views: 0, progress: 0, chats: 0, leads: 0, events: 0, changed: [] };
  const p = ctx.principal;
  if (p.userId === null && !p.isNewVisitor && p.visitorId !== home) {
    merge = await mergeVisitorInto(tx, p.visitorId, home);
    // Remembers which user this device's visitor became (also for a visitor that never wrote a row).
    await tx.insert(viewers).values({ id: p.visitorId, user_id: userId })
      .onConflictDoUpdate({ target: viewers.id, set: { user_id: userId } });
  }
  if (p.deviceId) {
    await tx.insert(deviceUsers).values({ device_id: p.deviceId, user_id: userId })
      .onConflictDoUpdate({ target: [deviceUsers.device_id, deviceUsers.user_id], set: { last_seen_at: sql`now()` } });
  }
  await revokeSession(tx, ctx.presentedToken);
  const token = await createSession(tx, userId, method, ctx.userAgent);
  return { userId, isNewUser, token, homeViewerId: home, merge };
}

/** Serialises sign-ins that could create the same user (one phone, one Google account). */
export async function lockIdentity(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity:${key}`}))`);
}

/**
 * The user a verified phone signs in as: the signed-in caller (the phone is
 * added to them), the user who has the phone, or a new user (only with both
 * confirmations).
 * @throws ApiError 409 `phone_in_use` (signed in, and the phone is another
 * user's); 422 `terms_required`.
 */
export async function userForPhone(tx: DbOrTx, phone: string, p: Principal, c: Confirmations): Promise<{ userId: string; isNewUser: boolean }> {
  await lockIdentity(tx, `phone:${phone}`);
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  if (p.userId) {
    if (owner && owner.id !== p.userId) throw new ApiError(409, 'phone_in_use', 'This mobile number belongs to another account.');
    if (!owner) await tx.update(users).set({ phone, updated_at: sql`now()` }).where(eq(users.id, p.userId));
    return { userId: p.userId, isNewUser: false };
  }
  if (owner) return { userId: owner.id, isNewUser: false };
  if (!confirmed(c)) throw termsRequired();
  const [created] = await tx.insert(users).values({ phone, terms_accepted_at: sql`now()` }).returning({ id: users.id });
  return { userId: created.id, isNewUser: true };
}

/** Who a verified Google ID token names. */
export interface GoogleAccount {
  sub: string;
  email: string;
  name?: string;
}

/**
 * The user a verified Google account signs in as: the signed-in caller (the
 * account is linked to them), the user it was linked to, the user whose
 * Google-verified email it is, or a new user (only with both
 * confirmations). An email that another user only typed (unverified) is
 * taken from them: Google's proof wins, and one email never makes two users.
 * @throws ApiError 409 `google_in_use`; 422 `terms_required`.
 */
export async function userForGoogle(tx: DbOrTx, g: GoogleAccount, p: Principal, c: Confirmations): Promise<{ userId: string; isNewUser: boolean }> {
  const email = g.email.trim().toLowerCase();
  await lockIdentity(tx, `google:${g.sub}`);
  await lockIdentity(tx, `email:${email}`);
  const [bySub] = await tx.select({ id: users.id }).from(users).where(eq(users.google_sub, g.sub)).limit(1);
  const [byEmail] = await tx.select({ id: users.id, verified: users.email_verified, sub: users.google_sub })
    .from(users).where(eq(users.email, email)).limit(1);
  if (p.userId) {
    if (bySub && bySub.id !== p.userId) throw new ApiError(409, 'google_in_use', 'This Google account belongs to another account.');
    if (byEmail && byEmail.id !== p.userId && byEmail.verified) {
      throw new ApiError(409, 'google_in_use', 'This Google account belongs to another account.');
    }
    if (byEmail && byEmail.id !== p.userId) await tx.update(users).set({ email: null }).where(eq(users.id, byEmail.id));
    await tx.update(users).set({ google_sub: g.sub, email, email_verified: true, updated_at: sql`now()` }).where(eq(users.id, p.userId));
    return { userId: p.userId, isNewUser: false };
  }
  if (bySub) return { userId: bySub.id, isNewUser: false };
  if (byEmail?.verified) {
    if (byEmail.sub) throw new ApiError(409, 'google_in_use', 'This email belongs to another account.');
    await tx.update(users).set({ google_sub: g.sub, updated_at: sql`now()` }).where(eq(users.id, byEmail.id));
    return { userId: byEmail.id, isNewUser: false };
  }
  if (!confirmed(c)) throw termsRequired();
  if (byEmail) await tx.update(users).set({ email: null }).where(eq(users.id, byEmail.id));
  const [created] = await tx.insert(users).values({
    google_sub: g.sub, email, email_verified: true, name: (g.name ?? '').slice(0, 60), terms_accepted_at: sql`now()`,
  }).returning({ id: users.id });
  return { userId: created.id, isNewUser: true };
}
