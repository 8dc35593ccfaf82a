import 'server-only';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { purposeKey } from '@/lib/storage/signing';

/**
 * One-time sign-in codes sent by SMS: generation, the keyed MAC that is
 * stored instead of the code, and the constant-time check. The limits below
 * are the rules the OTP request store and routes enforce; this module keeps
 * no state.
 */

/** A code is valid for 5 minutes after it is sent, seconds. */
export const OTP_CODE_TTL_S = 300;

/** Digits in a code. */
export const OTP_CODE_DIGITS = 6;

/**
 * A code is single use, and only the latest code a device asked for a phone
 * is valid: a new send from that device invalidates its earlier ones. Wrong
 * tries allowed against one code request (over all its resends) before it is
 * burnt.
 */
export const OTP_MAX_WRONG_TRIES_PER_CODE = 5;

/**
 * Wrong tries allowed per device (visitor id) and phone in a rolling 24
 * hours, counted across requests and resends; past it that device may not
 * ask for or try codes for that phone, while the phone's other devices
 * (its owner's) are untouched.
 */
export const OTP_MAX_WRONG_TRIES_PER_DEVICE_PER_DAY = 10;

/** Earliest a device may have a new code sent to the same phone after its previous one, seconds. */
export const OTP_RESEND_AFTER_S = 60;

/** Codes sent to one phone for one device in a rolling hour, at most. */
export const OTP_MAX_SENDS_PER_DEVICE_PER_HOUR = 5;

/** Codes sent to one phone for one device in a rolling 24 hours, at most. */
export const OTP_MAX_SENDS_PER_DEVICE_PER_DAY = 10;

/**
 * Codes sent to one phone in a rolling 24 hours over all devices, at most:
 * the cap that bounds guessing, since a device can only try codes of its own
 * requests and each request takes at most OTP_MAX_WRONG_TRIES_PER_CODE.
 */
export const OTP_MAX_SENDS_PER_PHONE_PER_DAY = 20;

/**
 * The most codes anyone can try against one phone in 24 hours, over all
 * devices and addresses: every send is at most one new request, and a
 * request takes at most 5 tries (20 x 5 = 100). With 6-digit codes the
 * chance that one of them is right is at most 100 / 10^6 = 1 in 10,000 a
 * day (docs/api/accounts.md "Phone OTP").
 */
export const OTP_MAX_GUESSES_PER_PHONE_PER_DAY = OTP_MAX_SENDS_PER_PHONE_PER_DAY * OTP_MAX_WRONG_TRIES_PER_CODE;

const CODE_RE = /^\d{6}$/;

/**
 * A new code: 6 decimal digits, uniform over 000000-999999, from the CSPRNG
 * (`crypto.randomInt`), zero-padded.
 */
export function newOtpCode(): string {
  return randomInt(0, 10 ** OTP_CODE_DIGITS).toString().padStart(OTP_CODE_DIGITS, '0');
}

/**
 * The value stored for a sent code: hex HMAC-SHA256 under
 * `purposeKey('otp-code')` of the E.164 phone, the OTP request's id and the
 * code, joined by NUL (none of them contains one), so a stored MAC proves
 * nothing for another request or phone.
 * @throws Error when media signing (the root secret) is not initialised.
 */
export function otpCodeMac(phoneE164: string, requestId: string, code: string): string {
  return createHmac('sha256', purposeKey('otp-code'))
    .update(`${phoneE164}\0${requestId}\0${code}`)
    .digest('hex');
}

/**
 * Whether `code` is the one whose MAC was stored for this phone and request,
 * compared in constant time. A code that is not exactly 6 ASCII digits, or a
 * stored MAC of the wrong shape, is `false` (never throws for bad input).
 */
export function otpCodeMatches(storedMac: string, phoneE164: string, requestId: string, code: string): boolean {
  if (typeof code !== 'string' || !CODE_RE.test(code)) return false;
  const expected = Buffer.from(otpCodeMac(phoneE164, requestId, code), 'utf8');
  const given = Buffer.from(String(storedMac), 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
