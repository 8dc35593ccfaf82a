import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { principal, requireRole } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { query } from '@/lib/http/validate';
import { funnelQuerySchema, reelsQuerySchema, sessionsQuerySchema } from '../schemas';
import { getFunnelInsights, getReelsInsights, getSessionInsights } from './queries';

/** The staff API family, our own (docs/api/insights.md): /staff/ itself holds pages. */
export const insightsPrefixes: readonly ApiPrefix[] = ['/staff/api/'];

/**
 * The staff insights endpoints (docs/api/insights.md), read-only. Only
 * STAFF or ADMIN: a visitor gets 401 `login_required`, any other user 403
 * `forbidden`. Answers are not cached by browsers or proxies.
 */
const staffOnly = [principal(), requireRole('STAFF')] as const;

/** The insights routes, mounted at the root by server/api.ts. */
export const insightsRoutes = new Hono<ApiEnv>()
  // GET /staff/api/v1/insights/reels?from=&to=&lang=&limit= - views, completions, watch time per reel, language and day
  .get('/staff/api/v1/insights/reels', ...staffOnly, query(reelsQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getReelsInsights(c.req.valid('query')));
  })
  // GET /staff/api/v1/insights/funnel?from=&to=&by=campaign|partner - share -> visit -> sign_in -> lead -> deal
  .get('/staff/api/v1/insights/funnel', ...staffOnly, query(funnelQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getFunnelInsights(c.req.valid('query')));
  })
  // GET /staff/api/v1/insights/sessions?from=&to= - sessions per day and time spent per session (session_event pings)
  .get('/staff/api/v1/insights/sessions', ...staffOnly, query(sessionsQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getSessionInsights(c.req.valid('query')));
  });
