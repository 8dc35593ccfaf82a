'use client';

import type { ReactNode } from 'react';
import { Dialog, DialogTitle } from './dialog';
import { CloseIcon } from './icons';

/** What a Sheet takes (see `Sheet` in ./sheet.tsx). */
export interface SheetProps {
  /** Shown while true; its content is mounted only while open. */
  open: boolean;
  /** Asked to close: the close button, Escape, a press on the backdrop. */
  onClose: () => void;
  /** The heading and the dialog's accessible name. */
  title: string;
  /** Accessible name of the close button. */
  closeLabel: string;
  children: ReactNode;
}

/**
 * The sheet itself, on the shared Dialog (modal: focus stays inside, Escape
 * or a press on the backdrop closes, the page behind is inert, focus
 * returns to the opener). Its own chunk: screens use `Sheet`, which fetches
 * it when a sheet first opens.
 */
export function SheetPanel({ open, onClose, title, closeLabel, children }: SheetProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      described={false}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-black/60 sm:items-center"
      className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-neutral-900 shadow-xl sm:max-w-md sm:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="mb-4 flex items-center justify-between gap-4">
        <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="-m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <CloseIcon size={20} />
        </button>
      </div>
      {children}
    </Dialog>
  );
}
