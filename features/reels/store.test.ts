import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReelItem } from './lib/feed-list';
import { initialFeedState, MUTE_SESSION_KEY, useFeedStore } from './store';

/** sessionStorage as the browser has it (this project runs in node). */
function fakeSessionStorage(): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
  (globalThis as { window?: unknown }).window = { sessionStorage: storage };
  return data;
}

let session: Map<string, string>;

afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

beforeEach(() => {
  session = fakeSessionStorage();
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

  it('without autoplay (the data saver) a swipe leaves the next reel waiting for a tap, while a feed\'s first reel plays', () => {
    const s = useFeedStore.getState();
    s.setAutoplay(false);
    s.setActive(0, 'a', 'feed', 1);
    expect(useFeedStore.getState().play).toBe(true);
    s.setActive(1, 'b', 'feed', 1);
    expect(useFeedStore.getState()).toMatchObject({ activeId: 'b', play: false });
    // Another feed opened (a topic): its first reel plays.
    s.setActive(0, 'c', 'topic-feed', 1);
    expect(useFeedStore.getState()).toMatchObject({ activeId: 'c', play: true });
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

  it('the first tap on a muted reel turns the sound on and plays; later taps pause and play', () => {
    const s = useFeedStore.getState();
    s.setPlay(false); // autoplay refused: the tap must also start it
    s.tapReel();
    expect(useFeedStore.getState()).toMatchObject({ mute: false, play: true });
    useFeedStore.getState().tapReel();
    expect(useFeedStore.getState()).toMatchObject({ mute: false, play: false });
    useFeedStore.getState().tapReel();
    expect(useFeedStore.getState()).toMatchObject({ mute: false, play: true });
  });

  it('the sound choice holds for the visit: a new page of the same tab reads it back', () => {
    useFeedStore.getState().tapReel();
    expect(session.get(MUTE_SESSION_KEY)).toBe('0');
    useFeedStore.setState(initialFeedState); // a full page load starts from the initial state
    useFeedStore.getState().loadSession();
    expect(useFeedStore.getState()).toMatchObject({ mute: false });
    // A swipe to another reel keeps it.
    useFeedStore.getState().setActive(1, 'b', 'feed', 1);
    expect(useFeedStore.getState().mute).toBe(false);
  });

  it('after the person mutes with the button, a tap pauses instead of turning the sound on', () => {
    useFeedStore.getState().tapReel();
    useFeedStore.getState().toggleMute();
    expect(useFeedStore.getState()).toMatchObject({ mute: true, mutedByChoice: true });
    useFeedStore.getState().tapReel();
    expect(useFeedStore.getState()).toMatchObject({ mute: true, play: false });
    useFeedStore.setState(initialFeedState);
    useFeedStore.getState().loadSession();
    expect(useFeedStore.getState()).toMatchObject({ mute: true, mutedByChoice: true });
  });

  it('sound refused by the browser mutes without undoing the choice: the next tap turns it on again', () => {
    useFeedStore.getState().tapReel();
    useFeedStore.getState().forceMute();
    expect(useFeedStore.getState()).toMatchObject({ mute: true, mutedByChoice: false });
    expect(session.get(MUTE_SESSION_KEY)).toBe('0');
    useFeedStore.getState().tapReel();
    expect(useFeedStore.getState()).toMatchObject({ mute: false, play: true });
  });

  it('the last reel resumes once, and only for the same reel', () => {
    const item = { id: 'r1' } as ReelItem;
    useFeedStore.getState().setLastReel({ item, time: 4.2, playing: true });
    expect(useFeedStore.getState().takeResume('other')).toBeNull();
    expect(useFeedStore.getState().takeResume('r1')).toBe(4.2);
    expect(useFeedStore.getState().takeResume('r1')).toBeNull();
    expect(useFeedStore.getState().lastReel).toBeNull();
  });
});
