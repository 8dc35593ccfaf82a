import { describe, expect, it } from 'vitest';
import { otpDigits, otpSchema, phoneFormSchema, toIndianMobileE164 } from './schemas';

describe('toIndianMobileE164', () => {
  it('takes 10 digits as typed after +91, or a pasted +91 number, to E.164', () => {
    expect(toIndianMobileE164('9812345678')).toBe('+919812345678');
    expect(toIndianMobileE164('98123 45678')).toBe('+919812345678');
    expect(toIndianMobileE164('098123-45678')).toBe('+919812345678');
    expect(toIndianMobileE164('+91 98123 45678')).toBe('+919812345678');
  });

  it('refuses short numbers, landlines and other countries', () => {
    expect(toIndianMobileE164('12345')).toBeNull();
    expect(toIndianMobileE164('1234567890')).toBeNull();
    expect(toIndianMobileE164('011 2345 6789')).toBeNull();
    expect(toIndianMobileE164('+1 415 555 2671')).toBeNull();
  });
});

describe('phoneFormSchema', () => {
  it('needs a valid number and both confirmations (SPEC.md section 5)', () => {
    const ok = phoneFormSchema.safeParse({ phone: '9812345678', over_18: true, accept_terms: true });
    expect(ok.success && ok.data).toEqual({ phone: '+919812345678', over_18: true, accept_terms: true });

    const bad = phoneFormSchema.safeParse({ phone: '12', over_18: false, accept_terms: false });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['accept_terms', 'auth.validation.acceptTerms'],
      ['over_18', 'auth.validation.over18'],
      ['phone', 'auth.validation.phone'],
    ]);
  });
});

describe('phoneSchema', () => {
  it('says an empty number is missing, and keeps SPEC.md section 5\'s message for one that is not a mobile number', () => {
    const first = (phone: unknown) => phoneFormSchema.safeParse({ phone, over_18: true, accept_terms: true }).error?.issues[0]?.message;
    expect(first('')).toBe('auth.validation.phoneRequired');
    expect(first('   ')).toBe('auth.validation.phoneRequired');
    expect(first(undefined)).toBe('auth.validation.phoneRequired');
    expect(first('12345')).toBe('auth.validation.phone');
  });
});

describe('the one-time code', () => {
  it('is exactly 6 digits; spaces of a paste are dropped', () => {
    expect(otpSchema.safeParse('123 456').data).toBe('123456');
    expect(otpSchema.safeParse('12345').success).toBe(false);
    expect(otpSchema.safeParse('12345a').success).toBe(false);
  });

  it('keeps the first 6 digits of whatever was pasted', () => {
    expect(otpDigits('Your code: 123-456.')).toBe('123456');
    expect(otpDigits('1234567')).toBe('123456');
    expect(otpDigits('ab')).toBe('');
  });
});
