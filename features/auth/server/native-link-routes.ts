import 'server-only';
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { ApiEnv } from '@/lib/http/app';
import { ApiError, notFound } from '@/lib/http/errors';
import { principal } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { logger } from '@/lib/logger';
import {
  CUSTOMER_DEALS_PATH, CUSTOMER_LINK_COOKIE, CUSTOMER_LINK_COOKIE_TTL_S, CUSTOMER_LINK_LANDING,
} from '../customer-link';
import { verifyNativeLinkToken } from './native-link';

/**
 * The landing of a registered customer's link from the company's other
 * channels (SPEC.md section 7 "redirect-native-customer";
 * docs/ops/native-customer-link.md): it lives in the chat's API family, as
 * the spec lists it, and belongs to sign-in.
 */

/** The API family of the link (SPEC.md section 7 "Chat" lists it). */
export const nativeLinkPrefixes: readonly ApiPrefix[] = ['/recommendation-service/'];

/** True when the caller asked for JSON (an API client), not a page (a browser following the link). */
function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
}

/** The Set-Cookie value carrying the verified phone to the page (features/auth/customer-link.ts CUSTOMER_LINK_COOKIE). */
function prefillCookie(phone: string, secure: boolean): string {
  return `${CUSTOMER_LINK_COOKIE}=${encodeURIComponent(phone)}; Path=/; Max-Age=${CUSTOMER_LINK_COOKIE_TTL_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A 302 that leaks nothing of the link onward: no caching, no Referer carrying the token. */
function redirect(c: Context<ApiEnv>, location: string): Response {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.redirect(location, 302);
}

export const nativeLinkRoutes = new Hono<ApiEnv>()
  // GET /recommendation-service/api/v1/redirect-native-customer?t= - a signed link of a customer's phone: 302 to the
  // reels page with the login modal filled in (a signed-in owner of that phone: straight to the customers' deals).
  // A bad or expired link: the plain landing for a browser, 403 link_invalid / 410 link_expired for Accept: application/json.
  .get('/recommendation-service/api/v1/redirect-native-customer', principal(), rateLimit('auth'), async (c) => {
    const secret = env().NATIVE_LINK_SECRET;
    const token = c.req.query('t');
    const check = secret ? verifyNativeLinkToken(secret, token) : null;
    if (!check?.ok) {
      // Why only: never the token (it carries the phone) nor the phone.
      logger().info({ reason: check?.reason ?? 'not configured', requestId: c.var.requestId }, 'native customer link refused');
      if (!wantsJson(c)) return redirect(c, CUSTOMER_LINK_LANDING);
      if (!check) throw notFound('Customer links are not configured on this server.');
      throw check.reason === 'expired'
        ? new ApiError(410, 'link_expired', 'This link has expired.')
        : new ApiError(403, 'link_invalid', 'This link is not valid.');
    }
    const p = c.var.principal;
    if (p.userId) {
      const { db } = await getDb();
      const [me] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, p.userId)).limit(1);
      // Already signed in with that number: nothing to fill in.
      if (me?.phone === check.phone) return redirect(c, CUSTOMER_DEALS_PATH);
    }
    c.header('Set-Cookie', prefillCookie(check.phone, c.var.isHttps), { append: true });
    return redirect(c, CUSTOMER_LINK_LANDING);
  });
