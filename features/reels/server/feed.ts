import 'server-only';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { categories, contentItems, options, topics, users } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import { PAGE_SIZE, type Locale } from '@/lib/constants';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import {
  uuidSchema, type ContentLang, type FeedItem, type FeedLang, type FeedQuery, type FeedResponse, type TldrEntry,
} from '../schemas';
import { interleaveShown } from '../lib/interleave';
import { namesLanguageOf } from './feed-language';
import { ensureViewer } from './viewers';
import { cachedShared, forgetViewer } from './feed-cache';
import {
  itemColumns, selectItems, signingReady, toBaseItem, topicNamesOf, type BaseItem, type BaseTldr, type CountKeys, type PageKey,
} from './feed-items';
import {
  countKeys, countsOf, itemJson, tldrJson, tldrListJson, viewerState, viewingOfRows, type ViewerState, type Viewing,
} from './item-json';
import { ticketIssueS } from './watch-ticket';
import { DEFAULT_FEED_CONFIGS, partnerFeed, type PartnerFeed } from './partner-feed';
import type { Principal } from '@/lib/auth/principal';

// The media worker drops the page cache through here when a reel becomes ready.
export { invalidateFeedCache } from './feed-cache';

/**
 * The read side of reels: feed pages, one reel, TLDR entries
 * (SPEC.md section 3 "Content item" and "Feed response", section 7 "Feeds").
 * Called by the API handlers and directly by SSR pages and the assistant
 * (no Hono context: a principal in).
 *
 * One serializer: every item, whatever the path, is the JSON text of
 * `itemJson`, the memoised JSON of the cached, viewer-independent part of
 * the reel (with its names in the asker's language, one memo per language)
 * followed by what changes per request: its counts (from the
 * per-reel counts cache, so a like does not drop any page), this viewer's
 * like and watch flags and this viewer's watch ticket. The API sends that
 * text; the object functions (`getFeedPage`, `getReel`, ...) are
 * JSON.parse of the same text, for SSR pages and the assistant.
 *
 * Hot path (the feed): the page (count-free), the counts of its reels and
 * the viewer's state come from the caches of feed-cache.ts, each loaded in
 * one query on a miss; a watch ticket is one HMAC (about 3 us) per item not
 * already sent to this viewer while its state is cached.
 */

/** The error of a reel that does not exist, is not ready or is not approved. */
export const contentNotFound = () => new ApiError(404, 'content_not_found', 'This video is not available.');
/** The error of an unknown topic id or slug. */
export const topicNotFound = () => new ApiError(404, 'topic_not_found', 'This topic does not exist.');

/** A feed page as the shared cache holds it (one per filter, page and summary language). */
interface BasePage extends CountKeys {
  /** The page as a viewer who hides nothing sees it (interleaved in every language). */
  items: BaseItem[];
  total: number;
  tldr: BaseTldr[];
  /**
   * In every language: this page in plain feed order and the page before it,
   * to arrange the page again for a viewer who has some of them hidden
   * (getFeedPageJson; ../lib/interleave.ts interleaveShown). Else null.
   */
  arrange: { plain: BaseItem[]; prev: PageKey[] } | null;
}

/**
 * How a topic is named in a URL: its uuid or its slug. Anything else cannot
 * name a topic, so it is a 404 without a query (and a NUL byte, which
 * PostgreSQL rejects in text, never reaches the database).
 */
const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Where to find a topic named `slugOrId`, or null when it cannot name one. */
export function topicKey(slugOrId: string): { id: string } | { slug: string } | null {
  if (uuidSchema.safeParse(slugOrId).success) return { id: slugOrId };
  return SLUG_RE.test(slugOrId) ? { slug: slugOrId } : null;
}

function feedFilters(q: FeedQuery, partner: PartnerFeed | null): SQL {
  const conds: SQL[] = [visibleReel];
  // A partner with topics shows only their reels (SPEC.md section 3 "Partner"; docs/decisions/013-partners.md).
  if (partner?.topicIds.length) conds.push(inArray(topics.id, partner.topicIds));
  if (q.topic_id) conds.push(eq(topics.id, q.topic_id));
  if (q.category_id) conds.push(eq(categories.id, q.category_id));
  if (q.option_id) conds.push(eq(options.id, q.option_id));
  if (q.lang && q.lang !== 'all') conds.push(eq(contentItems.lang, q.lang));
  return and(...conds)!;
}

/**
 * The top-N videos experiment (docs/decisions/012): EXPERIMENT_TOP_N when
 * `top_n` names the configured EXPERIMENT_TOP_N_VIDEOS_ID and the feed is not
 * a partner's (whose order is the partner's); else 0. A stale or unknown id
 * is ignored, not refused: an ended experiment must not break old pages.
 */
function topNOf(q: FeedQuery): number {
  const e = env();
  if (!q.top_n || q.top_n !== e.EXPERIMENT_TOP_N_VIDEOS_ID || q.partner_id) return 0;
  return e.EXPERIMENT_TOP_N;
}

/** Ids of the `n` most viewed reels matching `where`, most viewed first. */
async function mostViewedIds(db: Db, where: SQL, n: number): Promise<string[]> {
  const rows = await selectItems(db).where(where)
    .orderBy(desc(contentItems.view_count), asc(contentItems.feed_seq), asc(contentItems.id)).limit(n);
  return rows.map((r) => r.id);
}

const optionOf = (k: PageKey) => k.option;

async function loadBasePage(
  db: Db, q: FeedQuery, partner: PartnerFeed | null = null, topN = 0, tldrLang?: ContentLang,
): Promise<BasePage> {
  const where = feedFilters(q, partner);
  // Every language: the page before is read too, so this page can open with another question than it ends with.
  const allLangs = !q.lang || q.lang === 'all';
  // The top-N experiment: the N most viewed reels open the feed, most viewed first; the rest follow in feed order.
  const filterKey = `${q.topic_id ?? ''}:${q.category_id ?? ''}:${q.option_id ?? ''}:${q.lang ?? ''}`;
  const top = topN > 0 ? await cachedShared(db, `topn:${topN}:${filterKey}`, () => mostViewedIds(db, where, topN)) : [];
  const topFirst = top.length ? [sql`array_position(ARRAY[${sql.join(top.map((id) => sql`${id}`), sql`, `)}]::uuid[], ${contentItems.id}) NULLS LAST`] : [];
  const page = q.page ?? 1;
  const withPrev = allLangs && page > 1;
  const rowsP = selectItems(db).where(where)
    // feed_seq is given when a reel becomes ready, so new reels land after
    // every page already served: paging never repeats or skips (SPEC.md section 4).
    // A topvideos partner's feed is most viewed first (features/reels/lib/partner-modes.ts).
    .orderBy(...topFirst, ...(partner?.mode.order === 'views' ? [desc(contentItems.view_count)] : []), asc(contentItems.feed_seq), asc(contentItems.id))
    .limit(withPrev ? 2 * PAGE_SIZE : PAGE_SIZE).offset((page - (withPrev ? 2 : 1)) * PAGE_SIZE);
  const totalP = db.select({ n: count() }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .where(where);
  const [rows, [total], tldr] = await Promise.all([rowsP, totalP, baseTldr(db, tldrLang)]);
  const plain = (withPrev ? rows.slice(PAGE_SIZE) : rows).map(toBaseItem);
  let items = plain;
  let arrange: BasePage['arrange'] = null;
  if (allLangs) {
    const prev = withPrev ? rows.slice(0, PAGE_SIZE).map((r) => ({ id: r.id, option: r.option_id, is_tldr: r.is_tldr })) : [];
    items = interleaveShown(plain, prev, optionOf, () => true);
    arrange = { plain, prev };
  }
  return { items, total: Number(total?.n ?? 0), tldr, arrange, ...countKeys([...items, ...tldr.map((t) => t.content)]) };
}

/**
 * Every topic with its newest ready TLDR reel (`content` null when it has
 * none), in topic order. With `lang`, a TLDR reel in that language is
 * preferred over a newer one in another language.
 */
function baseTldr(db: Db, lang?: ContentLang): Promise<BaseTldr[]> {
  return cachedShared(db, `tldr:${lang ?? ''}`, async () => {
    const [topicRows, reels] = await Promise.all([
      db.select().from(topics).orderBy(asc(topics.sort_order), asc(topics.name)),
      db.selectDistinctOn([topics.id], itemColumns).from(contentItems)
        .innerJoin(options, eq(options.id, contentItems.option_id))
        .innerJoin(categories, eq(categories.id, options.category_id))
        .innerJoin(topics, eq(topics.id, categories.topic_id))
        .leftJoin(users, eq(users.id, contentItems.user_id))
        .where(and(visibleReel, eq(contentItems.is_tldr, true)))
        .orderBy(
          topics.id,
          ...(lang ? [desc(sql`(${contentItems.lang} = ${lang})`)] : []),
          desc(contentItems.feed_seq),
        ),
    ]);
    const byTopic = new Map(reels.map((r) => [r.topic_id, toBaseItem(r)]));
    return topicRows.map((t) => ({
      topic_id: t.id,
      topic_names: topicNamesOf(t),
      topic_slug: t.slug,
      type_tag: t.type_tag === 'HOT' ? 'HOT' : 'FREE',
      topic_pic: t.pic,
      content: byTopic.get(t.id) ?? null,
    }));
  });
}

/* ---------- public service functions ---------- */

/** What a feed page is made of for this request. */
interface FeedParts { base: BasePage; view: Viewing; firstTime: boolean; page: number; configsJson: string; lang: FeedLang }

/** How the server chose the feed's language (./feed-language.ts), beyond the query itself. */
export interface FeedOptions {
  /**
   * True when the server chose `q.lang` (the person did not): a feed with no
   * reel in that language then shows every language rather than nothing
   * (a topic with English reels only is not empty for a Hinglish default).
   */
  fallbackToAll?: boolean;
  /**
   * The interface language (NEXT_LOCALE cookie, else Accept-Language): the
   * reel language the TLDR list prefers when the feed shows every language,
   * and the language of names unless the person asked for one language
   * (./feed-language.ts namesLanguageOf).
   */
  summaryLang?: ContentLang;
}

/** The page of `q`, cached per filter, page and summary language. */
function basePageOf(db: Db, q: FeedQuery, page: number, partner: PartnerFeed | null, topN: number, tldrLang?: ContentLang) {
  const key = `feed:${page}:${q.topic_id ?? ''}:${q.category_id ?? ''}:${q.option_id ?? ''}:${q.lang ?? ''}:${q.partner_id ?? ''}` +
    `:${tldrLang ?? ''}${topN ? `:top${topN}` : ''}`;
  return cachedShared(db, key, () => loadBasePage(db, { ...q, page }, partner, topN, tldrLang));
}

async function feedParts(principal: Principal, q: FeedQuery, opts: FeedOptions): Promise<FeedParts> {
  const viewerId = principal.visitorId;
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const page = q.page ?? 1;
  // A partner's feed: its configs, topics and order (404 partner_not_found for an unknown or inactive one).
  const partner = q.partner_id ? await partnerFeed(db, q.partner_id) : null;
  const topN = topNOf(q);
  const one = q.lang && q.lang !== 'all' ? q.lang : undefined;
  let lang: FeedLang = one ?? 'all';
  // The TLDR list prefers the feed's language, or in every language the interface language.
  const baseP = basePageOf(db, q, page, partner, topN, one ?? opts.summaryLang).then((b) => {
    if (!one || !opts.fallbackToAll || b.total > 0) return b;
    lang = 'all';
    return basePageOf(db, { ...q, lang: 'all' }, page, partner, topN, opts.summaryLang);
  });
  const [base, state, counts] = await Promise.all([
    baseP,
    viewerState(db, viewerId),
    baseP.then((b) => countsOf(db, b)),
  ]);
  let firstTime = false;
  if (!state.known) {
    firstTime = await ensureViewer(viewerId, db);
    forgetViewer(db, viewerId);
  }
  const configsJson = partner ? configsJsonOf(partner) : CONFIGS_JSON;
  const view: Viewing = { counts, state, visitorId: viewerId, issuedS: ticketIssueS(), lang: namesLanguageOf(q.lang, opts) };
  return { base, view, firstTime, page, configsJson, lang };
}

const CONFIGS_JSON = JSON.stringify(DEFAULT_FEED_CONFIGS).slice(1, -1);
const partnerConfigsJson = new WeakMap<PartnerFeed, string>();

/** The partner's configs as JSON members, memoised per cached partner. */
function configsJsonOf(p: PartnerFeed): string {
  let j = partnerConfigsJson.get(p);
  if (j === undefined) {
    j = JSON.stringify(p.configs).slice(1, -1);
    partnerConfigsJson.set(p, j);
  }
  return j;
}

/**
 * True for the main feed: not narrowed to a topic, category, option or
 * partner (a language filter keeps it the main feed). There a TLDR reel the
 * viewer has already seen is left out (docs/decisions/018-tldr-popup.md);
 * a narrowed feed is asked for, so it keeps every reel it matches.
 */
export function isMainFeed(q: FeedQuery): boolean {
  return !q.topic_id && !q.category_id && !q.option_id && !q.partner_id;
}

/**
 * One feed page for a viewer as the JSON text the API sends (SPEC.md
 * section 3 "Feed response", section 4 "Paging"): PAGE_SIZE (10) ready,
 * approved reels matching the filters, in ready order (feed_seq, then id);
 * a page past the end has `feeds: []`. `firstTime` is true on the viewer's
 * first feed request, which also writes the viewer row. Every item (and
 * every TLDR entry's reel) carries this viewer's `watch_ticket`. Without
 * `partner_id`, partner and button configs carry the defaults of SPEC.md
 * section 9; with it, the partner's ui_config, partner_configs and
 * button_configs, its reels restricted to its topics (when it has some) and,
 * for a topvideos partner, most viewed first (docs/decisions/013-partners.md).
 * In the main feed (`isMainFeed`) the TLDR reels this viewer has seen
 * (watch_progress.watched) are left out of `feeds` and `count`; pages keep
 * their positions (`start_index`, `total_length` are the unfiltered feed's),
 * so paging neither repeats nor skips (docs/decisions/018-tldr-popup.md).
 * Language: `q.lang` one reel language, or `all` (also when unset: callers
 * that speak for a person resolve it first with feedLanguageOf,
 * ./feed-language.ts); in every language each page holds the reels of the
 * plain order, arranged so a reel is never followed by the same question
 * (option) in another language (../lib/interleave.ts), also for a viewer
 * who has some of them hidden (`shownItems`). `feed_lang` says which
 * language was served. Names: every reel's topic, category and option
 * names are in the asker's language, English where untranslated
 * (./feed-language.ts namesLanguageOf; docs/decisions/025), picked from the
 * shared cached page per request.
 * @param principal the caller (lib/auth/principal.ts); its visitor id keys likes, progress and tickets.
 * @param q validated query (`feedQuerySchema`); `page` is 1-based.
 * @param opts how the language was chosen (`FeedOptions`).
 * @throws ApiError 404 `partner_not_found` for an unknown or inactive `partner_id`.
 */
export async function getFeedPageJson(principal: Principal, q: FeedQuery, opts: FeedOptions = {}): Promise<string> {
  const { base, view, firstTime, page, configsJson, lang } = await feedParts(principal, q, opts);
  const items = isMainFeed(q) ? shownItems(base, view.state) : base.items;
  let feeds = '';
  for (const b of items) feeds += (feeds ? ',' : '') + itemJson(b, view);
  const n = items.length;
  return `{"feeds":[${feeds}],"tldr":${tldrListJson(base.tldr, view)},"count":${n},` +
    `"total_length":${base.total},"start_index":${(page - 1) * PAGE_SIZE},"page":${page},"firstTime":${firstTime},"feed_lang":"${lang}",` +
    `${configsJson}}`;
}

/**
 * The main feed's page as this viewer sees it: without the TLDR reels the
 * viewer has seen (docs/decisions/018-tldr-popup.md). In every language,
 * when one of those is on this page or the page before, the page is
 * arranged again from its shown reels, so the same question never stands
 * twice in a row where a hidden reel stood, nor across the page boundary
 * as this viewer saw the page before (../lib/interleave.ts interleaveShown).
 * A viewer who hides nothing here gets the shared page as it is.
 */
function shownItems(base: BasePage, state: ViewerState): BaseItem[] {
  const hidden = (k: PageKey) => k.is_tldr && state.progress.get(k.id)?.watched === true;
  if (base.arrange && (base.arrange.plain.some(hidden) || base.arrange.prev.some(hidden))) {
    return interleaveShown(base.arrange.plain, base.arrange.prev, optionOf, (k) => !hidden(k));
  }
  return base.items.some(hidden) ? base.items.filter((b) => !hidden(b)) : base.items;
}

/** `getFeedPageJson` as an object, for SSR pages (the same text, parsed). */
export async function getFeedPage(principal: Principal, q: FeedQuery, opts: FeedOptions = {}): Promise<FeedResponse> {
  return JSON.parse(await getFeedPageJson(principal, q, opts)) as FeedResponse;
}

/**
 * One ready, approved reel as this viewer sees it, as JSON text
 * (GET /feeds-server/api/v1/{id}); counts are read with the reel, fresh.
 * @param lang the asker's language (lib/http/asker-lang.ts): topic, category
 * and option names in it, English where one has no translation
 * (docs/decisions/025); unset, in the reel's own language (a caller
 * without an asker).
 * @throws ApiError 404 `content_not_found` for a malformed id, an unknown
 * reel or one that is not ready.
 */
export async function getReelJson(principal: Principal, id: string, lang?: Locale): Promise<string> {
  if (!uuidSchema.safeParse(id).success) throw contentNotFound();
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const [row] = await selectItems(db).where(and(eq(contentItems.id, id), visibleReel)).limit(1);
  if (!row) throw contentNotFound();
  return itemJson(toBaseItem(row), await viewingOfRows(db, principal, [row], lang));
}

/**
 * `getReelJson` as an object (the content page, the assistant's related reels).
 * @param lang the asker's language for names, as in getReelJson.
 * @throws ApiError 404 `content_not_found`.
 */
export async function getReel(principal: Principal, id: string, lang?: Locale): Promise<FeedItem> {
  return JSON.parse(await getReelJson(principal, id, lang)) as FeedItem;
}

/**
 * The TLDR list as JSON text, an array (SPEC.md section 7 "tldr/topic"):
 * every topic in topic order with its newest ready TLDR reel, or
 * `content: null` when it has none.
 * @param lang prefer TLDR reels in this language (falls back to any); the
 * reels' names are in it too (unset: each reel's own language).
 * @param opts.withReelOnly leave out topics that have no TLDR reel.
 */
export async function listTldrJson(
  principal: Principal, lang?: ContentLang, opts: { withReelOnly?: boolean } = {},
): Promise<string> {
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  let list = await baseTldr(db, lang);
  if (opts.withReelOnly) list = list.filter((t) => t.content);
  const [state, counts] = await Promise.all([
    viewerState(db, principal.visitorId),
    countsOf(db, countKeys(list.map((t) => t.content))),
  ]);
  return tldrListJson(list, { counts, state, visitorId: principal.visitorId, issuedS: ticketIssueS(), lang });
}

/** `listTldrJson` as objects (the /tldr page). */
export async function listTldr(
  principal: Principal, lang?: ContentLang, opts: { withReelOnly?: boolean } = {},
): Promise<TldrEntry[]> {
  return JSON.parse(await listTldrJson(principal, lang, opts)) as TldrEntry[];
}

/**
 * The TLDR entry of one topic as JSON text (GET
 * /feeds-server/api/v1/popup/tldr/{id}); `content` is null when the topic
 * has no TLDR reel.
 * @param slugOrId the topic's uuid or its slug.
 * @param lang prefer the TLDR reel in this language (the interface
 * language; ./feed-language.ts summaryLanguageOf); the newest in another
 * language when the topic has none in it. The reel's names are in it too.
 * @throws ApiError 404 `topic_not_found`.
 */
export async function getTopicTldrJson(principal: Principal, slugOrId: string, lang?: ContentLang): Promise<string> {
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const k = topicKey(slugOrId);
  if (!k) throw topicNotFound();
  // Read the topic itself (not the cached list) so a topic made a moment ago is found.
  const [t] = await db.select().from(topics)
    .where('id' in k ? eq(topics.id, k.id) : eq(topics.slug, k.slug)).limit(1);
  if (!t) throw topicNotFound();
  const [row] = await selectItems(db)
    .where(and(visibleReel, eq(contentItems.is_tldr, true), eq(topics.id, t.id)))
    .orderBy(...(lang ? [desc(sql`(${contentItems.lang} = ${lang})`)] : []), desc(contentItems.feed_seq)).limit(1);
  return tldrJson({
    topic_id: t.id, topic_names: topicNamesOf(t), topic_slug: t.slug,
    type_tag: t.type_tag === 'HOT' ? 'HOT' : 'FREE', topic_pic: t.pic, content: row ? toBaseItem(row) : null,
  }, await viewingOfRows(db, principal, row ? [row] : [], lang));
}

/**
 * `getTopicTldrJson` as an object (the /tldr/[slug] page).
 * @param lang prefer the TLDR reel in this language.
 * @throws ApiError 404 `topic_not_found`.
 */
export async function getTopicTldr(principal: Principal, slugOrId: string, lang?: ContentLang): Promise<TldrEntry> {
  return JSON.parse(await getTopicTldrJson(principal, slugOrId, lang)) as TldrEntry;
}
