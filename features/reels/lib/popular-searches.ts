/** How many popular searches the search screen offers. */
export const POPULAR_SEARCHES_MAX = 6;

/** The fields of a topic (GET /uploader-read/api/v3/topics) the popular searches are chosen by. */
export interface PopularTopic {
  name: string;
  type_tag: 'HOT' | 'FREE';
  content_count: number;
}

/**
 * Popular searches from the library itself: the names of topics that have
 * reels to watch, HOT topics first, then those with the most reels, the
 * list's display order between equals; each name once, at most `max`.
 */
export function popularSearches(topics: readonly PopularTopic[], max = POPULAR_SEARCHES_MAX): string[] {
  const ranked = topics
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.content_count > 0 && t.name.trim() !== '')
    .sort((a, b) => Number(b.t.type_tag === 'HOT') - Number(a.t.type_tag === 'HOT')
      || b.t.content_count - a.t.content_count || a.i - b.i);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { t } of ranked) {
    const key = t.name.trim().toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t.name.trim());
    if (out.length >= max) break;
  }
  return out;
}
