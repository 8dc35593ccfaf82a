import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { FunnelGrouping, FunnelInsights, ReelsInsights } from '../schemas';

/**
 * The browser side of the staff insights API (docs/api/insights.md): a
 * fetcher, query options and a hook per endpoint. Plain `apiFetch` with the
 * answer types of features/insights/schemas.ts (types only: no zod in the
 * page's bundle).
 */

const BASE = '/staff/api/v1/insights';

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
};

function search(params: Record<string, string | number | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) qs.set(k, String(v));
  return qs.toString();
}

/**
 * GET /staff/api/v1/insights/reels: views, completions and watch time per
 * reel, language and day of the period.
 * @throws HttpError 401 `login_required`, 403 `forbidden`, 422 `validation_failed`.
 */
export async function getReelsInsights(p: ReelsParams, signal?: AbortSignal): Promise<ReelsInsights> {
  const res = await apiFetch(`${BASE}/reels?${search({ from: p.from, to: p.to, lang: p.lang, limit: p.limit })}`, { signal });
  return (await res.json()) as ReelsInsights;
}

/**
 * GET /staff/api/v1/insights/funnel: visitors per funnel stage, by campaign
 * or partner, over the period.
 * @throws HttpError 401 `login_required`, 403 `forbidden`, 422 `validation_failed`.
 */
export async function getFunnelInsights(p: FunnelParams, signal?: AbortSignal): Promise<FunnelInsights> {
  const res = await apiFetch(`${BASE}/funnel?${search({ from: p.from, to: p.to, by: p.by })}`, { signal });
  return (await res.json()) as FunnelInsights;
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
