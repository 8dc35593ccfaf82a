import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { InviteLanding } from './invite-landing';
import { deal } from './test-data';

describe('InviteLanding', () => {
  beforeEach(() => {
    // An unknown code: the page falls back to "a friend" and the code itself.
    server.use(http.get('/referral/api/v1/user_data/code/:code', () => apiError(404, 'not_found', 'Not found')));
  });

  it('names the referrer when the code is known', async () => {
    server.use(
      http.get('/referral/api/v1/user_data/code/ABC123', () => HttpResponse.json({ user_id: 'u1', name: 'Asha', pic: null, level: 'bronze' })),
      http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal() })),
    );
    renderWithApp(<InviteLanding code="ABC123" urlId={null} signedIn={false} onSignIn={() => undefined} />);
    expect((await screen.findByTestId('referrer-card')).textContent).toBe('Asha invited you with this code:');
    expect(screen.getByLabelText('Referral code ABC123').textContent).toBe('ABC123');
  });

  it('shows the code and the deal by its url id; a visitor signs in', async () => {
    server.use(http.get('/referral/api/v1/deals', ({ request }) => {
      expect(new URL(request.url).searchParams.get('url_id')).toBe('rooftop');
      return HttpResponse.json({ deal: deal() });
    }));
    const onSignIn = vi.fn();
    const { user } = renderWithApp(<InviteLanding code="ABC123" urlId="rooftop" signedIn={false} onSignIn={onSignIn} />);
    expect(screen.getByLabelText('Referral code ABC123').textContent).toBe('ABC123');
    await screen.findByRole('heading', { name: 'Rooftop solar' });
    await user.click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('a signed-in user is sent to the requests received; without a deal the first active one is shown', async () => {
    server.use(http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal({ title: 'Solar AMC' }) })));
    renderWithApp(<InviteLanding code="ABC123" urlId={null} signedIn onSignIn={() => undefined} />);
    await screen.findByRole('heading', { name: 'Solar AMC' });
    expect(screen.getByRole('link', { name: 'Open Rewards' }).getAttribute('href')).toBe('/rewards#received');
  });

  it('an unknown deal is a translated 404, and sign-in is still offered', async () => {
    server.use(http.get('/referral/api/v1/deals', () => apiError(404, 'not_found', 'Not found')));
    renderWithApp(<InviteLanding code="ABC123" urlId="gone" signedIn={false} onSignIn={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This was not found.');
    screen.getByRole('button', { name: 'Sign in to accept' });
  });
});
