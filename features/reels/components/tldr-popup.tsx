'use client';

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { CloseIcon } from '@/components/ui/icons';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { track } from '@/lib/analytics/event-client';
import type { ContentLang, FeedItem, TldrEntry } from '../schemas';
import { fetchReel } from '../api/feed';
import { trackPlayerEvent } from '../api/events';
import { playHls } from './load-hls';
import { useDataSaver } from '@/lib/data-saver-context';
import { reelPoster, reelSource } from '../lib/reel-media';
import { WatchTracker, type WatchSignal } from '../lib/watch-tracker';
import { useFeedStore } from '../store';
import { fetchTopicTldr } from '../api/tldr';
import { takeMilestones } from '../lib/tldr-milestones';

/** Pixels a downward swipe must travel (and more down than sideways) to close the popup. */
export const SWIPE_CLOSE_PX = 80;

/** What the popup shows: whose summary, found from a topic or from the reel on screen. */
export interface TldrPopupProps {
  /** The topic (uuid or slug) whose summary to play; null to take the topic of `contentId`. */
  topic: string | null;
  /** The reel on screen, used when `topic` is null. */
  contentId: string | null;
  /** Called once the popup has closed (button, Escape, swipe down). */
  onClose: () => void;
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; entry: TldrEntry };

/**
 * The topic's TLDR entry, from the topic or else from the topic of reel
 * `contentId`, its reel in `lang` (the interface language) where one exists.
 */
async function loadEntry(topic: string | null, contentId: string | null, lang: ContentLang, signal: AbortSignal): Promise<TldrEntry> {
  const t = topic ?? (contentId ? (await fetchReel(contentId, signal)).topic : null);
  if (!t) throw new Error('no topic');
  return fetchTopicTldr(t, lang, signal);
}

/**
 * The TLDR popup (SPEC.md section 2 screen TLDR_POPUP): a modal dialog over
 * the feed (the shared Dialog, full screen) playing one topic's summary
 * reel, stories style. A progress bar follows playback; a tap pauses and
 * resumes; a swipe down, Escape or the close button closes it. While it is open the feed's reel is paused
 * (feed store `play`), and the person's earlier wish comes back on close, so
 * the feed goes on with the same reel at the same second. Playback is
 * reported with the player's events (view, progress, complete: the viewer's
 * watch_progress, which marks the topic complete on /tldr) and TLDR_PROGRESS
 * at 25, 50 and 75 % (features/reels/lib/tldr-milestones.ts;
 * docs/decisions/018-tldr-popup.md).
 */
export default function TldrPopup({ topic, contentId, onClose }: TldrPopupProps) {
  const t = useTranslations('tldr');
  // Interface locales and reel languages share codes (en, hi, he).
  const locale = useInterfaceLang();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const closedRef = useRef(false);

  const close = () => {
    if (closedRef.current) return;
    closedRef.current = true;
    onClose();
  };

  // Pause the feed while the popup is open.
  useEffect(() => {
    const store = useFeedStore.getState();
    const wanted = store.play;
    store.setPlay(false);
    return () => useFeedStore.getState().setPlay(wanted);
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    loadEntry(topic, contentId, locale, ctrl.signal).then(
      (entry) => setLoad({ state: 'ready', entry }),
      () => {
        if (!ctrl.signal.aborted) setLoad({ state: 'error' });
      },
    );
    return () => ctrl.abort();
  }, [topic, contentId, locale]);

  const entry = load.state === 'ready' ? load.entry : null;
  // The feed's gestures must not see the popup's: React events bubble through the portal to the feed's handlers.
  const keep = (e: SyntheticEvent) => e.stopPropagation();
  return (
    // Escape and the close button take the same path (the feed resumes); the panel fills the screen, so nothing is outside it.
    <Dialog
      onClose={close}
      described={false}
      overlayClassName="fixed inset-0 z-[60] bg-black"
      className="fixed inset-0 h-full w-full bg-black text-white"
      panelProps={{
        'data-testid': 'tldr-popup',
        onTouchStart: keep,
        onTouchMove: keep,
        onTouchEnd: keep,
        onTouchCancel: keep,
        onWheel: keep,
        onPointerDown: keep,
        onPointerUp: keep,
        onClick: keep,
        onKeyDown: keep,
      }}
    >
      <div className="relative mx-auto flex h-full w-full max-w-[calc(100dvh*9/16)] flex-col">
        <div className="absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/70 to-transparent px-3 pb-6 pt-[max(0.5rem,env(safe-area-inset-top))]">
          {/* Room for the summary player's progress bar, drawn over this bar. */}
          <div className="h-1" aria-hidden="true" />
          <div className="mt-2 flex items-center gap-2">
            <DialogTitle className="min-w-0 flex-1 truncate text-base font-bold drop-shadow">
              {entry ? t('popupTitle', { topic: entry.topic_name }) : t('title')}
            </DialogTitle>
            <button
              type="button"
              onClick={close}
              data-testid="tldr-popup-close"
              aria-label={t('popupClose')}
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/20 hover:bg-white/30"
            >
              <CloseIcon size={20} />
            </button>
          </div>
        </div>
        {load.state === 'loading' ? (
          <p className="m-auto text-white/85" role="status">{t('popupLoading')}</p>
        ) : load.state === 'error' ? (
          <p className="m-auto px-6 text-center" role="alert">{t('popupError')}</p>
        ) : entry && entry.content ? (
          <SummaryPlayer key={entry.content.id} item={entry.content} onSwipeDown={close} />
        ) : entry ? (
          <div className="m-auto px-6 text-center">
            <p>{t('noSummary')}</p>
            <Link prefetch={false} href={`/topic/${entry.topic_id}`} className="mt-3 inline-block font-semibold text-amber-400 underline">
              {t('topicVideos', { topic: entry.topic_name })}
            </Link>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * The summary reel itself: HLS through the feed's loader (hls.js on demand,
 * the browser's own HLS where it has no MSE), the progress bar, tap to pause,
 * swipe down to close, and the reports.
 */
function SummaryPlayer({ item, onSwipeDown }: { item: FeedItem; onSwipeDown: () => void }) {
  const t = useTranslations('tldr');
  const tReels = useTranslations('reels');
  const mute = useFeedStore((s) => s.mute);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [fraction, setFraction] = useState(0);
  const [paused, setPaused] = useState(false);
  const [ended, setEnded] = useState(false);
  const [failed, setFailed] = useState(false);
  const tracker = useRef(new WatchTracker());
  const milestones = useRef(new Set<number>());
  const swipe = useRef<{ x: number; y: number; swiped: boolean } | null>(null);
  // The data saver plays the lowest rung here too (lib/data-saver.ts).
  const saver = useDataSaver().on;
  const src = reelSource(item, saver);

  const duration = () => {
    const d = videoRef.current?.duration;
    return d && Number.isFinite(d) ? d : item.duration;
  };
  const emit = (signals: WatchSignal[]) => {
    for (const s of signals) trackPlayerEvent(s, item, tracker.current.watchedS, duration());
  };

  // Attach the source: hls.js (loaded on demand) or the browser's own HLS, as the feed's player does.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const start = () => {
      video.play().catch(() => {
        // Sound not allowed without a gesture the browser counts: play muted.
        video.muted = true;
        video.play().catch(() => setPaused(true));
      });
    };
    const detach = playHls(video, src, {
      bandwidthEstimate: useFeedStore.getState().bandwidthEstimate, onReady: start, onFailed: () => setFailed(true),
    });
    const tr = tracker.current;
    return () => {
      // Leaving the summary: a last progress report for what was played since the previous one.
      for (const s of tr.onLeave()) trackPlayerEvent(s, item, tr.watchedS, item.duration);
      detach();
    };
  }, [item, src]);

  const onTime = () => {
    const video = videoRef.current;
    if (!video) return;
    const d = duration();
    const f = d > 0 ? Math.min(1, video.currentTime / d) : 0;
    setFraction(f);
    emit(tracker.current.onTime(video.currentTime));
    for (const percent of takeMilestones(f, milestones.current)) {
      track('TLDR_PROGRESS', {
        content_id: item.id, topic_id: item.topic, category_id: item.category, option_id: item.option,
        content_length: Math.round(d * 10) / 10, content_watched: Math.round(video.currentTime * 10) / 10,
        metadata: { percent, from: 'popup' },
      });
    }
  };

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      if (video.ended) video.currentTime = 0;
      void video.play().catch(() => setPaused(true));
    } else video.pause();
  };

  const percent = Math.round(fraction * 100);
  const complete = ended || item.vidWatched;
  return (
    <div
      className="relative flex-1 touch-none select-none"
      onPointerDown={(e) => {
        swipe.current = { x: e.clientX, y: e.clientY, swiped: false };
      }}
      onPointerUp={(e) => {
        const s = swipe.current;
        if (!s) return;
        const dy = e.clientY - s.y;
        if (dy > SWIPE_CLOSE_PX && dy > Math.abs(e.clientX - s.x)) {
          s.swiped = true;
          onSwipeDown();
        }
      }}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- reels carry no caption track (none in the media pipeline) */}
      <video
        ref={videoRef}
        data-testid="tldr-popup-video"
        poster={reelPoster(item, saver)}
        playsInline
        muted={mute}
        preload="auto"
        onTimeUpdate={onTime}
        onPlay={() => {
          setPaused(false);
          setEnded(false);
        }}
        onPause={() => setPaused(true)}
        onEnded={() => {
          setEnded(true);
          setFraction(1);
          emit(tracker.current.onEnded());
        }}
        onError={() => setFailed(true)}
        className="absolute inset-0 h-full w-full object-contain"
      />
      <div className="absolute inset-x-3 top-[max(0.5rem,env(safe-area-inset-top))] z-30">
        <div
          role="progressbar"
          aria-label={t('popupProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          data-testid="tldr-progress"
          data-progress={percent}
          className="h-1 overflow-hidden rounded-full bg-white/35"
        >
          <div className="h-full bg-white" style={{ width: `${fraction * 100}%` }} />
        </div>
      </div>
      <button
        type="button"
        data-testid="tldr-popup-toggle"
        aria-label={paused || ended ? tReels('play') : tReels('pause')}
        aria-pressed={!(paused || ended)}
        onClick={() => {
          if (swipe.current?.swiped) return;
          toggle();
        }}
        className="absolute inset-0 z-10 h-full w-full cursor-pointer bg-transparent"
      />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/80 to-transparent px-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-12">
        {complete ? (
          <p data-testid="tldr-popup-complete" className="mb-2 inline-block rounded-full bg-emerald-500 px-2.5 py-0.5 text-xs font-bold text-black">
            {t('complete')}
          </p>
        ) : null}
        {item.description ? <p className="line-clamp-3 text-sm text-white/90">{item.description}</p> : null}
        <p className="sr-only" aria-live="polite">{paused ? t('popupPaused') : ''}</p>
        {failed ? <p role="alert" className="mt-2 text-sm">{t('popupError')}</p> : null}
      </div>
    </div>
  );
}
