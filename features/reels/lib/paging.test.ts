import { describe, expect, it } from 'vitest';
import { pageForIndex, prefetchDirection, startIndexOfPage } from './paging';

describe('pageForIndex', () => {
  it('puts ten items on each page, 1-based', () => {
    expect(pageForIndex(0)).toBe(1);
    expect(pageForIndex(9)).toBe(1);
    expect(pageForIndex(10)).toBe(2);
    expect(pageForIndex(19)).toBe(2);
    expect(pageForIndex(20)).toBe(3);
    expect(pageForIndex(1234)).toBe(124);
  });

  it('rejects indexes that are not whole numbers >= 0', () => {
    expect(() => pageForIndex(-1)).toThrow(RangeError);
    expect(() => pageForIndex(1.5)).toThrow(RangeError);
    expect(() => pageForIndex(Number.NaN)).toThrow(RangeError);
  });
});

describe('startIndexOfPage', () => {
  it('is the inverse of pageForIndex at page starts', () => {
    for (const page of [1, 2, 3, 50]) expect(pageForIndex(startIndexOfPage(page))).toBe(page);
    expect(startIndexOfPage(3)).toBe(20);
    expect(() => startIndexOfPage(0)).toThrow(RangeError);
  });
});

describe('prefetchDirection', () => {
  it('fetches the next page from positions 7, 8 and 9 of a page', () => {
    expect([6, 7, 8, 9].map((i) => prefetchDirection(i))).toEqual(['none', 'next', 'next', 'next']);
    expect([17, 18, 19].map((i) => prefetchDirection(i))).toEqual(['next', 'next', 'next']);
  });

  it('fetches the previous page from positions 0, 1 and 2, but not position 3', () => {
    expect([10, 11, 12, 13].map((i) => prefetchDirection(i))).toEqual(['prev', 'prev', 'prev', 'none']);
    expect(prefetchDirection(20)).toBe('prev');
  });

  it('has no previous page before page 1', () => {
    expect([0, 1, 2].map((i) => prefetchDirection(i))).toEqual(['none', 'none', 'none']);
  });

  it('has no next page once the feed ends on this page', () => {
    expect(prefetchDirection(8, 10)).toBe('none');
    expect(prefetchDirection(8, 11)).toBe('next');
    expect(prefetchDirection(17, 20)).toBe('none');
    expect(prefetchDirection(17, 21)).toBe('next');
  });

  it('leaves the middle of a page alone', () => {
    expect([3, 4, 5, 6, 13, 16].map((i) => prefetchDirection(i))).toEqual(Array(6).fill('none'));
  });
});
