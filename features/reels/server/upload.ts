import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, options } from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import { ApiError, forbidden } from '@/lib/http/errors';
import { zodError } from '@/lib/http/validate';
import { uploadFieldsSchema, type UploadFields } from '../schemas';
import { ingestVideoFile } from './ingest';

/**
 * Studio uploads (tus in server/uploads.ts, the single-request uploadvideo in
 * ./upload-routes.ts) share these steps: read the post draft's fields,
 * ask the caller's permission for the option's topic, and ingest the file as
 * a Pending reel of the uploader, refusing a duplicate.
 */

/**
 * Whether the principal may upload to the topic. The studio's policy answers
 * (`may(p, 'content.upload', topicId)`, docs/decisions/008); the composition
 * root passes it in, as a feature never imports another feature.
 */
export type MayUpload = (p: Pick<Principal, 'userId' | 'roles'>, topicId: string) => boolean;

/**
 * Validates the text fields of an upload (option_id, description, lang, is_tldr).
 * @throws ApiError 422 `validation_failed` naming the first bad field.
 */
export function parseUploadFields(raw: Record<string, string | null | undefined>): UploadFields {
  const clean = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  const parsed = uploadFieldsSchema.safeParse(clean);
  if (!parsed.success) throw zodError(parsed.error);
  return parsed.data;
}

/**
 * The topic an option belongs to.
 * @throws ApiError 404 `option_not_found`.
 */
export async function topicOfOption(optionId: string): Promise<string> {
  const { db } = await getDb();
  const [row] = await db.select({ topicId: categories.topic_id }).from(options)
    .innerJoin(categories, eq(categories.id, options.category_id)).where(eq(options.id, optionId));
  if (!row) throw new ApiError(404, 'option_not_found', 'This option does not exist.');
  return row.topicId;
}

/**
 * Checks that `p` may upload to the topic of `fields.option_id`.
 * @throws ApiError 401 `login_required` for a visitor; 404 `option_not_found`;
 *   403 `forbidden` with SPEC.md section 6's generic message.
 */
export async function assertMayUpload(p: Pick<Principal, 'userId' | 'roles'>, fields: UploadFields, mayUpload: MayUpload): Promise<void> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const topicId = await topicOfOption(fields.option_id);
  if (!mayUpload(p, topicId)) throw forbidden();
}

/**
 * Ingests an uploaded file as a Pending reel owned by `userId`
 * (ingestVideoFile with `refuseDuplicate`). The file at `filePath` is
 * copied; the caller removes it.
 * @param sourceKey idempotency key (a tus upload id), so a retried finish returns the same reel.
 * @throws what ingestVideoFile throws: 413 `file_too_large`, 422 `no_video_stream`,
 *   422 `video_too_long`, 409 `duplicate_video` (DuplicateVideoError), 404 `option_not_found`.
 */
export async function ingestStudioUpload(input: {
  filePath: string; userId: string; fields: UploadFields; sourceKey?: string;
}): Promise<{ contentId: string }> {
  return ingestVideoFile({
    filePath: input.filePath,
    optionId: input.fields.option_id,
    description: input.fields.description,
    lang: input.fields.lang,
    isTldr: input.fields.is_tldr,
    userId: input.userId,
    reviewStatus: 'Pending',
    refuseDuplicate: true,
    sourceKey: input.sourceKey,
  });
}
