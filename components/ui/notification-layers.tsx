'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useNotificationStore } from '@/stores/notification-store';
import { onDemand } from './on-demand';
import type { AlertDialogProps } from './alert-dialog';

/** The dialog code (./alert-dialog.tsx, the shared Dialog, Radix) is fetched when an overlay or modal first shows. */
const Alert = onDemand<AlertDialogProps>(() => import('./alert-dialog').then((m) => m.AlertDialog));

/**
 * The notification layers other than toasts (SPEC.md section 2 layers
 * OVERLAY, MODAL, LOGIN; section 8 notification kinds), from the one
 * notification store:
 * - `overlay`: an error covering the whole screen, with a way out;
 * - `modal`: an error dialog over the page, with the retry label and action;
 * - `login`: handed to `onLoginPrompt(onSuccess)`, so the sign-in modal
 *   takes over and runs `onSuccess` after sign-in.
 * Both dialogs are `alertdialog`s: focus moves in and stays, Escape
 * dismisses, focus goes back where it was. Their code is not in the page's
 * first-load JavaScript: it is fetched when the first one shows (which it
 * does once that has come; a failed fetch is tried again by the next one).
 */
export function NotificationLayers({ onLoginPrompt }: {
  /** Opens the login flow; `onSuccess` runs once the user is signed in. */
  onLoginPrompt?: (onSuccess: () => void) => void;
}) {
  const { show, type, message, retryLabel, onRetry, seq, hide, retry } = useNotificationStore();
  const t = useTranslations('layers');
  // React runs a mount effect twice in development: one prompt per notification.
  const prompted = useRef(-1);

  useEffect(() => {
    if (!show || type !== 'login' || prompted.current === seq) return;
    prompted.current = seq;
    const onSuccess = onRetry ?? (() => {});
    hide();
    onLoginPrompt?.(onSuccess);
  }, [show, type, seq, onRetry, hide, onLoginPrompt]);

  if (!show || (type !== 'overlay' && type !== 'modal')) return null;
  return (
    <Alert.Component
      key={seq}
      variant={type}
      title={t('title')}
      message={message}
      retryLabel={onRetry ? retryLabel ?? t('retry') : null}
      dismissLabel={t('dismiss')}
      onRetry={retry}
      onDismiss={hide}
    />
  );
}
