import { feedQuerySchema } from '../schemas';
import { FILTER_KEYS, type FeedFilter } from './filter';

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

