import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { apiClient } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { catalogueRoutes } from '../server/catalogue-routes';

/**
 * The browser side of the referral catalogue (docs/api/referrals.md): the
 * caller's referral profile, deals (and the staff's deal edits), the
 * referrer card and contacts; plus the query keys and helpers the request
 * (./requests.ts) and reward (./rewards.ts) clients share. Calls and answer
 * types come from the server's router through Hono's `hc` (type imports
 * only: nothing of the server reaches the bundle). Per call: a fetcher, its
 * query options, a hook (CONVENTIONS.md "Client").
 */

/** The catalogue endpoints, typed by their router. */
const api = apiClient<ReturnType<typeof catalogueRoutes>>();
const v1 = api.referral.api.v1;

/** GET get_profile: the caller's code, share link, level and totals (rupees). */
export type ReferralProfile = InferResponseType<typeof v1.get_profile.$get>;
/** A deal as GET all_deals lists it: `allowed` false for a customers-only deal the caller may not use. `reward_inr` in rupees. */
export type ListedDeal = InferResponseType<typeof v1.all_deals.$get>['deals'][number];
/** A deal (docs/api/referrals.md "Deal"), its texts in the asker's language. `reward_inr` in rupees. */
export type Deal = InferResponseType<typeof v1.deals.$get>['deal'];
/** A referrer's public card (GET v1/user_data/code/{code}): first name, picture, level. */
export type ReferrerCard = InferResponseType<(typeof v1.user_data.code)[':code']['$get']>;
/** A saved contact; `label` per docs/api/referrals.md (`sent`: I sent this phone an invite or request). */
export type Contact = InferResponseType<(typeof v1.contact_list)[':page'][':page_size']['$get']>['items'][number];
/** Answer of the contact imports (v5, local-contact, contact/import, Google resync). */
export type ImportResult = InferResponseType<(typeof v1)['local-contact']['$post']>;
/** A deal as staff reads and writes answer it: the public shape plus `active`, `sort_order` and its translations. */
export type StaffDeal = InferResponseType<typeof v1.staff.all_deals.$get>['deals'][number];
/** A deal's Hindi (`hi`) and Hinglish (`he`) texts; an absent or empty one shows the English. */
export type DealTexts = StaffDeal['translations'];

/**
 * The fields of POST v1/deals as the staff form keeps them (every field
 * set); the server's dealFieldsSchema bounds them and the typed call checks
 * that this shape is one it accepts.
 */
export interface DealInput {
  url_id: string;
  title: string;
  ribbon: string | null;
  description: string;
  terms: string;
  /** Hindi and Hinglish texts, each bounded like its English field; in a PATCH a language given replaces that language's. */
  translations?: DealTexts;
  reward_inr: number;
  customers_only: boolean;
  active: boolean;
  sort_order: number;
}

/**
 * Query keys of the referrals feature. Answers that name a deal (its texts in
 * a request, a reward's deal title) carry the interface language `lang`
 * after the key's other parts, so after a language switch the screens fetch
 * the texts in the new language instead of showing the old; invalidating a
 * prefix (`all`, or a key without its `lang`) reaches every language.
 */
export const referralKeys = {
  all: ['referrals'] as const,
  profile: ['referrals', 'profile'] as const,
  deals: ['referrals', 'deals'] as const,
  deal: (q: string) => ['referrals', 'deal', q] as const,
  contacts: (page: number, size: number) => ['referrals', 'contacts', page, size] as const,
  box: (which: 'inbox' | 'outbox', page: number, lang: Locale) => ['referrals', which, page, lang] as const,
  rewards: (page: number, lang: Locale) => ['referrals', 'rewards', page, lang] as const,
  dealView: (id: string, lang: Locale) => ['referrals', 'deal-view', id, lang] as const,
  notes: (id: string, page: number) => ['referrals', 'notes', id, page] as const,
  userCard: (id: string) => ['referrals', 'user-card', id] as const,
  staffDeals: (page: number, lang: Locale) => ['referrals', 'staff', 'deals', page, lang] as const,
  staffRewards: (page: number, lang: Locale) => ['referrals', 'staff', 'rewards', page, lang] as const,
};

/** Path parameters are encoded here: `hc` puts them into the path as given. */
const enc = encodeURIComponent;

/** A write's request options: JSON (the API answers 415 otherwise), `{}` for a call without a body (scratch, reminder). */
export const emptyJsonBody = { init: { body: '{}', headers: { 'Content-Type': 'application/json' } } } as const;

/** A fresh random key for an idempotent write (send_request, claims, notes). */
export function newKey(): string {
  return crypto.randomUUID();
}

/** Invalidates every referrals query (after a write that may change any of them). */
export function useInvalidateReferrals() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: referralKeys.all });
}

/** GET v1/get_profile. @throws HttpError 401 `login_required`. */
export async function getReferralProfile(): Promise<ReferralProfile> {
  return (await v1.get_profile.$get()).json();
}

/** The caller's referral profile under referralKeys.profile. */
export function referralProfileQueryOptions() {
  return queryOptions({ queryKey: referralKeys.profile, queryFn: () => getReferralProfile() });
}

/** GET v1/get_profile. @throws HttpError 401 `login_required`. */
export function useReferralProfile(enabled = true) {
  return useQuery({ ...referralProfileQueryOptions(), enabled });
}

/** GET v1/all_deals?lang=: active deals in order, each with `allowed`, texts in `lang`. */
export async function getAllDeals(lang: Locale): Promise<ListedDeal[]> {
  return (await (await v1.all_deals.$get({ query: { lang } })).json()).deals;
}

/** The active deals in `lang`; the language is in the key, so after a switch the texts are fetched again. */
export function allDealsQueryOptions(lang: Locale) {
  return queryOptions({ queryKey: [...referralKeys.deals, lang], queryFn: () => getAllDeals(lang) });
}

/** GET v1/all_deals?lang=: active deals in order, each with `allowed`, texts in the interface language. */
export function useAllDeals() {
  return useQuery(allDealsQueryOptions(useInterfaceLang()));
}

/**
 * GET v1/deals?deal_id= or ?url_id=: one deal, texts in `lang`.
 * @throws HttpError 404.
 */
export async function getDeal(by: { deal_id?: string; url_id?: string }, lang: Locale): Promise<Deal> {
  const query = { ...(by.deal_id ? { deal_id: by.deal_id } : {}), ...(by.url_id ? { url_id: by.url_id } : {}), lang };
  return (await (await v1.deals.$get({ query })).json()).deal;
}

/**
 * GET v1/deals?deal_id= or ?url_id=: one deal.
 * @throws HttpError 404.
 */
export function useDeal(by: { deal_id?: string; url_id?: string }) {
  return useQuery(dealQueryOptions(by, useInterfaceLang()));
}

/** One deal by id or url_id in `lang`, keyed by its query string; disabled when neither is given. */
export function dealQueryOptions(by: { deal_id?: string; url_id?: string }, lang: Locale) {
  const q = new URLSearchParams();
  if (by.deal_id) q.set('deal_id', by.deal_id);
  if (by.url_id) q.set('url_id', by.url_id);
  const asked = q.toString() !== '';
  q.set('lang', lang);
  return queryOptions({ queryKey: referralKeys.deal(q.toString()), queryFn: () => getDeal(by, lang), enabled: asked });
}

/** GET v1/user_data/code/{code}: who invited (first name, picture, level). @throws HttpError 404. */
export async function getReferrerCard(code: string): Promise<ReferrerCard> {
  return (await v1.user_data.code[':code'].$get({ param: { code: enc(code) } })).json();
}

/** GET v1/user_data/code/{code}: who invited, for the share link's landing page; a 404 leaves it unknown. */
export function useReferrerCard(code: string) {
  return useQuery(referrerCardQueryOptions(code));
}

/** The referrer card of `code`; a 404 is not retried. */
export function referrerCardQueryOptions(code: string) {
  return queryOptions({ queryKey: referralKeys.userCard(`code:${code}`), queryFn: () => getReferrerCard(code), retry: false });
}

/** GET v1/one_deal[?deal_id=]&lang=: a deal, without `dealId` the first active one. @throws HttpError 404. */
export async function getOneDeal(dealId: string | null, lang: Locale): Promise<Deal> {
  const query = { ...(dealId ? { deal_id: dealId } : {}), lang };
  return (await (await v1.one_deal.$get({ query })).json()).deal;
}

/** GET v1/one_deal: without `dealId` the first active deal. */
export function useOneDeal(dealId: string | null, enabled = true) {
  return useQuery({ ...oneDealQueryOptions(dealId, useInterfaceLang()), enabled });
}

/** GET v1/one_deal in `lang` (without `dealId` the first active deal). */
export function oneDealQueryOptions(dealId: string | null, lang: Locale) {
  return queryOptions({ queryKey: referralKeys.deal(`one:${dealId ?? ''}:${lang}`), queryFn: () => getOneDeal(dealId, lang) });
}

/** GET v1/contact_list/{page}/{size}: my contacts by name. `page` 1-based, size 1..100. */
export async function getContacts(page: number, size: number) {
  const res = await v1.contact_list[':page'][':page_size'].$get({ param: { page: String(page), page_size: String(size) } });
  return res.json();
}

/** GET v1/contact_list/{page}/{size}: my contacts by name; the previous page stays shown while the next loads. */
export function useContacts(page: number, size = 50) {
  return useQuery({ ...contactsQueryOptions(page, size), placeholderData: keepPreviousData });
}

/** A page of my contacts. */
export function contactsQueryOptions(page: number, size: number) {
  return queryOptions({ queryKey: referralKeys.contacts(page, size), queryFn: () => getContacts(page, size) });
}

/**
 * POST v4/contact: one contact by hand; 200 with the existing one for a known phone.
 * @throws HttpError 422 `invalid_phone`.
 */
export function useAddContact() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (c: { name: string; phone: string }) => (await api.referral.api.v4.contact.$post({ json: c })).json(),
    onSuccess: invalidate,
  });
}

/** POST v1/local-contact: contacts picked on the device (Contact Picker API). */
export function useAddLocalContacts() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (contacts: { name: string; phone: string }[]) => (await v1['local-contact'].$post({ json: { contacts } })).json(),
    onSuccess: invalidate,
  });
}

/**
 * POST v1/contact/import: a .vcf or .csv file (at most 1 MB) as multipart `file`.
 * @throws HttpError 413, 415, 422.
 */
export function useImportContacts() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await v1.contact.import.$post(undefined, { init: { body: form } })).json();
    },
    onSuccess: invalidate,
  });
}

/**
 * POST v1/google-contact/resync: the user's Google contacts, read on the
 * server through the People API with `access_token` (a Google OAuth access
 * token with the contacts.readonly scope; not kept), added with source google.
 * @throws HttpError 422 `google_token_invalid`, 502 `google_contacts_unavailable`.
 */
export function useGoogleResync() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async (accessToken: string) => (await v1['google-contact'].resync.$post({ json: { access_token: accessToken } })).json(),
    onSuccess: invalidate,
  });
}

/**
 * DELETE v1/contact `{confirm: true}`: deletes all of my contacts at once.
 * @returns how many were deleted.
 */
export function useDeleteAllContacts() {
  const invalidate = useInvalidateReferrals();
  return useMutation({
    mutationFn: async () => (await v1.contact.$delete({ json: { confirm: true } })).json(),
    onSuccess: invalidate,
  });
}

/** The path of the QR code image (SVG) of my share link for a deal. */
export function qrCodePath(userId: string, dealId: string): string {
  return `/referral/api/v1/qrcode/${enc(userId)}/${enc(dealId)}`;
}

/** GET v1/staff/all_deals (staff): every deal, inactive ones too, with `active` and `sort_order`. */
export async function getStaffAllDeals(): Promise<StaffDeal[]> {
  return (await (await v1.staff.all_deals.$get()).json()).deals;
}

/** GET v1/staff/all_deals (staff): every deal, inactive ones too, with `active` and `sort_order`. */
export function useStaffAllDeals() {
  return useQuery(staffAllDealsQueryOptions());
}

/** Every deal for staff, under the deals key: a deal write refreshes this list too. */
export function staffAllDealsQueryOptions() {
  return queryOptions({ queryKey: [...referralKeys.deals, 'staff'] as const, queryFn: getStaffAllDeals });
}

/**
 * POST v1/deals (staff): a new deal.
 * @throws HttpError 403 (not staff), 409 `url_id_taken`, 422 `validation_failed`.
 */
export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: DealInput) => (await v1.deals.$post({ json: b })).json(),
    onSuccess: () => qc.invalidateQueries({ queryKey: referralKeys.deals }),
  });
}

/**
 * PATCH v1/deals/{id} (staff): only the fields in `patch` change (at least one).
 * @throws HttpError 403 (not staff), 404, 409 `url_id_taken`, 422 `validation_failed`.
 */
export function useUpdateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (b: { id: string; patch: Partial<DealInput> }) =>
      (await v1.deals[':id'].$patch({ param: { id: enc(b.id) }, json: b.patch })).json(),
    onSuccess: () => qc.invalidateQueries({ queryKey: referralKeys.deals }),
  });
}
