import { nextPageToLoad, serverIndexAt, type FeedList } from './feed-list';
import { pageForIndex, prefetchDirection } from './paging';

/**
 * The server page to fetch while position `active` of the list is on screen,
 * or null: the SPEC.md section 4 rule on the active reel's server index
 * (7-9 of a page: next, 0-2: previous), skipping pages already merged.
 */
export function pageToFetch(list: FeedList, active: number): number | null {
  if (list.entries.length === 0) return null;
  const serverIndex = serverIndexAt(list, active);
  if (serverIndex !== null) {
    const dir = prefetchDirection(serverIndex, list.serverTotal);
    const page = pageForIndex(serverIndex);
    const want = dir === 'next' ? page + 1 : dir === 'prev' ? page - 1 : null;
    if (want !== null && !list.pages.includes(want)) return want;
  }
  // Dedupe or client-placed reels can shift positions: never let the person reach the end while more exists.
  if (active >= list.entries.length - 2) return nextPageToLoad(list);
  return null;
}

