import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { getFeedPage, getReel, getTopicTldr, listTldr, type FeedOptions } from '@/features/reels/server/feed';
import { getTopicDetails, listTopics } from '@/features/reels/server/taxonomy';
import { search } from '@/features/reels/server/search';
import { questionsMatching } from '@/features/assistant/server/suggestions';
import { resolveShare } from '@/features/sharing/server/share';
import type { ContentLang, FeedQuery } from '@/features/reels/schemas';
import type { Locale } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import { uiLangOf } from '@/lib/localized';
import { visitorPrincipal } from '@/lib/auth/principal';
import { getViewerId } from './viewer';

/**
 * Server data for pages, memoised per request with React's cache() so that
 * generateMetadata and the page share one database read. Arguments are
 * strings so the cache can match them; pages only read, so the visitor id
 * is all they need of the principal. The items are the API's own (the same
 * serializer, parsed), with this visitor's like flags and watch tickets.
 */

/** True for the service layer's 404 (unknown or unavailable reel/topic). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError ? err.status === 404 : (err as { status?: unknown } | null)?.status === 404;
}

export const feedPage = cache((viewerId: string, queryJson: string, optsJson = '{}') =>
  getFeedPage(visitorPrincipal(viewerId), JSON.parse(queryJson) as FeedQuery, JSON.parse(optsJson) as FeedOptions));

export const reel = cache((viewerId: string, id: string, lang?: Locale) => getReel(visitorPrincipal(viewerId), id, lang));

/**
 * A reel as this visitor sees it (like flag, watch ticket), named in the
 * interface language (docs/decisions/025); an unknown or hidden reel is the
 * page's 404 (Next's notFound()).
 * @throws whatever else getReel throws (a database failure).
 */
export async function reelOrNotFound(id: string) {
  try {
    return await reel(await getViewerId(), id, await getInterfaceLang());
  } catch (err) {
    if (isNotFound(err)) notFound();
    throw err;
  }
}

/** A topic with its categories and options, names in the interface language (English where untranslated). */
export const topicDetails = cache(async (idOrSlug: string) => getTopicDetails(idOrSlug, uiLangOf(await getInterfaceLang())));

/**
 * A topic page's topic (by uuid or slug, already decoded: a route param goes
 * through app/_lib/route-param.ts first); an unknown one is the page's 404
 * (Next's notFound()).
 * @throws whatever else getTopicDetails throws (a database failure).
 */
export async function topicOrNotFound(idOrSlug: string) {
  try {
    return await topicDetails(idOrSlug);
  } catch (err) {
    if (isNotFound(err)) notFound();
    throw err;
  }
}

export const topicTldr = cache((viewerId: string, slug: string, lang?: ContentLang) =>
  getTopicTldr(visitorPrincipal(viewerId), slug, lang));

export const tldrList = cache((viewerId: string, lang?: ContentLang) => listTldr(visitorPrincipal(viewerId), lang));

/**
 * What a share slug (or a content id) names, memoised per request so the
 * root layout's document language, the page's metadata and the page share
 * one read (features/sharing/server/share.ts resolveShare).
 */
export const shareCard = cache((slug: string) => resolveShare(slug));

/**
 * One page of a search for this visitor, as GET /feeds-server/api/v1/search
 * answers it (the same service and suggested questions as server/api.ts):
 * reels, topics and questions matching `q`, named in `lang`.
 */
export const searchResults = cache((viewerId: string, q: string, lang: ContentLang, page: number) =>
  search(visitorPrincipal(viewerId), { q, lang, page }, { findQuestions: questionsMatching }));

/** Every topic, names in the interface language (the search screen's popular searches). */
export const topicList = cache(async () => listTopics(uiLangOf(await getInterfaceLang())));
