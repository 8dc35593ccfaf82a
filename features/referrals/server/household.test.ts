import { describe, expect, it } from 'vitest';
import { decideHousehold, sharedTrait, type HouseholdTraits } from './household';

const none: HouseholdTraits = { phones: [], emails: [], devices: [], consumerNumbers: [], addressKeys: [] };
const t = (x: Partial<HouseholdTraits>): HouseholdTraits => ({ ...none, ...x });

describe('sharedTrait', () => {
  it('names the first shared trait in the rule order phone, email, device, consumer number, address', () => {
    const a = t({ phones: ['+919800000001'], emails: ['a@x.in'], devices: ['D1'], consumerNumbers: ['AB-12/34'], addressKeys: ['house 1 road'] });
    expect(sharedTrait(a, t({ phones: ['+919800000001'], devices: ['D1'] }))).toBe('phone');
    expect(sharedTrait(a, t({ emails: ['A@X.IN'], devices: ['D1'] }))).toBe('email');
    expect(sharedTrait(a, t({ devices: ['D1'], addressKeys: ['house 1 road'] }))).toBe('device');
    expect(sharedTrait(a, t({ consumerNumbers: ['ab 1234'] }))).toBe('consumer_number');
    expect(sharedTrait(a, t({ addressKeys: ['house 1 road'] }))).toBe('address');
    expect(sharedTrait(a, t({ phones: ['+919800000002'], addressKeys: ['house 2 road'] }))).toBeNull();
  });

  it('never matches on empty values', () => {
    expect(sharedTrait(t({ addressKeys: [''], consumerNumbers: [' - '], emails: [''] }), t({ addressKeys: [''], consumerNumbers: ['-'], emails: [''] }))).toBeNull();
    expect(sharedTrait(none, none)).toBeNull();
  });
});

describe('decideHousehold', () => {
  const referee = t({ phones: ['+919800000009'], devices: ['V9'], addressKeys: ['flat 9 mg road 122001'] });

  it('a referee of the referrer\'s household is a self-referral, before any earlier referral counts', () => {
    expect(decideHousehold({
      referee, referrer: t({ devices: ['V9'] }), earlier: [{ referralId: 'r1', ...t({ phones: ['+919800000009'] }) }],
    })).toEqual({ kind: 'self', why: 'device' });
  });

  it('a referee sharing a trait with an earlier accepted referee is a household duplicate of the first such referral', () => {
    expect(decideHousehold({
      referee,
      referrer: t({ phones: ['+919811111111'] }),
      earlier: [
        { referralId: 'r1', ...t({ phones: ['+919822222222'] }) },
        { referralId: 'r2', ...t({ addressKeys: ['flat 9 mg road 122001'] }) },
        { referralId: 'r3', ...t({ phones: ['+919800000009'] }) },
      ],
    })).toEqual({ kind: 'household', why: 'address', otherReferralId: 'r2' });
  });

  it('is null when nothing is shared', () => {
    expect(decideHousehold({ referee, referrer: t({ phones: ['+919811111111'] }), earlier: [{ referralId: 'r1', ...t({ devices: ['V1'] }) }] })).toBeNull();
  });
});
