import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { initialFeedState, useFeedStore, type LastReel } from '../store';
import { MiniPlayer } from './mini-player';

const ITEM = feedItem({ id: '7d2f0c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f', topic_name: 'Rooftop solar' });
const LAST: LastReel = { item: ITEM, time: 3.5, playing: true };

beforeEach(() => {
  useFeedStore.setState({ ...initialFeedState, lastReel: LAST });
  // happy-dom has no Media Source Extensions: it stands for a browser that plays HLS itself (an iPhone).
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  useFeedStore.setState(initialFeedState);
});

describe('MiniPlayer', () => {
  it('plays the reel muted in a labelled corner card leading back to its feed', async () => {
    renderWithApp(<MiniPlayer last={LAST} href="/reels?lang=en" />);
    const player = await screen.findByRole('complementary', { name: 'Mini player' });
    expect(screen.getByRole('link', { name: 'Back to the video: Rooftop solar' }).getAttribute('href')).toBe('/reels?lang=en');
    expect(player.querySelector('img')?.getAttribute('src')).toBe(ITEM.pre_signed_url_poster);
    const video = screen.getByTestId('mini-player-video') as HTMLVideoElement;
    // The browser's own HLS gets the reel's playlist; sound is off whatever the feed's was.
    expect(video.getAttribute('src')).toBe(ITEM.pre_signed_url_video);
    expect(video.muted).toBe(true);
  });

  it('the sound button turns its sound on and off', async () => {
    const { user } = renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect((screen.getByTestId('mini-player-video') as HTMLVideoElement).muted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect((screen.getByTestId('mini-player-video') as HTMLVideoElement).muted).toBe(true);
  });

  it('closing forgets the reel, and its going away afterwards does not bring it back', async () => {
    const { user, unmount } = renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    await user.click(screen.getByRole('button', { name: 'Close the mini player' }));
    expect(useFeedStore.getState().lastReel).toBeNull();
    unmount();
    expect(useFeedStore.getState().lastReel).toBeNull();
  });

  it('going away without a close hands the reel and its position to the full-size player', () => {
    const { unmount } = renderWithApp(<MiniPlayer last={LAST} href="/reels" />);
    const video = screen.getByTestId('mini-player-video') as HTMLVideoElement;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => 6.25, set: () => undefined });
    useFeedStore.setState({ lastReel: null });
    unmount();
    expect(useFeedStore.getState().lastReel).toMatchObject({ item: { id: ITEM.id }, time: 6.25, playing: true });
    expect(useFeedStore.getState().takeResume(ITEM.id)).toBe(6.25);
  });
});
