import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/http/client';
import type {
  CreatePartnerInput, PartnerAdmin, PartnerFormInput, PartnerFormResult, UpdatePartnerInput,
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
  admin: ['partners', 'admin'] as const,
};

/**
 * POST /partner/api/v1/form/{id}: sends the partner's form (once per idempotency key).
 * @throws HttpError `validation_failed` ("field: text"), 404 `partner_not_found`, 429, network errors.
 */
export async function postPartnerForm(id: string, form: PartnerFormInput): Promise<PartnerFormResult> {
  return (await v1.form[':id'].$post({ param: { id }, json: form })).json();
}

/* ---- Admin (ADMIN role) ---- */

/** GET /partner/api/v1/admin/partners: every partner. */
export async function fetchAdminPartners(): Promise<PartnerAdmin[]> {
  return (await (await v1.admin.partners.$get({ query: {} })).json()).partners;
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
  return (await v1.admin.partners.$post({ json: input })).json();
}

/**
 * PATCH /partner/api/v1/admin/partners/{id}.
 * @throws HttpError 404 `partner_not_found`, 422 `validation_failed`.
 */
export async function updatePartner(id: string, patch: UpdatePartnerInput): Promise<PartnerAdmin> {
  return (await v1.admin.partners[':id'].$patch({ param: { id }, json: patch })).json();
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
  return (await (await v1.image.$post({ query: { partner_id: id } }, { init: { body: form } })).json()).logo_url;
}
