'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';

/** How often the countdown reads the player's clock, ms. */
const TICK_MS = 250;

/** Seconds left of a reel: from its player when one plays, else its whole length. */
export function secondsLeft(video: Pick<HTMLVideoElement, 'currentTime' | 'duration'> | null, fallbackS: number): number {
  const total = video && Number.isFinite(video.duration) && video.duration > 0 ? video.duration : fallbackS;
  const at = video ? video.currentTime : 0;
  return Math.max(0, Math.ceil(total - at));
}

/**
 * The note over an unskippable reel (SPEC.md section 9 unskippable videos):
 * "Watch to the end to continue" with a countdown of the seconds left,
 * read from the active reel's <video>. `nudge` grows with every refused
 * attempt to move on; the note is then outlined, to say why nothing moved.
 */
export function UnskippableHint({ duration, nudge }: { duration: number; nudge: number }) {
  const t = useTranslations('reels');
  const ref = useRef<HTMLDivElement>(null);
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil(duration)));

  useEffect(() => {
    const tick = () => {
      const box = ref.current?.closest('[data-testid="reel-player"]');
      const video = box?.querySelector<HTMLVideoElement>('[data-testid="reel"][data-active="true"] video') ?? null;
      setLeft(secondsLeft(video, duration));
    };
    tick();
    const id = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(id);
  }, [duration]);

  return (
    <div
      ref={ref}
      role="status"
      data-testid="unskippable-hint"
      data-seconds-left={left}
      data-nudged={nudge > 0 ? 'true' : undefined}
      className={`pointer-events-none absolute inset-x-0 bottom-24 z-30 mx-auto w-fit rounded-full bg-black/70 px-4 py-2 text-sm font-semibold text-white backdrop-blur-sm ${nudge > 0 ? 'ring-2 ring-amber-400' : ''}`}
    >
      {t('unskippableHint', { seconds: left })}
    </div>
  );
}
