import { PAGE_SIZE } from '@/lib/constants';

/**
 * Feed paging math (SPEC.md section 4 "Paging"): a page holds PAGE_SIZE (10)
 * items; the item index modulo 10 decides what to fetch ahead.
 */

/** Where to fetch ahead from an item: the next page, the previous one, or nothing. */
export type PrefetchDirection = 'next' | 'prev' | 'none';

function assertIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`feed index must be a whole number >= 0, got ${index}`);
}

/**
 * The 1-based page that holds the item at 0-based `index`: floor(index/10)+1.
 * @throws RangeError for a negative or fractional index.
 */
export function pageForIndex(index: number): number {
  assertIndex(index);
  return Math.floor(index / PAGE_SIZE) + 1;
}

/** The 0-based index of the first item of 1-based `page`. */
export function startIndexOfPage(page: number): number {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a whole number >= 1, got ${page}`);
  return (page - 1) * PAGE_SIZE;
}

/**
 * What to fetch ahead while the item at `index` is on screen: index mod 10
 * in 7-9 fetches the next page, in 0-2 the previous one (SPEC.md section 4).
 * There is no previous page before page 1, and no next page once the page
 * holding `index` reaches `total` items (when `total` is known).
 * @param index 0-based index of the item in the whole feed.
 * @param total items in the whole feed (`total_length`), if known.
 * @throws RangeError for a negative or fractional index.
 */
export function prefetchDirection(index: number, total?: number): PrefetchDirection {
  const page = pageForIndex(index);
  const pos = index % PAGE_SIZE;
  if (pos >= 7) {
    if (total !== undefined && page * PAGE_SIZE >= total) return 'none';
    return 'next';
  }
  if (pos <= 2) return page > 1 ? 'prev' : 'none';
  return 'none';
}
