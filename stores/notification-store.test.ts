import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN, hideNotification, showNotification, useNotificationStore } from './notification-store';

describe('notification store', () => {
  beforeEach(() => useNotificationStore.getState().hide());

  it('shows a message with its handlers, and hiding clears them', () => {
    const retry = () => {};
    useNotificationStore.getState().notify({ message: 'Could not like', retryLabel: 'Try again', onRetry: retry });
    let s = useNotificationStore.getState();
    expect(s).toMatchObject({ show: true, type: 'toast', message: 'Could not like', retryLabel: 'Try again' });
    expect(s.onRetry).toBe(retry);
    useNotificationStore.getState().hide();
    s = useNotificationStore.getState();
    expect(s).toMatchObject({ show: false, message: '', retryLabel: null, onRetry: null });
  });

  it('counts each notification so a repeated one restarts', () => {
    const before = useNotificationStore.getState().seq;
    useNotificationStore.getState().notify({ message: 'x' });
    useNotificationStore.getState().notify({ message: 'x' });
    expect(useNotificationStore.getState().seq).toBe(before + 2);
  });

  it('retry hides first and runs the action exactly once', () => {
    const action = vi.fn(() => {
      // The action may show a notification of its own: it stays.
      useNotificationStore.getState().notify({ type: 'toast', message: 'Uploaded' });
    });
    useNotificationStore.getState().notify({ type: 'modal', message: 'Upload failed', retryLabel: 'Retry', onRetry: action });
    useNotificationStore.getState().retry();
    useNotificationStore.getState().retry();
    expect(action).toHaveBeenCalledTimes(1);
    expect(useNotificationStore.getState()).toMatchObject({ show: true, type: 'toast', message: 'Uploaded' });
  });
});

describe('showNotification / hideNotification', () => {
  const action = () => {};

  it('shows each layer type with its message and handlers', () => {
    for (const type of ['toast', 'toast_on_top', 'overlay', 'modal', 'login'] as const) {
      const s = showNotification(HIDDEN, { type, message: 'm', retryLabel: 'r', onRetry: action });
      expect(s).toEqual({ show: true, type, message: 'm', retryLabel: 'r', onRetry: action, seq: 1 });
    }
  });

  it('defaults to a toast, with no message for a bare login prompt', () => {
    expect(showNotification(HIDDEN, { message: 'hi' })).toMatchObject({ type: 'toast', retryLabel: null, onRetry: null });
    expect(showNotification(HIDDEN, { type: 'login', onRetry: action })).toMatchObject({ type: 'login', message: '', onRetry: action });
  });

  it('does not let a toast replace an error modal, overlay or login prompt on screen', () => {
    for (const type of ['overlay', 'modal', 'login'] as const) {
      const blocking = showNotification(HIDDEN, { type, message: 'Failed', onRetry: action });
      expect(showNotification(blocking, { type: 'toast', message: 'New notification' })).toBe(blocking);
      expect(showNotification(blocking, { type: 'toast_on_top', message: 'New notification' })).toBe(blocking);
      // Another blocking one does replace it (the newest question is the one to answer).
      expect(showNotification(blocking, { type: 'modal', message: 'Other' })).toMatchObject({ type: 'modal', message: 'Other', onRetry: null });
      // Once it is hidden, toasts show again.
      expect(showNotification(hideNotification(blocking), { message: 'Later' })).toMatchObject({ show: true, type: 'toast', message: 'Later' });
    }
  });

  it('a toast replaces a toast, and any layer replaces a toast', () => {
    const toast = showNotification(HIDDEN, { message: 'one' });
    expect(showNotification(toast, { message: 'two' })).toMatchObject({ message: 'two', seq: 2 });
    expect(showNotification(toast, { type: 'overlay', message: 'down' })).toMatchObject({ type: 'overlay', message: 'down' });
  });

  it('hiding clears the message and handlers (SPEC.md section 4)', () => {
    const s = hideNotification(showNotification(HIDDEN, { type: 'modal', message: 'm', retryLabel: 'r', onRetry: action }));
    expect(s).toEqual({ show: false, type: 'modal', message: '', retryLabel: null, onRetry: null, seq: 1 });
  });
});
