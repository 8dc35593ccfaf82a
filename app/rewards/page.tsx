import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ComingSoon } from '@/components/ui/coming-soon';
import { GiftIcon } from '@/components/ui/icons';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('rewards') };
}

/** The Rewards tab (SPEC.md section 2): not built yet, and it says so. */
export default async function RewardsPage() {
  const t = await getTranslations('comingSoon');
  return (
    <ComingSoon
      icon={<GiftIcon size={28} />}
      title={t('rewardsTitle')}
      badge={t('badge')}
      body={t('rewardsBody')}
      meanwhile={t('meanwhile')}
      links={[{ href: '/reels', label: t('watchVideos') }, { href: '/tldr', label: t('browseTldr') }]}
    />
  );
}
