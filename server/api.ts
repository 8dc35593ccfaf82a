import type { Hono } from 'hono';
import { z } from 'zod';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES } from '@/lib/constants';
import { createApiApp, jsonContentType, limitBody, type ApiEnv } from '@/lib/http/app';
import { body, query } from '@/lib/http/validate';
import { viewer } from '@/lib/http/viewer';
import { eventSchema, feedQuerySchema, langSchema, likeBodySchema } from '@/features/reels/schemas';
import { getFeedPageJson, getReel, getTopicTldr, listTldr } from '@/features/reels/server/feed';
import { likeContent, unlikeContent } from '@/features/reels/server/reactions';
import { recordEvent } from '@/features/reels/server/progress';
import { getCookie } from 'hono/cookie';
import { LOCALE_COOKIE } from '@/lib/constants';
import { callbackLeadSchema, slotsQuerySchema, subsidyLeadSchema } from '@/features/leads/schemas';
import { createLead, getSlots } from '@/features/leads/server/leads';
import { parseLeadOrThrow } from '@/features/leads/server/validation';
import { toLocale } from '@/lib/messages';
import {
  countTopicContent, getTopicDetails, listCategoryOptions, listOptions, listTopicCategories, listTopics,
  optionsQuerySchema,
} from '@/features/reels/server/taxonomy';
import { chatLanguageSchema, chatRequestSchema } from '@/features/assistant/schemas';
import { listSuggestions, searchSuggestions } from '@/features/assistant/server/suggestions';
import { chatResponse } from './chat-http';

/**
 * The endpoint catalogue (SPEC.md section 7; ARCHITECTURE.md decision 2).
 * Each endpoint is mounted once with the spec's path; handlers validate,
 * call a features/<name>/server function and answer. Errors become the one
 * shape in lib/http/app.ts.
 */

/** Path prefixes served by this API; everything else goes to media or Next (server/index.ts). */
const API_PREFIXES = [
  '/feeds-server/', '/uploader/', '/uploader-read/', '/auth/', '/recommendation-service/', '/partner/', '/referral/', '/api/',
];

/** True when `url` (a request path, with or without query, or an absolute URL) belongs to the API. */
export function isApiPath(url: string): boolean {
  let path = url;
  if (!path.startsWith('/')) {
    try {
      path = new URL(url).pathname;
    } catch {
      return false;
    }
  }
  return API_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * Endpoints that take a file; they get the upload limit (SPEC.md section 5,
 * 200 MB) plus room for the multipart envelope. Every other body is JSON and
 * small (MAX_JSON_BODY_BYTES).
 */
const UPLOAD_PATHS = new Set([
  '/uploader/api/v1/uploadvideo', '/uploader/api/v1/upload/guide_video', '/partner/api/v1/image',
  '/auth/api/v1/user/profile-picture',
]);
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** GET tldr/topic v1 takes no parameters. */
const tldrV1QuerySchema = z.strictObject({});
/** GET tldr/topic v2: `lang` prefers TLDR reels in that language. */
const tldrV2QuerySchema = z.strictObject({ lang: langSchema.optional() });
/** The feed sends JSON text it assembled itself (the hot path; features/reels/server/feed.ts). */
const JSON_TYPE = { 'content-type': 'application/json' } as const;
/** v1 of the single reel and popup take no query. */
const noQuery = z.strictObject({});
/** GET multilang-suggestions: the typed text, and how many hits (default 8). */
const multilangSuggestionsQuerySchema = z.strictObject({
  query: z.string().trim().min(1, 'query must not be empty').max(200, 'query must be at most 200 characters'),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
/** GET suggestions: the assistant's language value (SPEC.md section 3). */
const suggestionsQuerySchema = z.strictObject({ language: chatLanguageSchema });

/** Builds the API (one per process; server/index.ts mounts its fetch handler). */
export function buildApi(): Hono<ApiEnv> {
  const api = createApiApp();
  const jsonLimit = limitBody(MAX_JSON_BODY_BYTES);
  const uploadLimit = limitBody(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES);
  api.use('*', (c, next) => {
    // A GET or HEAD has no body to limit; asking for one would make
    // @hono/node-server build a full Request (~0.1 ms on the feed's hot path).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return (UPLOAD_PATHS.has(c.req.path) ? uploadLimit : jsonLimit)(c, next);
  });

  /* ---- Feeds. Static paths come before `/feeds-server/api/v1/:id`, which would match them too. ---- */

  // GET /feeds-server/api/v1/feeds - a page of 10 ready reels for this viewer, with TLDR list and configs
  api.get('/feeds-server/api/v1/feeds', viewer(), query(feedQuerySchema), async (c) =>
    c.body(await getFeedPageJson(c.var.viewerId, c.var.query), 200, JSON_TYPE));

  // GET /feeds-server/api/v1/tldr/topic - every topic with its newest TLDR reel (content null when none)
  api.get('/feeds-server/api/v1/tldr/topic', viewer(), query(tldrV1QuerySchema), async (c) =>
    c.json({ tldr: await listTldr(c.var.viewerId) }));

  // GET /feeds-server/api/v2/tldr/topic - like v1, but ?lang= prefers that language and only topics with a TLDR reel are listed
  api.get('/feeds-server/api/v2/tldr/topic', viewer(), query(tldrV2QuerySchema), async (c) =>
    c.json({ tldr: await listTldr(c.var.viewerId, c.var.query.lang, { withReelOnly: true }) }));

  // GET /feeds-server/api/v1/popup/tldr/{id} - the TLDR entry of one topic (uuid or slug)
  api.get('/feeds-server/api/v1/popup/tldr/:id', viewer(), query(noQuery), async (c) =>
    c.json(await getTopicTldr(c.var.viewerId, c.req.param('id'))));

  // GET /feeds-server/api/v1/{id} - one ready reel for this viewer
  api.get('/feeds-server/api/v1/:id', viewer(), query(noQuery), async (c) =>
    c.json(await getReel(c.var.viewerId, c.req.param('id'))));

  /* ---- Read side (taxonomy). Static first segments before `:id/category` and `:a/:b/options`. ---- */

  // GET /uploader-read/api/v3/topics - topics with type tags, pictures and counts
  api.get('/uploader-read/api/v3/topics', query(noQuery), async (c) => c.json({ topics: await listTopics() }));

  // GET /uploader-read/api/v1/options - all options, or those of ?category_id
  api.get('/uploader-read/api/v1/options', query(optionsQuerySchema), async (c) =>
    c.json({ options: await listOptions(c.var.query.category_id) }));

  // GET /uploader-read/api/v1/topic_details/{id} - a topic with its categories and options
  api.get('/uploader-read/api/v1/topic_details/:id', query(noQuery), async (c) =>
    c.json(await getTopicDetails(c.req.param('id'))));

  // GET /uploader-read/api/v1/content_count/{id} - ready reels of a topic
  api.get('/uploader-read/api/v1/content_count/:id', query(noQuery), async (c) =>
    c.json(await countTopicContent(c.req.param('id'))));

  // GET /uploader-read/api/v1/{id}/category - the categories of a topic
  api.get('/uploader-read/api/v1/:id/category', query(noQuery), async (c) =>
    c.json({ categories: await listTopicCategories(c.req.param('id')) }));

  // GET /uploader-read/api/v1/{a}/{b}/options - the options of category b of topic a
  api.get('/uploader-read/api/v1/:topicId/:categoryId/options', query(noQuery), async (c) =>
    c.json({ options: await listCategoryOptions(c.req.param('topicId'), c.req.param('categoryId')) }));

  /* ---- Uploader: reactions ---- */

  // POST /uploader/api/v1/like/ - like a reel for the current viewer (idempotent)
  api.post('/uploader/api/v1/like/', jsonContentType(), viewer(), body(likeBodySchema), async (c) =>
    c.json(await likeContent(c.var.viewerId, c.var.body.content_id)));

  // POST /uploader/api/v1/unlike/ - take back the viewer's like (no-op without one)
  api.post('/uploader/api/v1/unlike/', jsonContentType(), viewer(), body(likeBodySchema), async (c) =>
    c.json(await unlikeContent(c.var.viewerId, c.var.body.content_id)));

  /* ---- Auth: event pushes (text/plain too, so navigator.sendBeacon can send them on page hide) ---- */

  // POST /auth/api/v1/events - store an event push; player events count views and progress
  api.post('/auth/api/v1/events', jsonContentType({ allowTextPlain: true }), viewer(), body(eventSchema), async (c) => {
    await recordEvent(c.var.viewerId, c.var.body);
    return c.json({ ok: true }, 202);
  });

  /* ---- Leads (SPEC.md section 5 forms). SPEC.md section 7 lists no path for them: these /api/v1/leads paths are our own. ---- */

  // GET /api/v1/leads/slots?day=today|tomorrow - callback slots still offered, India time (never cached: they run out)
  api.get('/api/v1/leads/slots', query(slotsQuerySchema), (c) => {
    c.header('cache-control', 'no-store');
    return c.json(getSlots(c.var.query.day));
  });

  // POST /api/v1/leads/callback - book a callback; 201 new lead, 200 repeat of its idempotency key; 422 messages in the UI language
  api.post('/api/v1/leads/callback', jsonContentType(), viewer(), body(z.unknown()), async (c) => {
    const input = parseLeadOrThrow(callbackLeadSchema, c.var.body, toLocale(getCookie(c, LOCALE_COOKIE)));
    const { lead, created } = await createLead(c.var.viewerId, { kind: 'callback', ...input });
    return c.json(lead, created ? 201 : 200);
  });

  // POST /api/v1/leads/subsidy - a subsidy enquiry; 201 new lead, 200 repeat of its idempotency key
  api.post('/api/v1/leads/subsidy', jsonContentType(), viewer(), body(z.unknown()), async (c) => {
    const input = parseLeadOrThrow(subsidyLeadSchema, c.var.body, toLocale(getCookie(c, LOCALE_COOKIE)));
    const { lead, created } = await createLead(c.var.viewerId, { kind: 'subsidy', ...input });
    return c.json(lead, created ? 201 : 200);
  });

  /* ---- Recommendation service: the assistant (issue "The AI assistant", Interfaces; socket.io events in server/chat-socket.ts) ---- */

  // POST /recommendation-service/api/v1/chat/ - answer a question: JSON ChatResult with Accept: application/json, else the answer streamed as text/plain
  api.post('/recommendation-service/api/v1/chat/', jsonContentType(), viewer(), body(chatRequestSchema), (c) =>
    chatResponse(c, c.var.viewerId, c.var.body));

  // GET /recommendation-service/api/v1/multilang-suggestions?query= - typeahead over the suggested questions of all three languages
  api.get('/recommendation-service/api/v1/multilang-suggestions', query(multilangSuggestionsQuerySchema), async (c) =>
    c.json({ suggestions: await searchSuggestions(c.var.query.query, c.var.query.limit) }));

  // GET /recommendation-service/api/v1/suggestions?language= - long-form cards and short-form chips of one language (our addition, the chat screen)
  api.get('/recommendation-service/api/v1/suggestions', query(suggestionsQuerySchema), async (c) => {
    const [long, short] = await Promise.all([
      listSuggestions(c.var.query.language, 'long'), listSuggestions(c.var.query.language, 'short'),
    ]);
    return c.json({ long, short });
  });

  return api;
}
