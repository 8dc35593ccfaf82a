import type { FeedItem, FeedResponse, LikeResult } from '../schemas';
import { startIndexOfPage } from './paging';

/**
 * The client's cache of the feed and the item changes of SPEC.md section 4
 * ("Item changes"). Every function is pure: it returns a new list, or the
 * same list object when nothing changed (so React skips a render).
 */

/** A reel plus the client-side additions of SPEC.md section 3. */
export type ReelItem = FeedItem & { following?: boolean };

/** One slot of the feed: a reel, or the placeholder the assistant will fill. */
export type FeedEntry =
  | {
      kind: 'reel';
      /** Position in `entries`, 0-based; renumbered after every insert or swap. */
      index: number;
      /** Index of this reel in the server's feed order (start_index + i); null for a reel placed by the client. */
      serverIndex: number | null;
      item: ReelItem;
    }
  | {
      kind: 'chatbot';
      index: number;
      serverIndex: null;
      id: string;
      /** Topic of the reel before the card: the assistant opens on it (/chat/v1/<topic id>). */
      topicId?: string;
    };

export interface FeedList {
  entries: FeedEntry[];
  /** Items the whole feed holds: the server's total_length plus the entries the client placed. */
  total: number;
  /** The server's total_length for the current filters. */
  serverTotal: number;
  /** Server pages merged so far, ascending, 1-based. */
  pages: number[];
}

/** The page fields `mergePage` reads. */
export type FeedPageData = Pick<FeedResponse, 'feeds' | 'page' | 'start_index' | 'total_length'>;

/** The id of an entry: the reel's id, or the placeholder's id. */
export function entryId(e: FeedEntry): string {
  return e.kind === 'reel' ? e.item.id : e.id;
}

/** An empty feed. */
export function emptyFeedList(): FeedList {
  return { entries: [], total: 0, serverTotal: 0, pages: [] };
}

function renumber(entries: FeedEntry[]): FeedEntry[] {
  return entries.map((e, index) => (e.index === index ? e : { ...e, index }));
}

function clientPlaced(entries: FeedEntry[]): number {
  return entries.filter((e) => e.serverIndex === null).length;
}

/** The position of the entry with `id`, or -1. */
export function indexOfId(list: FeedList, id: string): number {
  return list.entries.findIndex((e) => entryId(e) === id);
}

/**
 * Merges one server page into the list (SPEC.md section 4 "Paging"): reels
 * already in the list are skipped (never inserted twice), the others go where
 * their start_index puts them among the server-ordered entries (before the
 * first entry from a later position; after everything otherwise), and the
 * indexes are renumbered. A page merged before leaves the list unchanged.
 */
export function mergePage(list: FeedList, page: FeedPageData): FeedList {
  if (list.pages.includes(page.page)) return list;
  const seen = new Set(list.entries.map(entryId));
  const fresh: FeedEntry[] = [];
  page.feeds.forEach((item, i) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    fresh.push({ kind: 'reel', index: -1, serverIndex: page.start_index + i, item });
  });
  const at = list.entries.findIndex((e) => e.serverIndex !== null && e.serverIndex > page.start_index);
  const pos = at === -1 ? list.entries.length : at;
  const entries = renumber([...list.entries.slice(0, pos), ...fresh, ...list.entries.slice(pos)]);
  return {
    entries,
    serverTotal: page.total_length,
    total: page.total_length + clientPlaced(entries),
    pages: [...list.pages, page.page].sort((a, b) => a - b),
  };
}

/**
 * A list from the first page the client sees, optionally with a `lead` reel
 * first (the content page and /tldr/[slug] open the feed on that reel).
 */
export function feedListFromPage(page: FeedPageData, lead?: FeedItem | null): FeedList {
  const start: FeedList = lead
    ? { entries: [{ kind: 'reel', index: 0, serverIndex: null, item: lead }], total: 1, serverTotal: 0, pages: [] }
    : emptyFeedList();
  return mergePage(start, page);
}

/** True when the server has items after the last merged page. */
export function hasNextPage(list: FeedList): boolean {
  if (list.pages.length === 0) return false;
  const last = list.pages[list.pages.length - 1];
  return startIndexOfPage(last + 1) < list.serverTotal;
}

/** The first page after the merged ones, or null at the end of the feed. */
export function nextPageToLoad(list: FeedList): number | null {
  return hasNextPage(list) ? list.pages[list.pages.length - 1] + 1 : null;
}

/**
 * The server index the paging rule should look at for position `index`: the
 * entry's own, or else the nearest server-ordered entry after it, then
 * before it (client-placed entries have none). Null when no entry has one.
 */
export function serverIndexAt(list: FeedList, index: number): number | null {
  const own = list.entries[index]?.serverIndex;
  if (own !== null && own !== undefined) return own;
  for (let i = index + 1; i < list.entries.length; i++) {
    const s = list.entries[i].serverIndex;
    if (s !== null) return s;
  }
  for (let i = Math.min(index, list.entries.length) - 1; i >= 0; i--) {
    const s = list.entries[i].serverIndex;
    if (s !== null) return s;
  }
  return null;
}

/** Applies `change` to every reel matching `match`; unchanged list when nothing matched or changed. */
function mapReels(list: FeedList, match: (item: ReelItem) => boolean, change: (item: ReelItem) => ReelItem): FeedList {
  let changed = false;
  const entries = list.entries.map((e) => {
    if (e.kind !== 'reel' || !match(e.item)) return e;
    const item = change(e.item);
    if (item === e.item) return e;
    changed = true;
    return { ...e, item };
  });
  return changed ? { ...list, entries } : list;
}

function findReel(list: FeedList, id: string): ReelItem | undefined {
  const e = list.entries.find((x) => x.kind === 'reel' && x.item.id === id);
  return e?.kind === 'reel' ? e.item : undefined;
}

/**
 * Like (`liked` true) or unlike a reel (SPEC.md section 4): flips its like
 * flag and moves its like count and its option's likes count
 * (option_meta.total_reaction) by one; other reels of the same option get
 * the same option count. Liking a liked reel (or unliking one that is not)
 * changes nothing; counts never go below 0.
 */
export function setLike(list: FeedList, id: string, liked: boolean): FeedList {
  const target = findReel(list, id);
  if (!target || target.like === liked) return list;
  const step = liked ? 1 : -1;
  const optionTotal = Math.max(0, target.option_meta.total_reaction + step);
  return mapReels(list, (it) => it.id === id || it.option === target.option, (it) => {
    const withOption = { ...it, option_meta: { ...it.option_meta, total_reaction: optionTotal } };
    if (it.id !== id) return withOption;
    return {
      ...withOption,
      like: liked,
      reaction_count: { ...it.reaction_count, like: Math.max(0, it.reaction_count.like + step) },
    };
  });
}

/** Puts the server's answer to like/unlike on the reel (and its option on reels that share it). */
export function applyLikeResult(list: FeedList, result: LikeResult): FeedList {
  const target = findReel(list, result.content_id);
  if (!target) return list;
  return mapReels(list, (it) => it.id === result.content_id || it.option === target.option, (it) => {
    const sameOption = it.option_meta.total_reaction === result.total_reaction;
    if (it.id !== result.content_id) {
      return sameOption ? it : { ...it, option_meta: { ...it.option_meta, total_reaction: result.total_reaction } };
    }
    if (sameOption && it.like === result.like && it.reaction_count.like === result.like_count) return it;
    return {
      ...it,
      like: result.like,
      reaction_count: { ...it.reaction_count, like: result.like_count },
      option_meta: { ...it.option_meta, total_reaction: result.total_reaction },
    };
  });
}

function setFlag(list: FeedList, id: string, flag: 'following' | 'watched' | 'vidWatched'): FeedList {
  return mapReels(list, (it) => it.id === id, (it) => (it[flag] ? it : { ...it, [flag]: true }));
}

/** Following is set true on a reel (SPEC.md section 4). */
export const setFollowing = (list: FeedList, id: string) => setFlag(list, id, 'following');
/** Watched is set true on a reel (SPEC.md section 4), once its view counted. */
export const setWatched = (list: FeedList, id: string) => setFlag(list, id, 'watched');
/** The video-watched flag is set when playback completes (SPEC.md section 4). */
export const setVidWatched = (list: FeedList, id: string) => setFlag(list, id, 'vidWatched');

/** A list and the active position after a change that moves it. */
export interface ListAndActive { list: FeedList; activeIndex: number }

/**
 * Inserts a reel right after the active one, renumbers, makes it active and
 * grows the total by one (SPEC.md section 4). A reel already in the list is
 * skipped: list and active index come back unchanged.
 */
export function insertAfterActive(list: FeedList, activeIndex: number, item: ReelItem): ListAndActive {
  if (indexOfId(list, item.id) !== -1) return { list, activeIndex };
  const at = Math.min(Math.max(activeIndex + 1, 0), list.entries.length);
  const entry: FeedEntry = { kind: 'reel', index: at, serverIndex: null, item };
  const entries = renumber([...list.entries.slice(0, at), entry, ...list.entries.slice(at)]);
  return { list: { ...list, entries, total: list.total + 1 }, activeIndex: at };
}

/**
 * Exchanges the entries at positions `a` and `b` and renumbers (SPEC.md
 * section 4). Positions outside the list leave it unchanged.
 */
export function swapEntries(list: FeedList, a: number, b: number): FeedList {
  const n = list.entries.length;
  if (a === b || a < 0 || b < 0 || a >= n || b >= n) return list;
  const entries = [...list.entries];
  [entries[a], entries[b]] = [entries[b], entries[a]];
  return { ...list, entries: renumber(entries) };
}

/**
 * Inserts the assistant's placeholder at a recorded position (SPEC.md
 * section 4, "chatbot indexes"), clamped to the list, renumbers and grows the
 * total by one. A placeholder with the same id already present is skipped.
 */
export function insertChatbotPlaceholder(list: FeedList, atIndex: number, id = 'chatbot'): FeedList {
  if (indexOfId(list, id) !== -1) return list;
  const at = Math.min(Math.max(Math.trunc(atIndex), 0), list.entries.length);
  const entry: FeedEntry = { kind: 'chatbot', index: at, serverIndex: null, id };
  const entries = renumber([...list.entries.slice(0, at), entry, ...list.entries.slice(at)]);
  return { ...list, entries, total: list.total + 1 };
}

/** Id prefix of the chat cards `withChatbotSlides` places. */
export const CHAT_CARD_PREFIX = 'chatbot-after-';

/**
 * The list with a chat card after every `everyN`-th reel (CHATBOT_EVERY_N,
 * default 8; SPEC.md section 4 "chatbot placeholder"). Each card's id names the reel before it (so it
 * stays put while pages merge in behind it) and carries that reel's topic.
 * Cards already in `list` are not counted; `everyN` < 1 returns `list`.
 */
export function withChatbotSlides(list: FeedList, everyN: number): FeedList {
  const n = Math.trunc(everyN);
  if (n < 1) return list;
  const entries: FeedEntry[] = [];
  let reels = 0;
  let added = 0;
  for (const e of list.entries) {
    entries.push(e);
    if (e.kind !== 'reel') continue;
    reels += 1;
    if (reels % n === 0) {
      entries.push({ kind: 'chatbot', index: -1, serverIndex: null, id: `${CHAT_CARD_PREFIX}${e.item.id}`, topicId: e.item.topic });
      added += 1;
    }
  }
  if (added === 0) return list;
  return { ...list, entries: renumber(entries), total: list.total + added };
}

/** Id the store keeps while the "end of the feed" slide after the last reel is active. */
export const END_SLIDE_ID = '__end__';

/**
 * Which position to show as active: the stored id's position (a page merged
 * in front moves it), else the stored index clamped to the list; 0 for a
 * different feed. `endSlot` says whether an end slide follows the last entry.
 */
export function resolveActiveIndex(
  list: FeedList, activeIndex: number, activeId: string | null, sameFeed: boolean, endSlot: boolean,
): number {
  const n = list.entries.length;
  if (!sameFeed || n === 0) return 0;
  if (activeId === END_SLIDE_ID) return endSlot ? n : n - 1;
  if (activeId) {
    const i = indexOfId(list, activeId);
    if (i !== -1) return i;
  }
  return Math.min(Math.max(0, Math.trunc(activeIndex)), n - 1);
}
