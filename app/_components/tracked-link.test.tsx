import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TrackedLink } from './tracked-link';
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

const track = vi.hoisted(() => vi.fn());
vi.mock('@/lib/analytics/event-client', () => ({ track }));

useFakeObserver();

afterEach(() => {
  prefetchProps.length = 0;
  track.mockClear();
});

describe('TrackedLink', () => {
  it('prefetches its page only once it comes within 200 px of the viewport', () => {
    render(<TrackedLink event="SUBSIDY_BUTTON" href="/subsidy">Get started</TrackedLink>);
    const link = screen.getByRole('link', { name: 'Get started' });
    expect(link.getAttribute('href')).toBe('/subsidy');
    expect(FakeObserver.all.map((o) => o.options.rootMargin)).toEqual(['200px']);
    act(() => vi.advanceTimersByTime(1000));
    expect(new Set(prefetchProps)).toEqual(new Set([false]));
    expect(link.getAttribute('data-prefetch')).toBe('off');
    act(() => {
      FakeObserver.enter(link);
      vi.advanceTimersByTime(0);
    });
    expect(prefetchProps.at(-1)).toBe('auto');
    expect(link.getAttribute('data-prefetch')).toBe('auto');
  });

  it('records its event, with the metadata, when followed', () => {
    render(<TrackedLink event="SUBSIDY_BUTTON" metadata={{ from: 'explore' }} href="/subsidy">Get started</TrackedLink>);
    fireEvent.click(screen.getByRole('link', { name: 'Get started' }));
    expect(track).toHaveBeenCalledWith('SUBSIDY_BUTTON', { metadata: { from: 'explore' } });
  });
});
