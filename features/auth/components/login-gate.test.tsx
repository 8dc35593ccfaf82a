import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Me, SignedIn } from '../schemas';
import { useLoginStore } from '../store';
import { LoginGate } from './login-gate';
import { LoginRoot } from './login-root';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
vi.mock('@react-oauth/google', () => ({ GoogleOAuthProvider: () => null, GoogleLogin: () => null }));

const VISITOR = {
  userId: null, isUserVisitor: true, visitorId: 'V1234567890123456789',
  name: '', username: null, bio: '', pic: null, email: null, emailVerified: false, gender: null, dob: null,
  phone: null, phId: null, hasGoogle: false, onboardingStatus: null, isAmb: false,
  followers: 0, following: 0, posts: 0, metadata: {}, permissions: { roles: [], canCreateContent: false },
} satisfies Me;
const USER: Me = { ...VISITOR, userId: '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f', isUserVisitor: false, phone: '+91 ******5678', phId: '+91 ******5678' };

function serveMe(initial: Me) {
  let me = initial;
  server.use(
    http.get('/auth/api/v1/me', () => HttpResponse.json(me)),
    http.post('/auth/api/v1/otp/initiate', () => HttpResponse.json({ request_id: 'req-9', expires_in_s: 300, resend_after_s: 60 })),
    http.post('/auth/api/v2/otp/verify', () => {
      me = USER;
      return HttpResponse.json<SignedIn>({ user: USER, is_new_user: true });
    }),
  );
}

function RewardsTab() {
  return (
    <>
      <LoginGate title="Sign in to see your rewards" body="Your referrals and rewards are kept with your account.">
        <p>Your rewards</p>
      </LoginGate>
      <LoginRoot googleClientId={null} />
    </>
  );
}

afterEach(() => {
  useLoginStore.setState({ open: false, pendingAction: null });
  refresh.mockReset();
});

describe('LoginGate', () => {
  it('shows a signed-in user the page', async () => {
    serveMe(USER);
    renderWithApp(<RewardsTab />);

    await screen.findByText('Your rewards');
    expect(screen.queryByRole('heading', { name: 'Sign in to see your rewards' })).toBeNull();
  });

  it('asks a visitor to sign in, then shows the page and refreshes it for the new principal', async () => {
    serveMe(VISITOR);
    const { user } = renderWithApp(<RewardsTab />);

    await screen.findByRole('heading', { name: 'Sign in to see your rewards' });
    expect(screen.queryByText('Your rewards')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Sign in' });
    await user.type(screen.getByLabelText('Mobile number'), '9812345678');
    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');

    await screen.findByText('Your rewards');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves a visitor who closes the modal on the card, with nothing refreshed', async () => {
    serveMe(VISITOR);
    const { user } = renderWithApp(<RewardsTab />);

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('dialog', { name: 'Sign in' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    screen.getByRole('heading', { name: 'Sign in to see your rewards' });
    expect(refresh).not.toHaveBeenCalled();
  });
});
