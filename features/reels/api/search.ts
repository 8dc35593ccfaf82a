import {
  infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { SearchResponse } from '../schemas';
import type { readSideRoutes, searchRoutes } from '../server/routes';
import type { FeedSearch } from '../lib/filter';
import { popularSearches } from '../lib/popular-searches';

/**
 * The search's client (CONVENTIONS.md "Client"): the results of a query
 * page by page ("load more"), one page alone (the typeahead and the feed of
 * a search's reels, features/reels/lib/search-feed.ts), and the popular
 * searches. /search prefetches the first page and the popular searches on
 * the server under the same keys (app/search/page.tsx).
 */

/** The search endpoint, typed by its router. */
const api = apiClient<ReturnType<typeof searchRoutes>>();
/** The read side's topics (this feature's own router). */
const readSide = apiClient<typeof readSideRoutes>()['uploader-read'].api;

/** Results are kept this long after no screen shows them, ms: a search made a while ago still opens offline. */
const RESULTS_GC_MS = 30 * 60_000;

export const searchKeys = {
  all: ['reels', 'search'] as const,
  /** Every page loaded so far of a query (the results screen). */
  results: (s: FeedSearch) => ['reels', 'search', 'results', s.lang, s.q] as const,
  /** One page of a query (typeahead, the feed of its reels). */
  page: (s: FeedSearch, page: number) => ['reels', 'search', 'page', s.lang, s.q, page] as const,
  popular: (lang: Locale) => ['reels', 'search', 'popular', lang] as const,
};

/**
 * GET /feeds-server/api/v1/search?q=&lang=&page=: one page (10 each) of the
 * reels, topics and suggested questions matching `q`, reels in `lang` first,
 * names and questions in `lang`.
 * @throws HttpError (`validation_failed` for a blank or too long `q`, `rate_limited`, `network_error` offline).
 */
export async function fetchSearchPage(search: FeedSearch, page: number, signal?: AbortSignal): Promise<SearchResponse> {
  const res = await api['feeds-server'].api.v1.search.$get(
    { query: { q: search.q, lang: search.lang, page: String(page) } }, { init: { signal } },
  );
  return res.json();
}

/** One page of a search, kept 30 s as the server keeps it. */
export function searchPageQueryOptions(search: FeedSearch, page: number) {
  return queryOptions({
    queryKey: searchKeys.page(search, page),
    queryFn: ({ signal }) => fetchSearchPage(search, page, signal),
    staleTime: 30_000,
    gcTime: RESULTS_GC_MS,
  });
}

/**
 * Every page of a search loaded so far, 1-based, the next while the last
 * says `has_more`. Each page is read through its own query
 * (searchPageQueryOptions), so a page the typeahead or the feed already
 * holds is not asked for again.
 */
export function searchResultsQueryOptions(qc: QueryClient, search: FeedSearch) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(search),
    queryFn: ({ pageParam }) => qc.fetchQuery(searchPageQueryOptions(search, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResponse) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 60_000,
    gcTime: RESULTS_GC_MS,
  });
}

/** The results of `search` (none asked for while `search` is null). */
export function useSearchResults(search: FeedSearch | null) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    ...searchResultsQueryOptions(qc, search ?? { q: '', lang: 'en' }),
    enabled: search !== null,
  });
}

/**
 * The typeahead's source: the first page of the search for the words typed
 * so far (its topics' names and suggested questions); the previous answer
 * stays while the next is on its way. Null `search` asks nothing.
 */
export function useSearchSuggestions(search: FeedSearch | null) {
  return useQuery({
    ...searchPageQueryOptions(search ?? { q: '', lang: 'en' }, 1),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * GET /uploader-read/api/v3/topics?lang=: every topic, names in `lang`.
 * @throws HttpError.
 */
export async function fetchTopics(lang: Locale, signal?: AbortSignal) {
  const res = await readSide.v3.topics.$get({ query: { lang } }, { init: { signal } });
  return (await res.json()).topics;
}

/** Popular searches in `lang`: the names of the library's topics (features/reels/lib/popular-searches.ts). */
export function popularSearchesQueryOptions(lang: Locale) {
  return queryOptions({
    queryKey: searchKeys.popular(lang),
    queryFn: async ({ signal }) => popularSearches(await fetchTopics(lang, signal)),
    staleTime: 10 * 60_000,
    gcTime: RESULTS_GC_MS,
  });
}

export function usePopularSearches(lang: Locale) {
  return useQuery(popularSearchesQueryOptions(lang));
}
