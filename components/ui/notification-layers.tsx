'use client';

import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useNotificationStore } from '@/stores/notification-store';
import { Dialog, DialogDescription, DialogTitle } from './dialog';
import { Button } from './button';

/**
 * The notification layers other than toasts (SPEC.md section 2 layers
 * OVERLAY, MODAL, LOGIN; section 8 notification kinds), from the one
 * notification store:
 * - `overlay`: an error covering the whole screen, with a way out;
 * - `modal`: an error dialog over the page, with the retry label and action;
 * - `login`: handed to `onLoginPrompt(onSuccess)`, so the sign-in modal
 *   takes over and runs `onSuccess` after sign-in.
 * Both dialogs are `alertdialog`s: focus moves in and stays, Escape
 * dismisses, focus goes back where it was.
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
    <AlertDialog
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

/** The error modal or overlay: an alertdialog on the shared Dialog, focus on its first button. */
function AlertDialog({
  variant, title, message, retryLabel, dismissLabel, onRetry, onDismiss,
}: {
  variant: 'overlay' | 'modal';
  title: string;
  message: string;
  retryLabel: string | null;
  dismissLabel: string;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  const overlay = variant === 'overlay';
  return (
    <Dialog
      role="alertdialog"
      onClose={onDismiss}
      initialFocus={first}
      panelProps={{ 'data-variant': variant }}
      overlayClassName={`fixed inset-0 z-[60] flex items-center justify-center p-6 ${overlay
        ? 'bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100'
        : 'bg-black/60'}`}
      className={overlay
        ? 'flex max-w-md flex-col items-center gap-4 text-center'
        : 'flex w-full max-w-sm flex-col gap-4 rounded-2xl bg-white p-6 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100'}
    >
      {overlay ? <span aria-hidden className="text-5xl">⚠️</span> : null}
      <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
      <DialogDescription className="text-neutral-700 dark:text-neutral-300">{message}</DialogDescription>
      <div className={`flex gap-3 ${overlay ? 'justify-center' : 'justify-end'}`}>
        {retryLabel ? (
          <Button
            ref={first}
            type="button"
            onClick={onRetry}
            className="focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            {retryLabel}
          </Button>
        ) : null}
        <button
          ref={retryLabel ? undefined : first}
          type="button"
          onClick={onDismiss}
          className="rounded-full border border-neutral-300 px-5 py-2 font-semibold hover:bg-neutral-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 dark:border-neutral-600 dark:hover:bg-neutral-800"
        >
          {dismissLabel}
        </button>
      </div>
    </Dialog>
  );
}
