import { create } from 'zustand';

/**
 * The one notification on screen (SPEC.md section 3 "Notification" and
 * section 4: shown, then hidden, which clears the message and handlers).
 * `message` is already translated by the caller.
 */
export type NotificationType = 'toast' | 'toast_on_top' | 'overlay' | 'modal' | 'login';

export interface NotificationInput {
  type?: NotificationType;
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
}

interface NotificationState {
  show: boolean;
  type: NotificationType;
  message: string;
  retryLabel: string | null;
  onRetry: (() => void) | null;
  /** Bumped on each notify so a repeated message restarts its timer. */
  seq: number;
  notify: (n: NotificationInput) => void;
  hide: () => void;
}

export const useNotificationStore = create<NotificationState>()((set) => ({
  show: false,
  type: 'toast',
  message: '',
  retryLabel: null,
  onRetry: null,
  seq: 0,
  notify: (n) => set((s) => ({
    show: true,
    type: n.type ?? 'toast',
    message: n.message,
    retryLabel: n.retryLabel ?? null,
    onRetry: n.onRetry ?? null,
    seq: s.seq + 1,
  })),
  hide: () => set({ show: false, message: '', retryLabel: null, onRetry: null }),
}));
