import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergePage, type FeedList } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { pageToFetch } from '../lib/page-to-fetch';
import { mergeSearchPage } from '../lib/search-feed';
import { useFeedStore } from '../store';
import { feedPageQueryOptions, reelsKeys } from './feed';
import { searchPageQueryOptions } from './search';

/**
 * Fetches feed pages ahead of the person (SPEC.md section 4 "Paging") and
 * merges them into the list of `params`; one request at a time (the store's
 * in-flight flag). A failed page is tried again on the next swipe. A list of
 * a search's reels (`params.search`) takes the search's pages.
 */
export function useFeedPaging(params: FeedListParams, list: FeedList | undefined, active: number): void {
  const qc = useQueryClient();
  const page = list ? pageToFetch(list, active) : null;

  useEffect(() => {
    const store = useFeedStore.getState();
    if (page === null || store.inFlight) return;
    store.setInFlight(true);
    const search = params.search;
    const merged: Promise<(l: FeedList) => FeedList> = search
      ? qc.fetchQuery(searchPageQueryOptions(search, page)).then((resp) => (l) => mergeSearchPage(l, resp))
      : qc.fetchQuery(feedPageQueryOptions(params.filter, page)).then((resp) => (l) => mergePage(l, resp));
    merged
      .then((merge) => {
        qc.setQueryData<FeedList>(reelsKeys.list(params), (l) => (l ? merge(l) : l));
      })
      .catch(() => {
        // Offline or a server error: the next move of the active reel tries again.
      })
      .finally(() => useFeedStore.getState().setInFlight(false));
  }, [page, active, qc, params]);
}
