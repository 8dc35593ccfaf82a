'use client';

import { useRouter } from 'next/navigation';
import { LoginGate } from '@/features/auth/components/login-gate';
import { RewardsScreen } from '@/features/referrals/components/rewards-screen';
import { RewardsVisitorScreen } from '@/features/referrals/components/rewards-screen-visitor';

/**
 * Composes the Rewards tab with the auth feature (features do not import
 * each other): a signed-in user sees their rewards; a visitor sees how the
 * program works and the deals, and a sign-in that, once done, goes on to
 * the deal's invite page (a deal's "Sign in to refer") or shows the user's
 * Rewards (SPEC.md section 4 "Calls needing login").
 */
export function RewardsForMe({ dealsFocus = null }: {
  /** `customers`: the customers-only deals first, the list in view (RewardsScreen). */
  dealsFocus?: 'customers' | null;
}) {
  const router = useRouter();
  return (
    <LoginGate
      visitor={(signIn) => (
        <RewardsVisitorScreen
          onSignIn={(dealId) => signIn(dealId ? () => router.push(`/rewards/invite?deal=${encodeURIComponent(dealId)}`) : undefined)}
        />
      )}
    >
      <RewardsScreen dealsFocus={dealsFocus} />
    </LoginGate>
  );
}
