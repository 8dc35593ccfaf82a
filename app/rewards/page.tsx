import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ComingSoon } from '@/components/ui/coming-soon';
import { GiftIcon } from '@/components/ui/icons';
import { LoginGate } from '@/features/auth/components/login-gate';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('rewards') };
}

/**
 * The Rewards tab (SPEC.md section 2): a visitor is asked to sign in first
 * (SPEC.md section 4 "Calls needing login"); the rewards themselves are not
 * built yet, and the page says so.
 */
export default async function RewardsPage() {
  const t = await getTranslations('comingSoon');
  const tAuth = await getTranslations('auth');
  return (
    <LoginGate title={tAuth('rewardsGateTitle')} body={tAuth('rewardsGateBody')}>
      <ComingSoon
        icon={<GiftIcon size={28} />}
        title={t('rewardsTitle')}
        badge={t('badge')}
        body={t('rewardsBody')}
        meanwhile={t('meanwhile')}
        links={[{ href: '/reels', label: t('watchVideos') }, { href: '/tldr', label: t('browseTldr') }]}
      />
    </LoginGate>
  );
}
