import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('offline');
  return { title: t('pageTitle'), robots: { index: false } };
}

/**
 * /offline: what the service worker (app/sw.ts) shows for a page it has no
 * copy of while there is no connection. Precached at install, so it must
 * work without its scripts: plain links, no client state.
 */
export default async function OfflinePage() {
  const t = await getTranslations('offline');
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-md flex-col items-center justify-center gap-4 px-6 text-center" data-testid="offline-page">
      <h1 className="text-2xl font-bold">{t('pageTitle')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('pageBody')}</p>
      {/* Plain anchors: a full navigation lets the worker answer with the saved page. */}
      <a href="/reels" className={buttonClass({ size: 'md' })}>{t('openSaved')}</a>
    </section>
  );
}
