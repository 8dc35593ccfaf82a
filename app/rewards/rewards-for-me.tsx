'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useMe } from '@/features/auth/api/session';
import { isSignedIn, useRequireLogin } from '@/features/auth/store';
import { RewardsScreen } from '@/features/referrals/components/rewards-screen';
import { RewardsVisitorScreen } from '@/features/referrals/components/rewards-screen-visitor';

/**
 * Composes the Rewards tab with the auth feature (features do not import
 * each other): a signed-in user sees their rewards; a visitor sees how the
 * program works and the deals, and a sign-in that, once done, goes on to
 * the deal's invite page (a deal's "Sign in to refer") or shows the user's
 * Rewards (SPEC.md section 4 "Calls needing login"). Until the caller is
 * known, an empty, busy placeholder.
 */
export function RewardsForMe() {
  const t = useTranslations('auth');
  const me = useMe();
  const requireLogin = useRequireLogin();
  const router = useRouter();
  if (me.isPending) {
    return (
      <div aria-busy="true" className="min-h-[50dvh]">
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (isSignedIn(me.data)) return <RewardsScreen />;
  return (
    <RewardsVisitorScreen
      onSignIn={(dealId) => requireLogin(() => {
        if (dealId) router.push(`/rewards/invite?deal=${encodeURIComponent(dealId)}`);
        else router.refresh();
      })}
    />
  );
}
