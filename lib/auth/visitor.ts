import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { customAlphabet } from 'nanoid';
import { serialize } from 'hono/utils/cookie';
import { DEVICE_ID_LENGTH, VIEWER_COOKIE } from '../constants';
import { purposeKey } from '../storage/signing';

/**
 * Anonymous visitors (SPEC.md section 6 "Visitor"). The one place that mints
 * a visitor id and writes its cookie: the API's principal middleware, page
 * requests (server/index.ts) and the socket handshake all call here.
 *
 * A visitor token is `<id>.<mac>`: the 20-character alphanumeric id
 * (SPEC.md section 9 device id) and a truncated HMAC-SHA256 of it under a key
 * derived from the server's signing secret. A token the server did not issue
 * (a made-up id, an edited one) does not verify, so nobody can pick their
 * own visitor id or borrow another's without having received it.
 */

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const mintId = customAlphabet(ALNUM, DEVICE_ID_LENGTH);
/** Bytes of the HMAC kept in a token (128 bits). */
const MAC_BYTES = 16;
const TOKEN_RE = new RegExp(`^([0-9A-Za-z]{${DEVICE_ID_LENGTH}})\\.([A-Za-z0-9_-]{22})$`);
/** Lifetime of the visitor cookie, seconds (one year). */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function mac(id: string): Buffer {
  return createHmac('sha256', purposeKey('visitor-id')).update(id).digest().subarray(0, MAC_BYTES);
}

/** A new random visitor id (20 alphanumeric characters). */
export function newVisitorId(): string {
  return mintId();
}

/**
 * The token that carries `id` in the cookie or the `X-Fingerprint-Id` header.
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function visitorToken(id: string): string {
  return `${id}.${mac(id).toString('base64url')}`;
}

/** Tokens that verified lately (token -> id): every request carries one, and an HMAC is the costliest step of reading it. */
const verified = new Map<string, string>();
const VERIFIED_MAX = 50_000;

/**
 * The visitor id inside a token the server issued, or null for a missing,
 * malformed or forged token (constant-time comparison). Tokens that verified
 * are remembered (at most 50,000, oldest dropped first); only good tokens
 * are, so a flood of forged ones cannot fill the memory. The key they were
 * checked with is part of the memory, so a rotated secret forgets them.
 */
export function readVisitorToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const key = purposeKey('visitor-id');
  const hit = verified.get(token);
  if (hit !== undefined && verifiedKey === key) return hit;
  const m = TOKEN_RE.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (verifiedKey !== key) {
    verified.clear();
    verifiedKey = key;
  }
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, m[1]);
  return m[1];
}
let verifiedKey: Buffer | null = null;

/**
 * The Set-Cookie value for `id`: httpOnly, SameSite=Lax, one year, `Secure`
 * when the request came over https (directly or through a trusted proxy).
 */
export function visitorSetCookie(id: string, secure: boolean): string {
  return serialize(VIEWER_COOKIE, visitorToken(id), {
    httpOnly: true, sameSite: 'Lax', path: '/', maxAge: VISITOR_COOKIE_MAX_AGE_S, secure,
  });
}

/** The visitor id of a Cookie header, or null (see readVisitorToken). */
export function visitorFromCookieHeader(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  // Cheaper than parsing every cookie: find ours by name.
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VIEWER_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return readVisitorToken(value);
  }
  return null;
}
