import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { feedItem } from '@/tests/fixtures/feed';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { reelsKeys } from '../api/feed';
import type { FeedListParams } from '../lib/filter';
import { searchFeedList } from '../lib/search-feed';
import { searchQuerySchema, searchResponseSchema, type SearchResponse } from '../schemas';
import { useFeedStore } from '../store';
import { ReelsFeed } from './reels-feed';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));
// The player itself is not under test: a slide's <video> needs media support the test DOM lacks.
vi.mock(import('../lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('./load-hls'), async (importOriginal) => ({ ...(await importOriginal()), loadHls: () => new Promise(() => undefined) }));

/**
 * The feed of a search's reels (features/reels/lib/search-feed.ts,
 * `/reels?q=&page=&at=`): it opens at the reel tapped on the search screen,
 * and the next reel is the next result, the search's later pages read from
 * GET /feeds-server/api/v1/search as the person goes on.
 */

const SEARCH = { q: 'sabsidi', lang: 'he' as const };
/** 13 results: a full first page (more to come) and three on page 2. */
const RESULTS = Array.from({ length: 13 }, (_, i) =>
  feedItem({ id: `5e000000-0000-4000-8000-${String(i).padStart(12, '0')}`, option_name: `Result ${i + 1}`, lang: 'he' }));

function pageOf(page: number): SearchResponse {
  const reels = RESULTS.slice((page - 1) * 10, page * 10);
  return searchResponseSchema.parse({ reels, topics: [], questions: [], page, has_more: page * 10 < RESULTS.length, lang: 'he' });
}

/** The search pages the feed asked the API for. */
let asked: number[] = [];
function answerSearch() {
  server.use(http.get('/feeds-server/api/v1/search', ({ request }) => {
    const query = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    expect([query.q, query.lang]).toEqual([SEARCH.q, SEARCH.lang]);
    asked.push(query.page);
    return HttpResponse.json(pageOf(query.page));
  }));
}

afterEach(() => {
  asked = [];
});

const activeId = () => screen.getAllByTestId('reel').find((r) => r.dataset.active === 'true')?.dataset.contentId;
const next = () => fireEvent.keyDown(window, { key: 'ArrowDown' });

function renderSearchFeed(at: number, seeded: boolean) {
  useFeedStore.setState({ activeIndex: 0, activeId: null, feedKey: null });
  const params: FeedListParams = { filter: {}, startPage: 1, search: SEARCH, startAt: RESULTS[at].id };
  const queryClient = testQueryClient();
  // As the server renders /reels?q=: the list of the search's start page in the cache.
  if (seeded) queryClient.setQueryData(reelsKeys.list(params), searchFeedList(pageOf(1)));
  return renderWithApp(
    <ReelsFeed params={params} urlFilter={{}} filterLabel="“sabsidi”" layout="close-button" closeHref="/search?q=sabsidi" />,
    { queryClient },
  );
}

describe('the feed of a search\'s reels', () => {
  it('opens at the reel tapped, goes on with the next results, and reads the next page of the search', async () => {
    answerSearch();
    renderSearchFeed(7, true);
    expect(activeId()).toBe(RESULTS[7].id);
    // Result 8 of a page of 10: the next page is fetched ahead (SPEC.md section 4 "Paging").
    await waitFor(() => expect(asked).toEqual([2]));
    next();
    expect(activeId()).toBe(RESULTS[8].id);
    next();
    next();
    await waitFor(() => expect(activeId()).toBe(RESULTS[10].id));
    next();
    next();
    expect(activeId()).toBe(RESULTS[12].id);
    // The last result: the end of the feed follows, nothing more is asked.
    next();
    expect(screen.getByTestId('feed-end').dataset.active).toBe('true');
    expect(asked).toEqual([2]);
  });

  it('going back shows the results before the one tapped', () => {
    answerSearch();
    renderSearchFeed(3, true);
    expect(activeId()).toBe(RESULTS[3].id);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(activeId()).toBe(RESULTS[2].id);
  });

  it('without the server\'s list, reads the start page from the search and still opens at the reel tapped', async () => {
    answerSearch();
    renderSearchFeed(1, false);
    await waitFor(() => expect(activeId()).toBe(RESULTS[1].id));
    expect(asked[0]).toBe(1);
    next();
    expect(activeId()).toBe(RESULTS[2].id);
  });

  it('closes back to the search', () => {
    answerSearch();
    renderSearchFeed(0, true);
    expect(screen.getByTestId('feed-close').getAttribute('href')).toBe('/search?q=sabsidi');
  });
});
