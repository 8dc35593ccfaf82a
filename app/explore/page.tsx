import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ComingSoon } from '@/components/ui/coming-soon';
import { CompassIcon } from '@/components/ui/icons';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('explore') };
}

/** The Explore tab (SPEC.md section 2): not built yet, and it says so. */
export default async function ExplorePage() {
  const t = await getTranslations('comingSoon');
  return (
    <ComingSoon
      icon={<CompassIcon size={28} />}
      title={t('exploreTitle')}
      badge={t('badge')}
      body={t('exploreBody')}
      meanwhile={t('meanwhile')}
      links={[{ href: '/reels', label: t('watchVideos') }, { href: '/tldr', label: t('browseTldr') }]}
    />
  );
}
