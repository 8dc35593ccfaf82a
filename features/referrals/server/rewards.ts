import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { deals, referrals, rewards } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { notify } from '@/lib/notifications/notify';
import { mayMoveReward, type RewardReason, type RewardState } from '../reward-states';
import { householdMatch, type HouseholdMatch } from './household';
import { recordRewardMove } from './moves';

/*
 * The reward side of a referral's moves (docs/decisions/010 "Rewards" and
 * "Fairness"). Each runs inside the transaction of the move that causes it
 * and never opens its own. Every state move goes through mayMoveReward and
 * writes a reward_moves row in that transaction.
 */

export type RewardRow = typeof rewards.$inferSelect;
export type RewardMover = 'system' | 'staff' | 'referrer';

/**
 * What the referrer should be told about a reward after the transaction
 * that moved it commits (notification `rewardChanged`); send it with
 * sendRewardNotice.
 */
export interface RewardNotice {
  userId: string;
  state: RewardState;
  reason: RewardReason;
}

/** The referrer's rewards screen, where reward notifications lead. */
export const REWARDS_LINK = '/rewards';

/** REWARD_HOLD_DAYS after `from`. */
export function holdEndsAt(from: Date): Date {
  return new Date(from.getTime() + env().REWARD_HOLD_DAYS * 24 * 3600 * 1000);
}

/** The reward of a referral, locked for the rest of the transaction (`for update`); null when none. */
async function lockRewardOfReferral(tx: DbOrTx, referralId: string): Promise<RewardRow | null> {
  const [row] = await tx.select().from(rewards).where(eq(rewards.referral_id, referralId)).limit(1).for('update');
  return row ?? null;
}

/**
 * Moves reward `r` (read under a row lock in this transaction) to `to` with
 * `reason` when REWARD_MOVES lets `by` make that move; writes the audit row.
 * `set` adds columns to the same update (e.g. scratchable_at).
 * @param auditReason what the audit row says (default: `reason`).
 * @returns the moved row, or null when the rule refuses the move or the
 * row is no longer in `r.state` (nothing is written then).
 */
export async function moveReward(tx: DbOrTx, r: RewardRow, m: {
  to: RewardState; reason: RewardReason; by: RewardMover; actorUserId: string | null;
  set?: Partial<Pick<RewardRow, 'scratchable_at' | 'claimed_at' | 'claim_key' | 'payout_vpa'>>; auditReason?: string;
}): Promise<RewardRow | null> {
  if (!mayMoveReward(r.state as RewardState, m.to, m.by)) return null;
  const [row] = await tx.update(rewards)
    .set({ ...m.set, state: m.to, reason: m.reason, updated_at: sql`now()` })
    .where(and(eq(rewards.id, r.id), eq(rewards.state, r.state)))
    .returning();
  if (!row) return null;
  await recordRewardMove(tx, { rewardId: r.id, from: r.state, to: m.to, reason: m.auditReason ?? m.reason, actorUserId: m.actorUserId });
  return row;
}

/** The system's answer to a household match on a pending reward: canceled (self) or hold (household). */
async function applyHousehold(tx: DbOrTx, r: RewardRow, match: HouseholdMatch): Promise<RewardNotice | null> {
  const to: RewardState = match.kind === 'self' ? 'canceled' : 'hold';
  const reason: RewardReason = match.kind === 'self' ? 'self_referral' : 'household_duplicate';
  const audit = match.kind === 'self' ? `${reason}: ${match.why}` : `${reason}: ${match.why} of referral ${match.otherReferralId}`;
  const moved = await moveReward(tx, r, { to, reason, by: 'system', actorUserId: null, auditReason: audit });
  return moved ? { userId: r.referrer_user_id, state: to, reason } : null;
}

/** Makes the pending reward of an accepted referral (unique per referral); the existing one when there is one. */
async function createReward(tx: DbOrTx, referralId: string): Promise<{ row: RewardRow; created: boolean } | null> {
  const [ref] = await tx.select({ referrer: referrals.referrer_user_id, amount: deals.reward_inr })
    .from(referrals).innerJoin(deals, eq(deals.id, referrals.deal_id))
    .where(eq(referrals.id, referralId)).limit(1);
  if (!ref) return null;
  const [row] = await tx.insert(rewards).values({
    referral_id: referralId, referrer_user_id: ref.referrer, amount_inr: ref.amount, state: 'pending', reason: 'deal_in_progress',
  }).onConflictDoNothing({ target: rewards.referral_id }).returning();
  if (row) {
    await recordRewardMove(tx, { rewardId: row.id, from: null, to: 'pending', reason: 'deal_in_progress', actorUserId: null });
    return { row, created: true };
  }
  const existing = await lockRewardOfReferral(tx, referralId);
  return existing ? { row: existing, created: false } : null;
}

/**
 * The referee accepted referral `referralId` (docs/decisions/010 "Rewards",
 * "Fairness"): makes its reward, `pending` (reason `deal_in_progress`) for
 * the deal's `reward_inr` rupees, then applies the household rule: a
 * self-referral is `canceled` (`self_referral`), a household duplicate is
 * put on `hold` (`household_duplicate`). A second call for the same
 * referral changes nothing. Runs in the caller's transaction.
 * @returns what to tell the referrer after commit (sendRewardNotice), or
 * null when there is nothing to tell.
 */
export async function rewardOnAccept(tx: DbOrTx, referralId: string): Promise<RewardNotice | null> {
  const made = await createReward(tx, referralId);
  if (!made?.created) return null;
  const match = await householdMatch(tx, referralId);
  return match ? applyHousehold(tx, made.row, match) : null;
}

/**
 * The order of referral `referralId` was placed (docs/decisions/010
 * "Rewards"): the household rule is checked again (what the referee gave
 * may have arrived later); a pending reward then becomes `approved`
 * (`order_placed`) and scratchable REWARD_HOLD_DAYS from now, or
 * `canceled` / `hold` as at acceptance. A reward on hold stays on hold for
 * staff; a reward staff approved before the order gets its
 * `scratchable_at` now. Makes the reward first if the referral has none.
 * Runs in the caller's transaction.
 * @returns what to tell the referrer after commit, or null.
 */
export async function rewardOnOrderPlaced(tx: DbOrTx, referralId: string): Promise<RewardNotice | null> {
  const made = await createReward(tx, referralId);
  if (!made) return null;
  const r = made.row;
  if (r.state === 'approved' && r.scratchable_at === null) {
    await tx.update(rewards).set({ scratchable_at: holdEndsAt(new Date()), updated_at: sql`now()` }).where(eq(rewards.id, r.id));
    return null;
  }
  if (r.state !== 'pending') return null;
  const match = await householdMatch(tx, referralId);
  if (match) return applyHousehold(tx, r, match);
  await moveReward(tx, r, {
    to: 'approved', reason: 'order_placed', by: 'system', actorUserId: null, set: { scratchable_at: holdEndsAt(new Date()) },
  });
  return null;
}

/**
 * The deal of referral `referralId` was canceled (docs/decisions/010
 * "Rewards"): an unclaimed reward is `canceled` (`deal_canceled`) where
 * REWARD_MOVES allows the system that move; a reward the rule does not let
 * the system cancel is left as it is (logged). Runs in the caller's
 * transaction.
 * @returns what to tell the referrer after commit, or null.
 */
export async function rewardOnDealCanceled(tx: DbOrTx, referralId: string): Promise<RewardNotice | null> {
  const r = await lockRewardOfReferral(tx, referralId);
  if (!r || !['pending', 'hold', 'approved'].includes(r.state)) return null;
  const moved = await moveReward(tx, r, { to: 'canceled', reason: 'deal_canceled', by: 'system', actorUserId: null });
  if (!moved) {
    logger().warn({ reward: r.id, state: r.state }, 'deal canceled: the reward rules do not let the system cancel this reward; left for staff');
    return null;
  }
  return { userId: r.referrer_user_id, state: 'canceled', reason: 'deal_canceled' };
}

/**
 * Tells the referrer about a reward move (notification `rewardChanged`
 * {state, reason}, linking to the rewards screen). Call after the
 * transaction committed; a failure is logged, never thrown.
 */
export async function sendRewardNotice(notice: RewardNotice | null | undefined): Promise<void> {
  if (!notice) return;
  try {
    await notify(notice.userId, { key: 'rewardChanged', params: { state: notice.state, reason: notice.reason }, link: REWARDS_LINK });
  } catch (err) {
    logger().warn({ err }, 'reward notification failed');
  }
}
