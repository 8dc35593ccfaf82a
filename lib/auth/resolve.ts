import 'server-only';
import type { Principal } from './principal';
import { bearerToken, resolveSession, sessionTokenFromCookieHeader } from './session';
import { deviceFromCookieHeader } from './device';
import { readVisitorToken, visitorFromCookieHeader } from './visitor';

/** What a request (HTTP, socket handshake, page render) brings to say who it is. */
export interface Credentials {
  cookieHeader?: string;
  /** The Authorization header (API clients: `Bearer <session token>`). */
  authorization?: string;
  /** A visitor token sent without cookies (X-Fingerprint-Id header or the socket's `auth.token`). */
  visitorToken?: string;
}

/** The outcome of reading credentials. */
export interface ResolvedCredentials {
  /** The principal, or null when neither a valid session nor an issued visitor id came. */
  principal: Principal | null;
  /** A session token came but is not valid (revoked, expired, forged): the caller should drop it. */
  staleSession: boolean;
}

/**
 * Who the credentials name: a signed-in user (session cookie or Bearer
 * token, checked against the sessions table) whose visitor id is their home
 * visitor, else the visitor of the signed cookie or token; with the device
 * mark of the `sr_dev` cookie, if any. Never mints.
 * One query when a session token is present; none otherwise.
 */
export async function resolveCredentials(cred: Credentials): Promise<ResolvedCredentials> {
  const visitorId = visitorFromCookieHeader(cred.cookieHeader) ?? readVisitorToken(cred.visitorToken);
  const deviceId = deviceFromCookieHeader(cred.cookieHeader);
  const token = bearerToken(cred.authorization) ?? sessionTokenFromCookieHeader(cred.cookieHeader);
  if (token) {
    const s = await resolveSession(token);
    if (s) {
      const home = s.homeViewerId ?? visitorId;
      if (home) return { principal: { visitorId: home, isNewVisitor: false, userId: s.userId, roles: s.roles, deviceId }, staleSession: false };
    }
    if (!s) return { principal: visitorId ? visitorOnly(visitorId, deviceId) : null, staleSession: true };
  }
  return { principal: visitorId ? visitorOnly(visitorId, deviceId) : null, staleSession: false };
}

function visitorOnly(visitorId: string, deviceId: string | null): Principal {
  return { visitorId, isNewVisitor: false, userId: null, roles: [], deviceId };
}
