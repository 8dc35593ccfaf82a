import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { apiClient } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { DealStep } from '../deal-steps';
import type { requestRoutes } from '../server/request-routes';
import { emptyJsonBody, referralKeys, useInvalidateReferrals } from './referrals';

/**
 * The browser side of the referral requests and deals (docs/api/referrals.md):
 * sending a request, inbox and outbox, answering, a deal's progress, its
 * notes and the staff's deal list. Calls and answer types come from the
 * server's router through Hono's `hc` (type imports only). Every answer that
 * names a deal is asked in the interface language (`?lang=`) and cached
 * under it (referralKeys).
 */

/** The request and deal endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof requestRoutes>>();
const v1 = api.referral.api.v1;

/** The answer of POST v1/referrer/send_request: the request and its WhatsApp invite. */
export type SentInvite = InferResponseType<typeof v1.referrer.send_request.$post>;
/** A referral as one side sees it (docs/api/referrals.md "Request"). */
export type ReferralRequest = SentInvite['request'];
/** GET deals/get/{id}: a referral's deal progress (docs/api/referrals.md "DealView"). */
export type DealView = InferResponseType<(typeof v1.deals.get)[':id']['$get']>['deal'];
/** Who makes a step of a deal. */
export type DealActorName = DealView['next'][number]['by'];
/** A note on a deal. */
export type Note = InferResponseType<(typeof v1.deals.notes)[':id'][':key']['$post']>['note'];

/** Path parameters are encoded here: `hc` puts them into the path as given. */
const enc = encodeURIComponent;
const pageOf = (page: number) => String(page);

/**
 * GET v1/inbox or v1/outbox?page=&lang=: requests received or sent, 10 a page, each deal's texts in `lang`.
 * @throws HttpError 401 `login_required`.
 */
export async function getRequests(which: 'inbox' | 'outbox', page: number, lang: Locale) {
  return (await v1[which].$get({ query: { page: pageOf(page), lang } })).json();
}

/** GET v1/inbox or v1/outbox?page=&lang=: requests received or sent, 10 a page, each deal's texts in the interface language. */
export function useRequests(which: 'inbox' | 'outbox', page = 1) {
  return useQuery({ ...requestsQueryOptions(which, page, useInterfaceLang()), placeholderData: keepPreviousData });
}

/** A page of my inbox or outbox in `lang`. */
export function requestsQueryOptions(which: 'inbox' | 'outbox', page: number, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.box(which, page, lang), queryFn: () => getRequests(which, page, lang) });
}

/**
 * POST v1/referrer/send_request: refers `phone` to a deal; `lang` is the
 * interface language of the invite text. The same `idempotency_key` again
 * answers the same.
 * @throws HttpError 422 `self_referral`/`invalid_phone`, 403 `customers_only`, 409 `already_referred`, 429 `referral_velocity`.
 */
export function useSendRequest() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (b: { deal_id: string; phone: string; name: string; idempotency_key: string; lang: Locale }) =>
      (await v1.referrer.send_request.$post({ query: {}, json: b })).json(),
    onSuccess: invalidate,
  });
}

/**
 * POST v1/request/action: accept or decline (the receiver), cancel (the sender).
 * @throws HttpError 409 `invalid_transition`, 410 `request_expired`.
 */
export function useRequestAction() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (b: { request_id: string; action: 'accept' | 'decline' | 'cancel'; consumer_number?: string; address?: string }) =>
      (await v1.request.action.$post({ query: {}, json: b })).json(),
    onSuccess: invalidate,
  });
}

/** GET v1/deals/get/{referral_id}?lang=: the deal view, the deal's texts in `lang`. @throws HttpError 404. */
export async function getDealView(id: string, lang: Locale): Promise<DealView> {
  return (await (await v1.deals.get[':id'].$get({ param: { id: enc(id) }, query: { lang } })).json()).deal;
}

/** GET v1/deals/get/{referral_id}?lang=: the deal view, the deal's texts in the interface language. @throws HttpError 404. */
export function useDealView(id: string) {
  return useQuery(dealViewQueryOptions(id, useInterfaceLang()));
}

/** A referral's deal view in `lang`. */
export function dealViewQueryOptions(id: string, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.dealView(id, lang), queryFn: () => getDealView(id, lang) });
}

/**
 * POST v1/deals/{id}/step?lang=: the caller's move; the answer (in the
 * interface language) replaces the cached deal view of that language.
 * @throws HttpError 403 (not the caller's), 409 `invalid_transition`.
 */
export function useDealStep(id: string) {
  const qc = useQueryClient();
  const lang = useInterfaceLang();
  return useMutation({
    mutationFn: async (b: { to: DealStep; note?: string }) => (await v1.deals[':id'].step.$post({ param: { id: enc(id) }, query: { lang }, json: b })).json(),
    onSuccess: (r) => {
      qc.setQueryData(referralKeys.dealView(id, lang), r.deal);
      void qc.invalidateQueries({ queryKey: referralKeys.all });
    },
  });
}

/**
 * POST v1/deals/{id}/reminder?lang=: the answer (in the interface language)
 * replaces the cached deal view of that language; the other languages' are
 * refetched when next shown.
 * @throws HttpError 409 `invalid_transition`, 429 `reminder_too_soon`.
 */
export function useDealReminder(id: string) {
  const qc = useQueryClient();
  const lang = useInterfaceLang();
  return useMutation({
    mutationFn: async () => (await v1.deals[':id'].reminder.$post({ param: { id: enc(id) }, query: { lang } }, emptyJsonBody)).json(),
    onSuccess: (r) => {
      qc.setQueryData(referralKeys.dealView(id, lang), r.deal);
      void qc.invalidateQueries({ queryKey: ['referrals', 'deal-view', id], predicate: (q) => q.queryKey[3] !== lang });
    },
  });
}

/** GET v1/deals/notes/{id}/{page}: 20 notes a page, newest first. */
export async function getNotes(id: string, page: number) {
  return (await v1.deals.notes[':id'][':page'].$get({ param: { id: enc(id), page: pageOf(page) } })).json();
}

/** GET v1/deals/notes/{id}/{page}: 20 notes a page, newest first. */
export function useNotes(id: string, page = 1) {
  return useQuery(notesQueryOptions(id, page));
}

/** A page of a deal's notes. */
export function notesQueryOptions(id: string, page: number) {
  return queryOptions({ queryKey: referralKeys.notes(id, page), queryFn: () => getNotes(id, page) });
}

/** POST v1/deals/notes/{id}/{client_key}: a note (1..2000 characters); the same key again is the same note. */
export function useAddNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: { body: string; clientKey: string }) =>
      (await v1.deals.notes[':id'][':key'].$post({ param: { id: enc(id), key: enc(b.clientKey) }, json: { body: b.body } })).json(),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['referrals', 'notes', id] }),
  });
}

/** GET v1/staff/deals?page=&lang=: accepted referrals waiting, oldest move first (staff), deal texts in `lang`. */
export async function getStaffDeals(page: number, lang: Locale) {
  return (await v1.staff.deals.$get({ query: { page: pageOf(page), lang } })).json();
}

/** GET v1/staff/deals?page=&lang=: accepted referrals waiting, oldest move first (staff), deal texts in the interface language. */
export function useStaffDeals(page = 1) {
  return useQuery(staffDealsQueryOptions(page, useInterfaceLang()));
}

/** A page of the staff's waiting deals in `lang`. */
export function staffDealsQueryOptions(page: number, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.staffDeals(page, lang), queryFn: () => getStaffDeals(page, lang) });
}

/** POST v1/deals/{id}/step for staff lists (the id varies per row). */
export function useStaffStep() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (b: { id: string; to: DealStep; note?: string }) =>
      (await v1.deals[':id'].step.$post({ param: { id: enc(b.id) }, query: {}, json: { to: b.to, ...(b.note ? { note: b.note } : {}) } })).json(),
    onSuccess: invalidate,
  });
}
