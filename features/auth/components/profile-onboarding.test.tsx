import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { serveMe, USER, VISITOR } from '@/tests/fixtures/profile-api';
import { OnboardingRoot } from './onboarding-root';

const pathname = vi.fn(() => '/reels');
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn() }), usePathname: () => pathname() }));

const NEW_USER = { ...USER, name: '', username: null, onboardingStatus: 'INITIAL_ONBOARDING' as const };

describe('OnboardingRoot', () => {
  it('shows a new user the overlay once; "Get started" records ONBOARDING_COMPLETED and closes it', async () => {
    const me = serveMe(NEW_USER);
    const { user } = renderWithApp(<OnboardingRoot hasSession />);

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to SuryaReels' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    screen.getByRole('group', { name: 'Choose your language' });
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    for (const offer of ['Short videos', 'Topic summaries', 'AI assistant', 'Rewards']) screen.getByText(offer);
    const start = screen.getByRole('button', { name: 'Get started' });
    await waitFor(() => expect(document.activeElement).toBe(start));

    await user.click(start);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(me.patches).toEqual([{ onboardingStatus: 'ONBOARDING_COMPLETED' }]);
  });

  it('keeps the overlay and says so when completing fails', async () => {
    serveMe(NEW_USER);
    server.use(http.patch('/auth/api/v1/user/me', () => apiError(500, 'internal_error', 'boom')));
    const { user } = renderWithApp(<OnboardingRoot hasSession />);
    await user.click(await screen.findByRole('button', { name: 'Get started' }));
    await screen.findByText('That did not work. Please try again.');
    screen.getByRole('dialog');
  });

  it('shows nothing to a visitor, to a user who finished onboarding, or inside the partner embed', async () => {
    const me = serveMe(VISITOR);
    const first = renderWithApp(<OnboardingRoot hasSession />);
    await waitFor(() => expect(first.queryClient.getQueryData(['auth', 'me'])).toEqual(VISITOR));
    expect(screen.queryByRole('dialog')).toBeNull();
    first.unmount();

    me.set(USER);
    const second = renderWithApp(<OnboardingRoot hasSession />);
    await waitFor(() => expect(second.queryClient.getQueryData(['auth', 'me'])).toEqual(USER));
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();

    me.set(NEW_USER);
    pathname.mockReturnValue('/chat/external/partner-1');
    const third = renderWithApp(<OnboardingRoot hasSession />);
    await waitFor(() => expect(third.queryClient.getQueryData(['auth', 'me'])).toEqual(NEW_USER));
    expect(screen.queryByRole('dialog')).toBeNull();
    pathname.mockReturnValue('/reels');
  });

  it('asks nobody without a session cookie, yet appears as soon as a sign-in fills the caller', async () => {
    const asked: string[] = [];
    server.use(http.get('/auth/api/v1/me', () => {
      asked.push('me');
      return apiError(500, 'internal_error', 'not expected');
    }));
    const { queryClient } = renderWithApp(<OnboardingRoot hasSession={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual([]);
    queryClient.setQueryData(['auth', 'me'], NEW_USER);
    await screen.findByRole('dialog', { name: 'Welcome to SuryaReels' });
  });
});
