import type { ContentLang, FeedLang, FeedQuery } from '../schemas';

/**
 * Client-safe: imports only types from schemas.ts, so zod stays out of the
 * browser bundle (the parsing of page URLs is in search-params.ts).
 *
 * The feed's filters as they travel in page URLs (/reels?topic_id=...&lang=hi)
 * and API queries (GET /feeds-server/api/v1/feeds).
 */
export interface FeedFilter {
  topic_id?: string;
  category_id?: string;
  option_id?: string;
  /** The feed's language; `all` for every language; unset lets the server choose. */
  lang?: FeedLang;
  /** A partner's feed (its topics, order and configs; `/reels?partner=<id>`). */
  partner_id?: string;
  /**
   * The top-N videos experiment id of the device (docs/decisions/012): sent
   * with every page of the feed, never part of page URLs (not in FILTER_KEYS).
   */
  top_n?: string;
}

/** The feed a page opens: filters, first server page, and a reel to show first. */
export interface FeedListParams {
  filter: FeedFilter;
  /** 1-based server page the list starts from. */
  startPage: number;
  /** A reel placed before the first page (content page, /tldr/[slug]). */
  leadId?: string | null;
  /**
   * The list is a search's reels (GET /feeds-server/api/v1/search, `q` in
   * `lang`) instead of the feed's pages; `filter` is then unused.
   */
  search?: FeedSearch | null;
  /** The reel the list opens at (its id); the first entry when unset or not in the list. */
  startAt?: string | null;
}

/** A search whose reels a feed list plays: the words and the language they were searched in. */
export interface FeedSearch {
  q: string;
  lang: ContentLang;
}

/** The filter fields, in URL order. */
export const FILTER_KEYS = ['topic_id', 'category_id', 'option_id', 'lang', 'partner_id'] as const;

/** The API query for one page of a filtered feed. */
export function feedQueryFor(filter: FeedFilter, page: number): FeedQuery {
  return { ...filter, page };
}

/** A stable string for a feed (same filters or search, start, lead reel and opening reel = same key). */
export function feedKeyOf(p: FeedListParams): string {
  const f = FILTER_KEYS.map((k) => `${k}=${p.filter[k] ?? ''}`).join('&');
  const key = `${f}|page=${p.startPage}|lead=${p.leadId ?? ''}`;
  // A search's list and a feed's never share a key; an opening reel is a different start (the store's position is per key).
  const search = p.search ? `|search=${p.search.lang}:${JSON.stringify(p.search.q)}` : '';
  return `${key}${search}${p.startAt ? `|at=${p.startAt}` : ''}`;
}

/**
 * A page URL with the given filters: `path?topic_id=...&lang=...` with empty
 * filters left out (page is not carried: a new filter starts at page 1).
 */
export function feedHref(path: string, filter: FeedFilter): string {
  const qs = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const v = filter[key];
    if (v) qs.set(key, v);
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
