import type { Principal } from '@/lib/auth/principal';
import { isStaff } from '@/lib/auth/staff';
import type { DealActor } from './deal-steps';

/**
 * Who may see and move what in referrals (docs/decisions/010 "Roles",
 * "Requests", "Deals"), in one place: requests, deals, rewards and the
 * staff's screens. Pure functions over the caller's principal and the
 * referral's sides, so the server and the client answer the same. The
 * provider's staff (STAFF, or ADMIN) see every referral and reward
 * (lib/auth/staff.ts isStaff).
 */

/** Who a referral's sides are, as the rules read them (a `referrals` row has these columns). */
export interface ReferralSides {
  referrer_user_id: string;
  /** Null for an open invite to a phone nobody has signed in with yet. */
  referee_user_id: string | null;
  /** Which side sent the request. */
  initiated_by: string;
}

/** A side's role in a deal, or staff. */
export type DealRole = 'referrer' | 'referee' | 'staff';

/** The user id of the side that sent referral `r`. */
export const senderOf = (r: ReferralSides): string | null =>
  (r.initiated_by === 'referee' ? r.referee_user_id : r.referrer_user_id);

/** The user id of the side that answers referral `r` (null for an open invite). */
export const receiverOf = (r: ReferralSides): string | null =>
  (r.initiated_by === 'referee' ? r.referrer_user_id : r.referee_user_id);

/** True when `userId` is the referrer or the referee of `r`. */
export const isPartyOf = (r: ReferralSides, userId: string | null): boolean =>
  userId !== null && (r.referrer_user_id === userId || r.referee_user_id === userId);

/** True when `p` may see referral `r` (a request, its deal, its notes): a side of it, or staff. */
export function maySeeReferral(p: Principal, r: ReferralSides): boolean {
  return isPartyOf(r, p.userId) || isStaff(p);
}

/**
 * True when `p` may take `action` on request `r` (REFERRAL_STATE_MOVES): the
 * receiver accepts or declines, the sender cancels. Staff may not answer for
 * a side.
 */
export function mayMoveRequest(p: Principal, r: ReferralSides, action: 'accept' | 'decline' | 'cancel'): boolean {
  if (p.userId === null) return false;
  return action === 'cancel' ? senderOf(r) === p.userId : receiverOf(r) === p.userId;
}

/** True when `p` may read the referral lists of user `userId` (done deals, referrer list, profile): that user, or staff. */
export function mayReadUser(p: Principal, userId: string): boolean {
  return p.userId === userId || isStaff(p);
}

/** The caller's role in referral `r`: referee, referrer, staff, or null for anyone else (a side before staff). */
export function dealRoleOf(r: ReferralSides, p: Principal): DealRole | null {
  if (p.userId && r.referee_user_id === p.userId) return 'referee';
  if (p.userId && r.referrer_user_id === p.userId) return 'referrer';
  if (isStaff(p)) return 'staff';
  return null;
}

/** Every actor kind `p` may act as in the deal of `r` (a staff member who is also a side may do both). */
export function dealActorsOf(r: ReferralSides, p: Principal): Set<DealActor> {
  const s = new Set<DealActor>();
  if (p.userId && r.referee_user_id === p.userId) s.add('referee');
  if (p.userId && r.referrer_user_id === p.userId) s.add('referrer');
  if (isStaff(p)) s.add('staff');
  return s;
}

/** True when `p` may send the referee a reminder in the deal of `r`: its referrer only. */
export function mayRemind(p: Principal, r: ReferralSides): boolean {
  return p.userId !== null && r.referrer_user_id === p.userId;
}

/** True when `p` may see reward `reward` (and scratch or claim it when it is theirs): its referrer, or staff. */
export function maySeeReward(p: Principal, reward: { referrer_user_id: string }): boolean {
  return (p.userId !== null && reward.referrer_user_id === p.userId) || isStaff(p);
}

/**
 * True when `p` may do the staff's work: see every deal and inactive
 * catalogue deal, move any deal, cancel one, review held rewards, edit the
 * deals catalogue. The server passes the caller's principal; the staff
 * screen, which holds the signed-in user's role grants only, passes `{ roles }`.
 */
export function mayStaff(p: Parameters<typeof isStaff>[0]): boolean {
  return isStaff(p);
}
