import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import type { FeedEntry } from '../lib/feed-list';
import { initialFeedState, useFeedStore } from '../store';
import { ReelSlide } from './reel-slide';

const path = vi.hoisted(() => ({ current: '/reels' }));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => path.current,
}));

const ITEM = feedItem({ topic_name: 'Rooftop solar' });
const ENTRY: FeedEntry = { kind: 'reel', index: 0, serverIndex: 0, item: ITEM };
const PARAMS = { filter: {}, startPage: 1 };
const LANGS = [['en', en], ['hi', hi], ['he', he]] as const;
let onLine: ReturnType<typeof vi.spyOn>;

function slide(position = 0) {
  return <ReelSlide entry={ENTRY} position={position} total={5} mode="active" params={PARAMS} onSignal={() => undefined} />;
}

beforeEach(() => {
  useFeedStore.setState(initialFeedState);
  path.current = '/reels';
  // happy-dom has no Media Source Extensions: it stands for a browser that plays HLS itself.
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  useFeedStore.setState(initialFeedState);
});

function goOnline() {
  onLine.mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('ReelSlide without a network', () => {
  it.each(LANGS)('shows the offline state for a reel swiped to offline, in %s', (locale, msgs) => {
    onLine.mockReturnValue(false);
    renderWithApp(slide(), { locale });
    const state = screen.getByTestId('reel-offline');
    expect(state.getAttribute('role')).toBe('status');
    expect(state.textContent).toContain(msgs.offline.pageTitle);
    expect(state.textContent).toContain(msgs.reels.offlineReel);
    expect(screen.getByRole('button', { name: msgs.offline.retry })).toBeTruthy();
  });

  it('loads the reel again by itself when the browser is back online', () => {
    onLine.mockReturnValue(false);
    const { container } = renderWithApp(slide());
    const before = container.querySelector('video');
    expect(screen.queryByTestId('reel-offline')).not.toBeNull();
    goOnline();
    expect(screen.queryByTestId('reel-offline')).toBeNull();
    const after = container.querySelector('video');
    // A fresh player, which asks for the reel again.
    expect(after).not.toBe(before);
    expect(after?.getAttribute('src')).toBe(ITEM.pre_signed_url_video);
  });

  it('"Try again" asks for the reel again', async () => {
    onLine.mockReturnValue(false);
    const { container, user } = renderWithApp(slide());
    const before = container.querySelector('video');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(container.querySelector('video')).not.toBe(before);
  });

  it('shows nothing of the sort while online', () => {
    renderWithApp(slide());
    expect(screen.queryByTestId('reel-offline')).toBeNull();
  });
});

describe('ReelSlide "Tap for sound" on a shared link', () => {
  it.each(LANGS)('shows the pill on the first muted reel of /share/<slug>, gone after the tap that unmutes, in %s', async (locale, msgs) => {
    path.current = '/share/abc123';
    const { user } = renderWithApp(slide(0), { locale });
    expect(screen.getByTestId('tap-for-sound').textContent).toBe(msgs.reels.tapForSound);
    await user.click(screen.getByTestId('reel-toggle'));
    expect(useFeedStore.getState().mute).toBe(false);
    expect(screen.queryByTestId('tap-for-sound')).toBeNull();
  });

  it('is on /share too, but not on a later reel, nor when the person muted it themselves, nor outside shared links', () => {
    path.current = '/share';
    const first = renderWithApp(slide(0));
    expect(screen.queryByTestId('tap-for-sound')).not.toBeNull();
    first.unmount();
    const later = renderWithApp(slide(1));
    expect(screen.queryByTestId('tap-for-sound')).toBeNull();
    later.unmount();
    useFeedStore.setState({ mute: true, mutedByChoice: true });
    const chosen = renderWithApp(slide(0));
    expect(screen.queryByTestId('tap-for-sound')).toBeNull();
    chosen.unmount();
    useFeedStore.setState(initialFeedState);
    path.current = '/reels';
    renderWithApp(slide(0));
    expect(screen.queryByTestId('tap-for-sound')).toBeNull();
  });
});
