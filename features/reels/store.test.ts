import { beforeEach, describe, expect, it } from 'vitest';
import { initialFeedState, useFeedStore } from './store';

beforeEach(() => {
  useFeedStore.setState(initialFeedState);
});

describe('feed store', () => {
  it('starts muted, autoplaying, Hinglish, at the first reel', () => {
    const s = useFeedStore.getState();
    expect(s).toMatchObject({ mute: true, autoplay: true, play: true, activeIndex: 0, page: 1, inFlight: false, lang: 'he' });
  });

  it('moving to another reel plays it again after a pause, and re-arms preloading', () => {
    const s = useFeedStore.getState();
    s.setActive(0, 'a', 'feed', 1);
    s.setPlay(false);
    s.setActiveStarted(true);
    s.setActive(1, 'b', 'feed', 1);
    expect(useFeedStore.getState()).toMatchObject({ activeIndex: 1, activeId: 'b', play: true, activeStarted: false });
  });

  it('a merged page moving the same reel keeps it paused', () => {
    const s = useFeedStore.getState();
    s.setActive(0, 'a', 'feed', 3);
    s.setPlay(false);
    s.setActive(10, 'a', 'feed', 3);
    expect(useFeedStore.getState()).toMatchObject({ activeIndex: 10, play: false });
  });

  it('keeps only real bandwidth estimates', () => {
    const s = useFeedStore.getState();
    s.setBandwidthEstimate(Number.NaN);
    s.setBandwidthEstimate(0);
    expect(useFeedStore.getState().bandwidthEstimate).toBeNull();
    s.setBandwidthEstimate(1_600_000);
    expect(useFeedStore.getState().bandwidthEstimate).toBe(1_600_000);
  });

  it('toggles mute and play', () => {
    const s = useFeedStore.getState();
    s.toggleMute();
    s.togglePlay();
    expect(useFeedStore.getState()).toMatchObject({ mute: false, play: false });
  });
});
