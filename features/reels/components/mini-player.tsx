'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { CloseIcon, VolumeOffIcon, VolumeOnIcon } from '@/components/ui/icons';
import { useFeedStore, type LastReel } from '../store';
import { playHls } from './load-hls';
import { useFormDock } from '@/lib/form-dock';

/**
 * The small corner player of SPEC.md section 4 ("mini player shown"): on a
 * page without the reel player it goes on with the reel that was on screen
 * (`last`, from the store), muted until the person turns the sound on here,
 * from the position it was left at. The whole card leads back to the feed
 * (`href`), which takes the reel up at full size where this one stopped:
 * on unmount the position is written back to the store. The close button
 * forgets the reel. Loaded on demand by app/providers.tsx, never on the
 * feed's own pages. It never covers a docked form's controls
 * (lib/form-dock.ts): it sits above the form's top edge, and steps aside
 * (hidden, still playing muted) while the form is in use (keyboard up).
 */
export function MiniPlayer({ last, href }: { last: LastReel; href: string }) {
  const t = useTranslations('reels');
  const videoRef = useRef<HTMLVideoElement>(null);
  const closedRef = useRef(false);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const { item, time, playing } = last;
  const src = item.pre_signed_url_video;
  // The values the mount effect started from (the store changes them on unmount).
  const start = useRef({ item, time, playing });
  const dock = useFormDock();

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const { item: it, time: from, playing: play } = start.current;
    const go = () => {
      if (play) void video.play()?.catch(() => undefined);
    };
    const detach = playHls(video, src, {
      startPosition: from, bandwidthEstimate: useFeedStore.getState().bandwidthEstimate, onReady: go, onFailed: () => setFailed(true),
    });
    return () => {
      // Gone because the person went back to the feed (not closed): it picks up from here.
      if (!closedRef.current) {
        const at = video.currentTime > 0 ? video.currentTime : from;
        useFeedStore.getState().setLastReel({ item: it, time: at, playing: play });
      }
      detach();
    };
  }, [src]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  const close = () => {
    closedRef.current = true;
    videoRef.current?.pause();
    useFeedStore.getState().setLastReel(null);
  };

  return (
    <aside
      data-testid="mini-player"
      aria-label={t('miniLabel')}
      hidden={dock.focused}
      data-above-form={dock.height > 0 ? 'true' : undefined}
      // Above the tab bar, and above a docked form's top edge (--form-dock-h, set by the form).
      className="fixed bottom-[max(calc(var(--tabbar-h)+0.75rem),calc(var(--form-dock-h,0px)+0.5rem))] right-3 z-40 aspect-[9/16] w-28 overflow-hidden rounded-xl bg-black shadow-lg ring-1 ring-white/20 lg:bottom-[max(1rem,calc(var(--form-dock-h,0px)+0.5rem))] lg:right-4 lg:w-36"
    >
      {/* A plain <img>: the poster is a signed media URL already sized by the pipeline. */}
      <img src={item.pre_signed_url_poster} alt="" className="absolute inset-0 h-full w-full object-cover" />
      <video
        ref={videoRef}
        data-testid="mini-player-video"
        className={`absolute inset-0 h-full w-full object-cover ${failed ? 'hidden' : ''}`}
        playsInline
        muted
        loop
        preload="auto"
        disablePictureInPicture
      />
      <Link
        prefetch={false}
        href={href}
        data-testid="mini-player-open"
        aria-label={t('miniOpen', { name: item.topic_name })}
        className="absolute inset-0 focus-visible:outline-offset-[-3px]"
      />
      <button
        type="button"
        data-testid="mini-player-close"
        onClick={close}
        aria-label={t('miniClose')}
        className="absolute right-1 top-1 flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white"
      >
        <CloseIcon size={16} />
      </button>
      {failed ? null : (
        <button
          type="button"
          data-testid="mini-player-mute"
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? t('unmute') : t('mute')}
          className="absolute bottom-1 left-1 flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white"
        >
          {muted ? <VolumeOffIcon size={16} /> : <VolumeOnIcon size={16} />}
        </button>
      )}
    </aside>
  );
}
