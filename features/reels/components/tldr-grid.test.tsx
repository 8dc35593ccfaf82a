import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import type { TldrEntry } from '../schemas';
import { EAGER_CARDS, TldrGrid } from './tldr-grid';

/** Topic `n`'s entry with a summary reel; `over` changes the reel. */
function entry(n: number, over: Parameters<typeof feedItem>[0] = {}): TldrEntry {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    topic_id: id, topic_name: `Topic ${n}`, topic_slug: `topic-${n}`, type_tag: 'FREE', topic_pic: null,
    content: feedItem({ id, topic: id, is_tldr: true, ...over }),
  };
}

/**
 * Matches the accessible name `name`. happy-dom lays out no CSS, so Testing
 * Library puts a space around every element's text, also before the
 * screen-reader-only ", ..." that a browser joins to the word before it.
 */
const named = (name: string) => (actual: string) => actual.replace(/ ,/g, ',') === name;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TldrGrid', () => {
  it('marks a topic whose summary this viewer finished as complete, and only that one', () => {
    renderWithApp(<TldrGrid entries={[entry(1, { watched: true, vidWatched: true }), entry(2, { watched: true }), entry(3)]} />);
    const cards = screen.getAllByTestId('tldr-card');
    expect(cards.map((c) => c.getAttribute('data-complete'))).toEqual(['true', 'false', 'false']);
    expect(screen.getAllByTestId('tldr-complete')).toHaveLength(1);
    expect(screen.getByRole('link', { name: named('Topic 1 FREE Complete, watch the summary') })).toBe(cards[0]);
    expect(screen.getByRole('link', { name: named('Topic 2 FREE, watch the summary') })).toBe(cards[1]);
  });

  it('names a topic without a summary reel by its text and where it leads, its topic feed', () => {
    renderWithApp(<TldrGrid entries={[{ ...entry(4), type_tag: 'HOT', content: null }]} />);
    const card = screen.getByRole('link', { name: named('Topic 4 Summary coming soon HOT, all videos of the topic') });
    expect(card.getAttribute('href')).toBe(`/topic/${entry(4).topic_id}`);
    expect(card.hasAttribute('aria-label')).toBe(false);
  });

  it('renders the first screen of thumbnails at once and the rest 200 ms after they come near', () => {
    vi.useFakeTimers();
    // A viewport where every card is within 200 px (a tall window): each spot is near at once; the 200 ms delay still holds.
    vi.stubGlobal('IntersectionObserver', class {
      constructor(private readonly cb: IntersectionObserverCallback) {}
      observe(target: Element) { this.cb([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver); }
      unobserve() {}
      disconnect() {}
      takeRecords() { return []; }
    });
    const entries = Array.from({ length: EAGER_CARDS + 2 }, (_, i) => entry(i + 1));
    renderWithApp(<TldrGrid entries={entries} />);
    const withImg = () => screen.getAllByTestId('tldr-card').map((c) => c.querySelector('img') !== null);
    expect(withImg()).toEqual([...Array(EAGER_CARDS).fill(true), false, false]);
    act(() => vi.advanceTimersByTime(200));
    expect(withImg()).toEqual(Array(EAGER_CARDS + 2).fill(true));
  });
});
