import { describe, expect, it } from 'vitest';
import { feedItem } from '@/tests/fixtures/feed';
import { hasNextPage } from './feed-list';
import { mergeSearchPage, searchFeedHref, searchFeedList, searchHref } from './search-feed';
import { parseSearchFeedParams, parseSearchQuery } from './search-params';

const reels = (page: number, n: number) =>
  Array.from({ length: n }, (_, i) => feedItem({ id: `00000000-0000-4000-8000-${String(page * 100 + i).padStart(12, '0')}` }));

describe('a search played as a feed', () => {
  it('counts one reel past a full page while the search says more, and ends at a short page', () => {
    const first = searchFeedList({ reels: reels(1, 10), page: 1, has_more: true });
    expect(first.entries).toHaveLength(10);
    expect(first.serverTotal).toBe(11);
    expect(hasNextPage(first)).toBe(true);
    const both = mergeSearchPage(first, { reels: reels(2, 4), page: 2, has_more: false });
    expect(both.entries.map((e) => e.index)).toEqual([...Array(14).keys()]);
    expect(both.serverTotal).toBe(14);
    expect(hasNextPage(both)).toBe(false);
  });

  it('does not page on when only topics or questions have more', () => {
    expect(hasNextPage(searchFeedList({ reels: reels(1, 3), page: 1, has_more: true }))).toBe(false);
  });

  it('puts an earlier page before a list opened further in, without cutting the count short', () => {
    const third = searchFeedList({ reels: reels(3, 10), page: 3, has_more: true });
    const withSecond = mergeSearchPage(third, { reels: reels(2, 10), page: 2, has_more: true });
    expect(withSecond.entries.map((e) => e.serverIndex)).toEqual([...Array(20).keys()].map((i) => i + 10));
    expect(hasNextPage(withSecond)).toBe(true);
  });

  it('links the screen and the feed of a search', () => {
    expect(searchHref('  sabsidi   kaise ')).toBe('/search?q=sabsidi+kaise');
    expect(searchHref(' ')).toBe('/search');
    const id = reels(1, 1)[0].id;
    expect(searchFeedHref('सब्सिडी', 13, id)).toBe(`/reels?q=${encodeURIComponent('सब्सिडी')}&page=2&at=${id}`);
    expect(parseSearchFeedParams({ q: 'सब्सिडी', page: '2', at: id })).toEqual({ q: 'सब्सिडी', page: 2, at: id });
  });

  it('reads the words of a URL with the API\'s rules', () => {
    expect(parseSearchQuery({ q: [' net   meter ', 'x'] })).toBe('net meter');
    expect(parseSearchQuery({ q: '   ' })).toBeNull();
    expect(parseSearchQuery({ q: 'a'.repeat(201) })).toBeNull();
    expect(parseSearchQuery({})).toBeNull();
    expect(parseSearchFeedParams({ q: 'solar', at: 'not-an-id', page: '0' })).toEqual({ q: 'solar', page: 1, at: null });
    expect(parseSearchFeedParams({ page: '2' })).toBeNull();
  });
});
