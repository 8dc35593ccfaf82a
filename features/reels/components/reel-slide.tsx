'use client';

import { memo, useCallback, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { PlayIcon, SparkleChatIcon } from '@/components/ui/icons';
import { trackFeedItem } from '../api/events';
import type { FeedEntry } from '../lib/feed-list';
import type { FeedListParams } from '../lib/filter';
import type { WatchSignal } from '../lib/watch-tracker';
import { useFeedStore } from '../store';
import { reelPoster } from '../lib/reel-media';
import { useDataSaver } from '@/lib/data-saver-context';
import { useFeedLayout } from './feed-layout';
import { ReelActions } from './reel-actions';
import { ReelInfo } from './reel-info';
import { ReelVideo, type PlayerMode } from './reel-video';
import { TapForSound } from './tap-for-sound';
import { useOnline } from '@/lib/pwa/online-status';

/** A slide's role: on screen, a neighbour (holds a player), or further away (poster only). */
export type SlideMode = PlayerMode | 'far';

interface SlideProps {
  entry: FeedEntry;
  /** 0-based position in the list. */
  position: number;
  /** Slides in the whole feed, for "Video 3 of 57". */
  total: number;
  mode: SlideMode;
  params: FeedListParams;
  onSignal: (id: string, signal: WatchSignal) => void;
}

/** Positions a slide inside the track: slide n sits n heights down. */
function slideStyle(position: number) {
  return { top: `${position * 100}%` };
}

/**
 * One slide of the feed. A reel shows its poster until the first frame,
 * then the video; the first tap on a muted reel turns the sound on (unless
 * the person muted it themselves), later taps pause and play. A reel on
 * screen that has no frame yet (or failed) while the browser is offline
 * shows the offline state instead of a spinner, and loads again by itself
 * on the browser's `online` event (or on "Try again"). Stable test hooks:
 * `data-testid="reel"`, `data-active`, `data-content-id`.
 */
export const ReelSlide = memo(function ReelSlide({ entry, position, total, mode, params, onSignal }: SlideProps) {
  const t = useTranslations('reels');
  const isActive = mode === 'active';
  const label = t('slideLabel', { position: position + 1, total });

  if (entry.kind === 'chatbot') {
    return (
      <section
        data-testid="chatbot-slide"
        data-active={isActive ? 'true' : 'false'}
        aria-roledescription="slide"
        aria-label={label}
        inert={!isActive}
        className="absolute inset-x-0 flex h-full flex-col items-center justify-center gap-6 bg-gradient-to-b from-neutral-900 to-black p-8 text-center text-white"
        style={slideStyle(position)}
      >
        <SparkleChatIcon size={48} className="text-amber-400" />
        <p className="text-lg">{t('chatbotSlide')}</p>
        <Link
          prefetch={false}
          href={entry.topicId ? `/chat/v1/${encodeURIComponent(entry.topicId)}` : '/assistant'}
          data-testid="chatbot-slide-link"
          onClickCapture={() => trackFeedItem('CHATBOT_ICON_CLICKED', entry.topicId ? { topic: entry.topicId } : null, { from: 'feed-card' })}
          className="rounded-full bg-amber-500 px-5 py-2.5 font-semibold text-black"
        >
          {t('openAssistant')}
        </Link>
      </section>
    );
  }
  return <ReelSlideBody entry={entry} position={position} label={label} mode={mode} params={params} onSignal={onSignal} />;
});

function ReelSlideBody({
  entry, position, label, mode, params, onSignal,
}: Omit<SlideProps, 'total' | 'entry'> & { entry: Extract<FeedEntry, { kind: 'reel' }>; label: string }) {
  const t = useTranslations('reels');
  const item = entry.item;
  const isActive = mode === 'active';
  const play = useFeedStore((s) => s.play);
  const tapReel = useFeedStore((s) => s.tapReel);
  // A tap would turn the sound on rather than pause: the button says so.
  const tapUnmutes = useFeedStore((s) => s.mute && !s.mutedByChoice);
  const activeStarted = useFeedStore((s) => s.activeStarted);
  // The data saver's poster is the small thumbnail (lib/data-saver.ts).
  const saver = useDataSaver().on;
  const [firstFrame, setFirstFrame] = useState(false);
  // Until the reel on screen shows its first frame, only its own poster downloads: on a slow
  // phone line every byte before that frame delays it (neighbours' posters come right after).
  const [posterWanted, setPosterWanted] = useState(isActive);
  if (!posterWanted && (isActive || activeStarted)) setPosterWanted(true);
  const [failed, setFailed] = useState(false);
  // Bumped to mount a fresh player: the network came back, or the person asked to try again.
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const tOffline = useTranslations('offline');
  const videoTap = useFeedLayout().preset.tap.video;
  const hasPlayer = mode !== 'far' && !failed;
  // The poster comes back whenever the player is gone (far away, or failed).
  const showPoster = !hasPlayer || !firstFrame;
  if (!hasPlayer && firstFrame) setFirstFrame(false);

  const onFirstFrame = useCallback(() => setFirstFrame(true), []);
  const onFailed = useCallback(() => setFailed(true), []);
  const onReelSignal = useCallback((s: WatchSignal) => onSignal(item.id, s), [onSignal, item.id]);

  // Stuck without a frame (or failed) while offline: the offline state, not an endless spinner.
  const offlineStuck = isActive && !online && (failed || !firstFrame);
  const stuck = useRef(false);
  useEffect(() => {
    stuck.current = failed || !firstFrame;
  });
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((a) => a + 1);
  }, []);
  useEffect(() => {
    // Back online: a reel that never showed a frame (or failed) loads again.
    const onOnline = () => {
      if (stuck.current) retry();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [retry]);

  return (
    <section
      data-testid="reel"
      data-active={isActive ? 'true' : 'false'}
      data-content-id={item.id}
      aria-roledescription="slide"
      aria-label={label}
      inert={!isActive}
      className="absolute inset-x-0 h-full overflow-hidden bg-black"
      style={slideStyle(position)}
    >
      {hasPlayer ? (
        <ReelVideo key={attempt} item={item} mode={mode as PlayerMode} onFirstFrame={onFirstFrame} onFailed={onFailed} onSignal={onReelSignal} />
      ) : null}
      {/* A plain <img>: posters are signed media URLs already sized by the pipeline; an image optimizer would fetch them again. */}
      <img
        data-poster=""
        src={posterWanted ? reelPoster(item, saver) : undefined}
        alt=""
        draggable={false}
        decoding="async"
        loading={mode === 'far' ? 'lazy' : 'eager'}
        fetchPriority={position === 0 ? 'high' : undefined}
        className={`pointer-events-none absolute inset-0 h-full w-full object-cover transition-opacity duration-300 motion-reduce:transition-none ${showPoster && posterWanted ? 'opacity-100' : 'opacity-0'}`}
      />
      {isActive && !failed && videoTap === 'toggle-play' ? (
        <button
          type="button"
          data-testid="reel-toggle"
          aria-label={tapUnmutes ? t('unmute') : play ? t('pause') : t('play')}
          data-tap={tapUnmutes ? 'unmute' : play ? 'pause' : 'play'}
          onClick={tapReel}
          className="absolute inset-0 z-10 h-full w-full cursor-pointer focus-visible:outline-offset-[-4px]"
        />
      ) : null}
      {isActive && videoTap === 'open-content' ? (
        <Link
          prefetch={false}
          href={`/content/${item.id}`}
          data-testid="reel-open"
          onClickCapture={() => trackFeedItem('CLICK_FEED', item)}
          aria-label={t('openReel')}
          className="absolute inset-0 z-10 h-full w-full focus-visible:outline-offset-[-4px]"
        />
      ) : null}
      {isActive && !play && !failed && videoTap === 'toggle-play' ? (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center" aria-hidden="true">
          <div className="flex h-20 w-20 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm">
            <PlayIcon size={40} />
          </div>
        </div>
      ) : null}
      {offlineStuck ? (
        <div role="status" data-testid="reel-offline" className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 bg-black/70 p-8 text-center text-white">
          <p className="text-lg font-semibold">{tOffline('pageTitle')}</p>
          <p className="text-sm text-white/85">{t('offlineReel')}</p>
          <button type="button" onClick={retry} className="min-h-11 rounded-full bg-amber-500 px-5 font-semibold text-black">
            {tOffline('retry')}
          </button>
        </div>
      ) : failed ? (
        <p role="alert" className="absolute inset-x-6 top-1/3 z-10 rounded-lg bg-black/70 p-4 text-center text-white">{t('videoError')}</p>
      ) : null}
      {isActive && position === 0 && tapUnmutes && videoTap === 'toggle-play' && !failed && !offlineStuck ? <TapForSound /> : null}
      {/* A chip keeps one language; "all" is not carried: one option's feed in every language is one question three times. */}
      <ReelInfo item={item} lang={params.filter.lang === 'all' ? undefined : params.filter.lang} />
      <ReelActions item={item} params={params} />
    </section>
  );
}
