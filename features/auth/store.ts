import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { authKeys, meQueryOptions } from './api/session';
import type { Me } from './schemas';

/**
 * The login flow's UI state (SPEC.md section 4 "Calls needing login"): a
 * visitor's gated call waits while the login modal is open and runs once,
 * right after sign-in; a signed-in user's call runs at once. Who is signed
 * in is server data (the `['auth','me']` query), never kept here.
 */
/**
 * What the modal is open for: `sign-in` (a visitor signs in) or
 * `link-phone` (a signed-in user adds a mobile number: the same code
 * check, which the server then adds to that user).
 */
export type LoginPurpose = 'sign-in' | 'link-phone';

interface LoginState {
  /** The login modal is shown. */
  open: boolean;
  /** The call waiting for sign-in; null when the modal was opened without one. */
  pendingAction: (() => void) | null;
  /** What the modal is open for; `sign-in` unless openLogin asked otherwise. */
  purpose: LoginPurpose;
  /**
   * A verified number to fill in (E.164; a registered customer's signed
   * link, GET redirect-native-customer), or null: the person types theirs.
   */
  prefillPhone: string | null;
}

interface LoginActions {
  /**
   * Runs `action` now when `signedIn`; otherwise opens the modal and keeps
   * `action` for after sign-in. A second gated call while the modal is open
   * replaces the first: only the latest tap runs.
   */
  requireLogin: (action: () => void, signedIn: boolean) => void;
  /**
   * Opens the modal: for a plain sign-in, or with `{ purpose: 'link-phone' }`
   * for a signed-in user adding a mobile number. `phone` (E.164) fills the
   * number in; `then` runs once after the sign-in (as a gated call would).
   */
  openLogin: (options?: { purpose?: LoginPurpose; phone?: string; then?: () => void }) => void;
  /** Sign-in succeeded: closes the modal and runs the pending call, exactly once. */
  completeSignIn: () => void;
  /** The modal was closed without a sign-in: the pending call is dropped. */
  close: () => void;
}

export type LoginStore = LoginState & LoginActions;

/** True when `me` is a signed-in user (a visitor has `userId: null`; unknown counts as not signed in). */
export function isSignedIn(me: Me | null | undefined): boolean {
  return !!me?.userId;
}

export const useLoginStore = create<LoginStore>()((set, get) => ({
  open: false,
  pendingAction: null,
  purpose: 'sign-in',
  prefillPhone: null,
  requireLogin: (action, signedIn) => {
    if (signedIn) {
      action();
      return;
    }
    set({ open: true, pendingAction: action, purpose: 'sign-in', prefillPhone: null });
  },
  openLogin: (options) => set({
    open: true, pendingAction: options?.then ?? null, purpose: options?.purpose ?? 'sign-in', prefillPhone: options?.phone ?? null,
  }),
  completeSignIn: () => {
    // Taken out before it runs: a second success (or the action itself
    // signing in again) finds nothing pending.
    const action = get().pendingAction;
    set({ open: false, pendingAction: null, purpose: 'sign-in', prefillPhone: null });
    action?.();
  },
  close: () => set({ open: false, pendingAction: null, purpose: 'sign-in', prefillPhone: null }),
}));

/**
 * The login gate for components: `const requireLogin = useRequireLogin();
 * onClick={() => requireLogin(() => like(id))}`. Subscribes to the caller's
 * identity so the answer is at hand at tap time; if it is not known yet,
 * asks the server first (the action then runs after that answer).
 */
export function useRequireLogin(): (action: () => void) => void {
  const qc = useQueryClient();
  useQuery(meQueryOptions());
  return useCallback((action: () => void) => {
    const gate = (signedIn: boolean) => useLoginStore.getState().requireLogin(action, signedIn);
    const me = qc.getQueryData<Me>(authKeys.me);
    if (me !== undefined) {
      gate(isSignedIn(me));
      return;
    }
    qc.fetchQuery(meQueryOptions()).then((m) => gate(isSignedIn(m)), () => gate(false));
  }, [qc]);
}
