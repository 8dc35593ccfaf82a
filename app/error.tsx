'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { logError } from '@/lib/analytics/log-client';
import { Button } from '@/components/ui/button';

/**
 * A page failed to render (e.g. the database is unreachable): say so and
 * offer a retry; the error goes to the logging client (SPEC.md section 8
 * "something went wrong").
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  useEffect(() => {
    logError(error, { boundary: 'page', digest: error.digest ?? null });
  }, [error]);
  return (
    <section role="alert" className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{t('generic')}</p>
      <Button type="button" onClick={reset} size="md">
        {t('retry')}
      </Button>
    </section>
  );
}
