import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';

/**
 * An invite link whose code nobody holds: says so in the person's language
 * and offers a way on (the video feed, the AI assistant), never an invite.
 */
export default async function InviteNotFound() {
  const t = await getTranslations('referrals.landing');
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-amber-500" aria-hidden="true">404</p>
      <h1 className="text-2xl font-bold">{t('notFoundTitle')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('notFoundBody')}</p>
      <div className="flex w-full flex-col gap-3">
        <Link href="/reels" className={buttonClass({ size: 'md', className: 'min-h-11' })}>{t('notFoundFeed')}</Link>
        <Link href="/assistant" className={buttonClass({ size: 'md', variant: 'secondary', className: 'min-h-11' })}>{t('notFoundAssistant')}</Link>
      </div>
    </section>
  );
}
