import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RewardsForMe } from './rewards-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('rewards') };
}

/**
 * The Rewards tab (SPEC.md section 2 and 4): a visitor sees how the
 * program works, the deals and what each earns, then a sign-in (section 4
 * "Calls needing login": the tap's action runs after sign-in); a user sees
 * their summary and share link, the deals, scratch cards and requests
 * (./rewards-for-me.tsx composes features/referrals with features/auth).
 */
export default function RewardsPage() {
  return <RewardsForMe />;
}
