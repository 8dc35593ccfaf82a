import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onlineManager } from '@tanstack/react-query';
import { feedItem } from '@/tests/fixtures/feed';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import type { Locale } from '@/lib/constants';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { searchQuerySchema, searchResponseSchema, type FeedItem, type SearchResponse, type SearchTopic } from '../schemas';
import { RECENT_SEARCHES_KEY } from '../lib/recent-searches';
import { TYPEAHEAD_DEBOUNCE_MS } from './search-field';
import { SearchScreen } from './search-screen';

/** The page's address as next/navigation tells it: `replace` changes it and the screen re-renders, as the router would. */
const nav = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = {
    params: new URLSearchParams(),
    go(href: string) {
      state.params = new URLSearchParams(href.includes('?') ? href.slice(href.indexOf('?') + 1) : '');
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return state;
});
const replace = vi.fn((href: string) => nav.go(href));
vi.mock('next/navigation', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useRouter: () => ({ push: vi.fn(), replace, back: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
    useSearchParams: () => useSyncExternalStore(nav.subscribe, () => nav.params),
    usePathname: () => '/search',
  };
});

/*
 * The search screen (/search) against the real API paths, answered by MSW
 * with shapes the API's own zod schemas accept: GET
 * /feeds-server/api/v1/search (searchQuerySchema in, searchResponseSchema
 * out) and GET /uploader-read/api/v3/topics (the popular searches).
 */

const MESSAGES = { en, hi, he };

/** A small library: reels and topics with the words they are found by. */
const reel = (n: number, words: string, over: Partial<FeedItem> = {}) =>
  feedItem({ id: `5e000000-0000-4000-8000-${String(n).padStart(12, '0')}`, option_name: `Option ${n}`, description: words, duration: 30 + n, ...over });
const LIBRARY: { reels: FeedItem[]; topics: (SearchTopic & { words: string })[]; questions: { q: string; words: string }[] } = {
  reels: [
    ...Array.from({ length: 12 }, (_, i) => reel(i + 1, `sabsidi subsidy सब्सिडी reel ${i + 1}`)),
    reel(50, 'net meter', { option_name: 'Net meter' }),
  ],
  topics: [{ id: 't1', slug: 'pm-surya-ghar', name: 'PM Surya Ghar subsidy', pic: null, words: 'sabsidi subsidy सब्सिडी' }],
  questions: [
    { q: 'Subsidy kitni milti hai?', words: 'sabsidi subsidy सब्सिडी' },
    { q: 'Subsidy kab aati hai?', words: 'sabsidi subsidy सब्सिडी' },
  ],
};
const QUESTIONS = LIBRARY.questions.map((x) => x.q);

/** The requests the screen made: search words (with lang and page), and topics asked for. */
let searches: { q: string; lang?: string; page: number; at: number }[] = [];

function answer(q: string, lang: 'en' | 'hi' | 'he', page: number): SearchResponse {
  const words = q.toLowerCase().split(/\s+/);
  const hit = (text: string) => words.some((w) => text.toLowerCase().includes(w));
  const reels = LIBRARY.reels.filter((r) => hit(r.description));
  const topics = LIBRARY.topics.filter((tp) => hit(tp.words)).map(({ words: _words, ...tp }) => tp);
  const questions = LIBRARY.questions.filter((x) => hit(x.words)).map((x) => x.q);
  const slice = <T,>(xs: T[]) => xs.slice((page - 1) * 10, page * 10);
  return searchResponseSchema.parse({
    reels: slice(reels), topics: slice(topics), questions: slice(questions), page,
    has_more: [reels, topics, questions].some((xs) => xs.length > page * 10), lang,
  });
}

function answerApi() {
  server.use(
    http.get('/feeds-server/api/v1/search', ({ request }) => {
      const query = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      searches.push({ q: query.q, lang: query.lang, page: query.page, at: performance.now() });
      return HttpResponse.json(answer(query.q, query.lang ?? 'en', query.page));
    }),
    http.get('/uploader-read/api/v3/topics', () => HttpResponse.json({
      topics: [
        { id: 't1', slug: 'pm-surya-ghar', name: 'PM Surya Ghar subsidy', description: '', type_tag: 'HOT', pic: null, sort_order: 1, category_count: 1, option_count: 1, content_count: 12 },
        { id: 't2', slug: 'net-metering', name: 'Net metering', description: '', type_tag: 'FREE', pic: null, sort_order: 2, category_count: 1, option_count: 1, content_count: 1 },
        { id: 't3', slug: 'empty', name: 'Coming soon', description: '', type_tag: 'FREE', pic: null, sort_order: 3, category_count: 0, option_count: 0, content_count: 0 },
      ],
    })),
  );
}

function renderScreen(opts: { q?: string; locale?: Locale; queryClient?: ReturnType<typeof testQueryClient> } = {}) {
  nav.go(opts.q ? `/search?q=${encodeURIComponent(opts.q)}` : '/search');
  return renderWithApp(<SearchScreen />, { locale: opts.locale, queryClient: opts.queryClient });
}

const field = () => screen.getByRole('searchbox', { name: en.search.label });
const status = () => screen.getByTestId('search-status');
const recentShown = () => screen.queryAllByTestId('search-recent').map((b) => b.textContent);

beforeEach(() => {
  searches = [];
  replace.mockClear();
  answerApi();
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('search screen: typing and submitting', () => {
  it('is a labelled searchbox in a search landmark, and waits for typing to pause before the typeahead asks', async () => {
    const { user } = renderScreen();
    expect(within(screen.getByRole('search')).getByRole('searchbox', { name: en.search.label })).toBe(field());
    await user.type(field(), 'sabsidi');
    const typedAt = performance.now();
    // Seven keys, one request: for the whole word, once typing paused.
    expect(searches).toEqual([]);
    const list = await screen.findByRole('listbox', { name: en.search.suggestions });
    expect(searches.map((s) => [s.q, s.lang, s.page])).toEqual([['sabsidi', 'en', 1]]);
    expect(searches[0].at - typedAt).toBeGreaterThanOrEqual(TYPEAHEAD_DEBOUNCE_MS - 20);
    // The topic found and the assistant's questions, from the search's own answer.
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['PM Surya Ghar subsidy', ...QUESTIONS]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('Enter puts the words in the address (replaced, shareable) and shows their results', async () => {
    const { user } = renderScreen();
    await user.type(field(), '  sabsidi {Enter}');
    expect(replace).toHaveBeenCalledWith('/search?q=sabsidi', { scroll: false });
    expect(await screen.findAllByTestId('search-reel')).toHaveLength(10);
    expect(field()).toHaveProperty('value', 'sabsidi');
  });

  it('ArrowDown marks a suggestion and Enter searches it', async () => {
    const { user } = renderScreen();
    await user.type(field(), 'subsidy');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const marked = screen.getAllByRole('option')[1];
    expect(marked.getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(marked.id);
    await user.keyboard('{Enter}');
    expect(replace).toHaveBeenLastCalledWith(`/search?q=${encodeURIComponent(QUESTIONS[0]).replace(/%20/g, '+')}`, { scroll: false });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('search screen: recent searches', () => {
  it('keeps the last 8 searches on the device, newest first, each once whatever its case, and clears them with one button', async () => {
    const { user } = renderScreen();
    const words = ['solar', 'Subsidy', 'net meter', 'inverter', 'battery', 'panel', 'cost', 'loan', 'subsidy'];
    for (const w of words) {
      await user.clear(field());
      await user.type(field(), `${w}{Enter}`);
    }
    await user.click(screen.getByRole('button', { name: en.search.clear }));
    // 'Subsidy' then 'subsidy': one entry, the newest spelling, first.
    expect(recentShown()).toEqual(['subsidy', 'loan', 'cost', 'panel', 'battery', 'inverter', 'net meter', 'solar']);
    expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(recentShown());

    // Two more: the list holds 8 at most, the oldest go.
    for (const w of ['meter', 'roof']) {
      await user.type(field(), `${w}{Enter}`);
      await user.click(screen.getByRole('button', { name: en.search.clear }));
    }
    expect(recentShown()).toEqual(['roof', 'meter', 'subsidy', 'loan', 'cost', 'panel', 'battery', 'inverter']);

    // A recent search runs again.
    await user.click(screen.getByRole('button', { name: 'loan' }));
    expect(replace).toHaveBeenLastCalledWith('/search?q=loan', { scroll: false });
    await user.click(screen.getByRole('button', { name: en.search.clear }));
    expect(recentShown()[0]).toBe('loan');

    await user.click(screen.getByRole('button', { name: en.search.clearRecent }));
    expect(recentShown()).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('offers popular searches from the library\'s topics (HOT first, only topics with videos) while the field is empty', async () => {
    const { user } = renderScreen();
    const popular = await screen.findAllByTestId('search-popular');
    expect(popular.map((b) => b.textContent)).toEqual(['PM Surya Ghar subsidy', 'Net metering']);
    await user.click(popular[1]);
    expect(replace).toHaveBeenCalledWith('/search?q=Net+metering', { scroll: false });
  });
});

describe('search screen: results', () => {
  it('shows the reels as a grid of three, the topics as chips, the assistant row, and says how many politely', async () => {
    const { user } = renderScreen({ q: 'sabsidi' });
    const grid = await screen.findByTestId('search-grid');
    expect(grid.className).toContain('grid-cols-3');
    const cards = within(grid).getAllByTestId('search-reel');
    expect(cards).toHaveLength(10);
    // The first result: its option, its length, a feed of the search opened at it.
    const first = LIBRARY.reels[0];
    expect(cards[0].getAttribute('href')).toBe(`/reels?q=sabsidi&page=1&at=${first.id}`);
    expect(cards[0].textContent).toContain('Option 1');
    expect(cards[0].textContent).toContain('0:31');
    expect(cards[0].textContent).toContain('31 seconds');
    const img = cards[0].querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['180', '320', '']);
    expect(cards[9].querySelector('img')!.getAttribute('loading')).toBe('lazy');

    expect(screen.getByRole('link', { name: /PM Surya Ghar subsidy/ }).getAttribute('href')).toBe('/topic/pm-surya-ghar');
    const ask = screen.getByRole('link', { name: /Ask the AI assistant/ });
    expect(ask.getAttribute('href')).toBe('/assistant?q=sabsidi');
    expect(ask.textContent).toContain('“sabsidi”');

    const live = status();
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('10 videos and 1 topic for “sabsidi”. More results below.');

    await user.click(screen.getByRole('button', { name: en.search.loadMore }));
    await waitFor(() => expect(within(grid).getAllByTestId('search-reel')).toHaveLength(12));
    expect(within(grid).getAllByTestId('search-reel')[11].getAttribute('href')).toBe(`/reels?q=sabsidi&page=2&at=${LIBRARY.reels[11].id}`);
    expect(status().textContent).toBe('12 videos and 1 topic for “sabsidi”.');
    expect(screen.queryByRole('button', { name: en.search.loadMore })).toBeNull();
    expect(searches.map((s) => s.page)).toEqual([1, 2]);
  });

  it('with nothing found says so, and still offers the assistant', async () => {
    renderScreen({ q: 'xyzzy' });
    expect(await screen.findByRole('heading', { name: 'Nothing found for “xyzzy”' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ask the AI assistant/ }).getAttribute('href')).toBe('/assistant?q=xyzzy');
    expect(screen.queryByTestId('search-grid')).toBeNull();
    expect(status().textContent).toBe('Nothing found for “xyzzy”');
  });

  it('a failed search says so with a retry, which asks again', async () => {
    server.use(http.get('/feeds-server/api/v1/search', () => HttpResponse.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })));
    const { user } = renderScreen({ q: 'sabsidi' });
    expect(await screen.findByTestId('search-error')).toBeTruthy();
    expect(status().textContent).toBe(en.search.error);
    answerApi();
    await user.click(screen.getByRole('button', { name: en.search.retry }));
    expect(await screen.findByTestId('search-grid')).toBeTruthy();
  });
});

describe('search screen: offline', () => {
  function goOffline() {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // As the browser does: the address changes without a server (the router cannot fetch the next page).
    vi.spyOn(window.history, 'replaceState').mockImplementation((_s, _t, url) => nav.go(String(url)));
    act(() => {
      onlineManager.setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
  }

  it('lists the recent searches; one whose results this page holds opens from them, another says it needs the network', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['inverter']));
    const queryClient = testQueryClient();
    const { user } = renderScreen({ queryClient });
    await user.type(field(), 'net meter{Enter}');
    await screen.findByTestId('search-grid');
    await user.click(screen.getByRole('button', { name: en.search.clear }));

    goOffline();
    server.use(http.get('/feeds-server/api/v1/search', () => HttpResponse.error()));
    expect(screen.getByTestId('search-offline').textContent).toBe(en.search.offline);
    expect(recentShown()).toEqual([`net meter${en.search.savedOffline}`, 'inverter']);
    expect(screen.queryByTestId('search-popular')).toBeNull();

    await user.click(screen.getAllByTestId('search-recent')[0]);
    expect(vi.mocked(window.history.replaceState).mock.calls.map((c) => c[2])).toEqual(['/search?q=net+meter']);
    expect(within(await screen.findByTestId('search-grid')).getAllByTestId('search-reel')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: en.search.clear }));
    await user.click(screen.getByRole('button', { name: 'inverter' }));
    expect((await screen.findAllByTestId('search-offline'))[0].textContent).toBe(en.search.offlineQuery);
    expect(status().textContent).toBe(en.search.offlineQuery);
    // The recent searches are still there to pick from.
    expect(recentShown()).toEqual(['inverter', `net meter${en.search.savedOffline}`]);
  });

  it('a search the network does not answer while the browser thinks it is online also says so', async () => {
    server.use(http.get('/feeds-server/api/v1/search', () => HttpResponse.error()));
    renderScreen({ q: 'sabsidi' });
    expect((await screen.findByTestId('search-offline')).textContent).toBe(en.search.offlineQuery);
  });
});

describe('search screen in each language', () => {
  it.each([
    ['en', 'sabsidi', '10 videos and 1 topic for “sabsidi”. More results below.'],
    ['hi', 'सब्सिडी', '“सब्सिडी” के लिए 10 वीडियो और 1 विषय। और नतीजे नीचे हैं।'],
    ['he', 'sabsidi', '“sabsidi” ke liye 10 videos aur 1 topic. Aur results neeche hain.'],
  ] as const)('%s: the field, the results and their count are in the interface language, and the search asks in it', async (locale, q, said) => {
    const m = MESSAGES[locale];
    renderScreen({ q, locale });
    expect(screen.getByRole('heading', { level: 1, name: m.search.title })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: m.search.label })).toBeTruthy();
    await screen.findByTestId('search-grid');
    expect(status().textContent).toBe(said);
    expect(screen.getByRole('link', { name: new RegExp(m.search.ask) }).getAttribute('href')).toBe(`/assistant?q=${encodeURIComponent(q)}`);
    expect(searches[0]).toMatchObject({ q, lang: locale });
  });

  it('hi: with an empty field, the popular and recent searches are headed in Hindi', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['सब्सिडी']));
    renderScreen({ locale: 'hi' });
    expect(screen.getByRole('heading', { name: hi.search.recent })).toBeTruthy();
    expect(screen.getByRole('button', { name: hi.search.clearRecent })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: hi.search.popular })).toBeTruthy();
  });
});
