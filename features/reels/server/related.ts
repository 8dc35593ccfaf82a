import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, options, topics } from '@/lib/db/schema';
import type { ContentLang, FeedItem } from '../schemas';
import { visibleReel } from '@/lib/db/visible-reel';
import { getReel } from './feed';
import type { Principal } from '@/lib/auth/principal';

/** Most related reels one call returns (the assistant shows 1-3 under an answer). */
const MAX_RELATED = 10;

/**
 * Ready, approved reels of the topics `topicSlugs`, as this viewer sees them
 * (the assistant's "related reels" under an answer). Reels in `lang` come
 * first, then the newest; reels of other languages fill up when the topic
 * has too few in `lang`. Unknown slugs are ignored; none known -> [].
 * Each is the feed's own item (features/reels/server/feed.ts `getReel`),
 * with the asker's like and watch flags and a watch ticket for the asker.
 * @param principal the caller (lib/auth/principal.ts); its visitor id keys likes, progress and tickets.
 * @param topicSlugs topic slugs, e.g. `subsidy-and-money`.
 * @param lang the asker's content language (en, hi, he).
 * @param limit at most this many (clamped to 0..10).
 */
export async function listReadyReelsForTopics(
  principal: Principal, topicSlugs: readonly string[], lang: ContentLang, limit: number,
): Promise<FeedItem[]> {
  const n = Math.max(0, Math.min(MAX_RELATED, Math.floor(limit)));
  if (n === 0 || topicSlugs.length === 0) return [];
  const { db } = await getDb();
  const rows = await db.select({ id: contentItems.id }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .where(and(visibleReel, inArray(topics.slug, [...topicSlugs])))
    .orderBy(desc(sql`(${contentItems.lang} = ${lang})`), desc(contentItems.feed_seq))
    .limit(n);
  // getReel signs the media URLs and adds this viewer's like and progress;
  // a reel taken down between the two reads is left out.
  // The card is named in the asker's language, also on a reel of another language that fills up.
  const items = await Promise.all(rows.map((r) => getReel(principal, r.id, lang).catch(() => null)));
  return items.filter((i): i is FeedItem => i !== null);
}
