import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ComingSoon } from '@/components/ui/coming-soon';
import { SparkleChatIcon } from '@/components/ui/icons';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('assistant') };
}

/** The Assistant tab (SPEC.md section 2): not built yet, and it says so. */
export default async function AssistantPage() {
  const t = await getTranslations('comingSoon');
  return (
    <ComingSoon
      icon={<SparkleChatIcon size={28} />}
      title={t('assistantTitle')}
      badge={t('badge')}
      body={t('assistantBody')}
      meanwhile={t('meanwhile')}
      links={[{ href: '/reels', label: t('watchVideos') }, { href: '/tldr', label: t('browseTldr') }]}
    />
  );
}
