import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../schemas';
import {
  applyLikeResult, emptyFeedList, entryId, feedListFromPage, hasNextPage, indexOfId, insertAfterActive,
  insertChatbotPlaceholder, mergePage, nextPageToLoad, serverIndexAt, setFollowing, setLike, setVidWatched,
  setWatched, swapEntries, resolveActiveIndex, withChatbotSlides, END_SLIDE_ID, type FeedList, type FeedPageData,
} from './feed-list';

function reel(id: string, over: Partial<FeedItem> = {}): FeedItem {
  return {
    id,
    share_slug: `s-${id}`,
    category: 'cat-1',
    category_name: 'Cost',
    option: `opt-${id}`,
    option_name: 'Option',
    option_meta: { total_reaction: 5 },
    topic: 'topic-1',
    topic_name: 'Subsidy',
    description: `Reel ${id}`,
    pre_signed_url_thumbnail: `/media/t/${id}/thumb.jpg`,
    pre_signed_url_poster: `/media/t/${id}/poster.jpg`,
    pre_signed_url_video: `/media/t/${id}/master.m3u8`,
    pre_signed_url_video_360: `/media/t/${id}/360p.m3u8`,
    pre_signed_url_video_240: `/media/t/${id}/240p.m3u8`,
    reaction_count: { comment: 0, like: 2, views: 10 },
    user_id: null,
    like: false,
    created_at: '2025-01-01T00:00:00.000Z',
    topic_pic: null,
    category_pic: null,
    option_pic: null,
    owner_pic: null,
    owner_name: null,
    duration: 20,
    lang: 'en',
    is_tldr: false,
    sources: [],
    watched: false,
    vidWatched: false,
    watch_ticket: `1700000000.${'A'.repeat(22)}`,
    ...over,
  };
}

/** Page `page` of a feed whose reels are named r0, r1, ... in server order. */
function page(n: number, total: number, ids?: string[]): FeedPageData {
  const start = (n - 1) * 10;
  const names = ids ?? Array.from({ length: Math.max(0, Math.min(10, total - start)) }, (_, i) => `r${start + i}`);
  return { page: n, start_index: start, total_length: total, feeds: names.map((id) => reel(id)) };
}

const ids = (l: FeedList) => l.entries.map(entryId);
const indexes = (l: FeedList) => l.entries.map((e) => e.index);
const item = (l: FeedList, id: string) => {
  const e = l.entries[indexOfId(l, id)];
  if (e?.kind !== 'reel') throw new Error(`no reel ${id}`);
  return e.item;
};

describe('mergePage', () => {
  it('appends later pages in order and numbers the entries', () => {
    const l = mergePage(mergePage(emptyFeedList(), page(1, 25)), page(2, 25));
    expect(ids(l)).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    expect(indexes(l)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(l.entries.map((e) => e.serverIndex)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(l.pages).toEqual([1, 2]);
    expect(l.total).toBe(25);
  });

  it('puts an earlier page before the later one (keeps start_index order)', () => {
    const l = mergePage(mergePage(emptyFeedList(), page(3, 40)), page(2, 40));
    expect(ids(l).slice(0, 3)).toEqual(['r10', 'r11', 'r12']);
    expect(ids(l)[10]).toBe('r20');
    expect(l.pages).toEqual([2, 3]);
    expect(indexes(l)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('never inserts a reel that is already in the list', () => {
    const first = mergePage(emptyFeedList(), page(1, 20));
    // The server moved r9 onto page 2 (a reel became ready in between): it must not appear twice.
    const second = mergePage(first, page(2, 20, ['r9', 'r10', 'r11']));
    expect(ids(second).filter((x) => x === 'r9')).toHaveLength(1);
    expect(ids(second).slice(9)).toEqual(['r9', 'r10', 'r11']);
  });

  it('returns the same list for a page merged before', () => {
    const l = mergePage(emptyFeedList(), page(1, 20));
    expect(mergePage(l, page(1, 20))).toBe(l);
  });

  it('drops duplicates inside one page', () => {
    const l = mergePage(emptyFeedList(), page(1, 3, ['a', 'b', 'a']));
    expect(ids(l)).toEqual(['a', 'b']);
  });
});

describe('feedListFromPage', () => {
  it('puts the lead reel first and skips it in the page', () => {
    const lead = reel('r4');
    const l = feedListFromPage(page(1, 12), lead);
    expect(ids(l)[0]).toBe('r4');
    expect(ids(l).filter((x) => x === 'r4')).toHaveLength(1);
    expect(ids(l).slice(1, 4)).toEqual(['r0', 'r1', 'r2']);
    expect(l.entries[0].serverIndex).toBeNull();
    expect(l.entries).toHaveLength(10);
  });
});

describe('hasNextPage / nextPageToLoad / serverIndexAt', () => {
  it('knows when the server has more', () => {
    const l = feedListFromPage(page(1, 25));
    expect(hasNextPage(l)).toBe(true);
    expect(nextPageToLoad(l)).toBe(2);
    const all = mergePage(mergePage(l, page(2, 25)), page(3, 25));
    expect(hasNextPage(all)).toBe(false);
    expect(nextPageToLoad(all)).toBeNull();
    expect(hasNextPage(feedListFromPage(page(1, 10)))).toBe(false);
  });

  it('gives a client-placed entry the server index of its neighbour', () => {
    const l = feedListFromPage(page(1, 12), reel('lead'));
    expect(serverIndexAt(l, 0)).toBe(0);
    expect(serverIndexAt(l, 3)).toBe(2);
    const withTail = insertAfterActive(l, l.entries.length - 1, reel('tail')).list;
    expect(serverIndexAt(withTail, withTail.entries.length - 1)).toBe(9);
    expect(serverIndexAt(emptyFeedList(), 0)).toBeNull();
  });
});

describe('setLike (like and unlike)', () => {
  it('like flips the flag and adds one to the like count and the option likes', () => {
    const l = feedListFromPage(page(1, 3));
    const liked = setLike(l, 'r1', true);
    expect(item(liked, 'r1').like).toBe(true);
    expect(item(liked, 'r1').reaction_count.like).toBe(3);
    expect(item(liked, 'r1').option_meta.total_reaction).toBe(6);
    expect(item(liked, 'r0')).toBe(item(l, 'r0'));
    // the input is not mutated
    expect(item(l, 'r1').like).toBe(false);
    expect(item(l, 'r1').reaction_count.like).toBe(2);
  });

  it('unlike takes one off both counts', () => {
    const l = feedListFromPage(page(1, 3, ['x']));
    const back = setLike(setLike(l, 'x', true), 'x', false);
    expect(item(back, 'x').like).toBe(false);
    expect(item(back, 'x').reaction_count.like).toBe(2);
    expect(item(back, 'x').option_meta.total_reaction).toBe(5);
  });

  it('liking twice counts once; unliking a reel not liked changes nothing', () => {
    const liked = setLike(feedListFromPage(page(1, 3)), 'r0', true);
    expect(setLike(liked, 'r0', true)).toBe(liked);
    const l = feedListFromPage(page(1, 3));
    expect(setLike(l, 'r0', false)).toBe(l);
    expect(setLike(l, 'missing', true)).toBe(l);
  });

  it('gives other reels of the same option the new option count', () => {
    const l = feedListFromPage({ page: 1, start_index: 0, total_length: 2, feeds: [reel('a', { option: 'o' }), reel('b', { option: 'o' })] });
    const liked = setLike(l, 'a', true);
    expect(item(liked, 'b').option_meta.total_reaction).toBe(6);
    expect(item(liked, 'b').like).toBe(false);
    expect(item(liked, 'b').reaction_count.like).toBe(2);
  });

  it('never counts below zero', () => {
    const l = feedListFromPage(page(1, 1, ['z']));
    const odd = { ...l, entries: l.entries.map((e) => (e.kind === 'reel'
      ? { ...e, item: { ...e.item, like: true, reaction_count: { ...e.item.reaction_count, like: 0 }, option_meta: { total_reaction: 0 } } }
      : e)) };
    const un = setLike(odd, 'z', false);
    expect(item(un, 'z').reaction_count.like).toBe(0);
    expect(item(un, 'z').option_meta.total_reaction).toBe(0);
  });
});

describe('applyLikeResult', () => {
  it('takes the server counts', () => {
    const l = setLike(feedListFromPage(page(1, 2)), 'r0', true);
    const r = applyLikeResult(l, { content_id: 'r0', like: true, like_count: 40, total_reaction: 90 });
    expect(item(r, 'r0').reaction_count.like).toBe(40);
    expect(item(r, 'r0').option_meta.total_reaction).toBe(90);
    expect(applyLikeResult(r, { content_id: 'r0', like: true, like_count: 40, total_reaction: 90 })).toBe(r);
    expect(applyLikeResult(r, { content_id: 'nope', like: true, like_count: 1, total_reaction: 1 })).toBe(r);
  });
});

describe('setFollowing, setWatched, setVidWatched', () => {
  it('set their flag on one reel only, once', () => {
    const l = feedListFromPage(page(1, 3));
    const f = setFollowing(l, 'r1');
    expect(item(f, 'r1').following).toBe(true);
    expect(item(f, 'r0').following).toBeUndefined();
    expect(setFollowing(f, 'r1')).toBe(f);

    const w = setWatched(l, 'r2');
    expect(item(w, 'r2').watched).toBe(true);
    expect(item(w, 'r2').vidWatched).toBe(false);
    expect(setWatched(w, 'r2')).toBe(w);

    const v = setVidWatched(l, 'r2');
    expect(item(v, 'r2').vidWatched).toBe(true);
    expect(item(v, 'r2').watched).toBe(false);
  });
});

describe('insertAfterActive', () => {
  it('places the reel after the active one, renumbers, moves active to it, total + 1', () => {
    const l = feedListFromPage(page(1, 15));
    const { list, activeIndex } = insertAfterActive(l, 2, reel('new'));
    expect(ids(list).slice(0, 5)).toEqual(['r0', 'r1', 'r2', 'new', 'r3']);
    expect(indexes(list)).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(activeIndex).toBe(3);
    expect(list.total).toBe(16);
    expect(list.entries[3].serverIndex).toBeNull();
  });

  it('skips a reel that is already in the list', () => {
    const l = feedListFromPage(page(1, 15));
    const r = insertAfterActive(l, 2, reel('r7'));
    expect(r.list).toBe(l);
    expect(r.activeIndex).toBe(2);
  });

  it('appends after the last entry', () => {
    const l = feedListFromPage(page(1, 3));
    const { list, activeIndex } = insertAfterActive(l, 2, reel('end'));
    expect(ids(list)).toEqual(['r0', 'r1', 'r2', 'end']);
    expect(activeIndex).toBe(3);
  });
});

describe('swapEntries', () => {
  it('exchanges two positions and renumbers', () => {
    const l = feedListFromPage(page(1, 4));
    const s = swapEntries(l, 0, 3);
    expect(ids(s)).toEqual(['r3', 'r1', 'r2', 'r0']);
    expect(indexes(s)).toEqual([0, 1, 2, 3]);
    expect(s.total).toBe(l.total);
  });

  it('ignores positions outside the list', () => {
    const l = feedListFromPage(page(1, 4));
    expect(swapEntries(l, 0, 4)).toBe(l);
    expect(swapEntries(l, -1, 2)).toBe(l);
    expect(swapEntries(l, 1, 1)).toBe(l);
  });
});

describe('insertChatbotPlaceholder', () => {
  it('inserts at the recorded index, renumbers and grows the total', () => {
    const l = feedListFromPage(page(1, 6));
    const c = insertChatbotPlaceholder(l, 4);
    expect(ids(c)).toEqual(['r0', 'r1', 'r2', 'r3', 'chatbot', 'r4', 'r5']);
    expect(c.entries[4].kind).toBe('chatbot');
    expect(indexes(c)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(c.total).toBe(7);
    expect(insertChatbotPlaceholder(c, 1)).toBe(c);
  });

  it('clamps an index past the end', () => {
    const c = insertChatbotPlaceholder(feedListFromPage(page(1, 2)), 99, 'bot');
    expect(ids(c)).toEqual(['r0', 'r1', 'bot']);
  });

  it('keeps later pages in server order after a placeholder', () => {
    const c = insertChatbotPlaceholder(feedListFromPage(page(1, 20)), 10);
    const m = mergePage(c, page(2, 20));
    expect(ids(m)[10]).toBe('chatbot');
    expect(ids(m)[11]).toBe('r10');
  });
});

describe('resolveActiveIndex', () => {
  it('follows the active reel when a page is merged in front of it', () => {
    const l = feedListFromPage(page(3, 40));
    const merged = mergePage(l, page(2, 40));
    expect(resolveActiveIndex(merged, 4, 'r24', true, false)).toBe(14);
  });

  it('starts a different feed at 0 and clamps a stale index', () => {
    const l = feedListFromPage(page(1, 5));
    expect(resolveActiveIndex(l, 3, 'r3', false, false)).toBe(0);
    expect(resolveActiveIndex(l, 9, null, true, false)).toBe(4);
    expect(resolveActiveIndex(l, 2, 'gone', true, false)).toBe(2);
    expect(resolveActiveIndex(emptyFeedList(), 2, null, true, false)).toBe(0);
  });

  it('keeps the end slide active when there is one', () => {
    const l = feedListFromPage(page(1, 5));
    expect(resolveActiveIndex(l, 5, END_SLIDE_ID, true, true)).toBe(5);
    expect(resolveActiveIndex(l, 5, END_SLIDE_ID, true, false)).toBe(4);
  });
});

describe('withChatbotSlides', () => {
  it('puts a chat card with the topic of the reel before it after every 8th reel', () => {
    const l = feedListFromPage(page(1, 20));
    const more = mergePage(l, page(2, 20));
    const c = withChatbotSlides(more, 8);
    expect(c.entries).toHaveLength(22);
    expect(c.total).toBe(22);
    const cards = c.entries.filter((e) => e.kind === 'chatbot');
    expect(cards.map((e) => e.index)).toEqual([8, 17]);
    expect(cards.map((e) => (e.kind === 'chatbot' ? e.topicId : null))).toEqual(['topic-1', 'topic-1']);
    expect(c.entries.map((e) => e.index)).toEqual(c.entries.map((_, i) => i));
  });

  it('keeps the first card (id and place) when a later page merges in, and leaves short or unconfigured lists alone', () => {
    const first = withChatbotSlides(feedListFromPage(page(1, 20)), 8);
    expect(ids(first)[8]).toBe('chatbot-after-r7');
    const both = withChatbotSlides(more20(), 8);
    expect(ids(both)[8]).toBe('chatbot-after-r7');
    expect(ids(both)[17]).toBe('chatbot-after-r15');
    const short = feedListFromPage(page(1, 5));
    expect(withChatbotSlides(short, 8)).toBe(short);
    expect(withChatbotSlides(more20(), 0)).toEqual(more20());
  });
});

function more20(): FeedList {
  return mergePage(feedListFromPage(page(1, 20)), page(2, 20));
}
