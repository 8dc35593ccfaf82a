import { PAGE_SIZE } from '@/lib/constants';
import type { SearchResponse } from '../schemas';
import { emptyFeedList, mergePage, type FeedList } from './feed-list';
import { startIndexOfPage } from './paging';

/*
 * Client-safe: imports only types from schemas.ts.
 *
 * A search's reels played as a feed (docs/decisions/032-search-screen.md):
 * the search screen's grid opens `/reels?q=&page=&at=`, a feed list whose
 * pages are the search's pages (GET /feeds-server/api/v1/search, 10 reels
 * each as the feed's, SPEC.md section 4 "Paging"), opened at the reel tapped.
 */

/** The fields of a search page the feed list reads. */
export type SearchPageData = Pick<SearchResponse, 'reels' | 'page' | 'has_more'>;

/**
 * Merges one search page into a feed list (feed-list.ts mergePage). The
 * search tells no total: while a full page of reels says more follow, the
 * list counts one reel past the furthest page merged (so paging goes on);
 * a page with fewer reels, or without more, ends the list there.
 * Pages may arrive in either order (a list opened on page 3 fetches page 2
 * when the person swipes back), so an earlier page never shortens the count.
 */
export function mergeSearchPage(list: FeedList, resp: SearchPageData): FeedList {
  const start = startIndexOfPage(resp.page);
  const end = start + resp.reels.length;
  const more = resp.has_more && resp.reels.length >= PAGE_SIZE;
  const total = more ? Math.max(end + 1, list.serverTotal) : end;
  return mergePage(list, { feeds: resp.reels, page: resp.page, start_index: start, total_length: total });
}

/** The feed list of a search's first page shown (its page `resp.page`). */
export function searchFeedList(resp: SearchPageData): FeedList {
  return mergeSearchPage(emptyFeedList(), resp);
}

/** The search words as they travel: spaces trimmed and runs of white space made one space. */
export function normalizeQuery(q: string): string {
  return q.replace(/\s+/g, ' ').trim();
}

/** The search screen of `q`: `/search?q=...` (`/search` for no words). */
export function searchHref(q: string): string {
  const n = normalizeQuery(q);
  return n ? `/search?${new URLSearchParams({ q: n }).toString()}` : '/search';
}

/**
 * The feed of `q`'s reels opened at the reel `id`, which is result number
 * `index` (0-based) of the search: `/reels?q=...&page=<its page>&at=<id>`.
 */
export function searchFeedHref(q: string, index: number, id: string): string {
  const page = Math.floor(index / PAGE_SIZE) + 1;
  return `/reels?${new URLSearchParams({ q: normalizeQuery(q), page: String(page), at: id }).toString()}`;
}
