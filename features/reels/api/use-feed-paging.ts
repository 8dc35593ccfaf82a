import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { mergePage, type FeedList } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { pageToFetch } from '../lib/page-to-fetch';
import { useFeedStore } from '../store';
import { feedPageQueryOptions, reelsKeys } from './feed';

/**
 * Fetches feed pages ahead of the person (SPEC.md section 4 "Paging") and
 * merges them into the list of `params`; one request at a time (the store's
 * in-flight flag). A failed page is tried again on the next swipe.
 */
export function useFeedPaging(params: FeedListParams, list: FeedList | undefined, active: number): void {
  const qc = useQueryClient();
  const page = list ? pageToFetch(list, active) : null;

  useEffect(() => {
    const store = useFeedStore.getState();
    if (page === null || store.inFlight) return;
    store.setInFlight(true);
    qc.fetchQuery(feedPageQueryOptions(params.filter, page))
      .then((resp) => {
        qc.setQueryData<FeedList>(reelsKeys.list(params), (l) => (l ? mergePage(l, resp) : l));
      })
      .catch(() => {
        // Offline or a server error: the next move of the active reel tries again.
      })
      .finally(() => useFeedStore.getState().setInFlight(false));
  }, [page, active, qc, params]);
}
