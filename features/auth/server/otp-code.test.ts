import { describe, expect, it } from 'vitest';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
process.env.LOG_LEVEL = 'silent';
const {
  newOtpCode, otpCodeMac, otpCodeMatches, OTP_CODE_DIGITS, OTP_CODE_TTL_S, OTP_MAX_WRONG_TRIES_PER_CODE,
  OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY, OTP_RESEND_AFTER_S, OTP_MAX_SENDS_PER_DEVICE_PER_HOUR,
  OTP_MAX_SENDS_PER_DEVICE_PER_DAY, OTP_MAX_SENDS_PER_PHONE_PER_DAY, OTP_MAX_GUESSES_PER_PHONE_PER_DAY,
} = await import('./otp-code');

const PHONE = '+919876543210';
const REQ = '0b7c6a2e-5f1d-4c7e-9a0b-3d2e1f4a5b6c';

describe('newOtpCode', () => {
  it('is always 6 ASCII digits', () => {
    for (let i = 0; i < 2000; i++) expect(newOtpCode()).toMatch(/^\d{6}$/);
  });

  it('spreads over the whole range: 2,000 draws give > 1,900 distinct codes, leading zeros included', () => {
    const draws = Array.from({ length: 2000 }, newOtpCode);
    expect(new Set(draws).size).toBeGreaterThan(1900);
    // Uniform over 0..999999: about 10% start with 0 and the mean is near 500,000.
    const leadingZero = draws.filter((c) => c.startsWith('0')).length;
    expect(leadingZero).toBeGreaterThan(100);
    expect(leadingZero).toBeLessThan(320);
    const mean = draws.reduce((s, c) => s + Number(c), 0) / draws.length;
    expect(mean).toBeGreaterThan(440_000);
    expect(mean).toBeLessThan(560_000);
  });
});

describe('otpCodeMac / otpCodeMatches', () => {
  it('is a stable 256-bit hex MAC that does not contain the code', () => {
    const mac = otpCodeMac(PHONE, REQ, '123456');
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(otpCodeMac(PHONE, REQ, '123456')).toBe(mac);
    expect(mac).not.toContain('123456');
  });

  it('matches only the same phone, request id and code', () => {
    const mac = otpCodeMac(PHONE, REQ, '042917');
    expect(otpCodeMatches(mac, PHONE, REQ, '042917')).toBe(true);
    expect(otpCodeMatches(mac, PHONE, REQ, '042918')).toBe(false);
    expect(otpCodeMatches(mac, '+919876543211', REQ, '042917')).toBe(false);
    expect(otpCodeMatches(mac, PHONE, `${REQ.slice(0, -1)}d`, '042917')).toBe(false);
  });

  it('keeps the fields apart: shifting characters between phone and request id changes the MAC', () => {
    expect(otpCodeMac('+9198', '76543210', '123456')).not.toBe(otpCodeMac('+91987', '6543210', '123456'));
    expect(otpCodeMac(PHONE, 'r1', '123456')).not.toBe(otpCodeMac(PHONE, 'r11', '23456'));
  });

  it('is false without throwing for codes that are not exactly 6 digits', () => {
    const mac = otpCodeMac(PHONE, REQ, '123456');
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456', '123456 ', '１２３４５６', '12 456', '-12345', '+12345']) {
      expect(otpCodeMatches(mac, PHONE, REQ, bad)).toBe(false);
    }
    // Even when the MAC was (wrongly) stored for such a "code", it never matches.
    expect(otpCodeMatches(otpCodeMac(PHONE, REQ, '12345'), PHONE, REQ, '12345')).toBe(false);
    expect(otpCodeMatches(mac, PHONE, REQ, undefined as unknown as string)).toBe(false);
  });

  it('is false without throwing for a stored MAC of the wrong length or shape', () => {
    const mac = otpCodeMac(PHONE, REQ, '123456');
    expect(otpCodeMatches('', PHONE, REQ, '123456')).toBe(false);
    expect(otpCodeMatches(mac.slice(0, -1), PHONE, REQ, '123456')).toBe(false);
    expect(otpCodeMatches(`${mac}0`, PHONE, REQ, '123456')).toBe(false);
    expect(otpCodeMatches(mac.toUpperCase(), PHONE, REQ, '123456')).toBe(false);
  });
});

describe('limits', () => {
  it('are the documented rule', () => {
    expect(OTP_CODE_TTL_S).toBe(300);
    expect(OTP_MAX_WRONG_TRIES_PER_CODE).toBe(5);
    expect(OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY).toBe(10);
    expect(OTP_RESEND_AFTER_S).toBe(60);
    expect(OTP_MAX_SENDS_PER_DEVICE_PER_HOUR).toBe(5);
    expect(OTP_MAX_SENDS_PER_DEVICE_PER_DAY).toBe(10);
    expect(OTP_MAX_SENDS_PER_PHONE_PER_DAY).toBe(20);
  });

  it('bound guessing per phone to 100 tries a day: at most 1 in 10,000 that one is right (docs/api/accounts.md)', () => {
    expect(OTP_MAX_GUESSES_PER_PHONE_PER_DAY).toBe(100);
    expect(OTP_MAX_GUESSES_PER_PHONE_PER_DAY / 10 ** OTP_CODE_DIGITS).toBe(1 / 10_000);
  });
});
