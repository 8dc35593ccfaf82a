import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { RewardsScreen } from '@/features/referrals/components/rewards-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('rewards') };
}

/**
 * The Rewards tab (SPEC.md section 2 and 4): a visitor is asked to sign in
 * first (section 4 "Calls needing login"); a user sees their summary and
 * share link, the deals, scratch cards and requests
 * (features/referrals/components/rewards-screen.tsx).
 */
export default async function RewardsPage() {
  const tAuth = await getTranslations('auth');
  return (
    <LoginGate title={tAuth('rewardsGateTitle')} body={tAuth('rewardsGateBody')}>
      <RewardsScreen />
    </LoginGate>
  );
}
