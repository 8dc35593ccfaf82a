import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { referrals, rewards } from '@/lib/db/schema';
import { logger } from '@/lib/logger';
import { notify } from '@/lib/notifications/notify';
import { mayMoveDeal } from '../deal-steps';
import { recordReferralMove } from './moves';
import { REWARDS_LINK } from './rewards';

/**
 * Ends the hold of approved rewards (docs/decisions/010 "Rewards", deal
 * step `claim_your_reward` by the system): each approved reward whose
 * `scratchable_at` is at or before `now` and whose referral is at step
 * `order_placed` moves that referral to `claim_your_reward` (a
 * `referral_moves` row `step:claim_your_reward`, actor system), one
 * transaction per referral under a row lock; after commit the referrer is
 * told `rewardScratchable` {name: the referee's name} (a failed
 * notification is logged only). Idempotent: a referral already moved is
 * skipped, so a second run moves and notifies nothing.
 * @returns how many referrals moved.
 */
export async function releaseRewards(now: Date = new Date()): Promise<number> {
  const { db } = await getDb();
  const due = await db.select({ referralId: rewards.referral_id }).from(rewards)
    .innerJoin(referrals, eq(referrals.id, rewards.referral_id))
    .where(and(eq(rewards.state, 'approved'), lte(rewards.scratchable_at, now), eq(referrals.step, 'order_placed')))
    .limit(500);
  let moved = 0;
  for (const { referralId } of due) {
    const done = await db.transaction(async (tx) => {
      const [ref] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).limit(1).for('update');
      if (!ref || ref.step !== 'order_placed' || !mayMoveDeal('order_placed', 'claim_your_reward', 'system')) return null;
      const [reward] = await tx.select().from(rewards).where(eq(rewards.referral_id, referralId)).limit(1);
      if (!reward || reward.state !== 'approved' || !reward.scratchable_at || reward.scratchable_at > now) return null;
      await tx.update(referrals).set({ step: 'claim_your_reward', updated_at: new Date() }).where(eq(referrals.id, referralId));
      await recordReferralMove(tx, {
        referralId, what: 'step:claim_your_reward', from: 'order_placed', to: 'claim_your_reward', actorUserId: null, actorKind: 'system',
      });
      return { referrer: ref.referrer_user_id, name: ref.referee_name };
    });
    if (!done) continue;
    moved++;
    try {
      await notify(done.referrer, { key: 'rewardScratchable', params: { name: done.name }, link: REWARDS_LINK });
    } catch (err) {
      logger().warn({ err, referral: referralId }, 'reward scratchable notification failed');
    }
  }
  return moved;
}
