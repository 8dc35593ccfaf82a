import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../schemas';
import { emptyFeedList, feedListFromPage, insertAfterActive, mergePage, type FeedPageData } from './feed-list';
import { pageToFetch } from './page-to-fetch';

const reel = (id: string) => ({ id, option: 'o', option_meta: { total_reaction: 0 }, like: false, reaction_count: { like: 0, views: 0, comment: 0 } }) as unknown as FeedItem;

function page(n: number, total: number): FeedPageData {
  const start = (n - 1) * 10;
  const count = Math.max(0, Math.min(10, total - start));
  return { page: n, start_index: start, total_length: total, feeds: Array.from({ length: count }, (_, i) => reel(`r${start + i}`)) };
}

describe('pageToFetch', () => {
  it('asks for page 2 from positions 7-9 of page 1, nothing before', () => {
    const l = feedListFromPage(page(1, 35));
    expect([0, 3, 6].map((i) => pageToFetch(l, i))).toEqual([null, null, null]);
    expect([7, 8].map((i) => pageToFetch(l, i))).toEqual([2, 2]);
  });

  it('asks for nothing once the next page is merged', () => {
    const l = mergePage(feedListFromPage(page(1, 35)), page(2, 35));
    expect(pageToFetch(l, 8)).toBeNull();
    expect(pageToFetch(l, 17)).toBe(3);
  });

  it('asks for the previous page near the start of a later page', () => {
    const l = feedListFromPage(page(3, 35));
    expect(pageToFetch(l, 0)).toBe(2);
    expect(pageToFetch(l, 2)).toBe(2);
    expect(pageToFetch(l, 3)).toBeNull();
    expect(pageToFetch(mergePage(l, page(2, 35)), 10)).toBe(null);
  });

  it('stops at the end of the feed', () => {
    const l = mergePage(mergePage(feedListFromPage(page(1, 25)), page(2, 25)), page(3, 25));
    expect(pageToFetch(l, 24)).toBeNull();
    expect(pageToFetch(feedListFromPage(page(1, 8)), 7)).toBeNull();
  });

  it('still loads more when client-placed reels push the end forward', () => {
    let l = feedListFromPage(page(1, 30));
    // four reels inserted: position 12 of the list is server index 9 -> 'next' anyway; position 13 is the last
    for (let i = 0; i < 4; i++) l = insertAfterActive(l, 1, reel(`x${i}`)).list;
    expect(pageToFetch(l, l.entries.length - 1)).toBe(2);
  });

  it('asks for nothing on an empty list', () => {
    expect(pageToFetch(emptyFeedList(), 0)).toBeNull();
  });
});
