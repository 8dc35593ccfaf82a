'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { VolumeOffIcon } from '@/components/ui/icons';

/**
 * The "Tap for sound" pill over the first reel of a shared link (/share and
 * /share/<slug>), as short-video apps show one: the reel plays muted until a
 * tap, and a friend who opened the link should know a tap brings the sound.
 * The caller shows it only while that tap would unmute; it takes no taps
 * itself (the reel's own button underneath does), so the tap that turns the
 * sound on also makes it go. Text and an inline icon only: nothing to fetch.
 */
export function TapForSound() {
  const t = useTranslations('reels');
  const pathname = usePathname() ?? '';
  if (pathname !== '/share' && !pathname.startsWith('/share/')) return null;
  return (
    <div
      data-testid="tap-for-sound"
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 top-1/3 z-10 flex justify-center"
    >
      <span className="inline-flex items-center gap-2 rounded-full bg-black/75 px-4 py-2 text-sm font-semibold text-white shadow-lg ring-1 ring-white/30">
        <VolumeOffIcon size={18} />
        {t('tapForSound')}
      </span>
    </div>
  );
}
