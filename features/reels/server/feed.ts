import 'server-only';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { categories, contentItems, options, reactions, topics, users, viewers, watchProgress } from '@/lib/db/schema';
import { PAGE_SIZE, type Locale } from '@/lib/constants';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { localizedText } from '@/lib/localized';
import { singleton } from '@/lib/singleton';
import { initMediaSigning, signedMediaUrls } from '@/lib/storage/signing';
import {
  uuidSchema, type ContentLang, type FeedItem, type FeedLang, type FeedQuery, type FeedResponse, type TldrEntry,
} from '../schemas';
import { interleaveShown } from '../lib/interleave';
import { namesLanguageOf } from './feed-language';
import { ensureViewer } from './viewers';
import {
  cachedOptionTotals, cachedReelCounts, cachedShared, cachedViewer, forgetViewer, type ReelCounts,
} from './feed-cache';
import { issueWatchTicket, ticketIssueS } from './watch-ticket';
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

/** The fields of an item written per request (`itemJson`): counts and this viewer's. */
type PerRequestField = 'option_meta' | 'reaction_count' | 'like' | 'watched' | 'vidWatched' | 'watch_ticket';
/** The taxonomy names an item carries, answered in the asker's language (docs/decisions/025). */
type NameField = 'topic_name' | 'category_name' | 'option_name';
type ItemNames = Pick<FeedItem, NameField>;
/**
 * A reel as every viewer sees it, without counts: what the shared cache
 * holds. Its names are kept in all three languages (`names`, one object per
 * language, shared where a language has no translation), so one cached item
 * serves askers of every language.
 */
type BaseItem = Omit<FeedItem, PerRequestField | NameField> & { names: Record<Locale, ItemNames> };
/**
 * A TLDR entry as the shared cache holds it: its topic's name in all three
 * languages (`topic_names`, one object per language, picked per asker at JSON
 * time as an item's names are).
 */
type BaseTldr = Omit<TldrEntry, 'content' | 'topic_name'> & { topic_names: Record<Locale, { topic_name: string }>; content: BaseItem | null };
/** What paging needs of a reel of the page before: which question it is, and whether a viewer may have it hidden. */
type PageKey = Pick<BaseItem, 'id' | 'option' | 'is_tldr'>;
/** The reels and options whose counts a response needs (each id once). */
interface CountKeys { reelIds: string[]; optionIds: string[] }
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

/** Only reels that finished processing and passed review reach viewers. */
export const visibleReel: SQL = and(eq(contentItems.status, 'ready'), eq(contentItems.review_status, 'Approved'))!;

/** Media signing needs its secret loaded once per process; SSR and tests call in without a start-up hook. */
function signingReady(): Promise<void> {
  const holder = singleton('reels_signing_init', () => ({ p: null as Promise<void> | null }));
  if (!holder.p) {
    // A failed start (e.g. database not reachable yet) is retried by the next call.
    holder.p = initMediaSigning().catch((err: unknown) => {
      holder.p = null;
      throw err;
    });
  }
  return holder.p;
}

const itemColumns = {
  id: contentItems.id,
  share_slug: contentItems.share_slug,
  description: contentItems.description,
  sources: contentItems.sources,
  lang: contentItems.lang,
  is_tldr: contentItems.is_tldr,
  duration_s: contentItems.duration_s,
  renditions: contentItems.renditions,
  created_at: contentItems.created_at,
  user_id: contentItems.user_id,
  like_count: contentItems.like_count,
  comment_count: contentItems.comment_count,
  view_count: contentItems.view_count,
  option_id: options.id,
  option_name: options.name,
  option_translations: options.translations,
  option_pic: options.pic,
  total_reaction: options.total_reaction,
  category_id: categories.id,
  category_name: categories.name,
  category_translations: categories.translations,
  category_pic: categories.pic,
  topic_id: topics.id,
  topic_name: topics.name,
  topic_translations: topics.translations,
  topic_pic: topics.pic,
  owner_name: users.name,
  owner_pic: users.pic,
};

/** The reel with its option, category, topic and owner, in one join. */
function selectItems(db: Db) {
  return db.select(itemColumns).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .leftJoin(users, eq(users.id, contentItems.user_id));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The row's topic, category and option names in `lang`, English where one has no translation (lib/localized.ts). */
function namesIn(r: ItemRow, lang: Locale): ItemNames {
  return {
    category_name: localizedText({ name: r.category_name, translations: r.category_translations }, 'name', lang) ?? r.category_name,
    option_name: localizedText({ name: r.option_name, translations: r.option_translations }, 'name', lang) ?? r.option_name,
    topic_name: localizedText({ name: r.topic_name, translations: r.topic_translations }, 'name', lang) ?? r.topic_name,
  };
}

const sameNames = (a: ItemNames, b: ItemNames) =>
  a.category_name === b.category_name && a.option_name === b.option_name && a.topic_name === b.topic_name;

/** A topic's name in every language, English where it has no translation; one object per language (the JSON memo's key). */
function topicNamesOf(t: Pick<typeof topics.$inferSelect, 'name' | 'translations'>): Record<Locale, { topic_name: string }> {
  const of = (lang: Locale) => ({ topic_name: localizedText(t, 'name', lang) ?? t.name });
  return { en: of('en'), hi: of('hi'), he: of('he') };
}

/** The row's names in every language; a language that reads like another shares its object (and so its memoised JSON). */
function namesOf(r: ItemRow): Record<Locale, ItemNames> {
  const en = namesIn(r, 'en');
  const hiNames = namesIn(r, 'hi');
  const hi = sameNames(hiNames, en) ? en : hiNames;
  const heNames = namesIn(r, 'he');
  const he = sameNames(heNames, en) ? en : sameNames(heNames, hi) ? hi : heNames;
  return { en, hi, he };
}

function toBaseItem(r: ItemRow): BaseItem {
  const urls = signedMediaUrls(r.id, r.renditions ?? []);
  return {
    id: r.id,
    // Generated by the database from the id (never null for a stored row).
    share_slug: r.share_slug ?? '',
    category: r.category_id,
    option: r.option_id,
    topic: r.topic_id,
    // Names in every language: the asker's are picked per request (itemJson), so the cached item stays one per reel.
    names: namesOf(r),
    description: r.description,
    pre_signed_url_thumbnail: urls.thumbnail,
    pre_signed_url_poster: urls.poster,
    pre_signed_url_video: urls.master,
    pre_signed_url_video_360: urls.r360,
    pre_signed_url_video_240: urls.r240,
    user_id: r.user_id,
    created_at: r.created_at.toISOString(),
    topic_pic: r.topic_pic,
    category_pic: r.category_pic,
    option_pic: r.option_pic,
    owner_pic: r.owner_pic,
    owner_name: r.owner_name,
    duration: r.duration_s ?? 0,
    lang: r.lang as ContentLang,
    is_tldr: r.is_tldr,
    // Sources are stored one per line (starter library); blank lines carry nothing.
    sources: r.sources.split('\n').map((s) => s.trim()).filter(Boolean),
  };
}

/** What one viewer has done: does its row exist, which reels it liked, its watch progress. */
interface ViewerState {
  known: boolean;
  liked: Set<string>;
  progress: Map<string, { watched: boolean; vid_watched: boolean }>;
  /**
   * Watch tickets already issued to this viewer while this state is cached
   * (at most VIEWER_STATE_TTL_MS), by reel id. Sending a reel again with the
   * ticket of its first sending is just as true (the viewer has had it since
   * then), and it saves an HMAC per item on the page's prefetches and on the
   * TLDR list every page repeats.
   */
  tickets: Map<string, string>;
}

/** Most tickets remembered per viewer state (a client paging fast must not grow it without end). */
const MAX_REMEMBERED_TICKETS = 200;

/**
 * The viewer's whole state in one round trip (a viewer's likes and progress
 * rows are bounded by the number of reels), cached per viewer so a page, its
 * prefetches and the TLDR list share one load.
 */
function viewerState(db: Db, viewerId: string): Promise<ViewerState> {
  return cachedViewer(db, viewerId, async () => {
    const state: ViewerState = { known: false, liked: new Set(), progress: new Map(), tickets: new Map() };
    const cols = (k: string) => ({ k: sql<string>`${k}`.as('k') });
    const knownQ = db.select({ ...cols('v'), id: sql<string | null>`null::uuid`, a: sql<boolean>`false`, b: sql<boolean>`false` })
      .from(viewers).where(eq(viewers.id, viewerId));
    const likedQ = db.select({ ...cols('l'), id: reactions.content_id, a: sql<boolean>`false`, b: sql<boolean>`false` })
      .from(reactions).where(and(eq(reactions.viewer_id, viewerId), eq(reactions.kind, 'like')));
    const progressQ = db.select({ ...cols('p'), id: watchProgress.content_id, a: watchProgress.watched, b: watchProgress.vid_watched })
      .from(watchProgress).where(eq(watchProgress.viewer_id, viewerId));
    for (const r of await knownQ.unionAll(likedQ).unionAll(progressQ)) {
      if (r.k === 'v') state.known = true;
      else if (r.k === 'l') state.liked.add(r.id!);
      else state.progress.set(r.id!, { watched: r.a, vid_watched: r.b });
    }
    return state;
  });
}

/** The counts of a response's reels and options. */
interface Counts { reels: Map<string, ReelCounts>; options: Map<string, number> }

/**
 * Everything an item needs besides its cached part: counts, the viewer's
 * state, the ticket's issue time, and the asker's language for names
 * (`lang`; unset: each reel named in its own language).
 */
interface Viewing { counts: Counts; state: ViewerState; visitorId: string; issuedS: number; lang?: Locale }

/** The ids of `items` and of their options, each once, for `countsOf`. */
function countKeys(items: Iterable<BaseItem | null>): CountKeys {
  const reels = new Set<string>();
  const opts = new Set<string>();
  for (const i of items) {
    if (!i) continue;
    reels.add(i.id);
    opts.add(i.option);
  }
  return { reelIds: [...reels], optionIds: [...opts] };
}

/** Counts of reels and options through the per-reel counts cache (one query each for the misses). */
async function countsOf(db: Db, keys: CountKeys): Promise<Counts> {
  const [reels, opts] = await Promise.all([
    cachedReelCounts(db, keys.reelIds, async (ids) => {
      const rows = await db.select({
        id: contentItems.id, like: contentItems.like_count, views: contentItems.view_count, comment: contentItems.comment_count,
      }).from(contentItems).where(inArray(contentItems.id, ids));
      return new Map(rows.map((r) => [r.id, { like: r.like, views: r.views, comment: r.comment }]));
    }),
    cachedOptionTotals(db, keys.optionIds, async (ids) => {
      const rows = await db.select({ id: options.id, total: options.total_reaction }).from(options).where(inArray(options.id, ids));
      return new Map(rows.map((r) => [r.id, r.total]));
    }),
  ]);
  return { reels, options: opts };
}

/** Counts straight from freshly read rows (one reel, one TLDR entry): no cache involved. */
function countsOfRows(rows: ItemRow[]): Counts {
  const c: Counts = { reels: new Map(), options: new Map() };
  for (const r of rows) {
    c.reels.set(r.id, { like: r.like_count, views: r.view_count, comment: r.comment_count });
    c.options.set(r.option_id, r.total_reaction);
  }
  return c;
}

/*
 * The one serializer of feed items. The cached, viewer-independent objects
 * are serialised once (memoised per object) and the per-request fields are
 * appended, instead of JSON.stringify-ing ~20 reels on every request
 * (it was about a third of the feed's CPU time; `npm run bench:feed`).
 */
const headJson = new WeakMap<object, string>();

/** JSON of `o` without its closing brace, memoised per `o`: `o` is cached and never changed. */
function head(o: object, make: () => string): string {
  let h = headJson.get(o);
  if (h === undefined) {
    h = make().slice(0, -1);
    headJson.set(o, h);
  }
  return h;
}

const NO_COUNTS: ReelCounts = { like: 0, views: 0, comment: 0 };

/** This viewer's ticket for reel `contentId`: the one issued earlier in this state's life, else a new one. */
function ticketOf(v: Viewing, contentId: string): string {
  const memo = v.state.tickets;
  let t = memo.get(contentId);
  if (t === undefined) {
    t = issueWatchTicket(v.visitorId, contentId, v.issuedS);
    if (memo.size < MAX_REMEMBERED_TICKETS) memo.set(contentId, t);
  }
  return t;
}

/**
 * One item as JSON: the cached part with its names in the asker's language
 * (memoised per item and language: the names object of that language is the
 * key), then every field of PerRequestField (numbers, booleans and a ticket
 * of [0-9A-Za-z._-], which need no escaping).
 */
function itemJson(b: BaseItem, v: Viewing): string {
  const c = v.counts.reels.get(b.id) ?? NO_COUNTS;
  const p = v.state.progress.get(b.id);
  const names = b.names[v.lang ?? b.lang];
  const h = head(names, () => {
    const { names: _all, ...rest } = b;
    return JSON.stringify({ ...rest, ...names });
  });
  return `${h},"option_meta":{"total_reaction":${v.counts.options.get(b.option) ?? 0}},` +
    `"reaction_count":{"comment":${c.comment},"like":${c.like},"views":${c.views}},` +
    `"like":${v.state.liked.has(b.id)},"watched":${p?.watched ?? false},"vidWatched":${p?.vid_watched ?? false},` +
    `"watch_ticket":"${ticketOf(v, b.id)}"}`;
}

function tldrJson(t: BaseTldr, v: Viewing): string {
  // The topic's name in the asker's language (docs/decisions/025), memoised per entry and language.
  const name = t.topic_names[v.lang ?? 'en'];
  const h = head(name, () => JSON.stringify({
    topic_id: t.topic_id, topic_name: name.topic_name, topic_slug: t.topic_slug, type_tag: t.type_tag, topic_pic: t.topic_pic,
  }));
  return `${h},"content":${t.content ? itemJson(t.content, v) : 'null'}}`;
}

function tldrListJson(list: readonly BaseTldr[], v: Viewing): string {
  let out = '';
  for (const t of list) out += (out ? ',' : '') + tldrJson(t, v);
  return `[${out}]`;
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

/** This viewer's state and the ticket clock, with counts read fresh from `rows`; names in `lang` (unset: each reel's own). */
async function viewingOfRows(db: Db, principal: Principal, rows: ItemRow[], lang?: Locale): Promise<Viewing> {
  return {
    counts: countsOfRows(rows),
    state: await viewerState(db, principal.visitorId),
    visitorId: principal.visitorId,
    issuedS: ticketIssueS(),
    lang,
  };
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
