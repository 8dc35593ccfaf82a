import 'server-only';
import { Hono } from 'hono';
import { visitorToken } from '@/lib/auth/visitor';
import type { ApiEnv } from '@/lib/http/app';
import { principal, sameOrigin } from '@/lib/http/principal';

/**
 * Identity endpoints (SPEC.md section 7 "Auth"). Accounts (OTP, Google)
 * come later; today the visitor: browsers get theirs in a cookie on their
 * first response, API clients without cookies ask here and send the token
 * back as `X-Fingerprint-Id` (SPEC.md section 7 "fingerprint id").
 */
export const authRoutes = new Hono<ApiEnv>()
  // POST /auth/api/v1/visitor - this caller's visitor: the one it brought, or a new one (per-IP limited)
  .post('/auth/api/v1/visitor', sameOrigin(), principal(), (c) => {
    const p = c.var.principal;
    return c.json({
      visitor_id: p.visitorId,
      /** Send as X-Fingerprint-Id when cookies are not kept. */
      token: visitorToken(p.visitorId),
      is_new: p.isNewVisitor,
      isUserVisitor: p.userId === null,
    }, p.isNewVisitor ? 201 : 200);
  });
