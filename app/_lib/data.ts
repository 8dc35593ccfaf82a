import { cache } from 'react';
import { getFeedPage, getReel, getTopicTldr, listTldr } from '@/features/reels/server/feed';
import { getTopicDetails } from '@/features/reels/server/taxonomy';
import type { ContentLang, FeedQuery } from '@/features/reels/schemas';
import { ApiError } from '@/lib/http/errors';

/**
 * Server data for pages, memoised per request with React's cache() so that
 * generateMetadata and the page share one database read. Arguments are
 * strings so the cache can match them.
 */

/** True for the service layer's 404 (unknown or unavailable reel/topic). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError ? err.status === 404 : (err as { status?: unknown } | null)?.status === 404;
}

export const feedPage = cache((viewerId: string, queryJson: string) =>
  getFeedPage(viewerId, JSON.parse(queryJson) as FeedQuery));

export const reel = cache((viewerId: string, id: string) => getReel(viewerId, id));

export const topicDetails = cache((idOrSlug: string) => getTopicDetails(idOrSlug));

export const topicTldr = cache((viewerId: string, slug: string) => getTopicTldr(viewerId, slug));

export const tldrList = cache((viewerId: string, lang?: ContentLang) => listTldr(viewerId, lang));
