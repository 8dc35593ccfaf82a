import { feedQuerySchema, searchQuerySchema, uuidSchema } from '../schemas';
import { FILTER_KEYS, type FeedFilter } from './filter';
import { normalizeQuery } from './search-feed';

/** A page's `searchParams`, awaited. */
export type SearchParams = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Reads filters and page from a page's search params with the API's own
 * rules (`feedQuerySchema`); a value the API would refuse is dropped rather
 * than failing the page, so a mangled shared link still opens the feed.
 */
export function parseFeedSearchParams(sp: SearchParams): { filter: FeedFilter; page: number } {
  const filter: FeedFilter = {};
  for (const key of FILTER_KEYS) {
    const raw = first(sp[key]);
    if (raw === undefined || raw === '') continue;
    const field = feedQuerySchema.shape[key].safeParse(raw);
    if (field.success && field.data !== undefined) (filter as Record<string, string>)[key] = field.data;
  }
  const page = feedQuerySchema.shape.page.safeParse(first(sp.page) ?? undefined);
  return { filter, page: page.success ? page.data : 1 };
}


/**
 * The search words of a page URL (`?q=`), white space tidied, with the API's
 * own rules (`searchQuerySchema`: not blank, at most 200 characters, no
 * NUL); null when there are none or the API would refuse them.
 */
export function parseSearchQuery(sp: SearchParams): string | null {
  const raw = first(sp.q);
  if (raw === undefined) return null;
  const q = normalizeQuery(raw);
  return searchQuerySchema.shape.q.safeParse(q).success ? q : null;
}

/**
 * A feed of a search's reels (`/reels?q=&page=&at=`, features/reels/lib/search-feed.ts):
 * the words, the search page it starts on and the reel it opens at (a
 * reel id, else null); null when the URL names no search.
 */
export function parseSearchFeedParams(sp: SearchParams): { q: string; page: number; at: string | null } | null {
  const q = parseSearchQuery(sp);
  if (q === null) return null;
  const page = feedQuerySchema.shape.page.safeParse(first(sp.page) ?? undefined);
  const at = uuidSchema.safeParse(first(sp.at));
  return { q, page: page.success ? page.data : 1, at: at.success ? at.data : null };
}
