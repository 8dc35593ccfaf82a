import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import type { Locale } from '@/lib/constants';
import { feedItem } from '@/tests/fixtures/feed';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { searchResponseSchema, type SearchResponse } from '@/features/reels/schemas';
import SearchPage, { generateMetadata } from './page';

const MESSAGES = { en, hi, he } as const;
/** The request: its interface language and `?q=`, and the searches the page made through the service. */
const request = vi.hoisted(() => ({
  locale: 'en' as Locale, params: new URLSearchParams(),
  searches: [] as { q: string; lang: string; page: number }[], found: null as unknown,
}));

vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: request.locale, messages: MESSAGES[request.locale], namespace: namespace as 'meta' }),
}));
vi.mock('@/lib/interface-lang-server', () => ({ getInterfaceLang: async () => request.locale }));
vi.mock('../_lib/viewer', () => ({ getViewerId: async () => 'V1234567890123456789' }));
vi.mock('../_lib/seo', () => ({ pageAlternates: async (path: string) => ({ canonical: path }) }));
// The page's server data (app/_lib/data.ts) without a database: the search's first page and the topics.
vi.mock('../_lib/data', () => ({
  searchResults: async (_viewer: string, q: string, lang: string, page: number) => {
    request.searches.push({ q, lang, page });
    return request.found;
  },
  topicList: async () => [{ name: 'PM Surya Ghar', type_tag: 'HOT', content_count: 3 }],
}));
vi.mock('next/navigation', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useRouter: () => ({ push: vi.fn(), replace: vi.fn(), back: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
    useSearchParams: () => useSyncExternalStore(() => () => undefined, () => request.params),
  };
});

const REEL = feedItem({ option_name: 'PM Surya Ghar', lang: 'he' });
const found = (reels = [REEL]): SearchResponse =>
  searchResponseSchema.parse({ reels, topics: [], questions: [], page: 1, has_more: false, lang: request.locale });

const props = (q?: string) => {
  request.params = new URLSearchParams(q === undefined ? '' : { q });
  return { searchParams: Promise.resolve(q === undefined ? {} : { q }) };
};

beforeEach(() => {
  request.locale = 'en';
  request.searches = [];
  request.found = found();
  // Nothing may be asked in the browser: the server's results are in the first render.
  server.use(http.get('/feeds-server/api/v1/search', () => HttpResponse.json({ error: { code: 'internal_error', message: 'asked' } }, { status: 500 })));
});

describe('/search', () => {
  it('names the words in its title, lists its language versions, and may be indexed when it finds something', async () => {
    request.locale = 'he';
    expect(await generateMetadata(props('  sabsidi  '))).toEqual({
      title: 'sabsidi: search', description: he.meta.searchDescription, alternates: { canonical: '/search?q=sabsidi' },
    });
    expect(request.searches).toEqual([{ q: 'sabsidi', lang: 'he', page: 1 }]);
  });

  it('is not indexed without words or when nothing is found', async () => {
    expect(await generateMetadata(props())).toMatchObject({ title: 'Search', alternates: { canonical: '/search' }, robots: { index: false, follow: true } });
    request.found = found([]);
    expect((await generateMetadata(props('xyzzy'))).robots).toEqual({ index: false, follow: true });
  });

  it('renders the results of ?q= on the server, in the interface language, without asking the API again', async () => {
    request.locale = 'hi';
    renderWithApp((await SearchPage(props('सब्सिडी'))) as ReactElement, { locale: 'hi' });
    const grid = screen.getByTestId('search-grid');
    expect(within(grid).getAllByTestId('search-reel').map((a) => a.getAttribute('href'))).toEqual([
      `/reels?q=${encodeURIComponent('सब्सिडी')}&page=1&at=${REEL.id}`,
    ]);
    expect(screen.getByTestId('search-status').textContent).toBe('“सब्सिडी” के लिए 1 वीडियो और कोई विषय नहीं।');
    expect(request.searches).toEqual([{ q: 'सब्सिडी', lang: 'hi', page: 1 }]);
  });

  it('without words: the popular searches come from the topics, read on the server', async () => {
    renderWithApp((await SearchPage(props())) as ReactElement);
    expect(screen.getAllByTestId('search-popular').map((b) => b.textContent)).toEqual(['PM Surya Ghar']);
    expect(request.searches).toEqual([]);
  });
});
