import { describe, expect, it } from 'vitest';
import { DEAL_MOVES, DEAL_STEPS, isOrderPlaced, mayMoveDeal, nextDealSteps, type DealActor } from './deal-steps';
import { referralStatus, REFERRAL_STATUSES, REFERRAL_STATES } from './statuses';
import { LEVELS, levelOf, mayMoveReward, REWARD_MOVES, REWARD_STATES } from './reward-states';

const ACTORS: DealActor[] = ['referee', 'referrer', 'staff', 'system'];

describe('deal steps', () => {
  it('are the twelve steps of SPEC.md section 4, each reached by exactly one actor', () => {
    expect(DEAL_STEPS).toHaveLength(12);
    for (const step of DEAL_STEPS.slice(1)) {
      const by = new Set(DEAL_MOVES.filter((m) => m.to === step).map((m) => m.by));
      expect([...by], step).toHaveLength(1);
    }
  });

  it('only move forward, and a move is allowed only to its own actor', () => {
    for (const m of DEAL_MOVES) {
      expect(DEAL_STEPS.indexOf(m.to)).toBeGreaterThan(DEAL_STEPS.indexOf(m.from));
      for (const a of ACTORS) expect(mayMoveDeal(m.from, m.to, a)).toBe(a === m.by);
    }
    expect(mayMoveDeal('deal_accepted', 'order_placed', 'staff')).toBe(false);
    expect(mayMoveDeal('order_placed', 'place_an_order', 'staff')).toBe(false);
  });

  it('give each actor its next moves; the staff own call, survey and order steps', () => {
    expect(nextDealSteps('deal_accepted', 'referee')).toEqual(['schedule_a_call']);
    expect(nextDealSteps('deal_accepted', 'referrer')).toEqual(['send_reminder']);
    expect(nextDealSteps('schedule_a_call', 'staff')).toEqual(['call_scheduled']);
    expect(nextDealSteps('place_an_order', 'staff')).toEqual(['order_placed']);
    expect(nextDealSteps('place_an_order', 'referee')).toEqual([]);
    expect(isOrderPlaced('order_placed')).toBe(true);
    expect(isOrderPlaced('claim_your_reward')).toBe(true);
    expect(isOrderPlaced('place_an_order')).toBe(false);
    expect(isOrderPlaced(null)).toBe(false);
  });
});

describe('referral statuses', () => {
  it('show each side its own status of one stored state', () => {
    expect(referralStatus('open', false, false, 'sender')).toBe('OPEN_REQUEST');
    expect(referralStatus('pending', false, false, 'sender')).toBe('SENT');
    expect(referralStatus('pending', false, false, 'receiver')).toBe('RECEIVED');
    expect(referralStatus('declined', false, false, 'sender')).toBe('SENT_NOT_ACCEPTED');
    expect(referralStatus('declined', false, false, 'receiver')).toBe('RECEIVED_NOT_ACCEPTED');
    expect(referralStatus('accepted', false, false, 'sender')).toBe('SENT_ACCEPTED');
    expect(referralStatus('accepted', false, false, 'receiver')).toBe('RECEIVED_ACCEPTED');
    expect(referralStatus('accepted', false, true, 'receiver')).toBe('IN_PROGRESS');
    expect(referralStatus('accepted', true, true, 'sender')).toBe('DEAL');
    expect(referralStatus('expired', false, false, 'sender')).toBe('EXPIRED');
    expect(referralStatus('canceled', false, false, 'receiver')).toBe('EXPIRED');
  });

  it('reach all ten SPEC statuses from the six stored states', () => {
    const seen = new Set<string>();
    for (const s of REFERRAL_STATES) for (const o of [false, true]) for (const m of [false, true]) for (const side of ['sender', 'receiver'] as const) {
      seen.add(referralStatus(s, o, m, side));
    }
    expect([...seen].sort()).toEqual([...REFERRAL_STATUSES].sort());
  });
});

describe('reward states', () => {
  it('allow only the listed moves, each to its own actor; claimed, canceled and fraud are final', () => {
    for (const from of REWARD_STATES) for (const to of REWARD_STATES) for (const by of ['system', 'staff', 'referrer'] as const) {
      const listed = REWARD_MOVES.some((m) => m.from === from && m.to === to && m.by === by);
      expect(mayMoveReward(from, to, by), `${from}->${to} by ${by}`).toBe(listed);
    }
    for (const end of ['claimed', 'canceled', 'fraud'] as const) expect(REWARD_MOVES.filter((m) => m.from === end)).toEqual([]);
    // Only the referrer claims, and only an approved reward.
    expect(REWARD_MOVES.filter((m) => m.to === 'claimed')).toEqual([{ from: 'approved', to: 'claimed', by: 'referrer' }]);
  });

  it('levels rise with completed referrals and say how many the next needs', () => {
    expect(levelOf(0)).toEqual({ key: 'starter', next: 'bronze', toNext: 1 });
    expect(levelOf(2)).toEqual({ key: 'bronze', next: 'silver', toNext: 1 });
    expect(levelOf(5)).toEqual({ key: 'gold', next: 'platinum', toNext: 5 });
    expect(levelOf(250)).toEqual({ key: 'platinum', next: null, toNext: null });
    expect(LEVELS.map((l) => l.min)).toEqual([...LEVELS.map((l) => l.min)].sort((x, y) => x - y));
  });
});
