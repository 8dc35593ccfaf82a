'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CompassIcon, GiftIcon, SparkleChatIcon, UserIcon, VideosIcon } from '@/components/ui/icons';
import { LinkPending } from '@/components/ui/link-pending';

/** The five tabs of SPEC.md section 2, in its order. */
const TABS = [
  // Search is reached from Explore (and the feed's header): finding something is exploring.
  { key: 'explore', href: '/explore', Icon: CompassIcon, match: ['/explore', '/search'] },
  { key: 'rewards', href: '/rewards', Icon: GiftIcon, match: ['/rewards'] },
  { key: 'assistant', href: '/assistant', Icon: SparkleChatIcon, match: ['/assistant', '/chat'] },
  { key: 'videos', href: '/reels', Icon: VideosIcon, match: ['/reels', '/topic', '/content', '/tldr', '/share'] },
  { key: 'profile', href: '/profile', Icon: UserIcon, match: ['/profile'] },
] as const;

/** Routes drawn on black (the player): the bar goes dark with them. */
const VIDEO_ROUTES = ['/reels', '/topic', '/content', '/tldr/'];

/** Pages that show a reel player of their own (or sit in a partner's frame): no mini player there. */
const PLAYER_ROUTES = ['/reels', '/topic', '/content', '/tldr/', '/share', '/studio/topic', '/chat/external'];

/**
 * True when `pathname` shows a reel player itself, so the mini player
 * (SPEC.md section 4 "mini player shown") stays away; elsewhere (Explore,
 * the TLDR board, Profile, ...) it may go on with the last reel.
 */
export function isPlayerRoute(pathname: string): boolean {
  return PLAYER_ROUTES.some((r) => pathname === r || pathname.startsWith(r.endsWith('/') ? r : `${r}/`));
}

/**
 * Main navigation: a bottom tab bar on phones, a left rail on desktop.
 * Labels are 12 px (text-xs), the smallest size Devanagari stays legible at.
 * Links are not prefetched: on a 1.6 Mbps phone those requests would compete
 * with the first reel's video (the first frame has a byte budget on a slow phone).
 */
export function TabBar() {
  const t = useTranslations('tabs');
  const pathname = usePathname() ?? '/';
  const onVideo = VIDEO_ROUTES.some((r) => pathname.startsWith(r));
  const isCurrent = (match: readonly string[]) => match.some((m) => pathname === m || pathname.startsWith(`${m}/`));
  // The embeddable assistant sits in a partner's frame: no app navigation there.
  if (pathname.startsWith('/chat/external')) return null;
  return (
    <nav
      data-tabbar
      aria-label={t('label')}
      data-on-video={onVideo ? 'true' : 'false'}
      className="group fixed inset-x-0 bottom-0 z-40 h-[var(--tabbar-h)] border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] data-[on-video=true]:border-neutral-800 data-[on-video=true]:bg-black data-[on-video=true]:text-white lg:inset-x-auto lg:left-0 lg:top-0 lg:h-dvh lg:w-[var(--rail-w)] lg:border-r lg:border-t-0 lg:pb-0 dark:border-neutral-800 dark:bg-neutral-950"
    >
      <ul className="flex h-full items-stretch justify-around lg:flex-col lg:justify-center lg:gap-2">
        {TABS.map(({ key, href, Icon, match }) => {
          const current = isCurrent(match);
          return (
            <li key={key} className="flex-1 lg:flex-none">
              <Link prefetch={false}
                href={href}
                aria-current={current ? 'page' : undefined}
                data-testid={`tab-${key}`}
                className={`relative flex h-full flex-col items-center justify-center gap-0.5 px-1 py-2 text-xs font-medium leading-tight lg:py-3 ${current ? 'text-amber-700 group-data-[on-video=true]:text-amber-400 dark:text-amber-400' : 'text-neutral-500 group-data-[on-video=true]:text-neutral-300 dark:text-neutral-400'}`}
              >
                <Icon size={22} />
                <span className="max-w-full truncate text-center">{t(key)}</span>
                <LinkPending className="absolute right-2 top-1.5" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
