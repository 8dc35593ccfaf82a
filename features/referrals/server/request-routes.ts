import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';

/** Referral endpoints (docs/api/referrals.md); filled in by the referral feature. */
export function requestRoutes() {
  return new Hono<ApiEnv>();
}
