'use client';

import { useLiveNotifications } from '../api/live';

/**
 * Mount once in the app: while `userId` is set, new notifications arrive
 * over the socket, refresh the list and count, and show as toasts.
 */
export function NotificationsLive({ userId }: { userId: string | null }) {
  useLiveNotifications(userId);
  return null;
}
