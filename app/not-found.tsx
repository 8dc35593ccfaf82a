import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';

/** Unknown page, or a reel/topic that does not exist or is not available. */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-amber-500" aria-hidden="true">404</p>
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('body')}</p>
      <Link href="/reels" className={buttonClass({ size: 'md' })}>{t('home')}</Link>
    </section>
  );
}
