import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { FunnelGrouping, FunnelInsights, ReelsInsights, SessionsInsights } from '../schemas';
import type { insightsRoutes } from '../server/routes';

/**
 * The browser side of the staff insights API (docs/api/insights.md): a
 * fetcher, query options and a hook per endpoint. Calls and answer types
 * come from the server's router through Hono's `hc` (type imports only: no
 * zod or server code in the page's bundle).
 */

/** The insights endpoints, typed by their router. */
const api = apiClient<typeof insightsRoutes>();
const insights = api.staff.api.v1.insights;

/** The period and filters the page asks for; days are India days `YYYY-MM-DD`, both included. */
export interface ReelsParams {
  from: string;
  to: string;
  lang: Locale | null;
  limit?: number;
}

export interface FunnelParams {
  from: string;
  to: string;
  by: FunnelGrouping;
}

export const insightsKeys = {
  all: ['insights'] as const,
  reels: (p: ReelsParams) => ['insights', 'reels', p.from, p.to, p.lang ?? 'all', p.limit ?? null] as const,
  funnel: (p: FunnelParams) => ['insights', 'funnel', p.from, p.to, p.by] as const,
  sessions: (p: SessionsParams) => ['insights', 'sessions', p.from, p.to] as const,
};

/** The period of the sessions figures; India days, both included. */
export interface SessionsParams {
  from: string;
  to: string;
}

/**
 * GET /staff/api/v1/insights/reels: views, completions and watch time per
 * reel, language and day of the period.
 * @throws HttpError 401 `login_required`, 403 `forbidden`, 422 `validation_failed`.
 */
export async function getReelsInsights(p: ReelsParams, signal?: AbortSignal): Promise<ReelsInsights> {
  // Unset filters are left out of the query.
  const query = { from: p.from, to: p.to, lang: p.lang ?? undefined, limit: p.limit === undefined ? undefined : String(p.limit) };
  return (await insights.reels.$get({ query }, { init: { signal } })).json();
}

/**
 * GET /staff/api/v1/insights/funnel: visitors per funnel stage, by campaign
 * or partner, over the period.
 * @throws HttpError 401 `login_required`, 403 `forbidden`, 422 `validation_failed`.
 */
export async function getFunnelInsights(p: FunnelParams, signal?: AbortSignal): Promise<FunnelInsights> {
  return (await insights.funnel.$get({ query: { from: p.from, to: p.to, by: p.by } }, { init: { signal } })).json();
}

/**
 * GET /staff/api/v1/insights/sessions: sessions per day and time spent
 * per session (seconds) over the period.
 * @throws HttpError 401 `login_required`, 403 `forbidden`, 422 `validation_failed`.
 */
export async function getSessionInsights(p: SessionsParams, signal?: AbortSignal): Promise<SessionsInsights> {
  return (await insights.sessions.$get({ query: { from: p.from, to: p.to } }, { init: { signal } })).json();
}

/** Query options of the reels insights; a minute fresh (the derived counts move every few seconds at most). */
export function reelsInsightsQueryOptions(p: ReelsParams) {
  return queryOptions({
    queryKey: insightsKeys.reels(p),
    queryFn: ({ signal }) => getReelsInsights(p, signal),
    staleTime: 60_000,
  });
}

/** Query options of the funnel insights. */
export function funnelInsightsQueryOptions(p: FunnelParams) {
  return queryOptions({
    queryKey: insightsKeys.funnel(p),
    queryFn: ({ signal }) => getFunnelInsights(p, signal),
    staleTime: 60_000,
  });
}

/** The reels insights of a period; the previous period's answer stays on screen while the next loads. */
export function useReelsInsights(p: ReelsParams) {
  return useQuery({ ...reelsInsightsQueryOptions(p), placeholderData: keepPreviousData });
}

/** The funnel insights of a period, grouped by campaign or partner. */
export function useFunnelInsights(p: FunnelParams) {
  return useQuery({ ...funnelInsightsQueryOptions(p), placeholderData: keepPreviousData });
}

/** Query options of the sessions insights. */
export function sessionInsightsQueryOptions(p: SessionsParams) {
  return queryOptions({
    queryKey: insightsKeys.sessions(p),
    queryFn: ({ signal }) => getSessionInsights(p, signal),
    staleTime: 60_000,
  });
}

/** Sessions per day and time per session of a period; the previous answer stays on screen while the next loads. */
export function useSessionInsights(p: SessionsParams) {
  return useQuery({ ...sessionInsightsQueryOptions(p), placeholderData: keepPreviousData });
}
