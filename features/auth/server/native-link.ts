import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { toIndianMobileE164 } from '@/lib/phone';

/**
 * Signed links for registered customers coming from the company's other
 * channels (SPEC.md section 7 redirect-native-customer;
 * docs/ops/native-customer-link.md). A token is
 *
 *   base64url(JSON {"phone": "+91XXXXXXXXXX", "exp": <unix seconds>}) "." base64url(HMAC-SHA256(secret, <first part>))
 *
 * with the secret NATIVE_LINK_SECRET (lib/env.ts), shared with the
 * channel that makes the links. A link lives at most NATIVE_LINK_MAX_TTL_S
 * (7 days): a token whose expiry lies further ahead is refused even when
 * its signature holds, so a leaked secret cannot mint links that last.
 * The phone must be an Indian mobile number in E.164 (lib/phone.ts).
 */

/** Longest life of a link, seconds (7 days). */
export const NATIVE_LINK_MAX_TTL_S = 7 * 24 * 3600;
/** Longest token text accepted, characters (a real one is about 110). */
export const NATIVE_LINK_MAX_CHARS = 512;

const TOKEN_RE = /^([A-Za-z0-9_-]{10,400})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(payload).digest();
}

/**
 * A link token for `phone`, valid `ttlS` seconds from `nowMs`.
 * @param phone an Indian mobile number in any usual writing; it is stored as E.164.
 * @param ttlS 1..NATIVE_LINK_MAX_TTL_S seconds (default the maximum, 7 days).
 * @throws Error when the phone is not a valid Indian mobile number, or `ttlS` is out of range.
 */
export function mintNativeLinkToken(secret: string, phone: string, ttlS = NATIVE_LINK_MAX_TTL_S, nowMs = Date.now()): string {
  const e164 = toIndianMobileE164(phone);
  if (!e164) throw new Error('not a valid Indian mobile number');
  if (!Number.isInteger(ttlS) || ttlS < 1 || ttlS > NATIVE_LINK_MAX_TTL_S) {
    throw new Error(`a link lives 1 to ${NATIVE_LINK_MAX_TTL_S} seconds`);
  }
  const payload = Buffer.from(JSON.stringify({ phone: e164, exp: Math.floor(nowMs / 1000) + ttlS }), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

export type NativeLinkCheck =
  | { ok: true; phone: string; expS: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Reads a link token: the signature (constant-time), then the payload
 * (`phone` an Indian mobile in E.164 as written, `exp` whole seconds not
 * more than 7 days ahead of `nowMs`), then the expiry.
 * @returns the phone, or why not: `invalid` (malformed, forged, altered,
 * a bad phone, an expiry too far ahead) or `expired`. Never throws.
 */
export function verifyNativeLinkToken(secret: string, token: string | null | undefined, nowMs = Date.now()): NativeLinkCheck {
  const m = token && token.length <= NATIVE_LINK_MAX_CHARS ? TOKEN_RE.exec(token) : null;
  if (!m) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(secret, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { phone, exp } = (body ?? {}) as { phone?: unknown; exp?: unknown };
  if (typeof phone !== 'string' || toIndianMobileE164(phone) !== phone) return { ok: false, reason: 'invalid' };
  if (typeof exp !== 'number' || !Number.isInteger(exp)) return { ok: false, reason: 'invalid' };
  const nowS = nowMs / 1000;
  if (exp - nowS > NATIVE_LINK_MAX_TTL_S + 60) return { ok: false, reason: 'invalid' };
  if (exp <= nowS) return { ok: false, reason: 'expired' };
  return { ok: true, phone, expS: exp };
}
