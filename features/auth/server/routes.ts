import 'server-only';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bearerToken, revokeSession, sessionClearCookie, sessionSetCookie, sessionTokenFromCookieHeader } from '@/lib/auth/session';
import { visitorToken } from '@/lib/auth/visitor';
import { deviceFromCookieHeader, deviceSetCookie } from '@/lib/auth/device';
import { getDb, type DbOrTx } from '@/lib/db/client';
import type { ApiEnv } from '@/lib/http/app';
import { ApiError } from '@/lib/http/errors';
import { guards } from '@/lib/http/guards';
import { issueVisitor, principal, requireUser } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body } from '@/lib/http/validate';
import { logger } from '@/lib/logger';
import { verifyGoogleIdToken } from './google';
import { checkOtp, consumeOtpRequest, ipKeyOf, normalizeIndianMobile, resendOtpRequest, startOtpRequest, type OtpCaller, type OtpTarget } from './otp';
import { smsProviderFromEnv } from './sms';
import { signInUser, userForGoogle, userForPhone, type SignedIn } from './sign-in';
import { userViewOf } from './user-view';
import type { CountChange } from './merge';

/**
 * Identity endpoints (SPEC.md section 7 "Auth"; docs/api/accounts.md):
 * the visitor, phone OTP, Google sign-in, the session and the user.
 */

/** What sign-in tells the rest of the app (count caches, notifications); wired in server/api.ts. */
export interface AuthDeps {
  /** Reels whose counts a merge changed, and the home visitor whose cached state is stale. */
  onMerged?: (changes: CountChange[], homeViewerId: string) => void;
  /**
   * After a sign-in committed. `visitorId`: the visitor (device) the sign-in
   * came from, before its merge into the user's home visitor.
   */
  onSignedIn?: (e: { userId: string; isNewUser: boolean; method: 'phone' | 'google'; visitorId: string }) => void | Promise<void>;
  /**
   * Inside the sign-in's transaction, after the user is known and before
   * it commits (so before the answer): grants the roles a sign-in brings
   * (ADMIN_PHONES). The session the sign-in creates therefore holds them
   * from its first request; an error fails the sign-in as a whole.
   */
  grantRoles?: (tx: DbOrTx, userId: string) => Promise<void>;
}

const confirmations = {
  over_18: z.boolean().optional(),
  accept_terms: z.boolean().optional(),
  /** "api": answer with the session token for `Authorization: Bearer` (no cookie). */
  client: z.enum(['web', 'api']).optional(),
};
const otpCode = z.string().max(12);
const initiateBody = z.object({ phone: z.string().max(32) }).strict();
const verifyV1Body = z.object({ phone: z.string().max(32), otp: otpCode, ...confirmations }).strict();
const verifyV2Body = z.object({ request_id: z.string().max(64), otp: otpCode, ...confirmations }).strict();
const googleBody = z.object({ credential: z.string().min(1).max(4096), ...confirmations }).strict();
const linkGoogleBody = z.object({ credential: z.string().min(1).max(4096) }).strict();
const SMALL = { maxBytes: 8 * 1024 };

/** The API family of identity (SPEC.md section 7 "Auth"). */
export const authPrefixes: readonly ApiPrefix[] = ['/auth/'];


function presentedToken<E extends ApiEnv>(c: Context<E>): string | null {
  return bearerToken(c.req.header('authorization')) ?? sessionTokenFromCookieHeader(c.req.header('cookie'));
}

/** The OTP caller of a request: its device (visitor id), bound to every request it makes, and its address's key. */
function otpCallerOf<E extends ApiEnv>(c: Context<E>): OtpCaller {
  return { viewerId: c.var.principal.visitorId, ipKey: ipKeyOf(c.var.clientIp) };
}

/** The code a client typed: digits only, so "123 456" from a paste still counts as 6 digits. */
const digitsOf = (otp: string) => otp.replace(/[\s-]/g, '');

/**
 * Answers a committed sign-in: the session cookie (web) or token (api), the
 * device mark's cookie again (its lifetime starts anew: browsers cap a
 * cookie's age), the user, and tells the caches and notifications.
 */
async function signedInAnswer<E extends ApiEnv>(c: Context<E>, s: SignedIn, method: 'phone' | 'google', asApi: boolean, deps: AuthDeps) {
  const m = s.merge;
  if (m.changed.length + m.reactions + m.views + m.progress > 0) deps.onMerged?.(m.changed, s.homeViewerId);
  await deps.onSignedIn?.({ userId: s.userId, isNewUser: s.isNewUser, method, visitorId: c.var.principal.visitorId });
  if (!asApi) c.header('Set-Cookie', sessionSetCookie(s.token, c.var.isHttps), { append: true });
  const device = c.var.principal.deviceId;
  // A mark principal() minted on this request is already on the answer.
  if (device && deviceFromCookieHeader(c.req.header('cookie')) === device) {
    c.header('Set-Cookie', deviceSetCookie(device, c.var.isHttps), { append: true });
  }
  c.header('cache-control', 'no-store');
  const { db } = await getDb();
  const user = await userViewOf(db, { ...c.var.principal, userId: s.userId, visitorId: s.homeViewerId });
  return c.json({ user, is_new_user: s.isNewUser, ...(asApi ? { token: s.token } : {}) });
}

/** Verifies a code and signs in, for both verify versions. */
async function verifyAndSignIn<E extends ApiEnv>(c: Context<E>, target: OtpTarget, otp: string, conf: z.infer<z.ZodObject<typeof confirmations>>, deps: AuthDeps) {
  const { db } = await getDb();
  const who = otpCallerOf(c);
  const outcome = await db.transaction(async (tx) => {
    const check = await checkOtp(tx, target, digitsOf(otp), who);
    if (!check.ok) return { error: check.error };
    const user = await userForPhone(tx, check.phone, c.var.principal, conf);
    await consumeOtpRequest(tx, check.requestId);
    const signedIn = await signInUser(tx, user.userId, 'phone', {
      principal: c.var.principal, presentedToken: presentedToken(c), userAgent: c.req.header('user-agent') ?? null,
    }, user.isNewUser);
    await deps.grantRoles?.(tx, user.userId);
    return { signedIn };
  });
  // A wrong code's count is committed above; only then is it refused.
  if ('error' in outcome) throw outcome.error;
  return signedInAnswer(c, outcome.signedIn, 'phone', conf.client === 'api', deps);
}

/** Sends a code by the configured provider; a provider failure is a 503 that names neither phone nor code. */
async function sendCode(phone: string, code: string): Promise<void> {
  try {
    await smsProviderFromEnv().sendOtp(phone, code);
  } catch (err) {
    logger().error({ err: err instanceof Error ? err.message : String(err) }, 'otp sms send failed');
    throw new ApiError(503, 'sms_unavailable', 'We could not send the code just now. Please try again in a minute.', { retryAfterS: 60 });
  }
}

/**
 * The auth router.
 * @param deps hooks into the count caches and notifications (server/api.ts).
 */
export function authRoutes(deps: AuthDeps = {}) {
  return new Hono<ApiEnv>()
    // POST /auth/api/v1/visitor - this caller's visitor: the one it brought, or a new one (per-IP limited)
    // Open to a caller without a visitor (that is what it is for): principal() counts new visitors per IP.
    .post('/auth/api/v1/visitor', guards.anyoneWrite({ elsewhere: 'principal() counts each new visitor id per IP (`visitor`)' }, {
      body: 'any',
    }), (c) => {
      const p = c.var.principal;
      return c.json({
        visitor_id: p.visitorId,
        /** Send as X-Fingerprint-Id when cookies are not kept; a signed-in user's home visitor is never handed out. */
        token: p.userId ? null : visitorToken(p.visitorId),
        is_new: p.isNewVisitor,
        isUserVisitor: p.userId === null,
      }, p.isNewVisitor ? 201 : 200);
    })
    // GET /auth/api/v1/me, /auth/api/v1/user/me - the caller: a user (SPEC.md section 3) or a visitor
    .get('/auth/api/v1/me', principal(), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await userViewOf((await getDb()).db, c.var.principal));
    })
    .get('/auth/api/v1/user/me', principal(), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await userViewOf((await getDb()).db, c.var.principal));
    })
    // POST /auth/api/v1/otp/initiate - send a 6-digit code to an Indian mobile; the request is this device's
    .post('/auth/api/v1/otp/initiate', guards.visitorWrite('auth'), body(initiateBody, SMALL), async (c) => {
      const phone = normalizeIndianMobile(c.req.valid('json').phone);
      const { db } = await getDb();
      const sent = await db.transaction((tx) => startOtpRequest(tx, phone, otpCallerOf(c)));
      await sendCode(phone, sent.code);
      c.header('cache-control', 'no-store');
      return c.json({ request_id: sent.request_id, expires_in_s: sent.expires_in_s, resend_after_s: sent.resend_after_s });
    })
    // POST /auth/api/v2/otp/initiate/{id} - resend: a new code for this device's request (its wrong tries are kept)
    .post('/auth/api/v2/otp/initiate/:id', guards.visitorWrite('auth', { body: 'any' }), async (c) => {
      const { db } = await getDb();
      const sent = await db.transaction((tx) => resendOtpRequest(tx, c.req.param('id'), otpCallerOf(c)));
      await sendCode(sent.phone, sent.code);
      c.header('cache-control', 'no-store');
      return c.json({ request_id: sent.request_id, expires_in_s: sent.expires_in_s, resend_after_s: sent.resend_after_s });
    })
    // POST /auth/api/v1/otp/verify - the latest code this device asked for the phone; signs in
    .post('/auth/api/v1/otp/verify', guards.visitorWrite('auth'), body(verifyV1Body, SMALL), async (c) => {
      const { phone, otp, ...conf } = c.req.valid('json');
      return verifyAndSignIn(c, { phone: normalizeIndianMobile(phone) }, otp, conf, deps);
    })
    // POST /auth/api/v2/otp/verify - the code of one of this device's requests, named by its id; signs in
    .post('/auth/api/v2/otp/verify', guards.visitorWrite('auth'), body(verifyV2Body, SMALL), async (c) => {
      const { request_id, otp, ...conf } = c.req.valid('json');
      return verifyAndSignIn(c, { requestId: request_id }, otp, conf, deps);
    })
    // POST /auth/api/v2/oauth/login (v3, v5 the same) - sign in with a Google ID token
    .post('/auth/api/:version{v[235]}/oauth/login', guards.visitorWrite('auth'), body(googleBody, SMALL), async (c) => {
      const { credential, ...conf } = c.req.valid('json');
      const g = await verifyGoogleIdToken(credential);
      const { db } = await getDb();
      const s = await db.transaction(async (tx) => {
        const who = await userForGoogle(tx, g, c.var.principal, conf);
        const signedIn = await signInUser(tx, who.userId, 'google', {
          principal: c.var.principal, presentedToken: presentedToken(c), userAgent: c.req.header('user-agent') ?? null,
        }, who.isNewUser);
        await deps.grantRoles?.(tx, who.userId);
        return signedIn;
      });
      return signedInAnswer(c, s, 'google', conf.client === 'api', deps);
    })
    // POST /auth/api/v1/user/google - link a Google account to the signed-in user
    .post('/auth/api/v1/user/google', guards.visitorWrite('auth'), requireUser(), body(linkGoogleBody, SMALL), async (c) => {
      const g = await verifyGoogleIdToken(c.req.valid('json').credential);
      const { db } = await getDb();
      await db.transaction((tx) => userForGoogle(tx, g, c.var.principal, {}));
      return c.json(await userViewOf(db, c.var.principal));
    })
    // POST /auth/api/v1/logout - end this session; the device gets a fresh, empty visitor and keeps its mark (sr_dev)
    .post('/auth/api/v1/logout', guards.anyoneWrite('auth', { body: 'any' }), async (c) => {
      const { db } = await getDb();
      await revokeSession(db, presentedToken(c));
      c.header('Set-Cookie', sessionClearCookie(c.var.isHttps), { append: true });
      // principal() already gave a caller without a visitor a fresh one.
      if (!c.var.principal.isNewVisitor) {
        const fresh = await issueVisitor(c.var.clientIp, c.var.isHttps);
        c.header('Set-Cookie', fresh.setCookie, { append: true });
      }
      c.header('cache-control', 'no-store');
      return c.body(null, 204);
    });
}
