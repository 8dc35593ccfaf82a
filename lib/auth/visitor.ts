import 'server-only';
import { serialize } from 'hono/utils/cookie';
import { VIEWER_COOKIE } from '../constants';
import { cookieValue } from '../http/cookies';
import { newSignedId, readSignedIdToken, signedIdToken } from './signed-id';

/**
 * Anonymous visitors (SPEC.md section 6 "Visitor"). The one place that mints
 * a visitor id and writes its cookie: the API's principal middleware, page
 * requests (server/index.ts) and the socket handshake all call here.
 *
 * A visitor token is `<id>.<mac>` (lib/auth/signed-id.ts, purpose
 * `visitor-id`): the 20-character alphanumeric id (SPEC.md section 9 device
 * id) and a truncated HMAC-SHA256 of it under a key derived from the
 * server's signing secret. A token the server did not issue (a made-up id,
 * an edited one) does not verify, so nobody can pick their own visitor id
 * or borrow another's without having received it.
 */

/** Lifetime of the visitor cookie, seconds (one year). */
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** A new random visitor id (20 alphanumeric characters). */
export function newVisitorId(): string {
  return newSignedId();
}

/**
 * The token that carries `id` in the cookie or the `X-Fingerprint-Id` header.
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function visitorToken(id: string): string {
  return signedIdToken('visitor-id', id);
}

/**
 * The visitor id inside a token the server issued, or null for a missing,
 * malformed or forged token (constant-time comparison; verified tokens are
 * remembered, see readSignedIdToken).
 */
export function readVisitorToken(token: string | null | undefined): string | null {
  return readSignedIdToken('visitor-id', token);
}

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
  return readVisitorToken(cookieValue(cookieHeader, VIEWER_COOKIE));
}
