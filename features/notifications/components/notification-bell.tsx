'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useUnreadCount } from '../api/notifications';

/** Most unread shown as a number; more reads "99+". */
const BADGE_MAX = 99;

/**
 * A bell with the signed-in user's unread count, linking to where the
 * notifications are listed (the Profile tab by default). Asks nothing of
 * the server for a visitor (`enabled` false): then it is a plain bell.
 */
export function NotificationBell({ enabled, href = '/profile#notifications' }: { enabled: boolean; href?: string }) {
  const t = useTranslations('notifications.bell');
  const { data: unread = 0 } = useUnreadCount(enabled);
  const count = enabled ? unread : 0;
  return (
    <Link
      href={href}
      aria-label={count > 0 ? t('withUnread', { count }) : t('label')}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800"
    >
      <svg aria-hidden="true" width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white ring-2 ring-white dark:ring-neutral-950"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      ) : null}
    </Link>
  );
}
