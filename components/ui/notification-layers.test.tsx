import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import { useNotificationStore } from '@/stores/notification-store';
import { NotificationLayers } from './notification-layers';

/**
 * The error overlay, error modal and login prompt (SPEC.md section 8
 * notification kinds) as the user meets them, next to the app's Toaster.
 */
const notify = (n: Parameters<ReturnType<typeof useNotificationStore.getState>['notify']>[0]) =>
  act(() => useNotificationStore.getState().notify(n));

describe('NotificationLayers: error modal', () => {
  it('shows the message with the retry label, focused; retry runs the action once and closes', async () => {
    const action = vi.fn();
    const { user } = renderWithApp(<><button type="button">Upload</button><NotificationLayers /></>);
    const opener = screen.getByRole('button', { name: 'Upload' });
    opener.focus();
    notify({ type: 'modal', message: 'The upload failed.', retryLabel: 'Upload again', onRetry: action });

    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('The upload failed.').id).toBe(dialog.getAttribute('aria-describedby'));
    const retry = within(dialog).getByRole('button', { name: 'Upload again' });
    expect(document.activeElement).toBe(retry);
    // Not a toast: the Toaster's live region stays empty.
    expect(screen.getByRole('status').textContent).toBe('');

    await user.click(retry);
    retry.click();
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape dismisses without running the action, and Tab stays inside', async () => {
    const action = vi.fn();
    const { user } = renderWithApp(<NotificationLayers />);
    notify({ type: 'modal', message: 'Could not save.', retryLabel: 'Save again', onRetry: action });
    const dialog = await screen.findByRole('alertdialog');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save again' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(action).not.toHaveBeenCalled();
    expect(useNotificationStore.getState()).toMatchObject({ show: false, onRetry: null });
  });

  it('offers only Close when there is nothing to retry, with the default label for an unlabelled retry', async () => {
    renderWithApp(<NotificationLayers />);
    notify({ type: 'modal', message: 'Not allowed.' });
    expect(within(await screen.findByRole('alertdialog')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
    notify({ type: 'modal', message: 'Failed.', onRetry: () => {} });
    expect(within(screen.getByRole('alertdialog')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Try again', 'Close']);
  });

  it('keeps the modal when a toast arrives meanwhile', async () => {
    renderWithApp(<NotificationLayers />);
    notify({ type: 'modal', message: 'Could not save.', onRetry: () => {} });
    notify({ message: 'New notification' });
    await screen.findByRole('alertdialog');
    expect(screen.queryByText('New notification')).toBeNull();
  });
});

describe('NotificationLayers: error overlay', () => {
  it('covers the screen with the message until dismissed', async () => {
    const { user } = renderWithApp(<NotificationLayers />);
    notify({ type: 'overlay', message: 'You are offline.' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.getAttribute('data-variant')).toBe('overlay');
    within(dialog).getByText('You are offline.');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.click(close);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is dismissed with Escape and is not hidden by the toast timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithApp(<NotificationLayers />);
      notify({ type: 'overlay', message: 'You are offline.' });
      act(() => { vi.advanceTimersByTime(10_000); });
      await screen.findByRole('alertdialog');
      act(() => { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })); });
      expect(screen.queryByRole('alertdialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('NotificationLayers: login prompt', () => {
  it('hands the on-success action to the login flow, which runs it after sign-in', () => {
    const onSuccess = vi.fn();
    const onLoginPrompt = vi.fn<(fn: () => void) => void>();
    renderWithApp(<NotificationLayers onLoginPrompt={onLoginPrompt} />);
    notify({ type: 'login', onRetry: onSuccess });
    expect(onLoginPrompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useNotificationStore.getState().show).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
    onLoginPrompt.mock.calls[0][0]();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });
});

describe('Toaster next to the layers', () => {
  it('still shows toasts, with their retry', async () => {
    const action = vi.fn();
    const { user } = renderWithApp(<NotificationLayers />);
    notify({ message: 'Could not like', retryLabel: 'Try again', onRetry: action });
    const status = screen.getByRole('status');
    within(status).getByText('Could not like');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(within(status).getByRole('button', { name: 'Try again' }));
    expect(action).toHaveBeenCalledTimes(1);
    expect(status.textContent).toBe('');
  });
});
