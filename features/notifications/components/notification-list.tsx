'use client';

import Link from 'next/link';
import { useNow, useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { DATE_TIME_FORMAT } from '@/lib/i18n-locale';
import { useAppFormatter } from '@/lib/use-app-formatter';
import { HttpError } from '@/lib/http/client';
import { useNotificationStore } from '@/stores/notification-store';
import { useMarkRead, useNotifications } from '../api/notifications';
import { notificationText } from '../lib/message';
import type { NotificationItem } from '../schemas';
import { Button } from '@/components/ui/button';

/**
 * The Profile tab's notifications (SPEC.md section 2 "Profile:
 * notifications"): newest first, each in the reader's language with how
 * long ago it came, unread ones marked with a dot; "Mark all as read"; older
 * ones on demand. Opening a notification's link marks it read. For a
 * visitor it asks to log in instead.
 */
export function NotificationList() {
  const t = useTranslations('notifications');
  const locale = useInterfaceLang();
  const tList = useTranslations('notifications.list');
  const notify = useNotificationStore((s) => s.notify);
  const query = useNotifications();
  const format = useAppFormatter();
  // One clock for every row, moved on each minute so "2 minutes ago" stays true.
  const now = useNow({ updateInterval: 60_000 });
  const markRead = useMarkRead(() => notify({ message: tList('markFailed') }));

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unread ?? 0;

  return (
    <section id="notifications" aria-labelledby="notifications-h" className="flex scroll-mt-6 flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id="notifications-h" className="text-lg font-semibold text-neutral-500 dark:text-neutral-400">
          {tList('title')}
          {unread > 0 ? (
            <span data-testid="unread-count" aria-hidden="true" className="ml-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
              {unread}
            </span>
          ) : null}
        </h2>
        {items.length > 0 ? (
          <button
            type="button"
            disabled={unread === 0}
            onClick={() => markRead.mutate('all')}
            className="rounded-full px-3 py-1 text-sm font-semibold text-amber-700 hover:bg-amber-50 disabled:cursor-default disabled:text-neutral-400 disabled:hover:bg-transparent dark:text-amber-400 dark:hover:bg-amber-900/30 dark:disabled:text-neutral-600"
          >
            {tList('markAllRead')}
          </button>
        ) : null}
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">{tList('loading')}</p>
      ) : query.isError && items.length === 0 ? (
        query.error instanceof HttpError && query.error.code === 'login_required' ? (
          <p className="text-neutral-700 dark:text-neutral-300">{tList('loginRequired')}</p>
        ) : (
          <div role="alert" className="flex items-center gap-3 text-neutral-700 dark:text-neutral-300">
            <span>{tList('loadFailed')}</span>
            <button type="button" onClick={() => void query.refetch()} className="font-semibold text-amber-700 underline dark:text-amber-400">
              {tList('retry')}
            </button>
          </div>
        )
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-neutral-300 p-6 text-center dark:border-neutral-700">
          <p className="font-semibold">{tList('empty')}</p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{tList('emptyHint')}</p>
        </div>
      ) : (
        <>
          <p className="sr-only" aria-live="polite">{tList('unreadCount', { count: unread })}</p>
          <ul className="flex flex-col divide-y divide-neutral-200 overflow-hidden rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
            {items.map((n) => (
              <NotificationRow
                key={n.id}
                n={n}
                text={notificationText(t, n, locale)}
                ago={format.relativeTime(new Date(n.created_at), now)}
                when={format.dateTime(new Date(n.created_at), DATE_TIME_FORMAT)}
                unreadLabel={tList('unread')}
                onOpen={() => { if (!n.read) markRead.mutate([n.id]); }}
              />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              type="button"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              variant="secondary"
              size="xs"
              className="self-center"
            >
              {query.isFetchingNextPage ? tList('loading') : tList('loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function NotificationRow({ n, text, ago, when, unreadLabel, onOpen }: {
  n: NotificationItem;
  text: string;
  /** How long ago, e.g. "5 minutes ago". */
  ago: string;
  /** The date and time in full, for the tooltip. */
  when: string;
  unreadLabel: string;
  onOpen: () => void;
}) {
  return (
    <li
      data-read={n.read ? 'true' : 'false'}
      className="flex items-start gap-3 bg-white px-4 py-3 data-[read=false]:bg-amber-50/60 dark:bg-neutral-900 dark:data-[read=false]:bg-amber-900/20"
    >
      <span className="mt-2 flex size-2 shrink-0 items-center justify-center">
        {n.read ? null : <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" data-testid="unread-dot" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {n.read ? null : <span className="sr-only">{unreadLabel}: </span>}
        {n.link ? (
          <Link href={n.link} onClick={onOpen} className="text-neutral-900 underline-offset-2 hover:underline dark:text-neutral-100">
            {text}
          </Link>
        ) : (
          <span className="text-neutral-900 dark:text-neutral-100">{text}</span>
        )}
        <time dateTime={n.created_at} title={when} className="text-xs text-neutral-600 dark:text-neutral-400">
          {ago}
        </time>
      </div>
    </li>
  );
}
