import 'server-only';
import { referralMoves, rewardMoves } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/client';

/** Who made a referral move (docs/decisions/010). */
export type MoveActorKind = 'referrer' | 'referee' | 'staff' | 'system';

/**
 * Writes one audit row of a referral move (ARCHITECTURE.md decision 13):
 * `what` is `state:<state>`, `step:<step>` or `reminder`. Call it in the
 * transaction that makes the move.
 */
export async function recordReferralMove(tx: DbOrTx, m: {
  referralId: string; what: string; from: string | null; to: string | null;
  actorUserId: string | null; actorKind: MoveActorKind; note?: string | null;
}): Promise<void> {
  await tx.insert(referralMoves).values({
    referral_id: m.referralId, what: m.what, from_value: m.from, to_value: m.to,
    actor_user_id: m.actorUserId, actor_kind: m.actorKind, note: m.note ?? null,
  });
}

/** Writes one audit row of a reward move, in the transaction that makes it. */
export async function recordRewardMove(tx: DbOrTx, m: {
  rewardId: string; from: string | null; to: string; reason: string | null; actorUserId: string | null;
}): Promise<void> {
  await tx.insert(rewardMoves).values({
    reward_id: m.rewardId, from_state: m.from, to_state: m.to, reason: m.reason, actor_user_id: m.actorUserId,
  });
}
