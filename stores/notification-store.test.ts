import { describe, expect, it } from 'vitest';
import { useNotificationStore } from './notification-store';

describe('notification store', () => {
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
});
