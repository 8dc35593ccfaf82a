import { create } from 'zustand';
import type { ReelItem } from './lib/feed-list';
import type { ContentLang } from './schemas';

/**
 * The reel that was on screen when the player left the page, and where it
 * was: the mini player goes on with it on other pages, and the feed takes
 * it up again at `time` (SPEC.md section 4 "mini player shown").
 */
export interface LastReel {
  item: ReelItem;
  /** Playback position, seconds. */
  time: number;
  /** The person wanted it playing (not paused by a tap). */
  playing: boolean;
}

/**
 * Feed UI state (SPEC.md section 4 "Feed state"). Server data (the reels)
 * lives in TanStack Query; this is what the player does with it.
 */
export interface FeedState {
  /** Sound off; starts true (muted autoplay), kept for the browser session. */
  mute: boolean;
  /**
   * The person turned the sound off themselves (mute button, M key). Until
   * then a tap on a muted reel turns the sound on instead of pausing it.
   */
  mutedByChoice: boolean;
  /** Start the next reel by itself after a swipe (off with the data saver); a feed's first reel always starts. */
  autoplay: boolean;
  /** The person wants the active reel playing (false after a tap to pause). */
  play: boolean;
  /** Position of the active reel in the feed list. */
  activeIndex: number;
  /** Id of the active entry: keeps the right reel active when a page is merged in front of it. */
  activeId: string | null;
  /** Which feed (filters, start, lead reel) the active position belongs to. */
  feedKey: string | null;
  /** Server page of the active reel, 1-based. */
  page: number;
  /** The active reel has shown its first frame: the next one may start preloading. */
  activeStarted: boolean;
  /** A feed page request is in flight. */
  inFlight: boolean;
  /** Last hls.js bandwidth estimate, bits per second: the next reel starts from it. */
  bandwidthEstimate: number | null;
  /**
   * The viewer's reel language; starts Hinglish (SPEC.md section 4 and 9).
   * The feed's own language is the server's (features/reels/server/feed-language.ts)
   * or the one picked in the header's menu, which is carried in the page URL.
   */
  lang: ContentLang;
  /**
   * The reel that left the screen with its page; null once the mini player
   * is closed. SPEC.md section 4's "mini player shown" is this being set
   * while a page without a reel player is open.
   */
  lastReel: LastReel | null;
  /** Path and query of the page whose feed was last on screen: the mini player opens it again. */
  feedHref: string;
}

export interface FeedActions {
  /** The person's sound choice; kept for the browser session (sessionStorage). */
  setMute: (mute: boolean) => void;
  toggleMute: () => void;
  /** The browser refused sound without a gesture: mute, keeping the person's choice for the next tap or page. */
  forceMute: () => void;
  /**
   * A tap on the reel: turns the sound on (and plays) while the reel is muted
   * and the person never muted it themselves; otherwise pauses or plays.
   */
  tapReel: () => void;
  setAutoplay: (autoplay: boolean) => void;
  setPlay: (play: boolean) => void;
  togglePlay: () => void;
  /** Makes position `index` (entry `id`) of feed `feedKey` active, on server page `page`; playback restarts. */
  setActive: (index: number, id: string | null, feedKey: string, page: number) => void;
  setActiveStarted: (started: boolean) => void;
  setInFlight: (inFlight: boolean) => void;
  /** Keeps a positive, finite estimate (bits/s); anything else is ignored. */
  setBandwidthEstimate: (bps: number) => void;
  setLang: (lang: ContentLang) => void;
  /** Reads the session's mute choice (after hydration; the server renders muted). */
  loadSession: () => void;
  /** Records the reel that was on screen when its player went away (null: forget it, closing the mini player). */
  setLastReel: (last: LastReel | null) => void;
  /**
   * The reel `id` has taken up the last reel at full size: returns the
   * position to seek to (seconds) once, or null when `id` is not that reel.
   */
  takeResume: (id: string) => number | null;
  /** Records the page (path and query) showing the feed. */
  setFeedHref: (href: string) => void;
}

/** sessionStorage key of the mute choice. */
export const MUTE_SESSION_KEY = 'sr_mute';

function saveMute(mute: boolean): void {
  try {
    window.sessionStorage.setItem(MUTE_SESSION_KEY, mute ? '1' : '0');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

export const initialFeedState: FeedState = {
  mute: true,
  mutedByChoice: false,
  autoplay: true,
  play: true,
  activeIndex: 0,
  activeId: null,
  feedKey: null,
  page: 1,
  activeStarted: false,
  inFlight: false,
  bandwidthEstimate: null,
  lang: 'he',
  lastReel: null,
  feedHref: '/reels',
};

export const useFeedStore = create<FeedState & FeedActions>()((set, get) => ({
  ...initialFeedState,
  setMute: (mute) => {
    saveMute(mute);
    set({ mute, mutedByChoice: mute });
  },
  toggleMute: () => get().setMute(!get().mute),
  forceMute: () => set({ mute: true }),
  tapReel: () => {
    const s = get();
    if (s.mute && !s.mutedByChoice) {
      saveMute(false);
      set({ mute: false, play: true });
    } else {
      set({ play: !s.play });
    }
  },
  setAutoplay: (autoplay) => set({ autoplay }),
  setPlay: (play) => set({ play }),
  togglePlay: () => set((s) => ({ play: !s.play })),
  setActive: (index, id, feedKey, page) => {
    const s = get();
    if (s.activeIndex === index && s.activeId === id && s.feedKey === feedKey && s.page === page) return;
    const moved = s.activeId !== id || s.feedKey !== feedKey;
    // A swipe within a feed plays the next reel only with autoplay on (off with the data saver);
    // the first reel of a feed the person opened plays either way.
    const swiped = s.activeId !== null && s.feedKey === feedKey;
    set({ activeIndex: index, activeId: id, feedKey, page, ...(moved ? { play: swiped ? s.autoplay : true, activeStarted: false } : {}) });
  },
  setActiveStarted: (activeStarted) => {
    if (get().activeStarted !== activeStarted) set({ activeStarted });
  },
  setInFlight: (inFlight) => set({ inFlight }),
  setBandwidthEstimate: (bps) => {
    if (Number.isFinite(bps) && bps > 0) set({ bandwidthEstimate: bps });
  },
  setLang: (lang) => set({ lang }),
  loadSession: () => {
    try {
      const v = window.sessionStorage.getItem(MUTE_SESSION_KEY);
      if (v === '0' || v === '1') set({ mute: v === '1', mutedByChoice: v === '1' });
    } catch {
      // Storage disabled: stay muted.
    }
  },
  setLastReel: (lastReel) => set({ lastReel }),
  takeResume: (id) => {
    const last = get().lastReel;
    if (!last || last.item.id !== id) return null;
    set({ lastReel: null });
    return last.time;
  },
  setFeedHref: (feedHref) => set({ feedHref }),
}));
