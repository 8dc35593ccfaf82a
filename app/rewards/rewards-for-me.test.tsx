import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Me } from '@/features/auth/schemas';
import { useLoginStore } from '@/features/auth/store';
import { DEAL_ID, deal, page, profile } from '@/features/referrals/components/test-data';
import { RewardsForMe } from './rewards-for-me';

const push = vi.fn();
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh }) }));

const VISITOR = {
  userId: null, isUserVisitor: true, visitorId: 'V1234567890123456789',
  name: '', username: null, bio: '', pic: null, email: null, emailVerified: false, gender: null, dob: null,
  phone: null, phId: null, hasGoogle: false, onboardingStatus: null, isAmb: false,
  followers: 0, following: 0, posts: 0, metadata: {}, permissions: { roles: [], canCreateContent: false },
} satisfies Me;
const USER: Me = { ...VISITOR, userId: '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f', isUserVisitor: false };

function serve(me: Me) {
  server.use(
    http.get('/auth/api/v1/me', () => HttpResponse.json(me)),
    http.get('/referral/api/v1/all_deals', () => HttpResponse.json({ deals: [deal({ reward_inr: 50000 })] })),
    http.get('/referral/api/v1/get_profile', () => HttpResponse.json(profile())),
    http.get('/referral/api/v1/rewards', () => HttpResponse.json(page([], 20))),
    http.get('/referral/api/v1/inbox', () => HttpResponse.json(page([]))),
    http.get('/referral/api/v1/outbox', () => HttpResponse.json(page([]))),
  );
}

afterEach(() => {
  useLoginStore.setState({ open: false, pendingAction: null });
  push.mockReset();
  refresh.mockReset();
});

describe('RewardsForMe (the Rewards tab)', () => {
  it('shows a visitor the program and the deals; "Sign in to refer" opens sign-in, then goes to that deal\'s invite page', async () => {
    serve(VISITOR);
    const { user } = renderWithApp(<RewardsForMe />);
    await screen.findByRole('region', { name: 'How it works' });
    expect((await screen.findByTestId('deal-earn')).textContent).toBe('Earn ₹50,000');
    expect(screen.queryByTestId('earned')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in to refer friends to Rooftop solar' }));
    expect(useLoginStore.getState().open).toBe(true);
    expect(push).not.toHaveBeenCalled();
    useLoginStore.getState().completeSignIn();
    expect(push).toHaveBeenCalledWith(`/rewards/invite?deal=${DEAL_ID}`);
  });

  it('shows a signed-in user their rewards, not the visitor page', async () => {
    serve(USER);
    renderWithApp(<RewardsForMe />);
    expect((await screen.findByTestId('earned')).textContent).toContain('1,500');
    expect(screen.queryByRole('region', { name: 'How it works' })).toBeNull();
  });
});
