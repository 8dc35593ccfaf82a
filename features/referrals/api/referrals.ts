import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { apiFetch } from '@/lib/http/client';
import type { Locale } from '@/lib/constants';
import type { DealStep } from '../deal-steps';
import type { ReferralStatus } from '../statuses';
import type { RewardState } from '../reward-states';

/**
 * The browser side of the referrals API (docs/api/referrals.md): the
 * caller's referral profile, deals, contacts, requests, deal progress,
 * notes, scratch-card rewards and the staff queues. Plain `apiFetch` with
 * local types (snake_case as the API answers), so the pages do not pull
 * zod or the server's routers into their bundle.
 */

const BASE = '/referral/api';

/** A deal (docs/api/referrals.md "Shapes"). `reward_inr` in rupees. */
export interface Deal {
  id: string;
  url_id: string;
  source: string;
  title: string;
  ribbon: string | null;
  description: string;
  terms: string | null;
  reward_inr: number;
  customers_only: boolean;
  is_sample: boolean;
}

/** A deal as GET all_deals lists it: `allowed` false for a customers-only deal the caller may not use. */
export type ListedDeal = Deal & { allowed: boolean };

/** GET get_profile: the caller's code, share link, level and totals (rupees). */
export interface ReferralProfile {
  user_id: string;
  code: string;
  share_url: string;
  is_amb: boolean;
  registered_customer: boolean;
  level: { key: string; next: string | null; to_next: number | null; completed: number };
  totals: { earned_inr: number; pending_inr: number; sent: number; deals_done: number };
}

/** A saved contact; `label` per docs/api/referrals.md (`sent`: I sent this phone an invite or request). */
export interface Contact {
  id: string;
  name: string;
  phone: string;
  source: string;
  label: 'sent' | null;
}

/** A referral as one side sees it. */
export interface ReferralRequest {
  id: string;
  deal: Deal;
  referrer: { user_id: string; name: string };
  referee: { user_id: string | null; name: string; phone?: string | null };
  side: 'sender' | 'receiver';
  initiated_by: 'referrer' | 'referee';
  status: ReferralStatus;
  state: string;
  step: DealStep | null;
  created_at: string;
  expires_at: string | null;
  answered_at: string | null;
}

export type DealActorName = 'referee' | 'referrer' | 'staff' | 'system';

/** A scratch-card reward; `amount_inr` is null until scratched. */
export interface Reward {
  id: string;
  referral_id: string;
  deal_title: string;
  referee_name: string;
  state: RewardState;
  reason: string | null;
  amount_inr: number | null;
  scratchable_at: string | null;
  scratched: boolean;
  claimed_at: string | null;
}

/** GET deals/get/{id}: a referral's deal progress. */
export interface DealView {
  request: ReferralRequest;
  steps: { step: DealStep; done_at: string | null; by: DealActorName | null }[];
  next: { step: DealStep; by: DealActorName }[];
  my_role: 'referrer' | 'referee' | 'staff';
  can_remind: boolean;
  reward: Reward | null;
}

export interface Note {
  id: string;
  author: { user_id: string; name: string; kind: string };
  body: string;
  created_at: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Answer of the contact imports (v5, local-contact, contact/import). */
export interface ImportResult {
  added: number;
  existing: number;
  invalid: { index: number; code: string }[];
}

/** A held reward as staff see it. */
export type StaffReward = Reward & { referrer?: { user_id: string; name: string } | null };

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

const enc = encodeURIComponent;

async function getJson<T>(path: string): Promise<T> {
  return (await (await apiFetch(`${BASE}${path}`)).json()) as T;
}

/** A write: always JSON (the API answers 415 otherwise), `{}` when the call has no body (scratch, reminder). */
async function sendJson<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown = {}): Promise<T> {
  const res = await apiFetch(`${BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** A fresh random key for an idempotent write (send_request, claims, notes). */
export function newKey(): string {
  return crypto.randomUUID();
}

/** GET v1/get_profile. @throws HttpError 401 `login_required`. */
export function useReferralProfile(enabled = true) {
  return useQuery({ queryKey: referralKeys.profile, queryFn: () => getJson<ReferralProfile>('/v1/get_profile'), enabled });
}

/** GET v1/all_deals?lang=: active deals in order, each with `allowed`, texts in the interface language. */
export function useAllDeals() {
  // The language is in the key: after a switch of language the texts are fetched again.
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: [...referralKeys.deals, lang],
    queryFn: async () => (await getJson<{ deals: ListedDeal[] }>(`/v1/all_deals?lang=${enc(lang)}`)).deals,
  });
}

/**
 * GET v1/deals?deal_id= or ?url_id=: one deal.
 * @throws HttpError 404.
 */
export function useDeal(by: { deal_id?: string; url_id?: string }) {
  const lang = useInterfaceLang();
  const q = new URLSearchParams();
  if (by.deal_id) q.set('deal_id', by.deal_id);
  if (by.url_id) q.set('url_id', by.url_id);
  const asked = q.toString() !== '';
  q.set('lang', lang);
  const qs = q.toString();
  return useQuery({
    queryKey: referralKeys.deal(qs),
    queryFn: async () => (await getJson<{ deal: Deal }>(`/v1/deals?${qs}`)).deal,
    enabled: asked,
  });
}

/** A referrer's public card (GET v1/user_data/code/{code}): first name, picture, level. */
export interface ReferrerCard { user_id: string; name: string; pic: string | null; level: string }

/** GET v1/user_data/code/{code}: who invited, for the share link's landing page; a 404 leaves it unknown. */
export function useReferrerCard(code: string) {
  return useQuery({
    queryKey: referralKeys.userCard(`code:${code}`),
    queryFn: () => getJson<ReferrerCard>(`/v1/user_data/code/${enc(code)}`),
    retry: false,
  });
}

/** GET v1/one_deal: without `dealId` the first active deal. */
export function useOneDeal(dealId: string | null, enabled = true) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.deal(`one:${dealId ?? ''}:${lang}`),
    queryFn: async () => (await getJson<{ deal: Deal }>(`/v1/one_deal?${dealId ? `deal_id=${enc(dealId)}&` : ''}lang=${enc(lang)}`)).deal,
    enabled,
  });
}

/** GET v1/user_data/{user_id}: a referrer's public card (first name only). */
export function useUserCard(userId: string | null) {
  return useQuery({
    queryKey: referralKeys.userCard(userId ?? ''),
    queryFn: () => getJson<{ user_id: string; name: string; pic: string | null; level: unknown }>(`/v1/user_data/${enc(userId ?? '')}`),
    enabled: !!userId,
  });
}

/** GET v1/contact_list/{page}/{size}: my contacts by name. `page` 1-based, size 1..100. */
export function useContacts(page: number, size = 50) {
  return useQuery({
    queryKey: referralKeys.contacts(page, size),
    queryFn: () => getJson<Page<Contact>>(`/v1/contact_list/${page}/${size}`),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: referralKeys.all });
}

/**
 * POST v4/contact: one contact by hand; 200 with the existing one for a known phone.
 * @throws HttpError 422 `invalid_phone`.
 */
export function useAddContact() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (c: { name: string; phone: string }) => sendJson<{ contact: Contact }>('POST', '/v4/contact', c),
    onSuccess: invalidate,
  });
}

/** POST v1/local-contact: contacts picked on the device (Contact Picker API). */
export function useAddLocalContacts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (contacts: { name: string; phone: string }[]) => sendJson<ImportResult>('POST', '/v1/local-contact', { contacts }),
    onSuccess: invalidate,
  });
}

/**
 * POST v1/contact/import: a .vcf or .csv file (at most 1 MB) as multipart `file`.
 * @throws HttpError 413, 415, 422.
 */
export function useImportContacts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const res = await apiFetch(`${BASE}/v1/contact/import`, { method: 'POST', body: form });
      return (await res.json()) as ImportResult;
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
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (accessToken: string) => sendJson<ImportResult>('POST', '/v1/google-contact/resync', { access_token: accessToken }),
    onSuccess: invalidate,
  });
}

/**
 * DELETE v1/contact `{confirm: true}`: deletes all of my contacts at once.
 * @returns how many were deleted.
 */
export function useDeleteAllContacts() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => sendJson<{ deleted: number }>('DELETE', '/v1/contact', { confirm: true }),
    onSuccess: invalidate,
  });
}

/** The answer of POST v1/referrer/send_request. */
export interface SentInvite {
  request: ReferralRequest;
  invite: { share_url: string; wa_url: string; text: string };
}

/**
 * POST v1/referrer/send_request: refers `phone` to a deal; `lang` is the
 * interface language of the invite text. The same `idempotency_key` again
 * answers the same.
 * @throws HttpError 422 `self_referral`/`invalid_phone`, 403 `customers_only`, 409 `already_referred`, 429 `referral_velocity`.
 */
export function useSendRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (b: { deal_id: string; phone: string; name: string; idempotency_key: string; lang: string }) =>
      sendJson<SentInvite>('POST', '/v1/referrer/send_request', b),
    onSuccess: invalidate,
  });
}

/** GET v1/inbox or v1/outbox?page=&lang=: requests received or sent, 10 a page, each deal's texts in the interface language. */
export function useRequests(which: 'inbox' | 'outbox', page = 1) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.box(which, page, lang),
    queryFn: () => getJson<Page<ReferralRequest>>(`/v1/${which}?page=${page}&lang=${enc(lang)}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST v1/request/action: accept or decline (the receiver), cancel (the sender).
 * @throws HttpError 409 `invalid_transition`, 410 `request_expired`.
 */
export function useRequestAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (b: { request_id: string; action: 'accept' | 'decline' | 'cancel'; consumer_number?: string; address?: string }) =>
      sendJson<{ request: ReferralRequest }>('POST', '/v1/request/action', b),
    onSuccess: invalidate,
  });
}

/** GET v1/deals/get/{referral_id}?lang=: the deal view, the deal's texts in the interface language. @throws HttpError 404. */
export function useDealView(id: string) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.dealView(id, lang),
    queryFn: async () => (await getJson<{ deal: DealView }>(`/v1/deals/get/${enc(id)}?lang=${enc(lang)}`)).deal,
  });
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
    mutationFn: (b: { to: DealStep; note?: string }) =>
      sendJson<{ deal: DealView }>('POST', `/v1/deals/${enc(id)}/step?lang=${enc(lang)}`, b),
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
    mutationFn: () => sendJson<{ deal: DealView }>('POST', `/v1/deals/${enc(id)}/reminder?lang=${enc(lang)}`),
    onSuccess: (r) => {
      qc.setQueryData(referralKeys.dealView(id, lang), r.deal);
      void qc.invalidateQueries({ queryKey: ['referrals', 'deal-view', id], predicate: (q) => q.queryKey[3] !== lang });
    },
  });
}

/** POST v1/deals/{id}/cancel (staff). */
export function useDealCancel(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (reason: string) => sendJson<{ deal: DealView }>('POST', `/v1/deals/${enc(id)}/cancel`, { reason }),
    onSuccess: invalidate,
  });
}

/** GET v1/deals/notes/{id}/{page}: 20 notes a page, newest first. */
export function useNotes(id: string, page = 1) {
  return useQuery({
    queryKey: referralKeys.notes(id, page),
    queryFn: () => getJson<Page<Note>>(`/v1/deals/notes/${enc(id)}/${page}`),
  });
}

/** POST v1/deals/notes/{id}/{client_key}: a note (1..2000 characters); the same key again is the same note. */
export function useAddNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { body: string; clientKey: string }) =>
      sendJson<{ note: Note }>('POST', `/v1/deals/notes/${enc(id)}/${enc(b.clientKey)}`, { body: b.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['referrals', 'notes', id] }),
  });
}

/** GET v1/rewards?page=&lang=: my rewards, 20 a page, each deal title in the interface language. */
export function useRewards(page = 1) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.rewards(page, lang),
    queryFn: () => getJson<Page<Reward>>(`/v1/rewards?page=${page}&lang=${enc(lang)}`),
  });
}

/** POST v1/scratch/{id}: reveals the amount. @throws HttpError 409 `not_scratchable`. */
export function useScratch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => sendJson<{ reward: Reward }>('POST', `/v1/scratch/${enc(id)}`),
    onSuccess: invalidate,
  });
}

/**
 * POST v1/rewards/{id}: claims to a UPI id; the same `claim_key` again answers the claimed reward.
 * @throws HttpError 409 `already_claimed` / `not_claimable`, 422.
 */
export function useClaim() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (b: { id: string; payout_vpa: string; claim_key: string }) =>
      sendJson<{ reward: Reward }>('POST', `/v1/rewards/${enc(b.id)}`, { payout_vpa: b.payout_vpa, claim_key: b.claim_key }),
    onSuccess: invalidate,
  });
}

/** GET v1/staff/deals?page=&lang=: accepted referrals waiting, oldest move first (staff), deal texts in the interface language. */
export function useStaffDeals(page = 1) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.staffDeals(page, lang),
    queryFn: () => getJson<Page<DealView>>(`/v1/staff/deals?page=${page}&lang=${enc(lang)}`),
  });
}

/** GET v1/staff/rewards?state=hold&page=&lang=: held rewards (staff), deal titles in the interface language. */
export function useStaffRewards(page = 1) {
  const lang = useInterfaceLang();
  return useQuery({
    queryKey: referralKeys.staffRewards(page, lang),
    queryFn: () => getJson<Page<StaffReward>>(`/v1/staff/rewards?state=hold&page=${page}&lang=${enc(lang)}`),
  });
}

/** POST v1/staff/rewards/{id}: a staff review move with a reason. */
export function useStaffRewardMove() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (b: { id: string; to: 'pending' | 'approved' | 'fraud'; reason: string }) =>
      sendJson<{ reward: Reward }>('POST', `/v1/staff/rewards/${enc(b.id)}`, { to: b.to, reason: b.reason }),
    onSuccess: invalidate,
  });
}

/** POST v1/deals/{id}/step for staff lists (the id varies per row). */
export function useStaffStep() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (b: { id: string; to: DealStep; note?: string }) =>
      sendJson<{ deal: DealView }>('POST', `/v1/deals/${enc(b.id)}/step`, { to: b.to, ...(b.note ? { note: b.note } : {}) }),
    onSuccess: invalidate,
  });
}

/** The path of the QR code image (SVG) of my share link for a deal. */
export function qrCodePath(userId: string, dealId: string): string {
  return `${BASE}/v1/qrcode/${enc(userId)}/${enc(dealId)}`;
}

/** A deal as staff writes answer it: the public shape plus `active` and `sort_order`. */
/** A deal's Hindi (`hi`) and Hinglish (`he`) texts; an absent or empty one shows the English. */
export type DealTexts = Partial<Record<'hi' | 'he', Partial<Record<'title' | 'ribbon' | 'description' | 'terms', string>>>>;

export type StaffDeal = Deal & { active: boolean; sort_order: number; translations?: DealTexts };

/** The fields of POST v1/deals (docs/api/referrals.md; limits as in the server's dealFieldsSchema). */
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

/** GET v1/staff/all_deals (staff): every deal, inactive ones too, with `active` and `sort_order`. */
export function useStaffAllDeals() {
  return useQuery({
    // Under the deals key: a deal write refreshes this list too.
    queryKey: [...referralKeys.deals, 'staff'] as const,
    queryFn: async () => (await getJson<{ deals: StaffDeal[] }>('/v1/staff/all_deals')).deals,
  });
}

/**
 * POST v1/deals (staff): a new deal.
 * @throws HttpError 403 (not staff), 409 `url_id_taken`, 422 `validation_failed`.
 */
export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: DealInput) => sendJson<{ deal: StaffDeal }>('POST', '/v1/deals', b),
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
    mutationFn: (b: { id: string; patch: Partial<DealInput> }) => sendJson<{ deal: StaffDeal }>('PATCH', `/v1/deals/${enc(b.id)}`, b.patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: referralKeys.deals }),
  });
}
