import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { serveMe, serveWatched, USER, VISITOR } from '@/tests/fixtures/profile-api';
import { useNotificationStore } from '@/stores/notification-store';
import { ProfileAccount } from './profile-account';
import { ProfileScreen } from './profile-screen';

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => '/profile' }));

const SETTINGS = <section aria-label="Settings" />;

let restoreUrl = () => {};

/** Records what the browser is asked to save: the anchor's download name and the blob's text. */
function captureDownloads() {
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (b: Blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, b);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  restoreUrl = () => Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.getAttribute('href')!)!.text() });
  });
  return saved;
}

afterEach(() => {
  restoreUrl();
  vi.restoreAllMocks();
  router.replace.mockClear();
});

describe('ProfileAccount', () => {
  beforeEach(() => {
    serveMe(USER);
  });

  it('downloads my data as the file the server names, and says so', async () => {
    const saved = captureDownloads();
    server.use(http.get('/auth/api/v1/user/export', () => new HttpResponse(JSON.stringify({ profile: { name: 'Asha Verma' } }), {
      headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="surya-reels-data-2025-03-10.json"' },
    })));
    const { user } = renderWithApp(<ProfileAccount />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText('Your data file is downloading');
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('surya-reels-data-2025-03-10.json');
    expect(JSON.parse(await saved[0].text)).toEqual({ profile: { name: 'Asha Verma' } });
  });

  it('tells a person who asked too often to wait, and saves nothing', async () => {
    const saved = captureDownloads();
    server.use(http.get('/auth/api/v1/user/export', () => apiError(429, 'rate_limited', 'Too many requests.')));
    const { user } = renderWithApp(<ProfileAccount />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries. Please wait a moment and try again.');
    expect(saved).toEqual([]);
  });

  it('asks first, saying what is lost and what is kept; "Keep my account" sends nothing', async () => {
    let calls = 0;
    server.use(http.delete('/auth/api/v1/user/me', () => {
      calls++;
      return HttpResponse.json({});
    }));
    const { user } = renderWithApp(<ProfileAccount />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    within(dialog).getByText(/rewards not yet claimed/);
    within(dialog).getByText(/your chats with the assistant/);
    within(dialog).getByText(/your likes, views and videos watched/);
    within(dialog).getByText(/referrals that were never accepted/);
    within(dialog).getByText(/^Kept, without your name or number: payout records of rewards/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toBe(0);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('deletes with {"confirm": true}, then signs out, goes to the feed and says so', async () => {
    const me = serveMe(USER);
    const bodies: unknown[] = [];
    server.use(http.delete('/auth/api/v1/user/me', async ({ request }) => {
      bodies.push(await request.json());
      me.set(VISITOR);
      return HttpResponse.json({ erased: true, erased_at: '2025-03-10T06:50:00.000Z', counts: {} });
    }));
    window.localStorage.setItem('sr_auth_token', 's1.token');
    const { user, queryClient } = renderWithApp(<ProfileAccount />);
    queryClient.setQueryData(['auth', 'me'], USER);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for ever' }));
    await screen.findByText('Your account was deleted and you are signed out.');
    expect(bodies).toEqual([{ confirm: true }]);
    expect(router.replace).toHaveBeenCalledWith('/reels');
    expect(window.localStorage.getItem('sr_auth_token')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Every query started over: the cached user is gone.
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
  });

  it('still leaves for the feed and says so when the section is gone before the answer (the screen signed out)', async () => {
    let unmountNow = () => {};
    server.use(http.delete('/auth/api/v1/user/me', () => {
      unmountNow();
      return HttpResponse.json({ erased: true, erased_at: '2025-03-10T06:50:00.000Z', counts: {} });
    }));
    const view = renderWithApp(<ProfileAccount />);
    unmountNow = () => view.unmount();
    await view.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete for ever' }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/reels'));
    expect(useNotificationStore.getState()).toMatchObject({ show: true, message: 'Your account was deleted and you are signed out.' });
  });

  it('keeps the dialog open with an error when the deletion fails, and stays on the page', async () => {
    server.use(http.delete('/auth/api/v1/user/me', () => apiError(500, 'internal_error', 'Something went Wrong.')));
    const { user } = renderWithApp(<ProfileAccount />);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for ever' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your account could not be deleted. Please try again.');
    expect(router.replace).not.toHaveBeenCalled();
    screen.getByRole('dialog', { name: 'Delete your account?' });
  });

  it('speaks Hindi in Devanagari and Hinglish in Latin letters', async () => {
    const hi = renderWithApp(<ProfileAccount />, { locale: 'hi' });
    screen.getByRole('button', { name: 'मेरा खाता हटाएँ' });
    hi.unmount();
    renderWithApp(<ProfileAccount />, { locale: 'he' });
    screen.getByRole('button', { name: 'Mera account delete karein' });
  });
});

describe('ProfileScreen: your data', () => {
  it('deleting from the whole screen signs out, goes to the feed and says so, although the section itself goes away', async () => {
    const me = serveMe(USER);
    serveWatched([]);
    server.use(http.delete('/auth/api/v1/user/me', () => {
      me.set(VISITOR);
      return HttpResponse.json({ erased: true, erased_at: '2025-03-10T06:50:00.000Z', counts: {} });
    }));
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} />);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for ever' }));
    await screen.findByText('Your account was deleted and you are signed out.');
    expect(router.replace).toHaveBeenCalledWith('/reels');
    // The screen is the visitor's now.
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('heading', { name: 'Your data' })).toBeNull();
  });


  it('is offered to a signed-in user only', async () => {
    serveMe(USER);
    serveWatched([]);
    const { unmount } = renderWithApp(<ProfileScreen settings={SETTINGS} />);
    await screen.findByRole('heading', { name: 'Your data' });
    screen.getByRole('button', { name: 'Delete my account' });
    unmount();
    serveMe(VISITOR);
    renderWithApp(<ProfileScreen settings={SETTINGS} />);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('heading', { name: 'Your data' })).toBeNull();
  });
});
