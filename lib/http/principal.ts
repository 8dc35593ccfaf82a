import 'server-only';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasRole, type Principal, type Role } from '../auth/principal';
import { mintDeviceIfMissing } from '../auth/device';
import { resolveCredentials } from '../auth/resolve';
import { sessionClearCookie } from '../auth/session';
import { newVisitorId, visitorSetCookie } from '../auth/visitor';
import { mediaSigningReady } from '../storage/signing';
import { ApiError, forbidden } from './errors';
import { consumeLimit } from './rate-limit';
import { clientIpOf, isAllowedOrigin, isHttpsOf } from './request-info';
import { encryptedOf, headersOf, incomingOf } from './request-origin';

/**
 * Who is calling, once per request (ARCHITECTURE.md decision 12;
 * CONVENTIONS.md "API handlers"), and the guards that say who may call what.
 */

/** Header that carries the visitor token for API clients without cookies (SPEC.md section 7 fingerprint id). */
export const FINGERPRINT_HEADER = 'x-fingerprint-id';

export type PrincipalVars = {
  principal: Principal;
  /** The client's address (lib/http/request-info.ts). */
  clientIp: string;
  /** True when the request came over https (directly or via a trusted proxy). */
  isHttps: boolean;
};

/**
 * Hands out a new visitor id to a client at `ip`: counted against the per-IP
 * limit of new visitors, with the Set-Cookie value that carries it (`Secure`
 * when `https`). The API (principal()) and page requests
 * (server/request-listener.ts) both mint through here.
 * @throws ApiError 429 `rate_limited` when this IP made too many new visitors.
 */
export async function issueVisitor(ip: string, https: boolean): Promise<{ id: string; setCookie: string }> {
  await consumeLimit('visitor', null, ip);
  const id = newVisitorId();
  return { id, setCookie: visitorSetCookie(id, https) };
}

/**
 * Gives a page request without a valid device mark one (server/request-listener.ts):
 * the cookie goes on the response. Pages are browsers, which keep cookies.
 */
export function ensurePageDevice(req: IncomingMessage, res: ServerResponse, https: boolean): void {
  const device = mintDeviceIfMissing(req.headers.cookie, https);
  if (device) res.appendHeader('Set-Cookie', device.setCookie);
}

/**
 * Middleware: sets `c.var.principal`, `c.var.clientIp` and `c.var.isHttps`.
 * A valid session (cookie `sr_sid` or `Authorization: Bearer`) makes a
 * signed-in principal whose visitor id is the user's home visitor
 * (lib/auth/resolve.ts). Otherwise the visitor comes from the signed
 * `sr_vid` cookie or, for API clients, the `X-Fingerprint-Id` header
 * (lib/auth/visitor.ts). A request with neither (or a forged one) gets a
 * new visitor id, counted against the per-IP limit of new visitors, and the
 * cookie on its response; it is marked `isNewVisitor`, so
 * `requireVisitor()` refuses it any write. A session cookie that is no
 * longer valid is cleared on the response. A client that keeps cookies and
 * brought no valid device mark (`sr_dev`, lib/auth/device.ts) gets one,
 * visitor or not; a header-only client (no Cookie header, a visitor token
 * or Bearer token in headers) gets none and its `deviceId` is null.
 * @throws ApiError 429 `rate_limited` when this IP made too many new visitors.
 */
export function principal() {
  return createMiddleware<{ Variables: PrincipalVars }>(async (c, next) => {
    await mediaSigningReady();
    const headers = headersOf(c);
    const ip = clientIpOf(headers, incomingOf(c)?.socket?.remoteAddress);
    const https = isHttpsOf(headers, encryptedOf(c));
    const fromHeader = headers[FINGERPRINT_HEADER];
    const { principal: known, staleSession } = await resolveCredentials({
      cookieHeader: headers.cookie,
      authorization: headers.authorization,
      visitorToken: Array.isArray(fromHeader) ? fromHeader[0] : fromHeader,
    });
    if (staleSession && !headers.authorization) c.header('Set-Cookie', sessionClearCookie(https), { append: true });
    let p = known;
    if (p === null) {
      const issued = await issueVisitor(ip, https);
      p = { visitorId: issued.id, isNewVisitor: true, userId: null, roles: [], deviceId: null };
      c.header('Set-Cookie', issued.setCookie, { append: true });
    }
    const headerOnly = !headers.cookie && Boolean(fromHeader || headers.authorization);
    const device = headerOnly ? null : mintDeviceIfMissing(headers.cookie, https);
    if (device) {
      p = { ...p, deviceId: device.id };
      c.header('Set-Cookie', device.setCookie, { append: true });
    }
    c.set('principal', p);
    c.set('clientIp', ip);
    c.set('isHttps', https);
    await next();
  });
}

/** The 4xx of a write by a caller the server has not issued a visitor id to. */
export const visitorRequired = () =>
  new ApiError(401, 'visitor_required', 'Open the app first: this action needs the visitor id the server gives on the first visit.');

/**
 * Guard: the caller brought a visitor id the server issued earlier (cookie
 * or header). Likes, views, events and chat count only for such a caller, so
 * a client that drops its cookie cannot add a count or reset a limit.
 * @throws ApiError 401 `visitor_required`.
 */
export function requireVisitor() {
  return createMiddleware<{ Variables: PrincipalVars }>(async (c, next) => {
    if (c.var.principal.isNewVisitor) throw visitorRequired();
    await next();
  });
}

/**
 * Guard: a signed-in user (SPEC.md section 6: a call needing auth makes a
 * visitor log in first).
 * @throws ApiError 401 `login_required`.
 */
export function requireUser() {
  return createMiddleware<{ Variables: PrincipalVars }>(async (c, next) => {
    if (!c.var.principal.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    await next();
  });
}

/**
 * Guard: a signed-in user holding `role` in the topic `topicOf(c)` returns
 * (or anywhere, when it returns null); ADMIN holds every role.
 * @throws ApiError 401 `login_required`; 403 `forbidden` with SPEC.md
 * section 8's "Sorry. You are not authorized for this action!".
 */
export function requireRole(role: Role, topicOf: (c: Context) => string | null | Promise<string | null> = () => null) {
  return createMiddleware<{ Variables: PrincipalVars }>(async (c, next) => {
    const p = c.var.principal;
    if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
    if (!hasRole(p, role, await topicOf(c))) throw forbidden();
    await next();
  });
}

/**
 * Guard of every state-changing request: a browser's Origin must be this
 * site's own (or PUBLIC_URL's, or one of CHAT_EMBED_ORIGINS); see
 * isAllowedOrigin.
 * @throws ApiError 403 `origin_not_allowed`.
 */
export function sameOrigin() {
  return createMiddleware(async (c, next) => {
    const m = c.req.method;
    if (m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS' && !isAllowedOrigin(headersOf(c), encryptedOf(c))) {
      throw new ApiError(403, 'origin_not_allowed', 'Requests from this origin are not allowed.');
    }
    await next();
  });
}
