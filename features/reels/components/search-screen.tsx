'use client';

import { useState, useTransition } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { useOnline } from '@/lib/pwa/online-status';
import { useErrorText } from '@/lib/use-error-text';
import { HttpError } from '@/lib/http/client';
import { buttonClass } from '@/components/ui/button';
import { SEARCH_QUERY_MAX } from '../schemas';
import { searchKeys, usePopularSearches, useSearchResults } from '../api/search';
import { normalizeQuery, searchHref } from '../lib/search-feed';
import { SearchField } from './search-field';
import { AskRow, mergeResults, SearchResults } from './search-results';
import { SearchStart } from './search-start';
import { useRecentSearches } from './use-recent-searches';

/** Codes of a request that got no answer: offline, as far as the person can tell. */
const NO_ANSWER = new Set(['network_error', 'timeout']);

/** The words of the page's `?q=`, tidied; null for none (or more than the API takes). */
function queryOf(raw: string | null): string | null {
  const q = normalizeQuery(raw ?? '');
  return q && [...q].length <= SEARCH_QUERY_MAX ? q : null;
}

/**
 * The search screen (SPEC.md section 2's SEARCH): the search form with its
 * typeahead; with an empty field, the recent and popular searches; with
 * `?q=`, the results of the words in the interface language. A search goes
 * into the address (`/search?q=`, replacing it: a shareable link, and the
 * server renders the results of the next one, app/search/page.tsx); offline
 * the address changes without a request, and the results show if this page
 * still holds them (TanStack Query's cache), else a message says they need
 * the network. One polite live region says what happened: searching, how
 * many videos and topics were found (ICU plurals), nothing found, a failure.
 */
export function SearchScreen() {
  const t = useTranslations('search');
  const errorText = useErrorText();
  const router = useRouter();
  const qc = useQueryClient();
  const lang = useInterfaceLang();
  const online = useOnline();
  const q = queryOf(useSearchParams().get('q'));
  const [text, setText] = useState(q ?? '');
  // The field follows the address when it changes by itself (back and forward).
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q ?? '');
  }
  const [navigating, startNavigation] = useTransition();
  const { recent, add, clear } = useRecentSearches();
  const popular = usePopularSearches(lang);
  const results = useSearchResults(q ? { q, lang } : null);

  const search = (words: string) => {
    const next = normalizeQuery(words);
    if (!next) return;
    setText(next);
    add(next);
    const href = searchHref(next);
    if (navigator.onLine) {
      startNavigation(() => router.replace(href, { scroll: false }));
    } else {
      // No server to render the next page: the address changes here, and the cache answers if it can.
      // A null state, so Next's router takes the new address up (useSearchParams); its own state would make it look away.
      window.history.replaceState(null, '', href);
    }
  };

  const savedOffline = (words: string) => qc.getQueryData(searchKeys.results({ q: normalizeQuery(words), lang })) !== undefined;

  const pages = results.data?.pages ?? [];
  const found = mergeResults(pages);
  const failed = results.isError && !results.data;
  const noAnswer = failed && results.error instanceof HttpError && NO_ANSWER.has(results.error.code);
  // Offline without these results: TanStack Query waits for the network (a paused fetch) or has given up.
  const offlineMissing = q !== null && !results.data && ((!online && results.isPending) || noAnswer);
  const showResults = text.trim() !== '' && q !== null;

  let status = '';
  // Shown, or only announced where the screen below already says it in large.
  let statusShown = false;
  if (showResults) {
    if (navigating || (results.isPending && !offlineMissing)) {
      status = t('searching');
      statusShown = true;
    } else if (offlineMissing) status = t('offlineQuery');
    else if (failed) status = t('error');
    else if (results.data) {
      const none = found.reels.length + found.topics.length === 0;
      status = none
        ? t('noResultsTitle', { query: q })
        : `${t('summary', { videos: found.reels.length, topics: found.topics.length, query: q })}${results.hasNextPage ? ` ${t('more')}` : ''}`;
      statusShown = !none;
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 pb-10 pt-[max(1rem,env(safe-area-inset-top))]" data-testid="search-screen">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <SearchField value={text} onValueChange={setText} onSubmit={search} current={q} lang={lang} focusOnOpen={q === null} />
      <p role="status" aria-live="polite" data-testid="search-status" className={statusShown ? 'text-sm text-neutral-600 dark:text-neutral-400' : 'sr-only'}>
        {status}
      </p>
      {!showResults ? (
        <SearchStart
          recent={recent}
          popular={popular.data ?? []}
          online={online}
          savedOffline={savedOffline}
          onSearch={search}
          onClearRecent={clear}
        />
      ) : offlineMissing ? (
        <div className="flex flex-col gap-6">
          <p data-testid="search-offline" className="rounded-2xl bg-neutral-100 p-4 text-neutral-800 dark:bg-neutral-900 dark:text-neutral-200">
            {t('offlineQuery')}
          </p>
          <SearchStart recent={recent} popular={[]} online={false} offlineNote={false} savedOffline={savedOffline} onSearch={search}
            onClearRecent={clear} />
        </div>
      ) : failed ? (
        <div className="flex flex-col items-start gap-4" data-testid="search-error">
          <p className="text-neutral-800 dark:text-neutral-200">{errorText(results.error, t('error'))}</p>
          <button type="button" onClick={() => void results.refetch()} className={buttonClass({ size: 'md', className: 'min-h-11' })}>
            {t('retry')}
          </button>
          <AskRow query={q} />
        </div>
      ) : results.data ? (
        <SearchResults
          query={q}
          pages={pages}
          hasMore={results.hasNextPage}
          loadingMore={results.isFetchingNextPage}
          onLoadMore={() => void results.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
