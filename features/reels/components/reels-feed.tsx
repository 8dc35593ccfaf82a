'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type TouchEvent, type WheelEvent } from 'react';
import { preload } from 'react-dom';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ChevronDownIcon, ChevronUpIcon } from '@/components/ui/icons';
import { useExperiments } from '@/lib/analytics/use-experiments';
import { trackSwipe } from '../api/events';
import { feedListQueryOptions, reelsKeys } from '../api/feed';
import { useFeedPaging } from '../api/use-feed-paging';
import {
  END_SLIDE_ID, entryId, hasNextPage, resolveActiveIndex, serverIndexAt, setVidWatched, setWatched,
  type FeedList,
} from '../lib/feed-list';
import { feedKeyOf, type FeedFilter, type FeedListParams } from '../lib/filter';
import { pageForIndex } from '../lib/paging';
import { withExperimentChat } from '../lib/chat-experiments';
import type { WatchSignal } from '../lib/watch-tracker';
import { createWheelGesture } from '../lib/wheel-gesture';
import { firstMediaRequests } from '../lib/first-media';
import { reelSource } from '../lib/reel-media';
import { useDataSaver } from '@/lib/data-saver-context';
import { useFeedStore } from '../store';
import { LAYOUT, type LayoutPresetName } from '../lib/layout-presets';
import { FeedHeader } from './feed-header';
import { DEFAULT_FEED_LAYOUT, FeedLayoutProvider, useFeedLayout, type FeedCta, type FeedLayout } from './feed-layout';
import { firstReelStarted, loadHls } from './load-hls';
import { ReelSlide, type SlideMode } from './reel-slide';
import { UnskippableHint } from './unskippable-hint';

// Start downloading the player code as soon as this module runs in the browser (the
// server-rendered poster is already painted), in parallel with hydration.
if (typeof window !== 'undefined') void loadHls().catch(() => undefined);

/** Slides kept in the DOM on each side of the active one (only +-1 hold a player). */
const WINDOW = 2;
/** Share of the player height a swipe must travel to move (else it springs back). */
const SWIPE_FRACTION = 0.15;

function modeFor(position: number, active: number): SlideMode {
  if (position === active) return 'active';
  if (position === active + 1) return 'next';
  if (position === active - 1) return 'prev';
  return 'far';
}

/**
 * The vertical reel player: one reel per screen;
 * a swipe, a wheel notch or ArrowUp/ArrowDown moves exactly one reel. Reads
 * the feed list hydrated by the page (SSR) and pages through it per SPEC.md
 * section 4. On desktop the box is at most 432 x 940 px (35% of the width,
 * 92% of the height, SPEC.md section 2); `sizing="fill"` skips that for
 * embedded (external) pages. A chat card follows every `chatEvery`-th reel
 * (0: none). `layout` is one of SPEC.md section 2's presets
 * (features/reels/lib/layout-presets.ts): it sets the header, the sidebar,
 * the footer, whether the app's tab bar shows, and what taps do; `closeHref`,
 * `cta`, `partnerName` and `partnerLogo` fill the presets that use them.
 * `unskippable` (a partner's button_configs.unskippable_videos, SPEC.md
 * section 9, default 0): the first that many reels cannot be left forward
 * (swipe, wheel, keys, buttons) until they have played to their end.
 * `overlay` sits over the player under the header (a partner's offer banner).
 */
export function ReelsFeed({
  layout = 'default', closeHref, cta = null, partnerName = null, partnerLogo = null, ...rest
}: FeedProps & {
  layout?: LayoutPresetName;
  /** Where the close button leads when there is no earlier page (default /reels). */
  closeHref?: string;
  cta?: FeedCta | null;
  partnerName?: string | null;
  partnerLogo?: string | null;
}) {
  const value = useMemo<FeedLayout>(
    () => (layout === 'default' && !closeHref && !cta && !partnerName && !partnerLogo
      ? DEFAULT_FEED_LAYOUT
      : { name: layout, preset: LAYOUT[layout], closeHref: closeHref ?? DEFAULT_FEED_LAYOUT.closeHref, cta, partnerName, partnerLogo }),
    [layout, closeHref, cta, partnerName, partnerLogo],
  );
  return (
    <FeedLayoutProvider value={value}>
      <Feed {...rest} />
    </FeedLayoutProvider>
  );
}

interface FeedProps {
  params: FeedListParams;
  urlFilter: FeedFilter;
  filterLabel?: string | null;
  sizing?: 'box' | 'fill';
  chatEvery?: number;
  /** How many reels at the start must be watched to their end before moving on (0: none). */
  unskippable?: number;
  overlay?: ReactNode;
}

/**
 * True while the reel at `active` is one of the first `unskippable` reels
 * and has not yet played to its end (its vidWatched flag, set by the
 * player's completion or by an earlier visit).
 */
export function lockedAt(entries: FeedList['entries'], active: number, unskippable: number): boolean {
  if (unskippable <= 0) return false;
  const e = entries[active];
  if (!e || e.kind !== 'reel' || e.item.vidWatched) return false;
  let ordinal = 0;
  for (let i = 0; i <= active; i++) if (entries[i].kind === 'reel') ordinal++;
  return ordinal <= unskippable;
}

function Feed({
  params, urlFilter, filterLabel = null, sizing = 'box', chatEvery = 0, unskippable = 0, overlay = null,
}: FeedProps) {
  const t = useTranslations('reels');
  const router = useRouter();
  const qc = useQueryClient();
  const layout = useFeedLayout();
  const explore = layout.preset.explore;
  // The stage tells the page (CSS :has) whether the app's tab bar stays under the player.
  const stage = { className: 'reels-stage', 'data-layout': layout.name, 'data-tabbar': layout.preset.tabBar ? undefined : 'hidden' };
  const topicId = params.filter.topic_id ?? null;
  const feedKey = feedKeyOf(params);
  const { data: cached, isError, refetch, isFetching } = useQuery(feedListQueryOptions(params));
  // Chat cards are placed on the way to the screen: the cache keeps only the server's reels.
  const exp = useExperiments();
  const list = useMemo(() => (cached ? withExperimentChat(cached, chatEvery, exp) : cached), [cached, chatEvery, exp]);
  const storeIndex = useFeedStore((s) => s.activeIndex);
  const storeId = useFeedStore((s) => s.activeId);
  const storeFeed = useFeedStore((s) => s.feedKey);
  const setActive = useFeedStore((s) => s.setActive);
  const play = useFeedStore((s) => s.play);
  const saver = useDataSaver().on;

  // With the data saver the next reel waits for a tap (its media too: ReelVideo).
  useEffect(() => {
    useFeedStore.getState().setAutoplay(!saver);
  }, [saver]);

  const entries = useMemo(() => list?.entries ?? [], [list]);
  const more = list ? hasNextPage(list) : false;
  const endSlot = entries.length > 0 && !more;
  const slots = entries.length + (endSlot ? 1 : 0);
  // A feed not yet on screen opens at its first entry, or at the reel the page names (params.startAt: a search's result).
  const fresh = storeFeed !== feedKey;
  const active = list
    ? resolveActiveIndex(list, fresh ? 0 : storeIndex, fresh ? (params.startAt ?? null) : storeId, true, endSlot)
    : 0;
  const activeId = active < entries.length ? entryId(entries[active]) : END_SLIDE_ID;
  // An unskippable reel on screen: moving forward waits for its end (a refused try nudges the hint).
  const locked = lockedAt(entries, active, unskippable);
  const [nudge, setNudge] = useState(0);
  // Swipes refused at the end of the feed (SWIPE_BUMP): each one bumps the track.
  const [bumps, setBumps] = useState(0);

  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const lastShown = useRef<{ id: string; index: number } | null>(null);
  // The same reel at a new position (a page merged in front of it) must not animate.
  const jump = lastShown.current !== null && lastShown.current.id === activeId && lastShown.current.index !== active;
  useEffect(() => {
    lastShown.current = { id: activeId, index: active };
  });

  const pageOf = useCallback((l: FeedList, index: number) => pageForIndex(serverIndexAt(l, index) ?? 0), []);

  // Keep the store on the position shown (first render of a feed, merged pages).
  useEffect(() => {
    if (!list || entries.length === 0) return;
    setActive(active, activeId, feedKey, pageOf(list, Math.min(active, entries.length - 1)));
  }, [list, entries.length, active, activeId, feedKey, setActive, pageOf]);

  useEffect(() => {
    const store = useFeedStore.getState();
    store.loadSession();
    // Where the mini player leads back to (this page, with its filters).
    store.setFeedHref(`${window.location.pathname}${window.location.search}`);
  }, []);

  useFeedPaging(params, list, active);

  const go = useCallback((step: 1 | -1): boolean => {
    if (!list) return false;
    const next = active + step;
    if (next < 0 || next >= slots) {
      if (step === 1 && entries.length > 0) {
        trackSwipe(entries[active], 1, true);
        setBumps((n) => n + 1);
        bumpTrack(trackRef.current, active);
      }
      return false;
    }
    if (step === 1 && locked) {
      setNudge((n) => n + 1);
      return false;
    }
    const id = next < entries.length ? entryId(entries[next]) : END_SLIDE_ID;
    trackSwipe(entries[active], step);
    setActive(next, id, feedKey, pageOf(list, Math.min(next, entries.length - 1)));
    return true;
  }, [list, active, slots, entries, feedKey, setActive, pageOf, locked]);

  const goTo = useCallback((index: number) => {
    if (!list || index < 0 || index >= entries.length) return;
    setActive(index, entryId(entries[index]), feedKey, pageOf(list, index));
  }, [list, entries, feedKey, setActive, pageOf]);

  const onSignal = useCallback((id: string, signal: WatchSignal) => {
    const change = signal === 'view' ? setWatched : signal === 'complete' ? setVidWatched : null;
    if (change) qc.setQueryData<FeedList>(reelsKeys.list(params), (l) => (l ? change(l, id) : l));
  }, [qc, params]);

  // Keyboard: ArrowUp/ArrowDown (and PageUp/PageDown) move one reel, M toggles sound, Space/K pause.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      // A modal is open (the shared Dialog marks its panel aria-modal): its keys are not the feed's.
      if (document.querySelector('dialog[open], [aria-modal="true"]')) return;
      const store = useFeedStore.getState();
      switch (e.key) {
        case 'ArrowDown':
        case 'PageDown':
          e.preventDefault();
          go(1);
          break;
        case 'ArrowUp':
        case 'PageUp':
          e.preventDefault();
          go(-1);
          break;
        case 'm':
        case 'M':
          store.toggleMute();
          break;
        case ' ':
        case 'k':
        case 'K':
          if (target && target.closest('button, a')) return;
          e.preventDefault();
          store.togglePlay();
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // Wheel: one reel per notch or per trackpad flick.
  const wheel = useMemo(() => createWheelGesture(), []);
  const onWheel = (e: WheelEvent) => {
    const h = viewportRef.current?.clientHeight ?? 800;
    const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * h : e.deltaY;
    const step = wheel(dy, performance.now());
    if (step !== 0) go(step);
  };

  // Touch: the track follows the finger; a long or fast enough swipe moves one reel.
  const drag = useRef<{ x0: number; y0: number; t0: number; dy: number; axis: 'x' | 'y' | null } | null>(null);
  const baseTransform = `translate3d(0, ${-active * 100}%, 0)`;
  const setOffset = (px: number | null) => {
    const el = trackRef.current;
    if (!el) return;
    if (px === null) {
      el.style.transition = '';
      el.style.transform = baseTransform;
    } else {
      el.style.transition = 'none';
      el.style.transform = `translate3d(0, calc(${-active * 100}% + ${px}px), 0)`;
    }
  };
  const onTouchStart = (e: TouchEvent) => {
    if (e.touches.length !== 1) {
      drag.current = null;
      return;
    }
    const p = e.touches[0];
    drag.current = { x0: p.clientX, y0: p.clientY, t0: performance.now(), dy: 0, axis: null };
  };
  const onTouchMove = (e: TouchEvent) => {
    const d = drag.current;
    if (!d) return;
    const p = e.touches[0];
    const dy = p.clientY - d.y0;
    const dx = p.clientX - d.x0;
    if (!d.axis) {
      if (Math.abs(dy) < 8 && Math.abs(dx) < 8) return;
      d.axis = Math.abs(dy) >= Math.abs(dx) ? 'y' : 'x';
    }
    if (d.axis !== 'y') return;
    const atEdge = (dy > 0 && active === 0) || (dy < 0 && (active >= slots - 1 || locked));
    d.dy = atEdge ? dy / 3 : dy;
    setOffset(d.dy);
  };
  const onTouchEnd = () => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.axis !== 'y') return;
    const h = viewportRef.current?.clientHeight ?? 800;
    const dt = Math.max(1, performance.now() - d.t0);
    const far = Math.abs(d.dy) > h * SWIPE_FRACTION;
    const fast = Math.abs(d.dy) > 30 && Math.abs(d.dy) / dt > 0.4;
    const moved = (far || fast) && go(d.dy < 0 ? 1 : -1);
    if (moved && trackRef.current) trackRef.current.style.transition = '';
    else setOffset(null);
  };

  const boxClass = sizing === 'box' ? 'reels-box' : 'reels-box reels-box-fill';

  if (!list) {
    return (
      <div {...stage}>
        <div className={boxClass} data-testid="reel-player">
          <FeedHeader urlFilter={urlFilter} feedLang={params.filter.lang} filterLabel={filterLabel} topicId={topicId} />
          <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center text-white">
            {isError ? (
              <>
                <p>{t('loadFailed')}</p>
                <button type="button" onClick={() => void refetch()} className="rounded-full bg-amber-500 px-5 py-2 font-semibold text-black">
                  {t('retry')}
                </button>
              </>
            ) : (
              <p role="status">{t('loading')}</p>
            )}
          </div>
        </div>
      </div>
    );
  }

  const label = filterLabel ?? labelFromItems(list, params.filter);
  const filtered = Boolean(params.search || params.filter.topic_id || params.filter.category_id || params.filter.option_id
    || (params.filter.lang && params.filter.lang !== 'all'));

  if (entries.length === 0) {
    return (
      <div {...stage}>
        <div className={boxClass} data-testid="reel-player">
          <FeedHeader urlFilter={urlFilter} feedLang={params.filter.lang} filterLabel={label} topicId={topicId} />
          <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center text-white">
            <p className="text-xl font-semibold">{filtered ? t('emptyFiltered') : t('empty')}</p>
            <p className="text-white/75">{t('emptyHint')}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <button
                type="button"
                disabled={isFetching}
                onClick={() => router.refresh()}
                className="rounded-full bg-amber-500 px-5 py-2 font-semibold text-black disabled:opacity-60"
              >
                {t('retry')}
              </button>
              {filtered && explore ? (
                <Link prefetch={false} href="/reels" className="rounded-full border border-white/40 px-5 py-2 font-semibold">{t('showAll')}</Link>
              ) : null}
            </div>
          </div>
        </div>
      </div>
    );
  }

  const shown = entries[active];
  if (shown?.kind === 'reel' && typeof window !== 'undefined' && !firstReelStarted() && (!saver || play)) {
    // What the player fetches first (master playlist, the 240p playlist it starts on, that
    // rendition's first segment) starts before hls.js has loaded; same mode and credentials
    // as hls.js' XHR, so it takes these responses. In the server's HTML the page's inline
    // starter asks for them (data-preload on the <video>), or plays the reel natively.
    for (const href of firstMediaRequests(reelSource(shown.item, saver), shown.item.pre_signed_url_video_240)) {
      preload(href, { as: 'fetch', crossOrigin: 'anonymous', fetchPriority: 'high' });
    }
  }

  const first = Math.max(0, active - WINDOW);
  const last = Math.min(slots - 1, active + WINDOW);
  const positions: number[] = [];
  for (let p = first; p <= last; p++) positions.push(p);
  const totalLabel = Math.max(list.total, entries.length);

  return (
    <div {...stage}>
      <div className={boxClass} data-testid="reel-player">
        <FeedHeader urlFilter={urlFilter} feedLang={params.filter.lang} filterLabel={label} topicId={topicId} />
        {overlay}
        {locked && shown?.kind === 'reel' ? <UnskippableHint key={shown.item.id} duration={shown.item.duration} nudge={nudge} /> : null}
        <div
          ref={viewportRef}
          className="absolute inset-0 touch-none overflow-hidden overscroll-none"
          role="region"
          aria-roledescription="carousel"
          aria-label={t('feedLabel')}
          data-bumps={bumps}
          onWheel={onWheel}
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          onTouchEnd={onTouchEnd}
          onTouchCancel={onTouchEnd}
        >
          <div
            ref={trackRef}
            className={`absolute inset-0 will-change-transform ${jump ? '' : 'transition-transform duration-300 ease-out'} motion-reduce:transition-none`}
            style={{ transform: baseTransform }}
          >
            {positions.map((p) => {
              if (p < entries.length) {
                const e = entries[p];
                return (
                  <ReelSlide
                    key={entryId(e)}
                    entry={e}
                    position={p}
                    total={totalLabel}
                    mode={modeFor(p, active)}
                    params={params}
                    onSignal={onSignal}
                  />
                );
              }
              return (
                <EndSlide key={END_SLIDE_ID} position={p} active={p === active} explore={explore} onTop={() => goTo(0)} />
              );
            })}
            {more && last >= entries.length - 1 ? (
              <div
                className="absolute inset-x-0 flex h-full items-center justify-center text-white/80"
                style={{ top: `${entries.length * 100}%` }}
                role="status"
              >
                {t('loadingMore')}
              </div>
            ) : null}
          </div>
        </div>
      </div>
      {sizing === 'box' ? (
        <div className="reels-arrows">
          <button type="button" onClick={() => go(-1)} disabled={active === 0} aria-label={t('previous')} className="reels-arrow">
            <ChevronUpIcon />
          </button>
          <button type="button" onClick={() => go(1)} disabled={active >= slots - 1 || locked} aria-label={t('next')} className="reels-arrow">
            <ChevronDownIcon />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The end-of-feed bump: the track at position `active` nudges up and springs
 * back (Web Animations API, about 350 ms), telling a swipe past the last card
 * that there is nothing further. Nothing moves for reduced motion.
 */
function bumpTrack(el: HTMLElement | null, active: number): void {
  if (!el || typeof el.animate !== 'function') return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const at = (px: number) => `translate3d(0, calc(${-active * 100}% - ${px}px), 0)`;
  el.animate(
    [{ transform: at(0) }, { transform: at(56), offset: 0.35 }, { transform: at(-8), offset: 0.75 }, { transform: at(0) }],
    { duration: 350, easing: 'ease-out' },
  );
}

/** The feed's narrowing, named from the reels themselves (option, else category, else topic). */
function labelFromItems(list: FeedList, filter: FeedFilter): string | null {
  for (const e of list.entries) {
    if (e.kind !== 'reel') continue;
    const it = e.item;
    if (filter.option_id && it.option === filter.option_id) return it.option_name;
    if (!filter.option_id && filter.category_id && it.category === filter.category_id) return it.category_name;
    if (!filter.option_id && !filter.category_id && filter.topic_id && it.topic === filter.topic_id) return it.topic_name;
  }
  return null;
}

function EndSlide({ position, active, explore, onTop }: { position: number; active: boolean; explore: boolean; onTop: () => void }) {
  const t = useTranslations('reels');
  return (
    <section
      data-testid="feed-end"
      data-active={active ? 'true' : 'false'}
      inert={!active}
      className="absolute inset-x-0 flex h-full flex-col items-center justify-center gap-5 bg-gradient-to-b from-neutral-900 to-black p-8 text-center text-white"
      style={{ top: `${position * 100}%` }}
    >
      <h2 className="text-xl font-semibold">{t('endTitle')}</h2>
      <p className="text-white/75">{explore ? t('endHint') : t('endHintTop')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {explore ? <Link prefetch={false} href="/tldr" data-testid="feed-end-tldr" className="rounded-full bg-amber-500 px-5 py-2 font-semibold text-black">{t('tldrLinkLabel')}</Link> : null}
        {explore ? <Link prefetch={false} href="/explore" data-testid="feed-end-explore" className="rounded-full bg-white px-5 py-2 font-semibold text-black">{t('endExplore')}</Link> : null}
        <button type="button" onClick={onTop} data-testid="feed-end-top" className="rounded-full border border-white/40 px-5 py-2 font-semibold">{t('backToTop')}</button>
      </div>
    </section>
  );
}
