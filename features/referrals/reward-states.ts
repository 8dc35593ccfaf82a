/**
 * The referrer's reward (a scratch card per referral) as a state machine
 * (docs/decisions/010): pending while the deal runs; approved when the
 * order is placed (scratchable after REWARD_HOLD_DAYS); claimed once; hold
 * when the fairness rules want a review; canceled (the deal was closed, or
 * a self-referral) and fraud (staff found abuse) end it. Each state carries
 * a reason the referrer can read (`messages/*.json` rewards.reason.<code>).
 */

export const REWARD_STATES = ['pending', 'hold', 'approved', 'claimed', 'canceled', 'fraud'] as const;
export type RewardState = (typeof REWARD_STATES)[number];

/** Reasons a reward is where it is. */
export const REWARD_REASONS = [
  'deal_in_progress', 'order_placed', 'self_referral', 'household_duplicate', 'deal_canceled',
  'review_approved', 'review_fraud', 'claimed',
] as const;
export type RewardReason = (typeof REWARD_REASONS)[number];

/** The allowed moves and by whom. */
export const REWARD_MOVES: ReadonlyArray<{ from: RewardState; to: RewardState; by: 'system' | 'staff' | 'referrer' }> = [
  { from: 'pending', to: 'approved', by: 'system' },
  { from: 'pending', to: 'canceled', by: 'system' },
  { from: 'pending', to: 'hold', by: 'system' },
  // A deal canceled (or a self-referral found at "order placed") ends a held or approved, unclaimed reward too.
  { from: 'hold', to: 'canceled', by: 'system' },
  { from: 'approved', to: 'canceled', by: 'system' },
  { from: 'hold', to: 'pending', by: 'staff' },
  { from: 'hold', to: 'approved', by: 'staff' },
  { from: 'hold', to: 'fraud', by: 'staff' },
  { from: 'pending', to: 'fraud', by: 'staff' },
  { from: 'approved', to: 'fraud', by: 'staff' },
  { from: 'approved', to: 'claimed', by: 'referrer' },
];

/** Whether `by` may move a reward from `from` to `to`. */
export function mayMoveReward(from: RewardState, to: RewardState, by: 'system' | 'staff' | 'referrer'): boolean {
  return REWARD_MOVES.some((m) => m.from === from && m.to === to && m.by === by);
}

/**
 * Referral levels from completed referrals (order placed), lowest first
 * (`level/{a}/{b}`). One table: change a threshold here.
 */
export const LEVELS = [
  { key: 'starter', min: 0 },
  { key: 'bronze', min: 1 },
  { key: 'silver', min: 3 },
  { key: 'gold', min: 5 },
  { key: 'platinum', min: 10 },
] as const;
export type LevelKey = (typeof LEVELS)[number]['key'];

/** The level of `completed` referrals and how many more the next one needs (null at the top). */
export function levelOf(completed: number): { key: LevelKey; next: LevelKey | null; toNext: number | null } {
  let i = 0;
  for (let k = 0; k < LEVELS.length; k++) if (completed >= LEVELS[k].min) i = k;
  const next = LEVELS[i + 1];
  return { key: LEVELS[i].key, next: next?.key ?? null, toNext: next ? next.min - completed : null };
}
