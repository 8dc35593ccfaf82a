'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { StudioMedia } from '../api/studio';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/** Attaches the HLS master to the video: the browser's own HLS where it has it, else hls.js (loaded only now). */
function useHlsSource(video: HTMLVideoElement | null, master: string, onFailed: () => void) {
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  useEffect(() => {
    if (!video) return;
    if (video.canPlayType(HLS_MIME)) {
      video.src = master;
      return;
    }
    let cancelled = false;
    let destroy: (() => void) | null = null;
    import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        failed.current();
        return;
      }
      const hls = new Hls();
      destroy = () => hls.destroy();
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) failed.current();
      });
      hls.loadSource(master);
      hls.attachMedia(video);
    }).catch(() => {
      if (!cancelled) failed.current();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [video, master]);
}

function Player({ media }: { media: StudioMedia }) {
  const t = useTranslations('studio');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [failed, setFailed] = useState(false);
  useHlsSource(video, media.master, () => setFailed(true));
  return (
    <div className="flex flex-col gap-1">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- reels carry no caption track (none in the media pipeline) */}
      <video ref={setVideo} data-testid="studio-player" controls playsInline autoPlay poster={media.poster}
        className="aspect-[9/16] max-h-[60vh] w-auto self-start rounded-lg bg-black" />
      {failed && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{t('player.failed')}</p>}
    </div>
  );
}

/**
 * A Play button that opens an inline player of a ready reel's signed HLS
 * master (hls.js is loaded only once Play is pressed), so a reviewer can
 * watch a reel that is not published yet. Nothing when the reel has no media.
 */
export function ReelPlayer({ media }: { media: StudioMedia | null | undefined }) {
  const t = useTranslations('studio');
  const [open, setOpen] = useState(false);
  if (!media) return null;
  return (
    <div className="flex flex-col gap-2">
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}
        className="self-start rounded-full border border-neutral-400 px-4 py-2 text-sm font-semibold">
        {open ? t('player.close') : t('player.play')}
      </button>
      {open && <Player media={media} />}
    </div>
  );
}
