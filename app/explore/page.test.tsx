import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import { renderWithApp } from '@/tests/fixtures/render';
import ExplorePage from './page';
import { FakeObserver, useFakeObserver } from '@/tests/fixtures/intersection-observer';

/** The `prefetch` value next/link was last rendered with, per href. */
const prefetchOf = new Map<string, unknown>();
vi.mock('next/link', async () => {
  const { forwardRef, createElement } = await import('react');
  return {
    default: forwardRef<HTMLAnchorElement, { href: string; prefetch?: unknown; children?: unknown }>(function Link({ prefetch, ...rest }, ref) {
      prefetchOf.set(rest.href, prefetch);
      return createElement('a', { ...rest, ref });
    }),
  };
});
// The site's Organization node needs the request's origin: the page's own content is under test here.
vi.mock('../_lib/structured-data', () => ({ siteGraph: async () => ({ '@context': 'https://schema.org', '@graph': [] }) }));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }) }));
// "Earn now" is a button (it asks who is signed in, which is not under test here).
vi.mock('@/features/auth/components/earn-now-button', () => ({
  EarnNowButton: ({ label }: { label: string }) => <button type="button">{label}</button>,
}));
// The page is a server component: its translations come from the real English messages.
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace: keyof typeof en) => createTranslator({ locale: 'en', messages: en, namespace }),
}));

useFakeObserver();

afterEach(() => {
  prefetchOf.clear();
});

describe('Explore', () => {
  it('prefetches none of its pages until a link comes within 200 px of the viewport, then only that one', async () => {
    renderWithApp(await ExplorePage());
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/search', '/assistant', '/reels', '/subsidy']);
    // Every link watches the 200 px margin; none has next/link's default (prefetch of every link in view).
    expect(FakeObserver.all.map((o) => o.options.rootMargin)).toEqual(['200px', '200px', '200px', '200px']);
    act(() => vi.advanceTimersByTime(1000));
    expect([...prefetchOf.values()]).toEqual([false, false, false, false]);
    expect(links.map((l) => l.getAttribute('data-prefetch'))).toEqual(['off', 'off', 'off', 'off']);

    const subsidy = screen.getByRole('link', { name: en.explore.subsidyCard.cta });
    act(() => {
      FakeObserver.enter(subsidy);
      vi.advanceTimersByTime(0);
    });
    expect(Object.fromEntries(prefetchOf)).toEqual({ '/search': false, '/assistant': false, '/reels': false, '/subsidy': 'auto' });
    expect(subsidy.getAttribute('data-prefetch')).toBe('auto');
  });
});
