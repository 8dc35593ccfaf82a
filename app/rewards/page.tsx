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
 * `?deals=customers` (where a registered customer's link leads after
 * sign-in; docs/ops/native-customer-link.md) lists the customers-only
 * deals first and brings the deals into view.
 */
export default async function RewardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const deals = (await searchParams).deals;
  return <RewardsForMe dealsFocus={deals === 'customers' ? 'customers' : null} />;
}
