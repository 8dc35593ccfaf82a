import type { Contact, ListedDeal, ReferralProfile } from '../api/referrals';
import type { DealView, ReferralRequest } from '../api/requests';
import type { Reward } from '../api/rewards';

/** Builders of API answers for the referral screens' component tests (docs/api/referrals.md shapes). */

export const ME = '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f';
export const FRIEND = '6a1d3b0f-8c2e-4d4f-9a7b-3e5c7d9f1b2a';
export const DEAL_ID = '11111111-1111-4111-8111-111111111111';
export const REF_ID = '22222222-2222-4222-8222-222222222222';
export const REWARD_ID = '33333333-3333-4333-8333-333333333333';

export function deal(over: Partial<ListedDeal> = {}): ListedDeal {
  return {
    id: DEAL_ID, url_id: 'rooftop', source: 'utl', title: 'Rooftop solar', ribbon: '50K', description: 'Save on power bills.',
    terms: 'Reward after installation.', reward_inr: 500, customers_only: false, is_sample: false, allowed: true, ...over,
  };
}

export function profile(over: Partial<ReferralProfile> = {}): ReferralProfile {
  return {
    user_id: ME, code: 'ABC123', share_url: 'http://localhost:3000/r/ABC123', is_amb: true, registered_customer: false,
    level: { key: 'bronze', next: 'silver', to_next: 2, completed: 1 },
    totals: { earned_inr: 1500, pending_inr: 500, sent: 4, deals_done: 1 }, ...over,
  };
}

export function request(over: Partial<ReferralRequest> = {}): ReferralRequest {
  return {
    id: REF_ID, deal: deal(), referrer: { user_id: FRIEND, name: 'Asha' }, referee: { user_id: ME, name: 'Ravi', phone: '+919876543210' },
    side: 'receiver', initiated_by: 'referrer', status: 'RECEIVED', state: 'pending', step: 'received_request',
    created_at: '2026-11-20T10:00:00Z', expires_at: '2026-11-27T10:00:00Z', answered_at: null, ...over,
  };
}

export function reward(over: Partial<Reward> = {}): Reward {
  return {
    id: REWARD_ID, referral_id: REF_ID, deal_title: 'Rooftop solar', referee_name: 'Ravi', state: 'approved', reason: 'order_placed',
    amount_inr: null, scratchable_at: '2026-01-01T00:00:00Z', scratched: false, claimed_at: null, ...over,
  };
}

export function contact(over: Partial<Contact> = {}): Contact {
  return { id: 'c1', name: 'Meena', phone: '+919811111111', source: 'manual', label: null, ...over };
}

export function dealView(over: Partial<DealView> = {}): DealView {
  return {
    request: request({ status: 'RECEIVED_ACCEPTED', state: 'accepted', step: 'deal_accepted' }),
    steps: [
      { step: 'received_request', done_at: '2026-11-20T10:00:00Z', by: 'system' },
      { step: 'deal_accepted', done_at: '2026-11-21T10:00:00Z', by: 'referee' },
    ],
    next: [{ step: 'send_reminder', by: 'referrer' }, { step: 'schedule_a_call', by: 'referee' }],
    my_role: 'referee', can_remind: false, reward: null, ...over,
  };
}

export const page = <T,>(items: T[], page_size = 10) => ({ items, total: items.length, page: 1, page_size });
