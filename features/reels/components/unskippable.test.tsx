import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { feedItem, feedResponse } from '@/tests/fixtures/feed';
import { renderWithApp, testQueryClient } from '@/tests/fixtures/render';
import { reelsKeys } from '../api/feed';
import { feedListFromPage, setVidWatched, type FeedList } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import { useFeedStore } from '../store';
import { lockedAt, ReelsFeed } from './reels-feed';
import { secondsLeft } from './unskippable-hint';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));
// The player itself is not under test: a slide's <video> needs media support the test DOM lacks.
vi.mock(import('../lib/first-media'), () => ({ firstMediaRequests: () => [] }));
vi.mock(import('./load-hls'), async (importOriginal) => ({ ...(await importOriginal()), loadHls: () => new Promise(() => undefined) }));

/**
 * Unskippable reels (SPEC.md section 9, button_configs.unskippable_videos):
 * the first N reels of a partner's feed cannot be left forward by keys,
 * buttons, swipes or the wheel until they have played to their end.
 */
const A = feedItem({ id: 'a0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d', duration: 12 });
const B = feedItem({ id: 'b0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d', duration: 12 });
const C = feedItem({ id: 'c0a1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d', duration: 12 });

function renderFeed(unskippable: number) {
  useFeedStore.setState({ activeIndex: 0, activeId: null, feedKey: null });
  const params: FeedListParams = { filter: { partner_id: 'sun-partners' }, startPage: 1 };
  const queryClient = testQueryClient();
  queryClient.setQueryData(reelsKeys.list(params), feedListFromPage(feedResponse([A, B, C])));
  const view = renderWithApp(
    <ReelsFeed params={params} urlFilter={{}} layout="partner" partnerName="Sun Partners" unskippable={unskippable} />,
    { queryClient },
  );
  /** The player's completion of reel `id` (what onSignal('complete') writes); resolves once the feed shows it. */
  const finish = async (id: string) => {
    act(() => {
      queryClient.setQueryData<FeedList>(reelsKeys.list(params), (l) => (l ? setVidWatched(l, id) : l));
    });
    await waitFor(() => expect(screen.queryByTestId('unskippable-hint')).toBeNull());
  };
  return { ...view, finish };
}

const activeId = () => screen.getAllByTestId('reel').find((r) => r.dataset.active === 'true')?.dataset.contentId;
const viewport = () => screen.getByTestId('reel-player').querySelector('[aria-roledescription="carousel"]') as HTMLElement;
const swipeUp = () => {
  fireEvent.touchStart(viewport(), { touches: [{ clientX: 100, clientY: 600 }] });
  fireEvent.touchMove(viewport(), { touches: [{ clientX: 100, clientY: 100 }] });
  fireEvent.touchEnd(viewport(), { touches: [] });
};
const wheelDown = () => fireEvent.wheel(viewport(), { deltaY: 400, deltaMode: 0 });

describe('unskippable reels', () => {
  it('without unskippable reels, keys, the buttons, a swipe and the wheel move on at once (the control case)', () => {
    renderFeed(0);
    expect(activeId()).toBe(A.id);
    expect(screen.queryByTestId('unskippable-hint')).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeId()).toBe(B.id);
    fireEvent.click(screen.getByRole('button', { name: 'Next video' }));
    expect(activeId()).toBe(C.id);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(activeId()).toBe(A.id);
    swipeUp();
    expect(activeId()).toBe(B.id);
    wheelDown();
    expect(activeId()).toBe(C.id);
  });

  it('the first reel holds against keys, the next button, a swipe and the wheel until it ends; then the feed moves on', async () => {
    const { finish } = renderFeed(1);
    expect(activeId()).toBe(A.id);
    const hint = screen.getByTestId('unskippable-hint');
    expect(hint.textContent).toContain('Watch to the end to continue');
    expect(hint.dataset.secondsLeft).toBe('12');
    expect((screen.getByRole('button', { name: 'Next video' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'PageDown' });
    swipeUp();
    wheelDown();
    expect(activeId()).toBe(A.id);
    expect(screen.getByTestId('unskippable-hint').dataset.nudged).toBe('true');

    await finish(A.id);
    expect((screen.getByRole('button', { name: 'Next video' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    // The second reel is past the unskippable count: it can be left at once.
    expect(activeId()).toBe(B.id);
    expect(screen.queryByTestId('unskippable-hint')).toBeNull();
    swipeUp();
    expect(activeId()).toBe(C.id);
  });

  it('going back is always allowed, and two unskippable reels each wait for their own end', async () => {
    const { finish } = renderFeed(2);
    screen.getByTestId('unskippable-hint');
    await finish(A.id);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeId()).toBe(B.id);
    screen.getByTestId('unskippable-hint');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(activeId()).toBe(B.id);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(activeId()).toBe(A.id);
  });
});

describe('lockedAt and secondsLeft', () => {
  const list = feedListFromPage(feedResponse([A, { ...B, vidWatched: true }, C]));
  it('counts reels (not chat cards) from the start; a reel already watched to its end is free', () => {
    expect(lockedAt(list.entries, 0, 0)).toBe(false);
    expect(lockedAt(list.entries, 0, 1)).toBe(true);
    expect(lockedAt(list.entries, 1, 3)).toBe(false);
    expect(lockedAt(list.entries, 2, 2)).toBe(false);
    expect(lockedAt(list.entries, 2, 3)).toBe(true);
    const withChat = [{ kind: 'chatbot' as const, id: 'chat-0', topicId: null }, ...list.entries] as unknown as FeedList['entries'];
    expect(lockedAt(withChat, 0, 1)).toBe(false);
    expect(lockedAt(withChat, 1, 1)).toBe(true);
  });

  it('reads the seconds left from the player, else the reel\'s length', () => {
    expect(secondsLeft(null, 12)).toBe(12);
    expect(secondsLeft({ currentTime: 4.2, duration: 12 }, 30)).toBe(8);
    expect(secondsLeft({ currentTime: 0, duration: NaN }, 12)).toBe(12);
    expect(secondsLeft({ currentTime: 13, duration: 12 }, 12)).toBe(0);
  });
});
