import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { serveMe, serveWatched, USER, VISITOR, watchedItem } from '@/tests/fixtures/profile-api';
import type { Me } from '../schemas';
import { useLoginStore } from '../store';
import { ProfileScreen } from './profile-screen';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn() }), usePathname: () => '/profile' }));

afterEach(() => {
  useLoginStore.setState({ open: false, pendingAction: null, purpose: 'sign-in' });
});

const SETTINGS = <section aria-label="Settings"><p>Language and theme</p></section>;
/** The page hands in the referrals feature's summary; the screen shows it to a signed-in user only. */
const REWARDS = <section aria-label="Rewards summary" data-testid="rewards-slot" />;

describe('ProfileScreen', () => {
  it('shows a visitor the settings and a Sign in button that opens the login flow, and nothing of a user', async () => {
    serveMe(VISITOR);
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);

    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    screen.getByRole('heading', { name: 'Sign in to see your profile' });
    screen.getByText('Language and theme');
    expect(screen.queryByRole('heading', { name: 'Videos watched' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.queryByTestId('rewards-slot')).toBeNull();

    await user.click(signIn);
    expect(useLoginStore.getState().open).toBe(true);
  });

  it('shows a user their profile, masked phone, real videos watched page by page and the rewards summary handed in', async () => {
    serveMe(USER);
    const pages = serveWatched(Array.from({ length: 12 }, (_, i) => watchedItem(i + 1, { vid_watched: i === 0 })));
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);

    await screen.findByRole('heading', { name: 'Asha Verma' });
    screen.getByText('@asha.v');
    screen.getByText('Rooftop solar since 2021.');
    // The masked number is shown once, with the sign-in methods under the profile card.
    within(screen.getByRole('region', { name: 'Sign-in methods' })).getByText('+91 ******5678');
    expect(screen.getAllByText('+91 ******5678')).toHaveLength(1);
    screen.getByText('2 following');

    const list = await screen.findByTestId('watched-list');
    expect(within(list).getAllByRole('link')).toHaveLength(10);
    expect(within(list).getAllByRole('link')[0].getAttribute('href')).toBe(`/content/${watchedItem(1).id}`);
    within(list).getByText('How net metering works, part 1');
    expect(within(list).getAllByText('Watched to the end')).toHaveLength(1);
    screen.getByText('12 videos');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(screen.getByTestId('watched-list')).getAllByRole('link')).toHaveLength(12));
    expect(pages).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    screen.getByTestId('rewards-slot');
    screen.getByText('Language and theme');
    // No notifications list was handed in: none is made up.
    expect(screen.queryByRole('heading', { name: 'Notifications' })).toBeNull();
  });

  it('says so when nothing was watched yet, and shows the notifications it is given', async () => {
    serveMe(USER);
    serveWatched([]);
    renderWithApp(<ProfileScreen settings={SETTINGS} notifications={<p>No notifications yet</p>} />);
    await screen.findByText(/Videos you watch show up here\./);
    expect(screen.getByRole('link', { name: 'Watch videos' }).getAttribute('href')).toBe('/reels');
    // The list brings its own heading; the screen places it after the rewards summary.
    screen.getByText('No notifications yet');
  });

  it('saves an edit and shows the new name at once', async () => {
    const me = serveMe(USER);
    serveWatched([]);
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);
    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha Verma Singh');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Asha Verma Singh'));
    expect(me.patches).toEqual([{ name: 'Asha Verma Singh' }]);
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    await screen.findByText('Profile saved');
  });

  it('uploads a picture as a form and shows it; a picture over 5 MB is refused before any upload', async () => {
    const me = serveMe({ ...USER });
    serveWatched([]);
    const uploads: string[] = [];
    server.use(http.post('/auth/api/v1/user/profile-picture', async ({ request }) => {
      const file = (await request.formData()).get('file');
      uploads.push(file instanceof Blob ? file.type : 'none');
      const next: Me = { ...me.current(), pic: '/media/avatars/0123456789abcdef0123456789abcdef/pic.webp' };
      me.set(next);
      return HttpResponse.json(next);
    }));
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);
    const input = await screen.findByLabelText('Add picture');

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This picture is too large. Please choose one under 5 MB.');
    expect(uploads).toEqual([]);

    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Profile picture' }).getAttribute('src'))
      .toBe('/media/avatars/0123456789abcdef0123456789abcdef/pic.webp'));
    expect(uploads).toEqual(['image/jpeg']);
    screen.getByRole('button', { name: 'Remove picture' });
  });

  it('shows the server\'s reason when a picture is refused', async () => {
    serveMe(USER);
    serveWatched([]);
    server.use(http.post('/auth/api/v1/user/profile-picture', () => apiError(415, 'unsupported_image', 'nope')));
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);
    await user.upload(await screen.findByLabelText('Add picture'), new File(['%PDF'], 'doc.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.');
  });

  it('logs out: the screen turns into the visitor\'s', async () => {
    serveMe(USER);
    serveWatched([]);
    const { user } = renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in to see your profile' });
    expect(screen.queryByTestId('profile-name')).toBeNull();
  });

  it('reads in Hindi', async () => {
    serveMe(USER);
    serveWatched([]);
    renderWithApp(<ProfileScreen settings={SETTINGS} rewards={REWARDS} />, { locale: 'hi' });
    await screen.findByRole('heading', { name: 'देखे गए वीडियो' });
    screen.getByTestId('rewards-slot');
  });
});
