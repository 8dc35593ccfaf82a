import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LazyWhenNear, NearViewportLink } from './near-viewport-link';
import { FakeObserver, useFakeObserver } from '@/tests/fixtures/intersection-observer';

/** Every `prefetch` value next/link was rendered with, in order. */
const prefetchProps: unknown[] = [];
vi.mock('next/link', async () => {
  const { forwardRef, createElement } = await import('react');
  return {
    default: forwardRef<HTMLAnchorElement, { href: string; prefetch?: unknown; children?: unknown }>(function Link({ prefetch, ...rest }, ref) {
      prefetchProps.push(prefetch);
      return createElement('a', { ...rest, ref });
    }),
  };
});

useFakeObserver();

afterEach(() => {
  prefetchProps.length = 0;
});

describe('NearViewportLink', () => {
  it('turns prefetching on only once it comes within 200 px of the viewport', () => {
    render(<NearViewportLink href="/topic/abc">Rooftop</NearViewportLink>);
    const link = screen.getByRole('link', { name: 'Rooftop' });
    expect(link.getAttribute('href')).toBe('/topic/abc');
    expect(FakeObserver.all.map((o) => o.options.rootMargin)).toEqual(['200px']);
    act(() => vi.advanceTimersByTime(1000));
    expect(new Set(prefetchProps)).toEqual(new Set([false]));
    act(() => {
      FakeObserver.enter(link);
      vi.advanceTimersByTime(0);
    });
    expect(prefetchProps.at(-1)).toBe('auto');
    expect(link.getAttribute('data-prefetch')).toBe('auto');
    // It stays on; the observer is gone.
    expect(FakeObserver.all[0].targets.size).toBe(0);
  });
});

describe('LazyWhenNear', () => {
  it('renders its content 200 ms after it comes within 200 px of the viewport, not before', () => {
    render(<LazyWhenNear placeholder={<span>waiting</span>}><img alt="Net metering" src="/p.jpg" /></LazyWhenNear>);
    screen.getByText('waiting');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('img')).toBeNull();
    const spot = screen.getByText('waiting').parentElement!;
    expect(FakeObserver.all[0].options.rootMargin).toBe('200px');
    act(() => {
      FakeObserver.enter(spot);
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByRole('img')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    screen.getByRole('img', { name: 'Net metering' });
  });

  it('without IntersectionObserver the content still comes, after the delay', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyWhenNear><p>card</p></LazyWhenNear>);
    expect(screen.queryByText('card')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    screen.getByText('card');
  });
});
