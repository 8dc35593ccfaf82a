import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { contentItems, options, reactions, viewers, watchProgress } from '@/lib/db/schema';
import type { Locale } from '@/lib/constants';
import type { Principal } from '@/lib/auth/principal';
import { cachedOptionTotals, cachedReelCounts, cachedViewer, type ReelCounts } from './feed-cache';
import type { BaseItem, BaseTldr, CountKeys, ItemRow } from './feed-items';
import { issueWatchTicket, ticketIssueS } from './watch-ticket';

/*
 * What an item carries per request, and the one serializer of feed items
 * (every path: feed pages, one reel, TLDR entries): the counts of its reel
 * and option (the per-reel counts cache, so a like drops no page), this
 * viewer's like and watch flags and watch ticket, appended to the memoised
 * JSON of the cached item.
 */

/** What one viewer has done: does its row exist, which reels it liked, its watch progress. */
export interface ViewerState {
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
export function viewerState(db: Db, viewerId: string): Promise<ViewerState> {
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
export interface Counts { reels: Map<string, ReelCounts>; options: Map<string, number> }

/**
 * Everything an item needs besides its cached part: counts, the viewer's
 * state, the ticket's issue time, and the asker's language for names
 * (`lang`; unset: each reel named in its own language).
 */
export interface Viewing { counts: Counts; state: ViewerState; visitorId: string; issuedS: number; lang?: Locale }

/** The ids of `items` and of their options, each once, for `countsOf`. */
export function countKeys(items: Iterable<BaseItem | null>): CountKeys {
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
export async function countsOf(db: Db, keys: CountKeys): Promise<Counts> {
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
export function countsOfRows(rows: ItemRow[]): Counts {
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
export function itemJson(b: BaseItem, v: Viewing): string {
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

/** One TLDR entry as JSON: its topic named in the asker's language, its reel (or null) as `itemJson`. */
export function tldrJson(t: BaseTldr, v: Viewing): string {
  // The topic's name in the asker's language (docs/decisions/025), memoised per entry and language.
  const name = t.topic_names[v.lang ?? 'en'];
  const h = head(name, () => JSON.stringify({
    topic_id: t.topic_id, topic_name: name.topic_name, topic_slug: t.topic_slug, type_tag: t.type_tag, topic_pic: t.topic_pic,
  }));
  return `${h},"content":${t.content ? itemJson(t.content, v) : 'null'}}`;
}

/** A TLDR list as a JSON array (`tldrJson` each). */
export function tldrListJson(list: readonly BaseTldr[], v: Viewing): string {
  let out = '';
  for (const t of list) out += (out ? ',' : '') + tldrJson(t, v);
  return `[${out}]`;
}

/** This viewer's state and the ticket clock, with counts read fresh from `rows`; names in `lang` (unset: each reel's own). */
export async function viewingOfRows(db: Db, principal: Principal, rows: ItemRow[], lang?: Locale): Promise<Viewing> {
  return {
    counts: countsOfRows(rows),
    state: await viewerState(db, principal.visitorId),
    visitorId: principal.visitorId,
    issuedS: ticketIssueS(),
    lang,
  };
}
