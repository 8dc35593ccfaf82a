'use client';

import { useTranslations } from 'next-intl';

/** A page failed to render (e.g. the database is unreachable): say so and offer a retry. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <section role="alert" className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('generic')}</p>
      <button type="button" onClick={reset} className="rounded-full bg-amber-500 px-5 py-2.5 font-semibold text-black hover:bg-amber-400">
        {t('retry')}
      </button>
    </section>
  );
}
