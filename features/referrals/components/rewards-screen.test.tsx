import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { REFERRAL_STATUSES } from '../statuses';
import type { ListedDeal } from '../api/referrals';
import type { ReferralRequest } from '../api/requests';
import { RewardsScreen } from './rewards-screen';
import { RewardsSummary } from './rewards-summary';
import { StatusChip } from './shared';
import { DEAL_ID, ME, REF_ID, deal, page, profile, request, reward } from './test-data';

const LOCKED_ID = '44444444-4444-4444-8444-444444444444';

function serve(opts: { deals?: ListedDeal[]; inbox?: ReferralRequest[]; outbox?: ReferralRequest[] } = {}) {
  server.use(
    http.get('/referral/api/v1/get_profile', () => HttpResponse.json(profile())),
    http.get('/referral/api/v1/all_deals', () => HttpResponse.json({ deals: opts.deals ?? [deal()] })),
    http.get('/referral/api/v1/rewards', () => HttpResponse.json(page([reward({ scratchable_at: '2099-01-01T00:00:00Z' })], 20))),
    http.get('/referral/api/v1/inbox', () => HttpResponse.json(page(opts.inbox ?? []))),
    http.get('/referral/api/v1/outbox', () => HttpResponse.json(page(opts.outbox ?? []))),
  );
}

describe('RewardsScreen', () => {
  it('shows the totals, the level with its progress, the share link for the first deal and its QR code', async () => {
    serve();
    renderWithApp(<RewardsScreen />);
    expect((await screen.findByTestId('earned')).textContent).toContain('1,500');
    expect(screen.getByTestId('pending').textContent).toContain('500');
    screen.getByText('Level: Bronze');
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' }).getAttribute('aria-valuenow')).toBe('33');
    screen.getByText('2 more deals to reach Silver');
    await screen.findByRole('img', { name: 'QR code of your share link for Rooftop solar' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).value).toBe('http://localhost:3000/r/ABC123?deal=rooftop');
    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toBe(`/referral/api/v1/qrcode/${ME}/${DEAL_ID}`);
    // the reward in its hold is a locked card
    await screen.findByText(/^Unlocks on/);
  });

  it('marks samples, shows ribbons, and a customers-only deal tapped by someone not allowed says so', async () => {
    serve({ deals: [deal({ id: LOCKED_ID, title: 'UTL AMC', customers_only: true, allowed: false, ribbon: null }), deal({ is_sample: true })] });
    const { user } = renderWithApp(<RewardsScreen />);
    const sample = (await screen.findByRole('link', { name: 'Refer friends to Rooftop solar' })).closest('li')!;
    within(sample).getByText('Sample');
    within(sample).getByText('50K');
    expect(sample.querySelector('a')!.getAttribute('href')).toBe(`/rewards/invite?deal=${DEAL_ID}`);
    expect(screen.queryByRole('link', { name: /UTL AMC/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'UTL AMC (for UTL customers only)' }));
    expect(screen.getByRole('alert').textContent).toBe('This access is for UTL customers only. Redirecting you to other Deals meant for you.');
    // the QR and share link use the deal meant for the caller
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).value).toContain('deal=rooftop');
  });

  it('with the customers\' focus (a customer\'s link), lists the customers-only deals first and says so', async () => {
    const CUSTOMERS_ID = '55555555-5555-4555-8555-555555555555';
    serve({ deals: [deal(), deal({ id: CUSTOMERS_ID, url_id: 'utl-amc', title: 'UTL AMC', customers_only: true, allowed: true })] });
    renderWithApp(<RewardsScreen dealsFocus="customers" />);
    const list = await screen.findByTestId('deal-list');
    await within(list).findByRole('link', { name: 'Refer friends to UTL AMC' });
    within(list).getByText('Deals for registered UTL customers are shown first.');
    const titles = within(list).getAllByRole('listitem').map((li) => within(li).getByRole('link').getAttribute('aria-label'));
    expect(titles).toEqual(['Refer friends to UTL AMC', 'Refer friends to Rooftop solar']);
  });

  it('without the focus, or with no customers-only deal, keeps the deals\' own order and says nothing more', async () => {
    serve({ deals: [deal(), deal({ id: LOCKED_ID, title: 'UTL AMC', customers_only: true, allowed: true })] });
    const first = renderWithApp(<RewardsScreen />);
    const list = await screen.findByTestId('deal-list');
    await within(list).findByRole('link', { name: 'Refer friends to UTL AMC' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['Refer friends to Rooftop solar', 'Refer friends to UTL AMC']);
    expect(within(list).queryByText('Deals for registered UTL customers are shown first.')).toBeNull();
    first.unmount();
    serve({ deals: [deal()] });
    renderWithApp(<RewardsScreen dealsFocus="customers" />);
    await within(await screen.findByTestId('deal-list')).findByRole('link', { name: 'Refer friends to Rooftop solar' });
    expect(screen.queryByText('Deals for registered UTL customers are shown first.')).toBeNull();
  });

  it('accepting a received request asks for the optional consumer number and address and sends them', async () => {
    const bodies: unknown[] = [];
    serve({ inbox: [request()] });
    server.use(http.post('/referral/api/v1/request/action', async ({ request: req }) => {
      bodies.push(await req.json());
      return HttpResponse.json({ request: request({ status: 'RECEIVED_ACCEPTED', state: 'accepted' }) });
    }));
    const { user } = renderWithApp(<RewardsScreen />);
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar: Asha' });
    within(item).getByText('Received');
    expect(within(item).getByRole('link', { name: 'Open the deal Rooftop solar with Asha' }).getAttribute('href')).toBe(`/rewards/deal/${REF_ID}`);
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    const form = within(item).getByRole('form', { name: 'Accept the request' });
    await user.type(within(form).getByRole('textbox', { name: 'Consumer number (optional)' }), '  1234567890 ');
    await user.type(within(form).getByRole('textbox', { name: 'Address (optional)' }), '12 MG Road, Pune 411001');
    await user.click(within(form).getByRole('button', { name: 'Accept request' }));
    await screen.findByRole('listitem', { name: 'Rooftop solar: Asha' });
    expect(bodies).toEqual([{ request_id: REF_ID, action: 'accept', consumer_number: '1234567890', address: '12 MG Road, Pune 411001' }]);
  });

  it('accept without details sends neither; decline sends decline; an expired answer is shown', async () => {
    const bodies: unknown[] = [];
    serve({ inbox: [request()] });
    server.use(http.post('/referral/api/v1/request/action', async ({ request: req }) => {
      const b = (await req.json()) as { action: string };
      bodies.push(b);
      if (b.action === 'decline') return apiError(410, 'request_expired', 'This request has expired.');
      return HttpResponse.json({ request: request() });
    }));
    const { user } = renderWithApp(<RewardsScreen />);
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar: Asha' });
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    await user.click(within(item).getByRole('button', { name: 'Accept request' }));
    await user.click(await within(item).findByRole('button', { name: 'Back' }));
    await user.click(within(item).getByRole('button', { name: 'Decline' }));
    expect((await within(item).findByRole('alert')).textContent).toBeTruthy();
    expect(bodies).toEqual([{ request_id: REF_ID, action: 'accept' }, { request_id: REF_ID, action: 'decline' }]);
  });

  it('sent requests show their status and no accept buttons; an open one can be canceled', async () => {
    serve({ outbox: [request({ side: 'sender', status: 'OPEN_REQUEST', state: 'open', referee: { user_id: null, name: 'Meena', phone: '+919811111111' } })] });
    const { user } = renderWithApp(<RewardsScreen />);
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar: Meena' });
    within(item).getByText('Invite sent');
    expect(within(item).queryByRole('button', { name: 'Accept' })).toBeNull();
    let body: unknown = null;
    server.use(http.post('/referral/api/v1/request/action', async ({ request: req }) => {
      body = await req.json();
      return HttpResponse.json({ request: request() });
    }));
    await user.click(within(item).getByRole('button', { name: 'Cancel request' }));
    await expect.poll(() => body).toEqual({ request_id: REF_ID, action: 'cancel' });
  });

  it('a failed load shows the error by its code', async () => {
    serve();
    server.use(http.get('/referral/api/v1/all_deals', () => apiError(500, 'internal_error', 'x')));
    renderWithApp(<RewardsScreen />);
    expect((await screen.findAllByRole('alert'))[0].textContent).toBe('Something went Wrong. Please try again Later.');
  });
});

describe('StatusChip', () => {
  it('translates all ten statuses in every language', () => {
    for (const locale of ['en', 'hi', 'he'] as const) {
      const { unmount, container } = renderWithApp(<>{REFERRAL_STATUSES.map((s) => <StatusChip key={s} status={s} />)}</>, { locale });
      const texts = [...container.querySelectorAll('span')].map((s) => s.textContent);
      expect(texts).toHaveLength(10);
      for (const [i, s] of REFERRAL_STATUSES.entries()) expect(texts[i]).not.toBe(s);
      expect(new Set(texts).size).toBe(10);
      unmount();
    }
  });
});

describe('RewardsSummary', () => {
  it('shows earned, pending, level and the link to Rewards', async () => {
    server.use(http.get('/referral/api/v1/get_profile', () => HttpResponse.json(profile())));
    renderWithApp(<RewardsSummary />, { locale: 'he' });
    expect((await screen.findByTestId('summary-earned')).textContent).toContain('1,500');
    screen.getByText('Bronze');
    expect(screen.getByRole('link', { name: 'Rewards kholo' }).getAttribute('href')).toBe('/rewards');
  });
});
