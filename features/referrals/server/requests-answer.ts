import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { referrals } from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { ApiError, forbidden } from '@/lib/http/errors';
import { mayMoveRequest, senderOf } from '../policy';
import { REFERRAL_STATE_MOVES, type ReferralState } from '../statuses';
import { normaliseAddress, normaliseConsumerNumber } from './customers';
import { recordAcceptDevice } from './household';
import { recordReferralMove } from './moves';
import { rewardOnAccept, sendRewardNotice } from './rewards';
import {
  REFERRALS_LINK, dealLink, dealTitleParams, expireWhere, isDue, namesOf, notifySafe, requestViewsOf, visibleReferral,
  type ReferralRow, type RequestView,
} from './requests';

/*
 * Answering referral requests (docs/decisions/010 "Requests"): the
 * receiver accepts or declines, the sender cancels; a user who signs in
 * with a phone receives the open invites to it.
 */

/**
 * request/action (docs/decisions/010 "Requests"; REFERRAL_STATE_MOVES):
 * the receiver accepts or declines a pending request, the sender cancels
 * an open or pending one. Accepting starts the deal at step `deal_accepted`,
 * keeps the referee's consumer number and address (normalised for the
 * household rule) and makes the reward (rewardOnAccept) in the same
 * transaction, under a row lock. The other side is notified. Answers the
 * request as the caller now sees it, its deal's texts in `lang`.
 * @throws ApiError 404 (not visible), 403 `forbidden` (not the side that
 * may take this action), 410 `request_expired` (its time is up; it is
 * marked expired), 409 `invalid_transition` (e.g. answered already).
 */
export async function requestAction(p: Principal, input: {
  request_id: string; action: 'accept' | 'decline' | 'cancel'; consumer_number?: string; address?: string;
}, lang: Locale = 'en'): Promise<RequestView> {
  const { db } = await getDb();
  await visibleReferral(db, p, input.request_id, { expire: false });
  const me = p.userId!;
  const out = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(referrals).where(eq(referrals.id, input.request_id)).limit(1).for('update');
    if (!mayMoveRequest(p, r, input.action)) throw forbidden();
    const now = new Date();
    if (isDue(r, now)) {
      await expireWhere(tx, eq(referrals.id, r.id), now);
      return { expired: true as const };
    }
    if (r.state === 'expired' && input.action !== 'cancel') return { expired: true as const };
    const to: ReferralState = input.action === 'accept' ? 'accepted' : input.action === 'decline' ? 'declined' : 'canceled';
    const by = input.action === 'cancel' ? 'sender' : 'receiver';
    if (!REFERRAL_STATE_MOVES.some((m) => m.from === r.state && m.to === to && m.by === by)) {
      throw new ApiError(409, 'invalid_transition', 'This request cannot be changed that way now.');
    }
    const actorKind = r.referrer_user_id === me ? 'referrer' : 'referee';
    const set: Partial<ReferralRow> = { state: to, updated_at: now };
    if (to !== 'canceled') set.answered_at = now;
    if (to === 'accepted') {
      set.step = 'deal_accepted';
      if (input.consumer_number !== undefined) set.referee_consumer_number = normaliseConsumerNumber(input.consumer_number);
      if (input.address !== undefined) {
        set.referee_address = input.address.trim() || null;
        set.referee_address_key = normaliseAddress(input.address) || null;
      }
    }
    const [row] = await tx.update(referrals).set(set).where(and(eq(referrals.id, r.id), eq(referrals.state, r.state))).returning();
    await recordReferralMove(tx, { referralId: r.id, what: `state:${to}`, from: r.state, to, actorUserId: me, actorKind });
    let notice = null;
    if (to === 'accepted') {
      await recordReferralMove(tx, { referralId: r.id, what: 'step:deal_accepted', from: 'received_request', to: 'deal_accepted', actorUserId: me, actorKind });
      await recordAcceptDevice(tx, p.deviceId, me); // a device both sides used makes it a self-referral
      notice = await rewardOnAccept(tx, r.id);
    }
    return { expired: false as const, row, notice };
  });
  if (out.expired) throw new ApiError(410, 'request_expired', 'This request has expired.');
  await sendRewardNotice(out.notice);
  const row = out.row;
  if (row.state === 'accepted' || row.state === 'declined') {
    const names = await namesOf(db, [me]);
    await notifySafe(senderOf(row), {
      key: row.state === 'accepted' ? 'referralAccepted' : 'referralDeclined',
      params: { name: names.get(me) ?? '', ...await dealTitleParams(db, row.deal_id) }, link: dealLink(row.id),
    });
  }
  return (await requestViewsOf(db, [row], me, lang))[0];
}

/**
 * Turns the open invites to `phone` into pending requests to `userId`, who
 * just signed in with that phone (docs/decisions/010 "Attribution"), each
 * with its audit rows (`state:pending` and `step:received_request`, by the
 * system), and notifies the user. Expired ones are marked expired.
 * @returns the ids of the requests that became pending.
 */
export async function claimOpenInvites(db: DbOrTx, userId: string, phone: string): Promise<string[]> {
  const now = new Date();
  const byPhone = and(eq(referrals.referee_phone, phone), eq(referrals.state, 'open'), isNull(referrals.referee_user_id));
  await db.transaction((tx) => expireWhere(tx, byPhone, now));
  const open = await db.select().from(referrals).where(byPhone).orderBy(asc(referrals.created_at));
  const claimed: ReferralRow[] = [];
  for (const r of open) {
    if (r.referrer_user_id === userId) continue;
    const row = await db.transaction(async (tx) => {
      const [moved] = await tx.update(referrals).set({ state: 'pending', referee_user_id: userId, updated_at: now })
        .where(and(eq(referrals.id, r.id), eq(referrals.state, 'open'))).returning();
      if (!moved) return null;
      await recordReferralMove(tx, { referralId: r.id, what: 'state:pending', from: 'open', to: 'pending', actorUserId: null, actorKind: 'system' });
      await recordReferralMove(tx, { referralId: r.id, what: 'step:received_request', from: null, to: 'received_request', actorUserId: null, actorKind: 'system' });
      return moved;
    });
    if (row) claimed.push(row);
  }
  if (claimed.length) {
    const names = await namesOf(db, claimed.map((r) => r.referrer_user_id));
    // One read per deal, however many invites of it were claimed.
    const titles = new Map<string, Record<string, string>>();
    for (const id of new Set(claimed.map((r) => r.deal_id))) titles.set(id, await dealTitleParams(db, id));
    for (const r of claimed) {
      await notifySafe(userId, {
        key: 'referralReceived',
        params: { name: names.get(r.referrer_user_id) ?? '', ...titles.get(r.deal_id) },
        link: REFERRALS_LINK,
      });
    }
  }
  return claimed.map((r) => r.id);
}
