import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import type { Socket } from 'socket.io-client';
import { useNotificationStore } from '@/stores/notification-store';
import { notificationText } from '../lib/message';
import { notificationsKeys, type NotificationItem } from './notifications';

/**
 * The server's event of a new notification (lib/notifications/notify.ts),
 * pushed in the shape the list answers (NotificationView); socket.io events
 * carry no types, so the listener names it.
 */
const EVENT = 'notification';

/**
 * Live notifications for a signed-in user: a socket.io connection of its
 * own (same origin, path /socket.io, the session cookie in the handshake
 * puts it in the user's room), opened only while `userId` is set and
 * reopened when it changes, so a visitor opens none and a logged-out tab
 * hears nothing more. socket.io-client is loaded on first use. Each
 * "notification" refreshes the list and the unread count and shows a toast
 * in the reader's language; a reconnect that could not recover the missed
 * pushes refreshes the list too.
 * @param userId the signed-in user, or null for a visitor.
 */
export function useLiveNotifications(userId: string | null): void {
  const qc = useQueryClient();
  const t = useTranslations('notifications');
  const locale = useInterfaceLang();
  const notify = useNotificationStore((s) => s.notify);
  // The latest translations without reconnecting when the language changes.
  const latest = useRef({ t, notify, locale });
  useEffect(() => {
    latest.current = { t, notify, locale };
  }, [t, notify, locale]);

  useEffect(() => {
    if (!userId) return;
    let socket: Socket | null = null;
    let stopped = false;
    let connectedBefore = false;
    const refresh = () => void qc.invalidateQueries({ queryKey: notificationsKeys.all });
    import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: '/socket.io', withCredentials: true });
      const s = socket;
      s.on('connect', () => {
        if (connectedBefore && !s.recovered) refresh();
        connectedBefore = true;
      });
      s.on(EVENT, (n: NotificationItem) => {
        refresh();
        latest.current.notify({ type: 'toast', message: notificationText(latest.current.t, n, latest.current.locale) });
      });
    }, () => {
      // socket.io-client could not be loaded (offline): the list still loads over HTTP.
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [userId, qc]);
}
