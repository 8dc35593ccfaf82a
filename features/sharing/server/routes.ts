import 'server-only';
import { Hono, type Context, type TypedResponse } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { LOCALE_COOKIE, type Locale } from '@/lib/constants';
import { askerLangOf } from '@/lib/http/asker-lang';
import type { Principal } from '@/lib/auth/principal';
import type { ApiEnv } from '@/lib/http/app';
import { ApiError } from '@/lib/http/errors';
import { guards } from '@/lib/http/guards';
import { principal } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { query } from '@/lib/http/validate';
import { messageText } from '@/lib/messages';
import { mediaSigningReady, signedMediaUrls } from '@/lib/storage/signing';
import { shareImage, type TextKit } from './og-image';
import { isShareId, resolveShare, shareImagePath, shareImageVersion, type ShareCard } from './share';

/**
 * The sharing endpoints (SPEC.md section 7 "Feeds" `/feeds-server/api/v2/share/{id}`,
 * the logging client's `POST /api/reel/{id}` "create preview"), mounted by
 * server/api.ts, which passes in the reels feature's feed functions and the
 * text kit (features never import each other).
 */

/** The API families of share previews: the feeds' and the logging client's (SPEC.md section 7). */
export const sharingPrefixes: readonly ApiPrefix[] = ['/feeds-server/', '/api/'];

type Lang = 'en' | 'hi' | 'he';

/** The request's language signals besides `?lang`: the interface language cookie and the phone's languages. */
export interface LanguageSignals {
  localeCookie?: string | null;
  acceptLanguage?: string | null;
}

/** What the sharing routes need from the rest of the server. */
export interface ShareDeps {
  /** One ready reel for this viewer as feed-item JSON text, its names in `lang` (features/reels getReelJson); throws 404 for an unknown one. */
  reelJson(principal: Principal, id: string, lang?: Locale): Promise<string>;
  /**
   * A feed page for this viewer as FeedResponse JSON text (features/reels
   * getFeedPageJson), in the language the feed's rule gives for `q.lang` and
   * the request's own signals (features/reels/server/feed-language.ts).
   */
  feedPageJson(principal: Principal, q: { page: number; topic_id?: string; lang?: Lang }, signals: LanguageSignals): Promise<string>;
  /** HarfBuzz text shaping and drawing for the share images. */
  kit: TextKit;
}

/** GET /feeds-server/api/v2/share/{id} query: `lang` narrows the feed after the shared reel. */
const shareQuerySchema = z.strictObject({ lang: z.enum(['en', 'hi', 'he']).optional() });
/**
 * The image's query: `v`, the version the page linked. Other keys are
 * ignored, not refused: a crawler or a chat app that appends its own must
 * still get the picture.
 */
const imageQuerySchema = z.object({ v: z.string().max(40).optional() });

/** The share image is cached for a year under its versioned URL; a stale or missing `v` gets an hour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

const unknownShare = () => new ApiError(404, 'content_not_found', 'This video is not available.');

/**
 * The card `id` names (share.ts resolveShare).
 * @throws ApiError 404 `content_not_found` for an unknown or hidden one.
 */
async function cardOr404(id: string): Promise<ShareCard> {
  const card = isShareId(id) ? await resolveShare(id) : null;
  if (!card) throw unknownShare();
  return card;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** A 200 whose body is JSON text built by the reels feature's serializer, typed as `T`. */
function jsonText<T>(c: Context, text: string): TypedResponse<T, 200, 'json'> {
  return c.body(text, 200, { 'content-type': 'application/json' }) as unknown as TypedResponse<T, 200, 'json'>;
}

/**
 * The shared reel first, then feed page 1 without it (SPEC.md section 3
 * "Feed response" shape; `count` is the number of items sent). A topic's
 * share is that topic's feed page 1.
 */
async function shareFeedJson(
  deps: ShareDeps, p: Principal, card: ShareCard, lang: Lang | undefined, signals: LanguageSignals,
): Promise<string> {
  if (card.kind === 'topic') return deps.feedPageJson(p, { page: 1, topic_id: card.id, lang }, signals);
  // The shared reel's names in the asker's language, as the feed after it (docs/decisions/025).
  const names = askerLangOf(lang, signals.localeCookie, signals.acceptLanguage);
  const [reel, page] = await Promise.all([deps.reelJson(p, card.id, names), deps.feedPageJson(p, { page: 1, lang }, signals)]);
  const parsed = JSON.parse(page) as { feeds: Array<{ id: string }>; count: number };
  const rest = parsed.feeds.filter((f) => f.id !== card.id);
  const feeds = [JSON.parse(reel) as { id: string }, ...rest];
  return JSON.stringify({ ...parsed, feeds, count: feeds.length });
}

/** The product's name drawn on the images (messages/en.json app.name: a brand is not translated). */
const brand = () => messageText('app.name');

/**
 * The sharing router.
 * @param deps the reels feature's feed functions and the text kit, passed in by server/api.ts.
 */
export function shareRoutes(deps: ShareDeps) {
  return new Hono<ApiEnv>()
    // GET /feeds-server/api/v2/share/{id}/image.jpg?v= - the share image (1200x630 JPEG), ETag and a year of caching
    .get('/feeds-server/api/v2/share/:id/image.jpg', query(imageQuerySchema), async (c) => {
      const card = await cardOr404(c.req.param('id'));
      const img = await shareImage(deps.kit, card, brand());
      const headers = {
        'Content-Type': 'image/jpeg',
        'Cache-Control': c.req.valid('query').v === img.version ? IMMUTABLE : SHORT,
        ETag: img.etag,
        'Access-Control-Allow-Origin': '*',
      };
      if (etagMatches(c.req.header('if-none-match'), img.etag)) return c.body(null, 304, headers);
      return c.body(new Uint8Array(img.bytes), 200, { ...headers, 'Content-Length': String(img.bytes.length) });
    })
    // GET /feeds-server/api/v2/share/{id}/video.m3u8 - a reel's stable video URL (og:video): 302 to a freshly signed HLS master
    .get('/feeds-server/api/v2/share/:id/video.m3u8', query(imageQuerySchema), async (c) => {
      const card = await cardOr404(c.req.param('id'));
      if (card.kind !== 'reel') throw unknownShare();
      await mediaSigningReady();
      c.header('Cache-Control', 'public, max-age=300');
      return c.redirect(signedMediaUrls(card.id, []).master, 302);
    })
    // GET /feeds-server/api/v2/share/{id} - the shared reel (share slug, topic slug or content uuid) first, then the feed
    .get('/feeds-server/api/v2/share/:id', principal(), query(shareQuerySchema), async (c) => {
      const card = await cardOr404(c.req.param('id'));
      const signals = { localeCookie: getCookie(c, LOCALE_COOKIE), acceptLanguage: c.req.header('accept-language') };
      return jsonText<unknown>(c, await shareFeedJson(deps, c.get('principal'), card, c.req.valid('query').lang, signals));
    })
    // POST /api/reel/{id} - make the share image now (the logging client's "create preview"); idempotent
    .post('/api/reel/:id', guards.visitorWrite('events'), async (c) => {
      const id = c.req.param('id');
      if (!isShareId(id)) throw new ApiError(422, 'validation_failed', 'id must be a share slug, a topic slug or a content id.');
      const card = await cardOr404(id);
      const img = await shareImage(deps.kit, card, brand());
      return c.json({ ok: true as const, slug: card.slug, image: shareImagePath(card), version: shareImageVersion(card), bytes: img.bytes.length });
    });
}
