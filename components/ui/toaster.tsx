'use client';

import { useEffect } from 'react';
import { isToast, useNotificationStore } from '@/stores/notification-store';

/** How long a toast stays, ms. */
const TOAST_MS = 4000;

/**
 * Shows the current toast notification (SPEC.md section 3 "Notification")
 * in a polite live region; it hides itself after a few seconds unless it
 * offers a retry. The other layers (error overlay, error modal, login
 * prompt) are components/ui/notification-layers.tsx's.
 */
export function Toaster({ dismissLabel }: { dismissLabel: string }) {
  const { show, type, message, retryLabel, onRetry, seq, hide, retry } = useNotificationStore();
  const toast = isToast(type);

  useEffect(() => {
    if (!show || !toast || onRetry) return;
    const t = setTimeout(hide, TOAST_MS);
    return () => clearTimeout(t);
  }, [show, toast, seq, onRetry, hide]);

  const onTop = type === 'toast_on_top';
  return (
    <div
      role="status"
      aria-live="polite"
      className={`pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4 ${onTop ? 'top-4' : 'bottom-[calc(var(--tabbar-h)+1rem)] lg:bottom-6'}`}
    >
      {show && toast && message ? (
        <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-neutral-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900">
          <span>{message}</span>
          {onRetry && retryLabel ? (
            <button type="button" className="font-semibold text-amber-400 underline dark:text-amber-700" onClick={retry}>
              {retryLabel}
            </button>
          ) : null}
          <button type="button" className="ml-1 opacity-70 hover:opacity-100" onClick={hide} aria-label={dismissLabel}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
