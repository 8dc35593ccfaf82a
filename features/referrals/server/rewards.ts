import 'server-only';
import type { DbOrTx } from '@/lib/db/client';

/*
 * The reward side of a referral's moves (docs/decisions/010 "Rewards" and
 * "Fairness"). Each runs inside the transaction of the move that causes it.
 */

/** The referee accepted: makes the referral's reward (pending, or canceled / hold by the household rule). */
export async function rewardOnAccept(_tx: DbOrTx, _referralId: string): Promise<void> {
  // filled in by the rewards part of the referral feature
}

/** The order was placed: checks the household rule again and approves the reward (scratchable after REWARD_HOLD_DAYS). */
export async function rewardOnOrderPlaced(_tx: DbOrTx, _referralId: string): Promise<void> {
  // filled in by the rewards part of the referral feature
}

/** The deal was canceled: an unclaimed reward is canceled (reason deal_canceled). */
export async function rewardOnDealCanceled(_tx: DbOrTx, _referralId: string): Promise<void> {
  // filled in by the rewards part of the referral feature
}
