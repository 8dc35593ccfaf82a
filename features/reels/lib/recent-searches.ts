/*
 * The person's recent searches, kept on the device (localStorage): the last
 * RECENT_SEARCHES_MAX, most recent first, each once whatever its case.
 */

/** How many recent searches are kept. */
export const RECENT_SEARCHES_MAX = 8;
/** localStorage key of the recent searches (a JSON array of strings). */
export const RECENT_SEARCHES_KEY = 'sr_recent_searches';
/** Longest search kept, characters: as the API's SEARCH_QUERY_MAX. */
const KEPT_CHARS = 200;

/**
 * `q` put first in `list`, dropping an earlier entry equal to it ignoring
 * case (the newest spelling stays), cut to `max` entries. Blank `q` leaves
 * `list` as it was.
 */
export function addRecentSearch(list: readonly string[], q: string, max = RECENT_SEARCHES_MAX): string[] {
  const text = q.replace(/\s+/g, ' ').trim();
  if (!text) return [...list];
  const key = text.toLocaleLowerCase();
  return [text, ...list.filter((s) => s.toLocaleLowerCase() !== key)].slice(0, max);
}

/** The stored list, or [] for anything that is not a list of strings (a value from an older page, hand edits). */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    let out: string[] = [];
    // Oldest first, so the de-duplication keeps the newest of each.
    for (const s of [...v].reverse()) if (typeof s === 'string') out = addRecentSearch(out, s.slice(0, KEPT_CHARS));
    return out;
  } catch {
    return [];
  }
}
