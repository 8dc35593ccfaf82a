import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/http/client';
import type { FeedItem, FeedResponse } from '../schemas';
import type { feedRoutes } from '../server/routes';
import { fetchSearchPage } from './search';
import { feedListFromPage } from '../lib/feed-list';
import { searchFeedList } from '../lib/search-feed';
import { feedKeyOf, feedQueryFor, type FeedFilter, type FeedListParams } from '../lib/filter';

/**
 * Fetchers and query options of the feed (CONVENTIONS.md "Client"). SSR
 * pages fill the same query keys from features/reels/server and hand them
 * over through HydrationBoundary.
 */

/** The feed endpoints, typed by their router. */
const api = apiClient<typeof feedRoutes>();

export const reelsKeys = {
  all: ['reels'] as const,
  page: (filter: FeedFilter, page: number) => ['reels', 'page', feedKeyOf({ filter, startPage: page }), page] as const,
  list: (params: FeedListParams) => ['reels', 'list', feedKeyOf(params)] as const,
};

/**
 * GET /feeds-server/api/v1/feeds: one page (10 reels) of the filtered feed.
 * @throws HttpError (e.g. `validation_failed` for a bad filter).
 */
export async function fetchFeedPage(filter: FeedFilter, page: number, signal?: AbortSignal): Promise<FeedResponse> {
  const q = feedQueryFor(filter, page);
  // Query strings carry text; unset filters are left out.
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined) query[k] = String(v);
  const res = await api['feeds-server'].api.v1.feeds.$get({ query }, { init: { signal } });
  return res.json();
}

/**
 * GET /feeds-server/api/v1/{id}: one ready reel as this viewer sees it.
 * @throws HttpError 404 `content_not_found`.
 */
export async function fetchReel(id: string, signal?: AbortSignal): Promise<FeedItem> {
  const res = await api['feeds-server'].api.v1[':id'].$get({ param: { id }, query: {} }, { init: { signal } });
  return res.json();
}

/** One server page; kept 30 s so scrolling back and forth does not refetch. */
export function feedPageQueryOptions(filter: FeedFilter, page: number) {
  return queryOptions({
    queryKey: reelsKeys.page(filter, page),
    queryFn: ({ signal }) => fetchFeedPage(filter, page, signal),
    staleTime: 30_000,
  });
}

/**
 * The feed list a page shows (lead reel, then the start page; later pages are
 * merged in by useFeedPaging); with `params.search`, the start page of the
 * search's reels (features/reels/lib/search-feed.ts). It never refetches by
 * itself: a refetch would reorder what the person is swiping through.
 */
export function feedListQueryOptions(params: FeedListParams) {
  return queryOptions({
    queryKey: reelsKeys.list(params),
    queryFn: async ({ signal }) => {
      if (params.search) return searchFeedList(await fetchSearchPage(params.search, params.startPage, signal));
      const [page, lead] = await Promise.all([
        fetchFeedPage(params.filter, params.startPage, signal),
        params.leadId ? fetchReel(params.leadId, signal) : Promise.resolve(null),
      ]);
      return feedListFromPage(page, lead);
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
