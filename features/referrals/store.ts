import { create } from 'zustand';

/**
 * Client state of the referral screens: the claim key of each reward being
 * claimed. A claim is idempotent by its key (docs/api/referrals.md POST
 * rewards/{id}): a retry after a failed or lost answer must send the same
 * key, so the reward is paid once; the key is dropped once the claim
 * succeeded.
 */
interface ReferralState {
  /** reward id -> claim key. */
  claimKeys: Record<string, string>;
  /** The claim key of `rewardId`, made (random uuid) and kept on first use. */
  claimKeyFor: (rewardId: string) => string;
  /** Forgets the key of a reward whose claim went through. */
  claimDone: (rewardId: string) => void;
}

export const useReferralStore = create<ReferralState>()((set, get) => ({
  claimKeys: {},
  claimKeyFor: (rewardId) => {
    const have = get().claimKeys[rewardId];
    if (have) return have;
    const key = crypto.randomUUID();
    set((s) => ({ claimKeys: { ...s.claimKeys, [rewardId]: key } }));
    return key;
  },
  claimDone: (rewardId) =>
    set((s) => {
      const { [rewardId]: _gone, ...rest } = s.claimKeys;
      return { claimKeys: rest };
    }),
}));
