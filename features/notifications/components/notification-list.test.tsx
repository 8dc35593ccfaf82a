import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { MarkReadResult, NotificationItem, NotificationsPage } from '../schemas';
import { NotificationList } from './notification-list';
import { NotificationBell } from './notification-bell';

/**
 * The Profile tab's notifications as a user meets them: the list the API
 * answers (GET /auth/api/v1/notifications), translated, with how long ago,
 * unread dots, "Mark all as read" (POST /auth/api/v1/notifications/read),
 * older pages, the empty and signed-out states; and the bell's count.
 */
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function item(over: Partial<NotificationItem> & { id: number }): NotificationItem {
  return { key: 'welcome', params: {}, link: null, read: false, created_at: minutesAgo(5), ...over };
}

/** Serves the list from `pages` (by `before`), and records each `before` asked for. */
function serveList(pages: Record<string, NotificationsPage>) {
  const asked: Array<string | null> = [];
  server.use(http.get('/auth/api/v1/notifications', ({ request }) => {
    const before = new URL(request.url).searchParams.get('before');
    asked.push(before);
    return HttpResponse.json(pages[before ?? 'first']);
  }));
  return asked;
}

const dots = () => screen.queryAllByTestId('unread-dot');

describe('NotificationList', () => {
  it('shows each notification in the reader\'s language with how long ago, and dots the unread ones', async () => {
    serveList({
      first: {
        items: [
          item({ id: 12, key: 'newSignIn', params: { method: 'google' }, created_at: minutesAgo(5), link: '/profile' }),
          item({ id: 11, key: 'newSignIn', params: { method: 'phone' }, created_at: minutesAgo(180), read: true }),
          item({ id: 10, key: 'welcome', created_at: minutesAgo(60 * 24 * 3), read: true }),
          item({ id: 9, key: 'somethingNewer' }),
        ],
        unread: 2,
        next_before: null,
      },
    });
    renderWithApp(<NotificationList />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'true', 'true', 'false']);
    expect(within(rows[0]).getByRole('link', { name: 'New sign-in to your account with Google.' }).getAttribute('href')).toBe('/profile');
    within(rows[0]).getByText('5 minutes ago');
    within(rows[0]).getByText(/Unread/);
    within(rows[1]).getByText('New sign-in to your account with your mobile number.');
    within(rows[1]).getByText('3 hours ago');
    expect(within(rows[1]).queryByText(/Unread/)).toBeNull();
    within(rows[2]).getByText(/Welcome to SuryaReels!/);
    within(rows[2]).getByText('3 days ago');
    // A kind this client does not know yet.
    within(rows[3]).getByText('You have a new notification');
    expect(dots()).toHaveLength(2);
    screen.getByText('2 unread notifications');
  });

  it('speaks Hinglish for a Hinglish reader', async () => {
    serveList({ first: { items: [item({ id: 3, key: 'newSignIn', params: { method: 'google' } })], unread: 1, next_before: null } });
    renderWithApp(<NotificationList />, { locale: 'he' });
    await screen.findByText('Aapke account mein naya sign-in hua Google se.');
    screen.getByRole('button', { name: 'Sab ko padha hua karein' });
  });

  it('says so when there are none yet', async () => {
    serveList({ first: { items: [], unread: 0, next_before: null } });
    renderWithApp(<NotificationList />);
    await screen.findByText('No notifications yet');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('marks all read: the dots go at once, the server is told {all: true}', async () => {
    serveList({ first: { items: [item({ id: 2 }), item({ id: 1 })], unread: 2, next_before: null } });
    const bodies: unknown[] = [];
    server.use(http.post('/auth/api/v1/notifications/read', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json<MarkReadResult>({ updated: 2, unread: 0 });
    }));
    const { user } = renderWithApp(<NotificationList />);
    await screen.findAllByRole('listitem');
    expect(dots()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(dots()).toHaveLength(0);
    await waitFor(() => expect(bodies).toEqual([{ all: true }]));
    await waitFor(() => screen.getByText('No unread notifications'));
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('puts the dots back and says so when marking fails', async () => {
    serveList({ first: { items: [item({ id: 2 })], unread: 1, next_before: null } });
    server.use(http.post('/auth/api/v1/notifications/read', () => apiError(500, 'internal_error', 'x')));
    const { user } = renderWithApp(<NotificationList />);
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByText('Could not mark as read. Please try again.');
    expect(dots()).toHaveLength(1);
  });

  it('marks one read when its link is opened', async () => {
    serveList({ first: { items: [item({ id: 7, link: '/rewards' }), item({ id: 6 })], unread: 2, next_before: null } });
    const bodies: unknown[] = [];
    server.use(http.post('/auth/api/v1/notifications/read', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json<MarkReadResult>({ updated: 1, unread: 1 });
    }));
    const { user } = renderWithApp(<NotificationList />);
    const link = await screen.findByRole('link');
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    await waitFor(() => expect(bodies).toEqual([{ ids: [7] }]));
    expect(screen.getAllByRole('listitem').map((r) => r.getAttribute('data-read'))).toEqual(['true', 'false']);
  });

  it('loads older notifications on demand', async () => {
    const asked = serveList({
      first: { items: [item({ id: 30 }), item({ id: 29 })], unread: 3, next_before: 29 },
      29: { items: [item({ id: 5, key: 'newSignIn', params: { method: 'phone' } })], unread: 3, next_before: null },
    });
    const { user } = renderWithApp(<NotificationList />);
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(asked).toEqual([null, '29']);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('asks a visitor to log in', async () => {
    server.use(http.get('/auth/api/v1/notifications', () => apiError(401, 'login_required', 'Please log in to continue.')));
    renderWithApp(<NotificationList />);
    await screen.findByText('Log in to see your notifications.');
  });

  it('offers a retry when the list could not load', async () => {
    let fail = true;
    server.use(http.get('/auth/api/v1/notifications', () => (fail
      ? apiError(500, 'internal_error', 'x')
      : HttpResponse.json<NotificationsPage>({ items: [item({ id: 1 })], unread: 1, next_before: null }))));
    const { user } = renderWithApp(<NotificationList />);
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Could not load notifications.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });
});

describe('NotificationBell', () => {
  it('shows the unread count of a signed-in user', async () => {
    serveList({ first: { items: [item({ id: 1 })], unread: 120, next_before: null } });
    renderWithApp(<NotificationBell enabled />);
    await screen.findByRole('link', { name: 'Notifications, 120 unread' });
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('asks nothing for a visitor', () => {
    // No handler: a request would fail the test (onUnhandledRequest: 'error').
    renderWithApp(<NotificationBell enabled={false} />);
    screen.getByRole('link', { name: 'Notifications' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
