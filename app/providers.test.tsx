import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { initialFeedState, useFeedStore } from '@/features/reels/store';
import { Providers } from './providers';

// The slot reads the current path: the test moves between pages by changing it.
const nav = vi.hoisted(() => ({ pathname: '/explore' }));
vi.mock('next/navigation', () => ({
  usePathname: () => nav.pathname,
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

const ITEM = feedItem({ id: '7d2f0c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f', topic_name: 'Rooftop solar' });
/** A new page body each time, as a navigation renders one. */
const shell = () => <Providers dataSaver={{ choice: null, browserAsks: false }}><p>page</p></Providers>;

function renderShell(pathname: string) {
  nav.pathname = pathname;
  return renderWithApp(shell());
}

beforeEach(() => {
  useFeedStore.setState({ ...initialFeedState, feedHref: '/topic/solar' });
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  useFeedStore.setState(initialFeedState);
});

describe('the mini player in the app shell', () => {
  it('shows the reel that left the feed on a page without a player, leading back to that feed', async () => {
    useFeedStore.getState().setLastReel({ item: ITEM, time: 3.5, playing: true });
    renderShell('/explore');
    await screen.findByRole('complementary', { name: 'Mini player' });
    expect(screen.getByTestId('mini-player-open').getAttribute('href')).toBe('/topic/solar');
  });

  it('stays away without a reel, and on the pages that have their own player', async () => {
    const first = renderShell('/explore');
    await act(async () => {});
    expect(screen.queryByTestId('mini-player')).toBeNull();
    first.unmount();
    useFeedStore.getState().setLastReel({ item: ITEM, time: 3.5, playing: true });
    for (const path of ['/reels', '/topic/abc', '/content/abc', '/tldr/some-topic', '/share/abc']) {
      const r = renderShell(path);
      await act(async () => {});
      expect(screen.queryByTestId('mini-player'), path).toBeNull();
      r.unmount();
    }
  });

  it('stays away while the data saver is on', async () => {
    useFeedStore.getState().setLastReel({ item: ITEM, time: 3.5, playing: true });
    nav.pathname = '/explore';
    renderWithApp(<Providers dataSaver={{ choice: 'on', browserAsks: false }}><p>page</p></Providers>);
    await act(async () => {});
    expect(screen.queryByTestId('mini-player')).toBeNull();
  });

  it('back on the Videos tab it goes away and hands its reel and position to the feed', async () => {
    useFeedStore.getState().setLastReel({ item: ITEM, time: 3.5, playing: true });
    const { rerender } = renderShell('/explore');
    await screen.findByTestId('mini-player');
    nav.pathname = '/reels';
    rerender(shell());
    await waitFor(() => expect(screen.queryByTestId('mini-player')).toBeNull());
    expect(useFeedStore.getState().takeResume(ITEM.id)).toBe(3.5);
  });

  it('once closed it stays closed on the next page', async () => {
    useFeedStore.getState().setLastReel({ item: ITEM, time: 3.5, playing: true });
    const { user, rerender } = renderShell('/explore');
    await user.click(await screen.findByRole('button', { name: 'Close the mini player' }));
    await waitFor(() => expect(screen.queryByTestId('mini-player')).toBeNull());
    nav.pathname = '/profile';
    rerender(shell());
    await act(async () => {});
    expect(screen.queryByTestId('mini-player')).toBeNull();
  });
});
