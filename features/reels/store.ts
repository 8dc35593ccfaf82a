import { create } from 'zustand';
import type { ContentLang } from './schemas';

/**
 * Feed UI state (SPEC.md section 4 "Feed state"). Server data (the reels)
 * lives in TanStack Query; this is what the player does with it.
 */
export interface FeedState {
  /** Sound off; starts true (muted autoplay), kept for the browser session. */
  mute: boolean;
  /** Start the active reel by itself. */
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
   * The feed itself shows every language unless a filter is picked.
   */
  lang: ContentLang;
}

export interface FeedActions {
  setMute: (mute: boolean) => void;
  toggleMute: () => void;
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
};

export const useFeedStore = create<FeedState & FeedActions>()((set, get) => ({
  ...initialFeedState,
  setMute: (mute) => {
    saveMute(mute);
    set({ mute });
  },
  toggleMute: () => get().setMute(!get().mute),
  setAutoplay: (autoplay) => set({ autoplay }),
  setPlay: (play) => set({ play }),
  togglePlay: () => set((s) => ({ play: !s.play })),
  setActive: (index, id, feedKey, page) => {
    const s = get();
    if (s.activeIndex === index && s.activeId === id && s.feedKey === feedKey && s.page === page) return;
    const moved = s.activeId !== id || s.feedKey !== feedKey;
    set({ activeIndex: index, activeId: id, feedKey, page, ...(moved ? { play: s.autoplay, activeStarted: false } : {}) });
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
      if (v === '0' || v === '1') set({ mute: v === '1' });
    } catch {
      // Storage disabled: stay muted.
    }
  },
}));
