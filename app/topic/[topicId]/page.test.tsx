import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { FeedScreen } from '../../_lib/feed-screen';
import TopicPage from './page';
import { FakeObserver } from '@/tests/fixtures/intersection-observer';

const TOPIC = '2d9e3c4f-5a6b-4c7d-8e8f-9a0b1c2d3e4f';

/** Every href next/link was rendered with, and the `prefetch` values it had. */
const prefetchOf = new Map<string, Set<unknown>>();
vi.mock('next/link', async () => {
  const { forwardRef, createElement } = await import('react');
  return {
    default: forwardRef<HTMLAnchorElement, { href: string; prefetch?: unknown; children?: unknown }>(function Link({ prefetch, ...rest }, ref) {
      const seen = prefetchOf.get(rest.href) ?? new Set();
      seen.add(prefetch);
      prefetchOf.set(rest.href, seen);
      return createElement('a', { ...rest, ref });
    }),
    useLinkStatus: () => ({ pending: false }),
  };
});
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => `/topic/${TOPIC}`,
  notFound: () => { throw new Error('not found'); },
}));
/** The request's NEXT_LOCALE cookie and Accept-Language, and the feed pages the page asked for. */
const request = vi.hoisted(() => ({
  locale: undefined as string | undefined,
  acceptLanguage: null as string | null,
  asked: [] as { query: Record<string, unknown>; opts: Record<string, unknown> }[],
}));
// The page's server data: the topic and the first feed page of its reels, without a database.
vi.mock('../../_lib/data', () => ({
  topicOrNotFound: async (id: string) => ({ id, name: 'How the subsidy is paid', description: '', pic: null }),
  feedPage: async (_viewer: string, queryJson: string, optsJson: string) => {
    const query = JSON.parse(queryJson) as Record<string, unknown>;
    request.asked.push({ query, opts: JSON.parse(optsJson) as Record<string, unknown> });
    return {
      ...feedResponse([
        feedItem({ topic: TOPIC }),
        feedItem({ id: 'b0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d', topic: TOPIC }),
      ]),
      feed_lang: query.lang,
    };
  },
}));
vi.mock('../../_lib/nonce', () => ({ requestNonce: async () => undefined }));
// The page's structured data without the request's origin and messages: the list of its reels' pages as given.
vi.mock(import('../../_lib/structured-data'), async (importOriginal) => ({
  ...(await importOriginal()),
  listGraph: async (items) => ({ '@context': 'https://schema.org', '@graph': [{ '@type': 'ItemList', itemListElement: items.map((i, n) => ({ '@type': 'ListItem', position: n + 1, url: i.path })) }] }),
}));
// The request's language signals (feed-screen.tsx).
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'NEXT_LOCALE' && request.locale ? { value: request.locale } : undefined) }),
  headers: async () => new Headers(request.acceptLanguage ? { 'accept-language': request.acceptLanguage } : {}),
}));
vi.mock('../../_lib/viewer', () => ({ getViewerId: async () => 'V1234567890123456789' }));
vi.mock('@/lib/experiments', () => ({ topNExperimentOfRequest: async () => null }));
vi.mock('@/lib/env', () => ({ env: () => ({ CHATBOT_EVERY_N: 0 }) }));
// The player itself is not under test: a slide's <video> needs media support happy-dom lacks, and no media is preloaded.
vi.mock(import('@/features/reels/lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('@/features/reels/components/load-hls'), async (importOriginal) => ({
  ...(await importOriginal()),
  loadHls: () => new Promise(() => undefined),
}));


beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  prefetchOf.clear();
  request.locale = undefined;
  request.acceptLanguage = null;
  request.asked = [];
});

/** The topic page as the server renders it: the route's element, then its FeedScreen (an async server component) resolved. */
async function topicPage(): Promise<ReactElement> {
  const page = (await TopicPage({ params: Promise.resolve({ topicId: TOPIC }), searchParams: Promise.resolve({}) })) as ReactElement<Parameters<typeof FeedScreen>[0]>;
  expect(page.type).toBe(FeedScreen);
  return FeedScreen(page.props);
}

describe('topic page', () => {
  it('renders the feed in the language the server chose, and the language menu says which', async () => {
    request.acceptLanguage = 'hi-IN,hi;q=0.9';
    renderWithApp(await topicPage());
    expect(request.asked).toEqual([{ query: { topic_id: TOPIC, lang: 'hi', page: 1 }, opts: { fallbackToAll: true, summaryLang: 'hi' } }]);
    expect((screen.getByRole('combobox', { name: 'Video language' }) as HTMLSelectElement).value).toBe('hi');
  });

  it("lists the reels it shows for search engines: an ItemList of their share pages, in the feed's order", async () => {
    const { container } = renderWithApp(await topicPage());
    const script = container.querySelector('script[type="application/ld+json"]');
    const graph = JSON.parse(script?.textContent ?? '{}') as { '@graph': { itemListElement: { position: number; url: string }[] }[] };
    const shown = feedResponse([feedItem({ topic: TOPIC }), feedItem({ id: 'b0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d', topic: TOPIC })]).feeds;
    expect(graph['@graph'][0].itemListElement).toEqual(shown.map((r, i) => ({ '@type': 'ListItem', position: i + 1, url: `/share/${r.share_slug}` })));
  });

  it('takes the interface language over the phone\'s, and Hinglish with neither', async () => {
    request.locale = 'en';
    request.acceptLanguage = 'hi-IN';
    await topicPage();
    request.locale = undefined;
    request.acceptLanguage = null;
    await topicPage();
    expect(request.asked.map((a) => [a.query.lang, a.opts.summaryLang])).toEqual([['en', 'en'], ['he', 'en']]);
  });

  it('has no link with next/link\'s default prefetch: none fetches its page before it is near, not even once every link is in view', async () => {
    renderWithApp(await topicPage());
    await screen.findAllByTestId('reel');
    const links = screen.getAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    // Before any link is near: every one was rendered with prefetching off (next/link's default would be `undefined`).
    for (const link of links) {
      const href = link.getAttribute('href')!;
      expect.soft([...(prefetchOf.get(href) ?? [])], href).toEqual([false]);
    }
    // Once every link is near, prefetching may turn on (NearViewportLink's 'auto'), never to next/link's default.
    act(() => FakeObserver.enterAll());
    for (const [href, seen] of prefetchOf) {
      expect.soft([...seen].filter((p) => p !== false && p !== 'auto'), href).toEqual([]);
    }
  });
});
