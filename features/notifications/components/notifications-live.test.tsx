import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { NotificationItem, NotificationsPage } from '../schemas';
import { NotificationsLive } from './notifications-live';
import { NotificationBell } from './notification-bell';

// socket.io is the network boundary: the fake plays the server's "notification" push.
const { sockets, opened } = vi.hoisted(() => ({
  sockets: [] as Array<import('@/tests/fixtures/fake-socket').FakeSocket & { disconnect: () => void; recovered: boolean }>,
  opened: [] as unknown[],
}));
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('@/tests/fixtures/fake-socket');
  return {
    io: (opts: unknown) => {
      opened.push(opts);
      const s = Object.assign(new FakeSocket(), { recovered: false, disconnect: vi.fn() });
      sockets.push(s);
      return s;
    },
  };
});

const pushed: NotificationItem = {
  id: 41, key: 'newSignIn', params: { method: 'google' }, link: null, read: false, created_at: new Date().toISOString(),
};

describe('NotificationsLive', () => {
  it('opens a socket only for a signed-in user; a push refreshes the count and shows a toast', async () => {
    let unread = 1;
    server.use(http.get('/auth/api/v1/notifications', () =>
      HttpResponse.json<NotificationsPage>({ items: [], unread, next_before: null })));
    const { rerender } = renderWithApp(<><NotificationsLive userId={null} /><NotificationBell enabled={false} /></>);
    await new Promise((r) => setTimeout(r, 20));
    expect(sockets).toHaveLength(0);

    rerender(<><NotificationsLive userId="u1" /><NotificationBell enabled /></>);
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(opened[0]).toEqual({ path: '/socket.io', withCredentials: true });
    const socket = sockets[0];
    await waitFor(() => expect(socket.listens('notification')).toBe(true));

    unread = 2;
    act(() => socket.serverSends('notification', pushed));

    within(screen.getByRole('status')).getByText('New sign-in to your account with Google.');
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });

    // Logged out: the socket closes, nothing more is heard.
    rerender(<><NotificationsLive userId={null} /><NotificationBell enabled={false} /></>);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });
});
