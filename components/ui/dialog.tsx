'use client';

import { useEffect, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type ReactNode, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';

export interface DialogProps {
  /** Shown while true; a dialog mounted only while it is open can leave it out. Default true. */
  open?: boolean;
  /** Asked to close: Escape, a press outside the panel (unless `dismissOnOutsidePress` is false) or a `DialogClose`. */
  onClose: () => void;
  /** `alertdialog` for an error the user must answer (no closing by a press outside). Default `dialog`. */
  role?: 'dialog' | 'alertdialog';
  /** Whether a press on the backdrop closes. Default true for `dialog`, false for `alertdialog`. */
  dismissOnOutsidePress?: boolean;
  /**
   * Focused on open. Without it: whatever the content focuses itself in its
   * mount effect, else the panel's first focusable element.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /** False when no `DialogDescription` is rendered, so the panel is not described by a missing element. Default true. */
  described?: boolean;
  /** Classes of the full-screen layer behind the panel (backdrop, position, z-index). */
  overlayClassName: string;
  /** Classes of the panel. */
  className: string;
  /** Extra attributes on the panel (e.g. `data-variant`). */
  panelProps?: Omit<ComponentPropsWithoutRef<'div'>, 'className' | 'children' | 'role'> & Record<`data-${string}`, string>;
  /** The panel's content; it must contain a `DialogTitle` (the accessible name). */
  children: ReactNode;
}

/**
 * The app's one modal dialog (on @radix-ui/react-dialog): labelled by its
 * `DialogTitle` and described by its `DialogDescription`; on open focus
 * moves in (see `initialFocus`) and Tab and Shift+Tab go round the panel's
 * own controls; the page behind is hidden from assistive technology, takes
 * no pointer input and does not scroll; Escape closes; on close focus goes
 * back to the element that had it when the dialog opened. Rendered in a
 * portal at the end of <body>, the panel inside a full-screen overlay (so
 * `overlayClassName` places it: centred, bottom sheet, full screen).
 * Every modal of the app is built on it: Sheet, the sign-in modal, the
 * onboarding overlay, the TLDR popup, the notification layers' alert dialog.
 * It brings Radix (~12 KB gzipped): import it only from code that is itself
 * loaded on demand (see ./on-demand.tsx, `Sheet`), never from a screen's
 * first load.
 */
export function Dialog({
  open = true, onClose, role = 'dialog', dismissOnOutsidePress = role === 'dialog', initialFocus,
  described = true, overlayClassName, className, panelProps, children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => { if (!next) onClose(); }}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClassName}>
          <RadixDialog.Content
            {...panelProps}
            {...(described ? {} : { 'aria-describedby': undefined })}
            role={role}
            aria-modal="true"
            className={className}
            onOpenAutoFocus={(e) => {
              if (!initialFocus?.current) return;
              e.preventDefault();
              initialFocus.current.focus();
            }}
            // FocusReturn below gives focus back, at once rather than on Radix's next task.
            onCloseAutoFocus={(e) => e.preventDefault()}
            onPointerDownOutside={(e) => {
              if (!dismissOnOutsidePress) e.preventDefault();
            }}
          >
            <FocusReturn />
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Remembers what had focus before the panel mounted and focuses it again
 * when the panel unmounts. The layout effect runs before any mount effect
 * of the content can move focus in; the passive cleanup runs after Radix's
 * focus trap (a parent) has let go, so the trap does not pull focus back.
 */
function FocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  useEffect(() => {
    const el = opener.current;
    return () => {
      if (el?.isConnected) el.focus();
    };
  }, []);
  return null;
}

/** The dialog's heading and accessible name (an <h2>). */
export function DialogTitle(props: ComponentPropsWithoutRef<'h2'>) {
  return <RadixDialog.Title {...props} />;
}

/** The dialog's description (a <p>), read after its name; a dialog renders at most one at a time. */
export function DialogDescription(props: ComponentPropsWithoutRef<'p'>) {
  return <RadixDialog.Description {...props} />;
}
