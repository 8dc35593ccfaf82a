import { create } from 'zustand';

/**
 * The one notification on screen (SPEC.md section 3 "Notification": show,
 * type, message, retry handler and label; section 4: shown, then hidden,
 * which clears the message and handlers). Its layers (SPEC.md section 2,
 * section 8 "Notification kinds"):
 * - `toast`, `toast_on_top`: a short message at the bottom or the top
 *   (components/ui/toaster.tsx);
 * - `overlay`: an error covering the screen, dismissed by the user;
 * - `modal`: an error dialog with a retry label and action;
 * - `login`: a login prompt; the retry handler is its on-success action,
 *   run once after sign-in (components/ui/notification-layers.tsx hands it
 *   to the login modal).
 * `message` is already translated by the caller.
 */
export type NotificationType = 'toast' | 'toast_on_top' | 'overlay' | 'modal' | 'login';

export interface NotificationInput {
  type?: NotificationType;
  /** Translated text; a login prompt may go without. */
  message?: string;
  retryLabel?: string;
  /** The retry action; for `login`, what runs after sign-in. */
  onRetry?: () => void;
}

/** What is on screen. */
export interface NotificationSlot {
  show: boolean;
  type: NotificationType;
  message: string;
  retryLabel: string | null;
  onRetry: (() => void) | null;
  /** Bumped on each notification shown, so a repeated message restarts its timer. */
  seq: number;
}

interface NotificationActions {
  /** Shows `n` (see showNotification for when a toast waits its turn). */
  notify: (n: NotificationInput) => void;
  /** Hides what is shown and drops its handlers. */
  hide: () => void;
  /** Hides, then runs the retry (or on-success) action: once, however often it is called; nothing without one. */
  retry: () => void;
}

/** Types the user has to answer; a toast does not push one away. */
const BLOCKING: ReadonlySet<NotificationType> = new Set(['overlay', 'modal', 'login']);

/** True for the layers components/ui/toaster.tsx shows. */
export const isToast = (t: NotificationType) => t === 'toast' || t === 'toast_on_top';

/** Nothing shown. */
export const HIDDEN: NotificationSlot = { show: false, type: 'toast', message: '', retryLabel: null, onRetry: null, seq: 0 };

/**
 * Shows `n` in place of what is shown, except that a toast does not replace
 * an error overlay, error modal or login prompt still on screen: those wait
 * for the user, and replacing one would drop its retry or on-success action.
 * The toast is dropped instead (a toast is passing news).
 */
export function showNotification(s: NotificationSlot, n: NotificationInput): NotificationSlot {
  const type = n.type ?? 'toast';
  if (s.show && BLOCKING.has(s.type) && isToast(type)) return s;
  return {
    show: true,
    type,
    message: n.message ?? '',
    retryLabel: n.retryLabel ?? null,
    onRetry: n.onRetry ?? null,
    seq: s.seq + 1,
  };
}

/** Hidden, which clears the message and handlers (SPEC.md section 4); the type and count stay. */
export function hideNotification(s: NotificationSlot): NotificationSlot {
  return { ...s, show: false, message: '', retryLabel: null, onRetry: null };
}

export const useNotificationStore = create<NotificationSlot & NotificationActions>()((set, get) => ({
  ...HIDDEN,
  notify: (n) => set((s) => showNotification(s, n)),
  hide: () => set((s) => hideNotification(s)),
  retry: () => {
    // Taken before it runs: a second tap finds nothing to run, and leaves alone what the action itself showed.
    const action = get().onRetry;
    if (!action) return;
    set((s) => hideNotification(s));
    action();
  },
}));
