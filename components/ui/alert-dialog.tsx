'use client';

import { useRef } from 'react';
import { Dialog, DialogDescription, DialogTitle } from './dialog';
import { Button } from './button';

/** What the error modal or overlay shows and does. */
export interface AlertDialogProps {
  /** `overlay`: covers the whole screen; `modal`: a dialog over the dimmed page. */
  variant: 'overlay' | 'modal';
  /** Heading and accessible name. */
  title: string;
  /** The error, already translated; the dialog's description. */
  message: string;
  /** Label of the retry button; null for none. */
  retryLabel: string | null;
  /** Label of the dismiss button. */
  dismissLabel: string;
  onRetry: () => void;
  /** Dismiss button, Escape. */
  onDismiss: () => void;
}

/**
 * The error modal or overlay of the notification layers: an alertdialog on
 * the shared Dialog (no closing by a press outside), focus on its first
 * button. Its own chunk, fetched by NotificationLayers when one shows.
 */
export function AlertDialog({
  variant, title, message, retryLabel, dismissLabel, onRetry, onDismiss,
}: AlertDialogProps) {
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
