import { queryOptions } from '@tanstack/react-query';
import { apiClient, apiFetch } from '@/lib/http/client';
import type {
  CreatePartnerInput, PartnerAdmin, PartnerFormInput, PartnerFormResult, PartnerPublic, PartnerSubmission, UpdatePartnerInput,
} from '../schemas';
import type { partnerRoutes } from '../server/routes';

/**
 * Fetchers of the partner endpoints (docs/api/partners.md), typed by their
 * router; errors are HttpError (lib/http/client.ts) with the server's code.
 */
const api = apiClient<ReturnType<typeof partnerRoutes>>();
const v1 = api.partner.api.v1;

/** Query keys of the partners feature. */
export const partnersKeys = {
  all: ['partners'] as const,
  admin: ['partners', 'admin'] as const,
  one: (id: string) => ['partners', 'one', id] as const,
};

/**
 * GET /partner/api/v1/{id}/data: an active partner.
 * @throws HttpError 404 `partner_not_found`.
 */
export async function fetchPartner(id: string): Promise<PartnerPublic> {
  return (await v1[':id'].data.$get({ param: { id }, query: {} })).json() as Promise<PartnerPublic>;
}

/**
 * POST /partner/api/v1/form/{id}: sends the partner's form (once per idempotency key).
 * @throws HttpError `validation_failed` ("field: text"), 404 `partner_not_found`, 429, network errors.
 */
export async function postPartnerForm(id: string, form: PartnerFormInput): Promise<PartnerFormResult> {
  return (await v1.form[':id'].$post({ param: { id }, json: form })).json() as Promise<PartnerFormResult>;
}

/**
 * GET /partner/api/v1/user/{id}/data: the signed-in user's submissions.
 * @throws HttpError 401 `login_required`.
 */
export async function fetchMySubmissions(id: string): Promise<PartnerSubmission[]> {
  return ((await (await v1.user[':id'].data.$get({ param: { id }, query: {} })).json()) as { submissions: PartnerSubmission[] }).submissions;
}

/* ---- Admin (ADMIN role) ---- */

/** GET /partner/api/v1/admin/partners: every partner. */
export async function fetchAdminPartners(): Promise<PartnerAdmin[]> {
  return ((await (await v1.admin.partners.$get({ query: {} })).json()) as { partners: PartnerAdmin[] }).partners;
}

/** The admin's list, for useQuery. */
export function adminPartnersQueryOptions() {
  return queryOptions({ queryKey: partnersKeys.admin, queryFn: fetchAdminPartners, staleTime: 10_000 });
}

/**
 * POST /partner/api/v1/admin/partners.
 * @throws HttpError 409 `partner_exists`, 422 `validation_failed`.
 */
export async function createPartner(input: CreatePartnerInput): Promise<PartnerAdmin> {
  return (await v1.admin.partners.$post({ json: input })).json() as Promise<PartnerAdmin>;
}

/**
 * PATCH /partner/api/v1/admin/partners/{id}.
 * @throws HttpError 404 `partner_not_found`, 422 `validation_failed`.
 */
export async function updatePartner(id: string, patch: UpdatePartnerInput): Promise<PartnerAdmin> {
  return (await v1.admin.partners[':id'].$patch({ param: { id }, json: patch })).json() as Promise<PartnerAdmin>;
}

/**
 * POST /partner/api/v1/topic/update/{id}: the partner's topics, in order.
 * @throws HttpError 422 `topic_not_found`.
 */
export async function setPartnerTopics(id: string, topicIds: string[]): Promise<void> {
  await v1.topic.update[':id'].$post({ param: { id }, json: { topic_ids: topicIds } });
}

/**
 * POST /partner/api/v1/guide_video/{id}.
 * @throws HttpError 404 `content_not_found`, 422 `content_not_approved`.
 */
export async function setPartnerGuideVideo(id: string, contentId: string | null): Promise<void> {
  await v1.guide_video[':id'].$post({ param: { id }, json: { content_id: contentId } });
}

/**
 * POST /partner/api/v1/image?partner_id=: the partner's logo (multipart `file`).
 * @throws HttpError 413 `image_too_large`, 415 `unsupported_image`.
 */
export async function uploadPartnerLogo(id: string, file: Blob): Promise<string | null> {
  const form = new FormData();
  form.append('file', file);
  const res = await apiFetch(`/partner/api/v1/image?partner_id=${encodeURIComponent(id)}`, { method: 'POST', body: form });
  return ((await res.json()) as { logo_url: string | null }).logo_url;
}
