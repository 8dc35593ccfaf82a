'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useWatched } from '../api/profile';
import { Button } from '@/components/ui/button';

/**
 * "Videos watched" of the Profile tab (SPEC.md section 2): the signed-in
 * user's reels, the most recently watched first, 10 at a time with "Show
 * more" (SPEC.md section 4 "Paging"). Each opens its content page.
 */
export function WatchedList() {
  const t = useTranslations('profile.watched');
  const tp = useTranslations('profile');
  const q = useWatched(true);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="watched-h" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="watched-h" className="text-lg font-semibold">{t('title')}</h2>
        {q.isSuccess && total > 0 ? <span className="text-sm text-neutral-600 dark:text-neutral-400">{t('total', { count: total })}</span> : null}
      </div>
      {q.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => <li key={i} className="h-20 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />)}
        </ul>
      ) : q.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('failed')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void q.refetch()}>
            {tp('retry')}
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-neutral-50 p-4 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
          {t('empty')}{' '}
          <Link prefetch={false} href="/reels" className="font-semibold text-amber-700 underline dark:text-amber-400">{t('browse')}</Link>
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="watched-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  prefetch={false}
                  href={`/content/${item.id}`}
                  className="flex gap-3 rounded-xl p-2 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-amber-500 dark:hover:bg-neutral-800"
                >
                  {/* A signed thumbnail the pipeline sized: a plain <img>. */}
                  <img src={item.thumbnail} alt="" width={45} height={80} loading="lazy" decoding="async" className="h-20 w-[45px] shrink-0 rounded-lg bg-neutral-200 object-cover dark:bg-neutral-800" />
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="line-clamp-2 font-medium text-neutral-900 dark:text-neutral-100">{item.description}</span>
                    <span className="truncate text-sm text-neutral-600 dark:text-neutral-400">{item.topic_name}</span>
                    {item.vid_watched ? (
                      <span className="self-start rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
                        {t('complete')}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {q.hasNextPage ? (
            <Button
              type="button"
              disabled={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
              variant="secondary"
              className="self-start"
            >
              {q.isFetchingNextPage ? t('loadingMore') : t('more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
