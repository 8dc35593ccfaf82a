import 'server-only';
import { serialize } from 'hono/utils/cookie';
import { cookieValue } from '../http/cookies';
import { newSignedId, readSignedIdToken, signedIdToken } from './signed-id';

/**
 * The device mark: a long-lived, signed, httpOnly cookie `sr_dev` with a
 * random id (lib/auth/signed-id.ts, purpose `device-id`, so a visitor token
 * never verifies as a device mark). Unlike the visitor id (`sr_vid`), which
 * logout replaces so a shared browser starts empty, the mark outlives
 * logout: it tells the referral fairness rule that two accounts signed in on
 * one browser (docs/decisions/010 "Fairness"). Minted where the visitor
 * cookie is (lib/http/principal.ts for the API, server/request-listener.ts
 * for pages) for a request that lacks a valid one; never for a client that
 * keeps no cookies (header-only native clients), whose mark is null.
 */

/** Cookie that carries the device mark. */
export const DEVICE_COOKIE = 'sr_dev';

/**
 * Lifetime of the device cookie, seconds: 400 days, the longest a cookie may
 * ask for (RFC 6265bis; browsers cap longer ones and hono refuses to write
 * them). Every sign-in sets it again, so a device in use keeps its mark
 * for good.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** A new random device id (20 alphanumeric characters). */
export function newDeviceId(): string {
  return newSignedId();
}

/**
 * The signed token `<id>.<mac>` of a device id.
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function deviceToken(id: string): string {
  return signedIdToken('device-id', id);
}

/** The device id inside a token the server issued, or null for a missing, malformed, forged or visitor token. */
export function readDeviceToken(token: string | null | undefined): string | null {
  return readSignedIdToken('device-id', token);
}

/**
 * The Set-Cookie value for device `id`: httpOnly, SameSite=Lax, path /, 400
 * days, `Secure` when the request came over https.
 */
export function deviceSetCookie(id: string, secure: boolean): string {
  return serialize(DEVICE_COOKIE, deviceToken(id), {
    httpOnly: true, sameSite: 'Lax', path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_S, secure,
  });
}

/** The device id of a Cookie header, or null when it has no valid `sr_dev`. */
export function deviceFromCookieHeader(cookieHeader: string | undefined): string | null {
  return readDeviceToken(cookieValue(cookieHeader, DEVICE_COOKIE));
}

/**
 * A new device mark for a request whose Cookie header has no valid one, or
 * null when it has one. The caller appends `setCookie` to its response.
 */
export function mintDeviceIfMissing(cookieHeader: string | undefined, secure: boolean): { id: string; setCookie: string } | null {
  if (deviceFromCookieHeader(cookieHeader)) return null;
  const id = newDeviceId();
  return { id, setCookie: deviceSetCookie(id, secure) };
}
