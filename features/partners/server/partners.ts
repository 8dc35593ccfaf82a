import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import { getDb } from '@/lib/db/client';
import { contentItems, leads, partners, partnerTopics, topics, viewers } from '@/lib/db/schema';
import { ApiError, notFound } from '@/lib/http/errors';
import { partnerNotFound } from '@/lib/http/shared-errors';
import { isVisibleReel } from '@/lib/db/visible-reel';
import { deletePictureByUrl, processSquareImage, storePicture } from '@/lib/media/image';
import { logger } from '@/lib/logger';
import {
  DEFAULT_BUTTON_CONFIGS, PARTNER_FORM_FIELDS, type ButtonConfigs, type CreatePartner, type FormDetails,
  type PartnerAdmin, type PartnerFormField, type PartnerPublic, type PartnerSubmission, type PartnerUiMode, type UpdatePartner,
} from '../schemas';

/**
 * Partners (SPEC.md sections 2 "Partner UI modes", 3 "Partner" and "Feed
 * response", 7 "Partner"; docs/decisions/013-partners.md): the admin's
 * create, edit, deactivate, logo, topics and guide video, and the public
 * reads. Writes are ADMIN-only (the routes guard them); the feed reads the
 * `partners` table itself (features/reels/server/partner-feed.ts) and its
 * cache is dropped by the routes' `onChanged` after every write.
 */

/** Side of a partner's stored logo, px (a square WebP, as taxonomy pictures). */
export const PARTNER_LOGO_SIDE = 256;

type PartnerRow = typeof partners.$inferSelect;

/** The stored form details, with a safe fallback for a row written before validation existed. */
function formDetailsOf(row: PartnerRow): FormDetails {
  const f = row.form_details as Partial<FormDetails>;
  const fields = Array.isArray(f.fields)
    ? f.fields.filter((x): x is PartnerFormField => (PARTNER_FORM_FIELDS as readonly string[]).includes(x as string))
    : [];
  return {
    heading: typeof f.heading === 'string' ? f.heading : row.name,
    fields: fields.length ? fields : ['name', 'phone'],
    thank_you: typeof f.thank_you === 'string' ? f.thank_you : '',
  };
}

/** The stored button configs over SPEC.md section 9's defaults. */
function buttonConfigsOf(row: PartnerRow): ButtonConfigs {
  return { ...DEFAULT_BUTTON_CONFIGS, ...(row.button_configs as Partial<ButtonConfigs>) };
}

function toPublic(row: PartnerRow): PartnerPublic {
  return {
    id: row.id,
    name: row.name,
    ctaText: row.cta_text,
    formDetails: formDetailsOf(row),
    ui_config: (row.ui_config as PartnerUiMode | null) ?? null,
    button_text: row.button_text,
    button_configs: buttonConfigsOf(row),
    logo_url: row.image,
    guide_content_id: row.guide_content_id,
  };
}

function toAdmin(row: PartnerRow, topicIds: string[]): PartnerAdmin {
  return {
    ...toPublic(row), active: row.active, topic_ids: topicIds,
    created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
  };
}

async function rowOf(id: string): Promise<PartnerRow | undefined> {
  const { db } = await getDb();
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

async function topicIdsOf(ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((i) => [i, []]));
  if (!ids.length) return out;
  const { db } = await getDb();
  const rows = await db.select().from(partnerTopics).where(inArray(partnerTopics.partner_id, ids))
    .orderBy(asc(partnerTopics.position), asc(partnerTopics.topic_id));
  for (const r of rows) out.get(r.partner_id)?.push(r.topic_id);
  return out;
}

/**
 * An active partner as its pages show it (GET /partner/api/v1/{id}/data).
 * @throws ApiError 404 `partner_not_found` for an unknown or inactive id.
 */
export async function getPublicPartner(id: string): Promise<PartnerPublic> {
  const row = await rowOf(id);
  if (!row || !row.active) throw partnerNotFound();
  return toPublic(row);
}

/**
 * An active partner, or null (pages that fall back to the plain feed on an
 * unknown partner link instead of failing).
 */
export async function findPublicPartner(id: string): Promise<PartnerPublic | null> {
  try {
    return await getPublicPartner(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Every partner, active or not, newest first, with its topics (the admin screen). */
export async function listPartners(): Promise<PartnerAdmin[]> {
  const { db } = await getDb();
  const rows = await db.select().from(partners).orderBy(desc(partners.created_at), asc(partners.id));
  const t = await topicIdsOf(rows.map((r) => r.id));
  return rows.map((r) => toAdmin(r, t.get(r.id) ?? []));
}

/**
 * One partner for the admin, active or not.
 * @throws ApiError 404 `partner_not_found`.
 */
export async function getPartnerAdmin(id: string): Promise<PartnerAdmin> {
  const row = await rowOf(id);
  if (!row) throw partnerNotFound();
  return toAdmin(row, (await topicIdsOf([id])).get(id) ?? []);
}

/**
 * Creates a partner (ADMIN; the route checks the role).
 * @throws ApiError 409 `partner_exists` when the id is taken.
 */
export async function createPartner(input: CreatePartner): Promise<PartnerAdmin> {
  const { db } = await getDb();
  const [row] = await db.insert(partners).values({
    id: input.id, name: input.name, cta_text: input.cta_text, form_details: input.form_details,
    ui_config: input.ui_config, button_text: input.button_text, button_configs: input.button_configs, active: input.active,
  }).onConflictDoNothing({ target: partners.id }).returning();
  if (!row) throw new ApiError(409, 'partner_exists', 'A partner with this id already exists.');
  logger().info({ partnerId: row.id }, 'partner created');
  return toAdmin(row, []);
}

/**
 * Changes a partner's fields (ADMIN); `active: false` deactivates it (its
 * links then open the plain feed, its API answers 404).
 * @throws ApiError 404 `partner_not_found`.
 */
export async function updatePartner(id: string, patch: UpdatePartner): Promise<PartnerAdmin> {
  const { db } = await getDb();
  const [row] = await db.update(partners).set({ ...patch, updated_at: new Date() }).where(eq(partners.id, id)).returning();
  if (!row) throw partnerNotFound();
  return toAdmin(row, (await topicIdsOf([id])).get(id) ?? []);
}

/**
 * Sets (or with null removes) a partner's logo: decoded and re-encoded as a
 * 256x256 WebP without metadata (lib/media/image.ts), stored as a picture;
 * the previous file is deleted.
 * @returns the logo's URL, or null.
 * @throws ApiError 404 `partner_not_found`; the image errors of processSquareImage.
 */
export async function setPartnerLogo(id: string, input: Buffer | null): Promise<string | null> {
  if (!(await rowOf(id))) throw partnerNotFound();
  const url = input ? await storePicture('taxonomy', (await processSquareImage(input, { size: PARTNER_LOGO_SIDE })).webp) : null;
  const { db } = await getDb();
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ image: partners.image }).from(partners).where(eq(partners.id, id)).for('update');
      if (!row) throw partnerNotFound();
      await tx.update(partners).set({ image: url, updated_at: new Date() }).where(eq(partners.id, id));
      return row.image;
    });
  } catch (err) {
    await deletePictureByUrl('taxonomy', url);
    throw err;
  }
  if (previous !== url) await deletePictureByUrl('taxonomy', previous);
  return url;
}

/**
 * Replaces a partner's topics with `topicIds`, in that order (its feed shows
 * only their reels; [] = every topic).
 * @throws ApiError 404 `partner_not_found`; 422 `topic_not_found` naming an unknown topic.
 */
export async function setPartnerTopics(id: string, topicIds: string[]): Promise<string[]> {
  if (!(await rowOf(id))) throw partnerNotFound();
  const { db } = await getDb();
  if (topicIds.length) {
    const found = new Set((await db.select({ id: topics.id }).from(topics).where(inArray(topics.id, topicIds))).map((r) => r.id));
    const missing = topicIds.find((t) => !found.has(t));
    if (missing) throw new ApiError(422, 'topic_not_found', `topic_ids: no topic ${missing}`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(partnerTopics).where(eq(partnerTopics.partner_id, id));
    if (topicIds.length) {
      await tx.insert(partnerTopics).values(topicIds.map((topic_id, position) => ({ partner_id: id, topic_id, position })));
    }
    await tx.update(partners).set({ updated_at: new Date() }).where(eq(partners.id, id));
  });
  return topicIds;
}

/**
 * Sets (or with null clears) the partner's guide video: a ready, Approved reel.
 * @throws ApiError 404 `partner_not_found`, 404 `content_not_found` (unknown reel),
 * 422 `content_not_approved` (not ready or not Approved).
 */
export async function setPartnerGuideVideo(id: string, contentId: string | null): Promise<{ partner_id: string; content_id: string | null }> {
  if (!(await rowOf(id))) throw partnerNotFound();
  const { db } = await getDb();
  if (contentId) {
    const [reel] = await db.select({ status: contentItems.status, review_status: contentItems.review_status })
      .from(contentItems).where(eq(contentItems.id, contentId)).limit(1);
    if (!reel) throw notFound('This video is not available.', 'content_not_found');
    if (!isVisibleReel(reel)) {
      throw new ApiError(422, 'content_not_approved', 'content_id: the guide video must be a ready, Approved reel.');
    }
  }
  await db.update(partners).set({ guide_content_id: contentId, updated_at: new Date() }).where(eq(partners.id, id));
  return { partner_id: id, content_id: contentId };
}

/**
 * The guide video of an active partner (GET /partner/api/v1/guide_video/{id}, public).
 * @throws ApiError 404 `partner_not_found`.
 */
export async function getPartnerGuideVideo(id: string): Promise<{ partner_id: string; content_id: string | null }> {
  const p = await getPublicPartner(id);
  return { partner_id: p.id, content_id: p.guide_content_id };
}

/** The last 4 digits of an E.164 number. */
const last4 = (phone: string) => phone.slice(-4);

/**
 * The signed-in user's submissions of an active partner's form, newest
 * first (GET /partner/api/v1/user/{id}/data): leads of this partner sent
 * from any of the user's visitors (devices). The phone is given as its last
 * 4 digits only.
 * @throws ApiError 401 `login_required` for a visitor; 404 `partner_not_found`.
 */
export async function listUserSubmissions(principal: Principal, partnerId: string): Promise<PartnerSubmission[]> {
  if (!principal.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  await getPublicPartner(partnerId);
  const { db } = await getDb();
  const mine = db.select({ id: viewers.id }).from(viewers).where(eq(viewers.user_id, principal.userId));
  const rows = await db.select().from(leads)
    .where(and(eq(leads.partner_id, partnerId), inArray(leads.viewer_id, mine)))
    .orderBy(desc(leads.created_at), desc(leads.id)).limit(50);
  return rows.map((r) => {
    const d = r.details as { message?: string | null };
    const fields: PartnerSubmission['fields'] = {};
    if (r.name) fields.name = r.name;
    if (r.email) fields.email = r.email;
    if (r.pin_code) fields.pin_code = r.pin_code;
    if (d.message) fields.message = d.message;
    return { id: r.id, created_at: r.created_at.toISOString(), name: r.name, phone_last4: last4(r.phone), fields };
  });
}
