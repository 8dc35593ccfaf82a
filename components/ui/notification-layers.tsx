'use client';

import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useNotificationStore } from '@/stores/notification-store';

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

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const titleId = useId();
  const messageId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    // Escape anywhere, even if focus was moved out by a script.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onDismiss();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [onDismiss]);

  // Tab and Shift+Tab go round the dialog's own controls.
  const trapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const i = items.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : (i === items.length - 1 ? 0 : i + 1);
    e.preventDefault();
    items[next].focus();
  };

  const overlay = variant === 'overlay';
  return (
    <div
      className={`fixed inset-0 z-[60] flex items-center justify-center p-6 ${overlay
        ? 'bg-white text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100'
        : 'bg-black/60'}`}
    >
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        data-variant={variant}
        onKeyDown={trapTab}
        className={overlay
          ? 'flex max-w-md flex-col items-center gap-4 text-center'
          : 'flex w-full max-w-sm flex-col gap-4 rounded-2xl bg-white p-6 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100'}
      >
        {overlay ? <span aria-hidden className="text-5xl">⚠️</span> : null}
        <h2 id={titleId} className="text-lg font-semibold">{title}</h2>
        <p id={messageId} className="text-neutral-700 dark:text-neutral-300">{message}</p>
        <div className={`flex gap-3 ${overlay ? 'justify-center' : 'justify-end'}`}>
          {retryLabel ? (
            <button
              ref={first}
              type="button"
              onClick={onRetry}
              className="rounded-full bg-amber-500 px-5 py-2 font-semibold text-black hover:bg-amber-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
            >
              {retryLabel}
            </button>
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
      </div>
    </div>
  );
}
