import 'server-only';
import { Hono, type Context, type TypedResponse } from 'hono';
import { z } from 'zod';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE } from '@/lib/constants';
import type { ApiEnv } from '@/lib/http/app';
import { guards } from '@/lib/http/guards';
import { principal } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, query } from '@/lib/http/validate';
import { askerLang, askerLangParam, langOnlyQuerySchema } from '@/lib/http/asker-lang';
import type { KeepsContract, Verdicts } from '@/lib/contracts/contract';
import type { ReadSideTaxonomyRoutes } from '@/lib/contracts/read-side-taxonomy';
import {
  feedQuerySchema, likeBodySchema, noQuerySchema as noQuery, optionsQuerySchema, popupTldrQuerySchema, searchQuerySchema,
  tldrV1QuerySchema, tldrV2QuerySchema,
  type FeedItem, type FeedResponse, type SearchResponse, type TldrEntry,
} from '../schemas';
import { getFeedPageJson, getReelJson, getTopicTldrJson, listTldrJson } from './feed';
import { FIRST_FEED_LANG, feedLanguageOf, summaryLanguageOf } from './feed-language';
import { likeContent, unlikeContent } from './reactions';
import { searchJson, type SearchDeps } from './search';
import {
  countTopicContent, getTopicDetails, getTopicDetailsForEditing, listCategoryOptions, listOptions, listTopicCategories, listTopics,
} from './taxonomy';

/**
 * The reels feature's endpoints (SPEC.md section 7 "Feeds", "Read side",
 * "Uploader" likes), mounted by server/api.ts. Event pushes are the event
 * pipeline's (features/events). Static paths
 * come before the `:id` paths that would match them too.
 */

/** The API families of the feeds, the read side and likes (SPEC.md section 7). */
export const reelsPrefixes: readonly ApiPrefix[] = ['/feeds-server/', '/uploader-read/', '/uploader/'];

/*
 * Handlers read the caller with c.get('principal'): Hono's c.var copies every
 * variable into a new object on each access, a cost the feed pays per request.
 */

/** The feed sends JSON text it assembled itself (the hot path; ./feed.ts). */
const JSON_TYPE = { 'content-type': 'application/json' } as const;

/**
 * A 200 whose body is JSON text built by ./feed.ts's one serializer, typed
 * as the value `T` it encodes so the browser's client (Hono `hc`) knows it.
 */
function jsonText<T>(c: Context, text: string): TypedResponse<T, 200, 'json'> {
  return c.body(text, 200, JSON_TYPE) as unknown as TypedResponse<T, 200, 'json'>;
}

/** The request's language signals besides its query: the interface language cookie and the phone's languages. */
function languageSignals(c: Context) {
  return { localeCookie: getCookie(c, LOCALE_COOKIE), acceptLanguage: c.req.header('accept-language') };
}

export const feedRoutes = new Hono<ApiEnv>()
  // GET /feeds-server/api/v1/feeds - a page of 10 ready reels for this visitor, with TLDR list and configs
  // (in one language: ?lang, else the interface language, else the phone's, else Hinglish; ./feed-language.ts;
  // names in the asker's language: an asked-for one language, else the interface language, namesLanguageOf)
  .get('/feeds-server/api/v1/feeds', principal(), query(feedQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const signals = languageSignals(c);
    const { lang, explicit } = feedLanguageOf({ explicit: q.lang, ...signals });
    return jsonText<FeedResponse>(c, await getFeedPageJson(
      c.get('principal'), { ...q, lang }, { fallbackToAll: !explicit, summaryLang: summaryLanguageOf(signals) },
    ));
  })
  // GET /feeds-server/api/v1/tldr/topic - every topic with its newest TLDR reel (content null when none)
  .get('/feeds-server/api/v1/tldr/topic', principal(), query(tldrV1QuerySchema), async (c) =>
    jsonText<{ tldr: TldrEntry[] }>(c, `{"tldr":${await listTldrJson(c.get('principal'))}}`))
  // GET /feeds-server/api/v2/tldr/topic - like v1, but ?lang= prefers that language and only topics with a TLDR reel are listed
  .get('/feeds-server/api/v2/tldr/topic', principal(), query(tldrV2QuerySchema), async (c) =>
    jsonText<{ tldr: TldrEntry[] }>(
      c, `{"tldr":${await listTldrJson(c.get('principal'), c.req.valid('query').lang, { withReelOnly: true })}}`,
    ))
  // GET /feeds-server/api/v1/popup/tldr/{id} - the TLDR entry of one topic (uuid or slug), in ?lang or the interface language where it exists
  .get('/feeds-server/api/v1/popup/tldr/:id', principal(), query(popupTldrQuerySchema), async (c) =>
    jsonText<TldrEntry>(c, await getTopicTldrJson(
      c.get('principal'), c.req.param('id'), c.req.valid('query').lang ?? summaryLanguageOf(languageSignals(c)),
    )))
  // GET /feeds-server/api/v1/{id} - one ready reel for this visitor, names in the asker's language (?lang, cookie, Accept-Language)
  .get('/feeds-server/api/v1/:id', principal(), query(langOnlyQuerySchema), async (c) =>
    jsonText<FeedItem>(c, await getReelJson(c.get('principal'), c.req.param('id'), askerLang(c))));

/**
 * The search (docs/decisions/031-search.md); `deps` brings the assistant's
 * suggested questions. server/api.ts mounts it before feedRoutes, whose
 * `/feeds-server/api/v1/:id` would take "search" for a reel id.
 */
export function searchRoutes(deps: SearchDeps) {
  return new Hono<ApiEnv>()
    // GET /feeds-server/api/v1/search?q=&lang=&page= - reels, topics and suggested questions matching q, 10 each per page;
    // reels in lang first (?lang, else the feed's language rule: cookie, Accept-Language, Hinglish); rate-limited `search`
    .get('/feeds-server/api/v1/search', principal(), rateLimit('search'), query(searchQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { lang } = feedLanguageOf({ explicit: q.lang, ...languageSignals(c) });
      // The rule picks `all` only when asked for it, and the search's schema takes no `all`.
      const one = lang === 'all' ? FIRST_FEED_LANG : lang;
      return jsonText<SearchResponse>(c, await searchJson(c.get('principal'), { q: q.q, lang: one, page: q.page }, deps));
    });
}

/** The options list's query plus the asker's `lang`. */
const optionsLangQuerySchema = optionsQuerySchema.extend({ lang: askerLangParam });
const topicDetailsQuerySchema = langOnlyQuerySchema.extend({ include: z.literal('translations').optional() });

// Names and descriptions answer in the asker's language: ?lang=, else the NEXT_LOCALE cookie, else Accept-Language.
export const readSideRoutes = new Hono<ApiEnv>()
  // GET /uploader-read/api/v3/topics - topics with type tags, pictures and counts
  .get('/uploader-read/api/v3/topics', query(langOnlyQuerySchema), async (c) =>
    c.json({ topics: await listTopics(askerLang(c)) }))
  // GET /uploader-read/api/v1/options - all options, or those of ?category_id
  .get('/uploader-read/api/v1/options', query(optionsLangQuerySchema), async (c) =>
    c.json({ options: await listOptions(c.req.valid('query').category_id, askerLang(c)) }))
  // GET /uploader-read/api/v1/topic_details/{id} - a topic with its categories and options
  // (?include=translations: English names with each row's stored translations, for the studio's editor)
  .get('/uploader-read/api/v1/topic_details/:id', query(topicDetailsQuerySchema), async (c) =>
    c.json(c.req.valid('query').include === 'translations'
      ? await getTopicDetailsForEditing(c.req.param('id'))
      : await getTopicDetails(c.req.param('id'), askerLang(c))))
  // GET /uploader-read/api/v1/content_count/{id} - ready reels of a topic
  .get('/uploader-read/api/v1/content_count/:id', query(noQuery), async (c) =>
    c.json(await countTopicContent(c.req.param('id'))))
  // GET /uploader-read/api/v1/{id}/category - the categories of a topic
  .get('/uploader-read/api/v1/:id/category', query(langOnlyQuerySchema), async (c) =>
    c.json({ categories: await listTopicCategories(c.req.param('id'), askerLang(c)) }))
  // GET /uploader-read/api/v1/{a}/{b}/options - the options of category b of topic a
  .get('/uploader-read/api/v1/:topicId/:categoryId/options', query(langOnlyQuerySchema), async (c) =>
    c.json({ options: await listCategoryOptions(c.req.param('topicId'), c.req.param('categoryId'), askerLang(c)) }));

/**
 * The read side keeps the taxonomy contract other features read
 * (lib/contracts/read-side-taxonomy.ts: the studio's post draft and editor);
 * a type error here names the route whose answer or input drifted.
 */
export type ReadSideKeepsTaxonomyContract = KeepsContract<Verdicts<typeof readSideRoutes, ReadSideTaxonomyRoutes>>;

export const reactionRoutes = new Hono<ApiEnv>()
  // POST /uploader/api/v1/like/ - like a reel for the current visitor (idempotent)
  .post('/uploader/api/v1/like', guards.visitorWrite('like'), body(likeBodySchema), async (c) =>
    c.json(await likeContent(c.get('principal'), c.req.valid('json').content_id)))
  // POST /uploader/api/v1/unlike/ - take back the visitor's like (no-op without one)
  .post('/uploader/api/v1/unlike', guards.visitorWrite('like'), body(likeBodySchema), async (c) =>
    c.json(await unlikeContent(c.get('principal'), c.req.valid('json').content_id)));
