import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { categories, contentItems, options, reactions, topics, users, viewers, watchProgress } from '@/lib/db/schema';
import { PAGE_SIZE } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import { singleton } from '@/lib/singleton';
import { initMediaSigning, signedMediaUrls } from '@/lib/storage/signing';
import {
  uuidSchema, type ContentLang, type FeedItem, type FeedQuery, type FeedResponse, type TldrEntry,
} from '../schemas';
import { ensureViewer } from './viewers';
import { cachedShared, cachedViewer, forgetViewer } from './feed-cache';
import type { Principal } from '@/lib/auth/principal';

// Callers that change what the feed shows (ingest, likes) drop the cache through here too.
export { invalidateFeedCache } from './feed-cache';

/**
 * The read side of reels: feed pages, one reel, TLDR entries
 * (SPEC.md section 3 "Content item" and "Feed response", section 7 "Feeds").
 * Called by the API handlers and directly by SSR pages (no Hono context:
 * a viewer id string in).
 *
 * Hot path (the feed): a page is the viewer-independent part (its reels,
 * names, signed media URLs, counts, the total and the TLDR list) merged with
 * this viewer's state (known?, likes, watch progress); both come from the
 * short-lived caches of feed-cache.ts, each loaded in one query on a miss.
 */

/** The error of a reel that does not exist, is not ready or is not approved. */
export const contentNotFound = () => new ApiError(404, 'content_not_found', 'This video is not available.');
/** The error of an unknown topic id or slug. */
export const topicNotFound = () => new ApiError(404, 'topic_not_found', 'This topic does not exist.');

/** A reel as every viewer sees it; the per-viewer fields are added per request. */
type BaseItem = Omit<FeedItem, 'like' | 'watched' | 'vidWatched'>;
type BaseTldr = Omit<TldrEntry, 'content'> & { content: BaseItem | null };
interface BasePage { items: BaseItem[]; total: number; tldr: BaseTldr[] }

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

/** Only reels that finished processing and passed review reach viewers (issue "Reels end to end"). */
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
  option_pic: options.pic,
  total_reaction: options.total_reaction,
  category_id: categories.id,
  category_name: categories.name,
  category_pic: categories.pic,
  topic_id: topics.id,
  topic_name: topics.name,
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

function toBaseItem(r: ItemRow): BaseItem {
  const urls = signedMediaUrls(r.id, r.renditions ?? []);
  return {
    id: r.id,
    category: r.category_id,
    category_name: r.category_name,
    option: r.option_id,
    option_name: r.option_name,
    option_meta: { total_reaction: r.total_reaction },
    topic: r.topic_id,
    topic_name: r.topic_name,
    description: r.description,
    pre_signed_url_thumbnail: urls.thumbnail,
    pre_signed_url_poster: urls.poster,
    pre_signed_url_video: urls.master,
    pre_signed_url_video_360: urls.r360,
    pre_signed_url_video_240: urls.r240,
    reaction_count: { comment: r.comment_count, like: r.like_count, views: r.view_count },
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
}

/**
 * The viewer's whole state in one round trip (a viewer's likes and progress
 * rows are bounded by the number of reels), cached per viewer so a page, its
 * prefetches and the TLDR list share one load.
 */
function viewerState(db: Db, viewerId: string): Promise<ViewerState> {
  return cachedViewer(db, viewerId, async () => {
    const state: ViewerState = { known: false, liked: new Set(), progress: new Map() };
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

/**
 * The item as this viewer sees it. Fields are copied one by one on purpose:
 * V8 spreads an object of this size into a slow dictionary-mode copy
 * (~20 us per item against ~0.1 us), which alone halved the feed's throughput.
 */
function forViewer(b: BaseItem, s: ViewerState): FeedItem {
  const p = s.progress.get(b.id);
  return {
    id: b.id,
    category: b.category,
    category_name: b.category_name,
    option: b.option,
    option_name: b.option_name,
    option_meta: b.option_meta,
    topic: b.topic,
    topic_name: b.topic_name,
    description: b.description,
    pre_signed_url_thumbnail: b.pre_signed_url_thumbnail,
    pre_signed_url_poster: b.pre_signed_url_poster,
    pre_signed_url_video: b.pre_signed_url_video,
    pre_signed_url_video_360: b.pre_signed_url_video_360,
    pre_signed_url_video_240: b.pre_signed_url_video_240,
    reaction_count: b.reaction_count,
    user_id: b.user_id,
    like: s.liked.has(b.id),
    created_at: b.created_at,
    topic_pic: b.topic_pic,
    category_pic: b.category_pic,
    option_pic: b.option_pic,
    owner_pic: b.owner_pic,
    owner_name: b.owner_name,
    duration: b.duration,
    lang: b.lang,
    is_tldr: b.is_tldr,
    sources: b.sources,
    watched: p?.watched ?? false,
    vidWatched: p?.vid_watched ?? false,
  };
}

function tldrForViewer(t: BaseTldr, s: ViewerState): TldrEntry {
  return {
    topic_id: t.topic_id, topic_name: t.topic_name, topic_slug: t.topic_slug, type_tag: t.type_tag, topic_pic: t.topic_pic,
    content: t.content ? forViewer(t.content, s) : null,
  };
}

function feedFilters(q: FeedQuery): SQL {
  const conds: SQL[] = [visibleReel];
  if (q.topic_id) conds.push(eq(topics.id, q.topic_id));
  if (q.category_id) conds.push(eq(categories.id, q.category_id));
  if (q.option_id) conds.push(eq(options.id, q.option_id));
  if (q.lang) conds.push(eq(contentItems.lang, q.lang));
  return and(...conds)!;
}

async function loadBasePage(db: Db, q: FeedQuery): Promise<BasePage> {
  const where = feedFilters(q);
  const page = q.page ?? 1;
  const rowsP = selectItems(db).where(where)
    // feed_seq is given when a reel becomes ready, so new reels land after
    // every page already served: paging never repeats or skips (SPEC.md section 4).
    .orderBy(asc(contentItems.feed_seq), asc(contentItems.id))
    .limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  const totalP = db.select({ n: count() }).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .where(where);
  const [rows, [total], tldr] = await Promise.all([rowsP, totalP, baseTldr(db, q.lang)]);
  return { items: rows.map(toBaseItem), total: Number(total?.n ?? 0), tldr };
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
      topic_name: t.name,
      topic_slug: t.slug,
      type_tag: t.type_tag === 'HOT' ? 'HOT' : 'FREE',
      topic_pic: t.pic,
      content: byTopic.get(t.id) ?? null,
    }));
  });
}

/* ---------- public service functions ---------- */

/** Partner and button configs until partners are configured: the defaults of SPEC.md section 9. */
const FEED_CONFIGS: Pick<FeedResponse, 'tags' | 'partner_configs' | 'button_configs'> = {
  tags: { ui_config: null },
  partner_configs: [],
  button_configs: { image_url: null, offer_text: null, quick_offer_text: null, show_button: false, unskippable_videos: 0 },
};

interface FeedParts { base: BasePage; state: ViewerState; firstTime: boolean; page: number }

async function feedParts(viewerId: string, q: FeedQuery): Promise<FeedParts> {
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const page = q.page ?? 1;
  const key = `feed:${page}:${q.topic_id ?? ''}:${q.category_id ?? ''}:${q.option_id ?? ''}:${q.lang ?? ''}`;
  const [base, state] = await Promise.all([
    cachedShared(db, key, () => loadBasePage(db, { ...q, page })),
    viewerState(db, viewerId),
  ]);
  let firstTime = false;
  if (!state.known) {
    firstTime = await ensureViewer(viewerId, db);
    forgetViewer(db, viewerId);
  }
  return { base, state, firstTime, page };
}

/**
 * One feed page for a viewer (SPEC.md section 3 "Feed response", section 4
 * "Paging"): PAGE_SIZE (10) ready, approved reels matching the filters, in
 * ready order (feed_seq, then id); a page past the end has `feeds: []`.
 * `firstTime` is true on the viewer's first feed request, which also writes
 * the viewer row. Partner and button configs carry the defaults of SPEC.md
 * section 9 until partners are configured.
 * @param principal the caller (lib/auth/principal.ts); its visitor id keys likes and progress.
 * @param q validated query (`feedQuerySchema`); `page` is 1-based.
 */
export async function getFeedPage(principal: Principal, q: FeedQuery): Promise<FeedResponse> {
  const viewerId = principal.visitorId;
  const { base, state, firstTime, page } = await feedParts(viewerId, q);
  const feeds = base.items.map((i) => forViewer(i, state));
  return {
    feeds,
    tldr: base.tldr.map((t) => tldrForViewer(t, state)),
    count: feeds.length,
    total_length: base.total,
    start_index: (page - 1) * PAGE_SIZE,
    page,
    firstTime,
    ...FEED_CONFIGS,
  };
}

/*
 * JSON of the hot path. The cached, viewer-independent objects are
 * serialised once (memoised per object) and the few per-viewer fields are
 * appended, instead of JSON.stringify-ing ~20 reels on every request
 * (it was about a third of the feed's CPU time; `npm run bench:feed`).
 */
const headJson = new WeakMap<object, string>();

/** JSON of `o` without its closing brace, memoised: `o` is cached and never changed. */
function head(o: object, make: () => string): string {
  let h = headJson.get(o);
  if (h === undefined) {
    h = make().slice(0, -1);
    headJson.set(o, h);
  }
  return h;
}

function itemJson(b: BaseItem, s: ViewerState): string {
  const p = s.progress.get(b.id);
  return `${head(b, () => JSON.stringify(b))},"like":${s.liked.has(b.id)},` +
    `"watched":${p?.watched ?? false},"vidWatched":${p?.vid_watched ?? false}}`;
}

function tldrJson(t: BaseTldr, s: ViewerState): string {
  const h = head(t, () => JSON.stringify({
    topic_id: t.topic_id, topic_name: t.topic_name, topic_slug: t.topic_slug, type_tag: t.type_tag, topic_pic: t.topic_pic,
  }));
  return `${h},"content":${t.content ? itemJson(t.content, s) : 'null'}}`;
}

const CONFIGS_JSON = JSON.stringify(FEED_CONFIGS).slice(1, -1);

/**
 * `getFeedPage` as the JSON text the API sends (same value: an integration
 * test compares the two).
 */
export async function getFeedPageJson(principal: Principal, q: FeedQuery): Promise<string> {
  const viewerId = principal.visitorId;
  const { base, state, firstTime, page } = await feedParts(viewerId, q);
  let feeds = '';
  for (const b of base.items) feeds += (feeds ? ',' : '') + itemJson(b, state);
  let tldr = '';
  for (const t of base.tldr) tldr += (tldr ? ',' : '') + tldrJson(t, state);
  return `{"feeds":[${feeds}],"tldr":[${tldr}],"count":${base.items.length},"total_length":${base.total},` +
    `"start_index":${(page - 1) * PAGE_SIZE},"page":${page},"firstTime":${firstTime},${CONFIGS_JSON}}`;
}

/**
 * One ready, approved reel as this viewer sees it (GET /feeds-server/api/v1/{id},
 * the content page).
 * @throws ApiError 404 `content_not_found` for a malformed id, an unknown
 * reel or one that is not ready.
 */
export async function getReel(principal: Principal, id: string): Promise<FeedItem> {
  const viewerId = principal.visitorId;
  if (!uuidSchema.safeParse(id).success) throw contentNotFound();
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const [row] = await selectItems(db).where(and(eq(contentItems.id, id), visibleReel)).limit(1);
  if (!row) throw contentNotFound();
  return forViewer(toBaseItem(row), await viewerState(db, viewerId));
}

/**
 * The TLDR list (SPEC.md section 7 "tldr/topic"): every topic in topic order
 * with its newest ready TLDR reel, or `content: null` when it has none.
 * @param lang prefer TLDR reels in this language (falls back to any).
 * @param opts.withReelOnly leave out topics that have no TLDR reel.
 */
export async function listTldr(
  principal: Principal, lang?: ContentLang, opts: { withReelOnly?: boolean } = {},
): Promise<TldrEntry[]> {
  const viewerId = principal.visitorId;
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  let list = await baseTldr(db, lang);
  if (opts.withReelOnly) list = list.filter((t) => t.content);
  const state = await viewerState(db, viewerId);
  return list.map((t) => tldrForViewer(t, state));
}

/**
 * The TLDR entry of one topic (GET /feeds-server/api/v1/popup/tldr/{id},
 * the /tldr/[slug] page); `content` is null when the topic has no TLDR reel.
 * @param slugOrId the topic's uuid or its slug.
 * @throws ApiError 404 `topic_not_found`.
 */
export async function getTopicTldr(principal: Principal, slugOrId: string): Promise<TldrEntry> {
  const viewerId = principal.visitorId;
  const [{ db }] = await Promise.all([getDb(), signingReady()]);
  const k = topicKey(slugOrId);
  if (!k) throw topicNotFound();
  // Read the topic itself (not the cached list) so a topic made a moment ago is found.
  const [t] = await db.select().from(topics)
    .where('id' in k ? eq(topics.id, k.id) : eq(topics.slug, k.slug)).limit(1);
  if (!t) throw topicNotFound();
  const [row] = await selectItems(db)
    .where(and(visibleReel, eq(contentItems.is_tldr, true), eq(topics.id, t.id)))
    .orderBy(desc(contentItems.feed_seq)).limit(1);
  const content = row ? toBaseItem(row) : null;
  const state = await viewerState(db, viewerId);
  return tldrForViewer({
    topic_id: t.id, topic_name: t.name, topic_slug: t.slug, type_tag: t.type_tag === 'HOT' ? 'HOT' : 'FREE',
    topic_pic: t.pic, content,
  }, state);
}
