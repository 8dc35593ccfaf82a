import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { parseResponse, type InferResponseType } from 'hono/client';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { apiClient } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { rewardRoutes } from '../server/reward-routes';
import { emptyJsonBody, referralKeys, useInvalidateReferrals } from './referrals';

/**
 * The browser side of the scratch-card rewards (docs/api/referrals.md
 * "rewards", "scratch", "staff/rewards"): my rewards, scratching, claiming
 * to a UPI id, and the staff's review. Calls and answer types come from the
 * server's router through Hono's `hc` (type imports only).
 */

/** The reward endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof rewardRoutes>>();
const v1 = api.referral.api.v1;

/** A scratch-card reward; `amount_inr` (rupees) is null until scratched; times are ISO 8601. */
export type Reward = InferResponseType<typeof v1.rewards.$get>['items'][number];
/** A held reward as staff see it: with its referrer. */
export type StaffReward = InferResponseType<typeof v1.staff.rewards.$get>['items'][number];

/** Path parameters are encoded here: `hc` puts them into the path as given. */
const enc = encodeURIComponent;

/** GET v1/rewards?page=&lang=: my rewards, 20 a page, each deal title in `lang`. @throws HttpError 401. */
export async function getRewards(page: number, lang: Locale) {
  return (await v1.rewards.$get({ query: { page: String(page), lang } })).json();
}

/** GET v1/rewards?page=&lang=: my rewards, 20 a page, each deal title in the interface language. */
export function useRewards(page = 1) {
  return useQuery(rewardsQueryOptions(page, useInterfaceLang()));
}

/** A page of my rewards in `lang`. */
export function rewardsQueryOptions(page: number, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.rewards(page, lang), queryFn: () => getRewards(page, lang) });
}

/**
 * POST v1/scratch/{id}: reveals the amount.
 * @throws HttpError 409 `not_scratchable`.
 */
export async function scratch(id: string) {
  // The route's 409 answer is in its type; apiFetch throws it as an HttpError, so only the 200 remains.
  return parseResponse(v1.scratch[':id'].$post({ param: { id: enc(id) }, query: {} }, emptyJsonBody));
}

/** POST v1/scratch/{id}: reveals the amount; every referrals query reloads. @throws HttpError 409 `not_scratchable`. */
export function useScratch() {
  const invalidate = useInvalidateReferrals();
  return useMutation({ mutationFn: scratch, onSuccess: invalidate });
}

/**
 * POST v1/rewards/{id}: claims to a UPI id; the same `claim_key` again answers the claimed reward.
 * @throws HttpError 409 `already_claimed` / `not_claimable`, 422.
 */
export function useClaim() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (b: { id: string; payout_vpa: string; claim_key: string }) =>
      (await v1.rewards[':id'].$post({ param: { id: enc(b.id) }, query: {}, json: { payout_vpa: b.payout_vpa, claim_key: b.claim_key } })).json(),
    onSuccess: invalidate,
  });
}

/** GET v1/staff/rewards?state=hold&page=&lang=: held rewards (staff), deal titles in `lang`. @throws HttpError 403. */
export async function getStaffRewards(page: number, lang: Locale) {
  return (await v1.staff.rewards.$get({ query: { state: 'hold', page: String(page), lang } })).json();
}

/** GET v1/staff/rewards?state=hold&page=&lang=: held rewards (staff), deal titles in the interface language. */
export function useStaffRewards(page = 1) {
  return useQuery(staffRewardsQueryOptions(page, useInterfaceLang()));
}

/** A page of held rewards for staff in `lang`. */
export function staffRewardsQueryOptions(page: number, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.staffRewards(page, lang), queryFn: () => getStaffRewards(page, lang) });
}

/** POST v1/staff/rewards/{id}: a staff review move with a reason. @throws HttpError 403, 409, 422. */
export function useStaffRewardMove() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (b: { id: string; to: 'pending' | 'approved' | 'fraud'; reason: string }) =>
      (await v1.staff.rewards[':id'].$post({ param: { id: enc(b.id) }, query: {}, json: { to: b.to, reason: b.reason } })).json(),
    onSuccess: invalidate,
  });
}
