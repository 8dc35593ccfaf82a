import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { RoleGrant } from '@/lib/auth/principal';
import type { DealView } from '../api/requests';
import type { StaffReward } from '../api/rewards';
import { StaffScreen } from './staff-screen';
import { REF_ID, REWARD_ID, dealView, page, request, reward } from './test-data';

const STAFF: RoleGrant[] = [{ role: 'STAFF', topicId: null }];

function waiting(): DealView {
  return dealView({
    my_role: 'staff',
    request: request({ status: 'IN_PROGRESS', state: 'accepted', step: 'schedule_a_call' }),
    steps: [
      { step: 'received_request', done_at: '2026-11-20T10:00:00Z', by: 'system' },
      { step: 'deal_accepted', done_at: '2026-11-21T10:00:00Z', by: 'referee' },
      { step: 'schedule_a_call', done_at: '2026-11-22T10:00:00Z', by: 'referee' },
    ],
    next: [{ step: 'call_scheduled', by: 'staff' }],
  });
}

function serve(deals: DealView[], rewards: StaffReward[]) {
  server.use(
    http.get('/referral/api/v1/staff/deals', () => HttpResponse.json(page(deals, 20))),
    http.get('/referral/api/v1/staff/rewards', ({ request: req }) => {
      expect(new URL(req.url).searchParams.get('state')).toBe('hold');
      return HttpResponse.json(page(rewards, 20));
    }),
  );
}

describe('StaffScreen', () => {
  it('tells someone without STAFF or ADMIN they are not authorized, and asks the API nothing', () => {
    renderWithApp(<StaffScreen roles={[{ role: 'CREATOR', topicId: 'x' }]} />);
    expect(screen.getByRole('alert').textContent).toBe('Sorry. You are not authorized for this action!');
    expect(screen.queryByRole('heading', { name: 'Deals waiting' })).toBeNull();
  });

  it('ADMIN counts as staff', async () => {
    serve([], []);
    renderWithApp(<StaffScreen roles={[{ role: 'ADMIN', topicId: null }]} />);
    await screen.findByText('No deals are waiting.');
    await screen.findByText('No rewards are on hold.');
  });

  it('moves a waiting deal by its staff step with a note, and shows the history and notes', async () => {
    serve([waiting()], []);
    server.use(http.get(`/referral/api/v1/deals/notes/${REF_ID}/1`, () => HttpResponse.json(page([], 20))));
    let body: unknown = null;
    server.use(http.post(`/referral/api/v1/deals/${REF_ID}/step`, async ({ request: req }) => {
      body = await req.json();
      return HttpResponse.json({ deal: waiting() });
    }));
    const { user } = renderWithApp(<StaffScreen roles={STAFF} />);
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar: Ravi' });
    within(item).getByText('Now at: Call requested');
    expect(within(item).getAllByRole('button', { name: /^Mark:/ }).map((b) => b.textContent)).toEqual(['Mark: Call scheduled']);
    await user.type(within(item).getByRole('textbox', { name: 'Note with the move (optional)' }), 'Tomorrow 11am');
    await user.click(within(item).getByRole('button', { name: 'Mark: Call scheduled' }));
    await waitFor(() => expect(body).toEqual({ to: 'call_scheduled', note: 'Tomorrow 11am' }));
    await user.click(within(item).getByRole('button', { name: 'Show notes and history' }));
    const history = within(item).getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    await within(item).findByText('No notes yet.');
  });

  it('a deal waiting on the referee has no staff buttons and says whom it waits for', async () => {
    serve([dealView({ my_role: 'staff' })], []);
    renderWithApp(<StaffScreen roles={STAFF} />);
    const item = await screen.findByRole('listitem', { name: 'Rooftop solar: Ravi' });
    expect(within(item).queryByRole('button', { name: /^Mark:/ })).toBeNull();
    within(item).getByText('Waiting for the friend referred.');
  });

  it('a held reward needs a reason; approve and fraud send it; a refusal is shown', async () => {
    serve([], [{ ...reward({ id: REWARD_ID, state: 'hold', reason: 'household_duplicate' }), referrer: { user_id: 'u', name: 'Asha' } }]);
    const bodies: unknown[] = [];
    server.use(http.post(`/referral/api/v1/staff/rewards/${REWARD_ID}`, async ({ request: req }) => {
      bodies.push(await req.json());
      if (bodies.length === 2) return apiError(409, 'invalid_transition', 'That move is not possible now.');
      return HttpResponse.json({ reward: reward() });
    }));
    const { user } = renderWithApp(<StaffScreen roles={STAFF} />);
    const item = await screen.findByRole('listitem', { name: 'Reward for Rooftop solar (Ravi)' });
    within(item).getByText('Asha referred Ravi');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(within(item).getByRole('alert').textContent).toBe('Please give a reason (3 characters or more).');
    expect(bodies).toHaveLength(0);
    await user.type(within(item).getByRole('textbox', { name: 'Reason for your decision' }), 'Different house, checked');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(within(item).getByRole('button', { name: 'Mark as fraud' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([{ to: 'approved', reason: 'Different house, checked' }, { to: 'fraud', reason: 'Different house, checked' }]);
    await within(item).findByRole('alert');
  });
});
