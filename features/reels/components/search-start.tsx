'use client';

import { useTranslations } from 'next-intl';
import { HistoryIcon, SearchIcon } from '@/components/ui/icons';

/**
 * What the search screen shows while its field is empty: the recent
 * searches on this device (a tap searches again; one button clears them)
 * and the popular searches (the library's own topics,
 * features/reels/lib/popular-searches.ts). Offline it says so: a recent
 * search whose results this page still holds (`savedOffline`) is marked and
 * opens; the popular searches are left out (their results were never loaded).
 * Before any search of their own, a line on what can be searched.
 */
export function SearchStart({ recent, popular, online, savedOffline, onSearch, onClearRecent, offlineNote = true }: {
  recent: readonly string[];
  popular: readonly string[];
  online: boolean;
  /** True for a recent search whose results are in this page's cache. */
  savedOffline: (q: string) => boolean;
  onSearch: (q: string) => void;
  onClearRecent: () => void;
  /** Say "you're offline" above the lists (off where the screen already says why). */
  offlineNote?: boolean;
}) {
  const t = useTranslations('search');
  const showPopular = online && popular.length > 0;
  return (
    <div className="flex flex-col gap-7" data-testid="search-start">
      {!online && offlineNote ? (
        <p data-testid="search-offline" className="rounded-2xl bg-neutral-100 p-4 text-neutral-800 dark:bg-neutral-900 dark:text-neutral-200">
          {t('offline')}
        </p>
      ) : null}
      {recent.length === 0 && online ? (
        <div className="flex flex-col gap-1 pt-1">
          <p className="text-lg font-semibold">{t('emptyTitle')}</p>
          <p className="text-neutral-600 dark:text-neutral-400">{t('emptyHint')}</p>
        </div>
      ) : null}
      {recent.length > 0 ? (
        <section aria-labelledby="search-recent" className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-3">
            <h2 id="search-recent" className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t('recent')}</h2>
            <button
              type="button"
              onClick={onClearRecent}
              data-testid="search-clear-recent"
              className="-mr-2 min-h-11 rounded-full px-3 text-sm font-medium text-amber-800 underline-offset-2 hover:underline dark:text-amber-400"
            >
              {t('clearRecent')}
            </button>
          </div>
          <ul className="flex flex-col" data-testid="search-recent-list">
            {recent.map((q) => {
              const saved = !online && savedOffline(q);
              return (
                <li key={q}>
                  <button
                    type="button"
                    onClick={() => onSearch(q)}
                    data-testid="search-recent"
                    data-saved={saved ? 'true' : undefined}
                    className="flex min-h-11 w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-900"
                  >
                    <HistoryIcon size={18} className="shrink-0 text-neutral-500 dark:text-neutral-400" />
                    <span className="min-w-0 flex-1 truncate">{q}</span>
                    {saved ? (
                      <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">
                        {t('savedOffline')}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {showPopular ? (
        <section aria-labelledby="search-popular" className="flex flex-col gap-2">
          <h2 id="search-popular" className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t('popular')}</h2>
          <ul className="flex flex-wrap gap-2" data-testid="search-popular-list">
            {popular.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => onSearch(q)}
                  data-testid="search-popular"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
                >
                  <SearchIcon size={16} className="text-neutral-500 dark:text-neutral-400" />
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
