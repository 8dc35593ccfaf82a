import { describe, expect, it } from 'vitest';
import type { Principal, RoleGrant } from '@/lib/auth/principal';
import {
  dealActorsOf, dealRoleOf, isPartyOf, mayMoveRequest, mayReadUser, mayRemind, maySeeReferral, maySeeReward, mayStaff,
  receiverOf, senderOf, type ReferralSides,
} from './policy';

const who = (userId: string | null, roles: RoleGrant[] = []): Principal =>
  ({ visitorId: 'v'.repeat(20), isNewVisitor: false, userId, roles });

const referrer = who('u-referrer');
const referee = who('u-referee');
const staff = who('u-staff', [{ role: 'STAFF', topicId: null }]);
const admin = who('u-admin', [{ role: 'ADMIN', topicId: null }]);
const curator = who('u-curator', [{ role: 'CURATOR', topicId: 't1' }]);
const stranger = who('u-stranger');
const visitor = who(null);

/** A request the referrer sent to the referee, and one the referee asked the referrer for. */
const sent: ReferralSides = { referrer_user_id: 'u-referrer', referee_user_id: 'u-referee', initiated_by: 'referrer' };
const asked: ReferralSides = { ...sent, initiated_by: 'referee' };
const openInvite: ReferralSides = { referrer_user_id: 'u-referrer', referee_user_id: null, initiated_by: 'referrer' };

describe('referrals policy', () => {
  it('the sender and the receiver follow who started the request', () => {
    expect([senderOf(sent), receiverOf(sent)]).toEqual(['u-referrer', 'u-referee']);
    expect([senderOf(asked), receiverOf(asked)]).toEqual(['u-referee', 'u-referrer']);
    expect(receiverOf(openInvite)).toBeNull();
    expect(isPartyOf(openInvite, null)).toBe(false);
  });

  it('a referral is seen by its two sides and staff (ADMIN too), by no one else', () => {
    for (const p of [referrer, referee, staff, admin]) expect(maySeeReferral(p, sent)).toBe(true);
    for (const p of [curator, stranger, visitor]) expect(maySeeReferral(p, sent)).toBe(false);
  });

  it('the receiver accepts or declines, the sender cancels; staff answer for no one', () => {
    expect(mayMoveRequest(referee, sent, 'accept')).toBe(true);
    expect(mayMoveRequest(referee, sent, 'decline')).toBe(true);
    expect(mayMoveRequest(referee, sent, 'cancel')).toBe(false);
    expect(mayMoveRequest(referrer, sent, 'cancel')).toBe(true);
    expect(mayMoveRequest(referrer, sent, 'accept')).toBe(false);
    expect(mayMoveRequest(referrer, asked, 'accept')).toBe(true);
    expect(mayMoveRequest(referee, asked, 'cancel')).toBe(true);
    for (const action of ['accept', 'decline', 'cancel'] as const) {
      expect(mayMoveRequest(staff, sent, action)).toBe(false);
      expect(mayMoveRequest(visitor, openInvite, action)).toBe(false);
    }
  });

  it("a user's lists are read by that user and staff", () => {
    expect(mayReadUser(referrer, 'u-referrer')).toBe(true);
    expect(mayReadUser(staff, 'u-referrer')).toBe(true);
    expect(mayReadUser(referee, 'u-referrer')).toBe(false);
    expect(mayReadUser(visitor, 'u-referrer')).toBe(false);
  });

  it('in a deal each side acts as itself, staff as staff, a staff member who is a side as both', () => {
    expect(dealRoleOf(sent, referee)).toBe('referee');
    expect(dealRoleOf(sent, referrer)).toBe('referrer');
    expect(dealRoleOf(sent, staff)).toBe('staff');
    expect(dealRoleOf(sent, stranger)).toBeNull();
    const staffReferrer = who('u-referrer', [{ role: 'STAFF', topicId: null }]);
    expect(dealRoleOf(sent, staffReferrer)).toBe('referrer');
    expect([...dealActorsOf(sent, staffReferrer)].sort()).toEqual(['referrer', 'staff']);
    expect([...dealActorsOf(sent, curator)]).toEqual([]);
  });

  it('only the referrer reminds; a reward is seen by its referrer and staff; staff work is staff only', () => {
    expect(mayRemind(referrer, sent)).toBe(true);
    expect(mayRemind(referee, sent)).toBe(false);
    expect(mayRemind(staff, sent)).toBe(false);
    const reward = { referrer_user_id: 'u-referrer' };
    expect(maySeeReward(referrer, reward)).toBe(true);
    expect(maySeeReward(admin, reward)).toBe(true);
    expect(maySeeReward(referee, reward)).toBe(false);
    expect(maySeeReward(visitor, reward)).toBe(false);
    expect([staff, admin].map(mayStaff)).toEqual([true, true]);
    expect([referrer, curator, visitor].map(mayStaff)).toEqual([false, false, false]);
  });
});
