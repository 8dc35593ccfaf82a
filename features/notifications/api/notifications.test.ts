import { describe, expect, it } from 'vitest';
import { markReadInPages, type NotificationItem, type NotificationPages } from './notifications';

const n = (id: number, read = false): NotificationItem => ({ id, key: 'welcome', params: {}, link: null, read, created_at: '2026-01-01T00:00:00.000Z' });
const pages = (unread: number): NotificationPages => ({
  pageParams: [undefined, 3],
  pages: [
    { items: [n(5), n(4, true), n(3)], unread, next_before: 3 },
    { items: [n(2), n(1, true)], unread, next_before: null },
  ],
});
const readIds = (d: NotificationPages) => d.pages.flatMap((p) => p.items.filter((i) => i.read).map((i) => i.id));

describe('markReadInPages', () => {
  it('marks the named ones read on every page and lowers the count by those that changed', () => {
    const d = markReadInPages(pages(3), [5, 4, 2, 99]);
    expect(readIds(d)).toEqual([5, 4, 2, 1]);
    expect(d.pages.map((p) => p.unread)).toEqual([1, 1]);
    expect(d.pageParams).toEqual([undefined, 3]);
  });

  it('marks every cached one with all, and the count is 0', () => {
    const d = markReadInPages(pages(7), 'all');
    expect(readIds(d)).toEqual([5, 4, 3, 2, 1]);
    expect(d.pages.map((p) => p.unread)).toEqual([0, 0]);
  });

  it('takes the server\'s count when given, and never goes below 0', () => {
    expect(markReadInPages(pages(3), [5], 10).pages[0].unread).toBe(10);
    expect(markReadInPages(pages(0), [5, 3]).pages[0].unread).toBe(0);
  });

  it('leaves the cached data itself unchanged', () => {
    const before = pages(3);
    markReadInPages(before, 'all');
    expect(readIds(before)).toEqual([4, 1]);
  });
});
