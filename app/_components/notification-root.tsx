'use client';

import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NotificationLayers } from '@/components/ui/notification-layers';
import { meQueryOptions } from '@/features/auth/api/session';
import { useLoginStore } from '@/features/auth/store';
import { NotificationsLive } from '@/features/notifications/components/notifications-live';

/**
 * Joins the notification layers and live notifications to sign-in: a
 * `login` notification opens the auth feature's login modal with its
 * on-success action, and live notifications run while a user is signed in.
 * Who is signed in is asked only when the page came with a session cookie,
 * so a visitor's page load makes no extra request; a sign-in or logout in
 * this tab updates the same `['auth','me']` query.
 * @param hasSession the request carried a session cookie (not yet checked).
 */
export function NotificationRoot({ hasSession }: { hasSession: boolean }) {
  const { data: me } = useQuery({ ...meQueryOptions(), enabled: hasSession });
  // The caller asked for a sign-in: a visitor's action waits for it.
  const onLoginPrompt = useCallback((onSuccess: () => void) => useLoginStore.getState().requireLogin(onSuccess, false), []);
  return (
    <>
      <NotificationLayers onLoginPrompt={onLoginPrompt} />
      <NotificationsLive userId={me?.userId ?? null} />
    </>
  );
}
