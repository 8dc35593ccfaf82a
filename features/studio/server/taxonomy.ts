import 'server-only';
import { isUniqueViolation } from '@/lib/db/errors';
import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { mergeTranslationsSql } from '@/lib/localized-schema';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { categories, contentItems, options, reactions, topics, views, watchProgress, type NameTranslations } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import type { Principal } from '@/lib/auth/principal';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { isUuid } from '@/lib/uuid';
import { deletePictureByUrl, processSquareImage, storePicture } from '@/lib/media/image';
import { may, type StudioAction } from '../policy';

/**
 * Topics and their taxonomy in the studio (SPEC.md section 7 Uploader:
 * topic, topic/{id}, bulk/create, reset/..., profile_stack/{id},
 * upload/guide_video; docs/decisions/008). Each function asks
 * features/studio/policy.ts and writes in one transaction.
 */

type TopicRow = typeof topics.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type OptionRow = typeof options.$inferSelect;

const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** A URL slug of `name`: lower-case ASCII letters, digits and dashes (at most 60); "topic" when nothing is left. */
export function slugOf(name: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return s || 'topic';
}

async function topicOrThrow(db: DbOrTx, id: string): Promise<TopicRow> {
  const [t] = isUuid(id) ? await db.select().from(topics).where(eq(topics.id, id)).limit(1) : [];
  if (!t) throw notFound('Topic not found.');
  return t;
}

async function categoryOrThrow(db: DbOrTx, id: string): Promise<CategoryRow> {
  const [c] = isUuid(id) ? await db.select().from(categories).where(eq(categories.id, id)).limit(1) : [];
  if (!c) throw notFound('Category not found.');
  return c;
}

async function optionOrThrow(db: DbOrTx, id: string): Promise<OptionRow & { topic_id: string }> {
  const [o] = isUuid(id)
    ? await db.select({ o: options, topic_id: categories.topic_id }).from(options)
      .innerJoin(categories, eq(categories.id, options.category_id)).where(eq(options.id, id)).limit(1)
    : [];
  if (!o) throw notFound('Option not found.');
  return { ...o.o, topic_id: o.topic_id };
}

/** An edit's columns, its `translations` merged per language into the row's (mergeTranslationsSql). */
function withMergedTranslations<T extends { translations?: Record<string, unknown> }>(column: AnyColumn, input: T) {
  const { translations, ...rest } = input;
  return translations === undefined ? rest : { ...rest, translations: mergeTranslationsSql(column, translations) };
}

function need(p: Principal, action: StudioAction, topicId: string | null): void {
  if (!may(p, action, topicId)) throw forbidden();
}

/** A topic's fields as written by the studio. */
export interface TopicInput {
  name: string;
  type_tag?: 'HOT' | 'FREE';
  description?: string;
  /** Hindi and Hinglish name and description (English stays in name/description). */
  translations?: NameTranslations<'name' | 'description'>;
  pic?: string | null;
  sort_order?: number;
}

/**
 * Creates a topic (ADMIN, topic.create); its slug comes from the name,
 * made unique with -2, -3, ... when taken.
 * @throws ApiError 403.
 */
export async function createTopic(p: Principal, input: TopicInput): Promise<TopicRow> {
  need(p, 'topic.create', null);
  const { db } = await getDb();
  const base = slugOf(input.name);
  const taken = new Set((await db.select({ slug: topics.slug }).from(topics)
    .where(sql`${topics.slug} = ${base} or ${topics.slug} like ${`${base}-%`}`)).map((r) => r.slug));
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  try {
    const [t] = await db.insert(topics).values({
      name: input.name, slug, type_tag: input.type_tag ?? 'FREE', description: input.description ?? '',
      pic: input.pic ?? null, sort_order: input.sort_order ?? 0, translations: input.translations ?? {},
    }).returning();
    return t;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('A topic with this slug was just made; try again.');
    throw err;
  }
}

/**
 * Edits a topic's name, type tag, description, picture or order (topic.edit);
 * a language in `translations` replaces that language's texts, the other stays.
 * @throws ApiError 404 unknown topic; 403.
 */
export async function updateTopic(p: Principal, id: string, input: Partial<TopicInput>): Promise<TopicRow> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, id);
  need(p, 'topic.edit', t.id);
  if (Object.keys(input).length === 0) return t;
  const [row] = await db.update(topics).set(withMergedTranslations(topics.translations, input)).where(eq(topics.id, t.id)).returning();
  return row;
}

/**
 * Creates a category in a topic (taxonomy.edit), with its Hindi and Hinglish names when given.
 * @throws ApiError 404 unknown topic; 403; 409 the name is taken in that topic.
 */
export async function createCategory(p: Principal, topicId: string, name: string, sortOrder?: number,
  translations: NameTranslations<'name'> = {}): Promise<CategoryRow> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, topicId);
  need(p, 'taxonomy.edit', t.id);
  try {
    const [c] = await db.insert(categories).values({ topic_id: t.id, name, sort_order: sortOrder ?? 0, translations }).returning();
    return c;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This topic already has a category of that name.');
    throw err;
  }
}

/**
 * Renames or re-sorts a category (taxonomy.edit of its topic); a language in
 * `translations` replaces that language's name, the other stays.
 * @throws ApiError 404; 403; 409 the name is taken in that topic.
 */
export async function updateCategory(p: Principal, id: string, input: {
  name?: string; translations?: NameTranslations<'name'>; sort_order?: number; pic?: string | null;
}): Promise<CategoryRow> {
  const { db } = await getDb();
  const c = await categoryOrThrow(db, id);
  need(p, 'taxonomy.edit', c.topic_id);
  if (Object.keys(input).length === 0) return c;
  try {
    const [row] = await db.update(categories).set(withMergedTranslations(categories.translations, input)).where(eq(categories.id, c.id)).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This topic already has a category of that name.');
    throw err;
  }
}

/**
 * Creates an option in a category (taxonomy.edit of its topic), with its Hindi and Hinglish names when given.
 * @throws ApiError 404 unknown category; 403; 409 the name is taken in that category.
 */
export async function createOption(p: Principal, categoryId: string, name: string, sortOrder?: number,
  translations: NameTranslations<'name'> = {}): Promise<OptionRow> {
  const { db } = await getDb();
  const c = await categoryOrThrow(db, categoryId);
  need(p, 'taxonomy.edit', c.topic_id);
  try {
    const [o] = await db.insert(options).values({ category_id: c.id, name, sort_order: sortOrder ?? 0, translations }).returning();
    return o;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This category already has an option of that name.');
    throw err;
  }
}

/**
 * Renames or re-sorts an option (taxonomy.edit of its topic); a language in
 * `translations` replaces that language's name, the other stays.
 * @throws ApiError 404; 403; 409 the name is taken in that category.
 */
export async function updateOption(p: Principal, id: string, input: {
  name?: string; translations?: NameTranslations<'name'>; sort_order?: number; pic?: string | null;
}): Promise<OptionRow> {
  const { db } = await getDb();
  const o = await optionOrThrow(db, id);
  need(p, 'taxonomy.edit', o.topic_id);
  if (Object.keys(input).length === 0) {
    const [row] = await db.select().from(options).where(eq(options.id, o.id));
    return row;
  }
  try {
    const [row] = await db.update(options).set(withMergedTranslations(options.translations, input)).where(eq(options.id, o.id)).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This category already has an option of that name.');
    throw err;
  }
}

/** A name of bulk/create: English (the row's identity) with its Hindi and Hinglish forms when given. */
export interface BulkName {
  name: string;
  translations?: NameTranslations<'name'>;
}

/** The body of bulk/create: categories with their options, by name. */
export interface BulkInput {
  categories: Array<BulkName & { options: BulkName[] }>;
}

/**
 * Creates categories and options in a topic in one transaction (taxonomy.edit).
 * Names that exist are reused, so a repeat creates nothing; a reused row keeps
 * its translations unless the input gives some, which are merged in per
 * language as a PATCH does (mergeTranslationsSql; docs/decisions/025).
 * @returns the categories named, each with the ids of its named options, and how many rows were made.
 * @throws ApiError 404 unknown topic; 403.
 */
export async function bulkCreate(p: Principal, topicId: string, input: BulkInput): Promise<{
  categories: Array<{ id: string; name: string; options: Array<{ id: string; name: string }> }>; created: number;
}> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, topicId);
  need(p, 'taxonomy.edit', t.id);
  const given = (n: BulkName) => n.translations !== undefined && Object.keys(n.translations).length > 0;
  return db.transaction(async (tx) => {
    let created = 0;
    const out = [];
    for (const [ci, cat] of input.categories.entries()) {
      const made = await tx.insert(categories)
        .values({ topic_id: t.id, name: cat.name, sort_order: ci, translations: cat.translations ?? {} })
        .onConflictDoNothing().returning();
      created += made.length;
      let [c] = made.length ? made : await tx.select().from(categories).where(and(eq(categories.topic_id, t.id), eq(categories.name, cat.name)));
      if (!made.length && given(cat)) {
        [c] = await tx.update(categories).set({ translations: mergeTranslationsSql(categories.translations, cat.translations!) })
          .where(eq(categories.id, c.id)).returning();
      }
      const opts = [];
      for (const [oi, opt] of cat.options.entries()) {
        const mo = await tx.insert(options)
          .values({ category_id: c.id, name: opt.name, sort_order: oi, translations: opt.translations ?? {} })
          .onConflictDoNothing().returning();
        created += mo.length;
        const [o] = mo.length ? mo : await tx.select().from(options).where(and(eq(options.category_id, c.id), eq(options.name, opt.name)));
        if (!mo.length && given(opt)) {
          await tx.update(options).set({ translations: mergeTranslationsSql(options.translations, opt.translations!) }).where(eq(options.id, o.id));
        }
        opts.push({ id: o.id, name: o.name });
      }
      out.push({ id: c.id, name: c.name, options: opts });
    }
    return { categories: out, created };
  });
}

/** What a reset removed. */
export interface ResetResult {
  reels: number;
  reactions: number;
  views: number;
  progress: number;
  /** The reels and options whose counts changed, for the count caches. */
  changed: Array<{ reel: string; option: string }>;
  /** Visitors whose likes or progress were deleted (at most RESET_VIEWERS_MAX; their cached state expires on its own beyond that). */
  viewers: string[];
}

/** Most visitors whose cached state a reset drops one by one. */
export const RESET_VIEWERS_MAX = 1000;

/**
 * Resets a topic (topic.reset), category or option (taxonomy.reset): the
 * likes, views and watch progress of its reels are deleted and their counts
 * and the options' total_reaction go to zero, in one transaction
 * (docs/decisions/008 "Reset"). Content and taxonomy stay.
 * @throws ApiError 404 unknown target; 403.
 */
export async function resetCounts(p: Principal, kind: 'topic' | 'category' | 'option', id: string): Promise<ResetResult> {
  const { db } = await getDb();
  let optionIds: string[];
  if (kind === 'topic') {
    const t = await topicOrThrow(db, id);
    need(p, 'topic.reset', t.id);
    optionIds = (await db.select({ id: options.id }).from(options).innerJoin(categories, eq(categories.id, options.category_id))
      .where(eq(categories.topic_id, t.id))).map((r) => r.id);
  } else if (kind === 'category') {
    const c = await categoryOrThrow(db, id);
    need(p, 'taxonomy.reset', c.topic_id);
    optionIds = (await db.select({ id: options.id }).from(options).where(eq(options.category_id, c.id))).map((r) => r.id);
  } else {
    const o = await optionOrThrow(db, id);
    need(p, 'taxonomy.reset', o.topic_id);
    optionIds = [o.id];
  }
  if (optionIds.length === 0) return { reels: 0, reactions: 0, views: 0, progress: 0, changed: [], viewers: [] };
  return db.transaction(async (tx) => {
    const reels = await tx.select({ id: contentItems.id, option: contentItems.option_id }).from(contentItems)
      .where(inArray(contentItems.option_id, optionIds));
    const ids = reels.map((r) => r.id);
    let r: Array<{ viewer: string }> = []; let v = 0; let w: Array<{ viewer: string }> = [];
    if (ids.length) {
      r = await tx.delete(reactions).where(inArray(reactions.content_id, ids)).returning({ viewer: reactions.viewer_id });
      v = (await tx.delete(views).where(inArray(views.content_id, ids)).returning({ id: views.content_id })).length;
      w = await tx.delete(watchProgress).where(inArray(watchProgress.content_id, ids)).returning({ viewer: watchProgress.viewer_id });
      await tx.update(contentItems).set({ like_count: 0, view_count: 0 }).where(inArray(contentItems.id, ids));
    }
    await tx.update(options).set({ total_reaction: 0 }).where(inArray(options.id, optionIds));
    const viewers = [...new Set([...r, ...w].map((x) => x.viewer))].slice(0, RESET_VIEWERS_MAX);
    return {
      reels: ids.length, reactions: r.length, views: v, progress: w.length,
      changed: reels.map((x) => ({ reel: x.id, option: x.option })), viewers,
    };
  });
}

/** A topic's order of categories and options: ids in the order to show. */
export interface ProfileStackInput {
  categories: Array<{ id: string; options?: string[] }>;
}

/**
 * Sets the sort_order of a topic's categories and, per category, its
 * options to their places in the lists (topic.edit), in one transaction.
 * @throws ApiError 404 unknown topic; 403; 422 an id that is not of that topic or category.
 */
export async function setProfileStack(p: Principal, topicId: string, input: ProfileStackInput): Promise<{ categories: number; options: number }> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, topicId);
  need(p, 'topic.edit', t.id);
  return db.transaction(async (tx) => {
    let nc = 0; let no = 0;
    for (const [ci, cat] of input.categories.entries()) {
      const done = isUuid(cat.id)
        ? await tx.update(categories).set({ sort_order: ci }).where(and(eq(categories.id, cat.id), eq(categories.topic_id, t.id))).returning({ id: categories.id })
        : [];
      if (!done.length) throw new ApiError(422, 'validation_failed', `categories.${ci}.id: not a category of this topic`);
      nc++;
      for (const [oi, oid] of (cat.options ?? []).entries()) {
        const od = isUuid(oid)
          ? await tx.update(options).set({ sort_order: oi }).where(and(eq(options.id, oid), eq(options.category_id, cat.id))).returning({ id: options.id })
          : [];
        if (!od.length) throw new ApiError(422, 'validation_failed', `categories.${ci}.options.${oi}: not an option of this category`);
        no++;
      }
    }
    return { categories: nc, options: no };
  });
}

/**
 * Sets a topic's guide video (topic.edit): it must be an Approved, ready reel of that topic.
 * @throws ApiError 404 unknown topic; 403; 422 a reel that is not an Approved reel of the topic.
 */
export async function setGuideVideo(p: Principal, topicId: string, contentId: string): Promise<{ topic_id: string; content_id: string }> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, topicId);
  need(p, 'topic.edit', t.id);
  const [reel] = isUuid(contentId)
    ? await db.select({ id: contentItems.id }).from(contentItems)
      .innerJoin(options, eq(options.id, contentItems.option_id))
      .innerJoin(categories, eq(categories.id, options.category_id))
      .where(and(eq(contentItems.id, contentId), eq(categories.topic_id, t.id), visibleReel))
      .limit(1)
    : [];
  if (!reel) throw new ApiError(422, 'validation_failed', 'content_id: not an approved reel of this topic');
  await db.update(topics).set({ guide_content_id: reel.id }).where(eq(topics.id, t.id));
  return { topic_id: t.id, content_id: reel.id };
}

/**
 * A topic's guide video id (null when none, or when that reel is no longer
 * an Approved, ready reel). Anyone may read it.
 * @throws ApiError 404 unknown topic.
 */
export async function getGuideVideo(topicId: string): Promise<{ topic_id: string; content_id: string | null }> {
  const { db } = await getDb();
  const t = await topicOrThrow(db, topicId);
  if (!t.guide_content_id) return { topic_id: t.id, content_id: null };
  const [reel] = await db.select({ id: contentItems.id }).from(contentItems)
    .where(and(eq(contentItems.id, t.guide_content_id), visibleReel)).limit(1);
  return { topic_id: t.id, content_id: reel?.id ?? null };
}

/** Side of a stored topic, category or option picture, pixels. */
export const TAXONOMY_PICTURE_SIDE = 512;

/** What has a picture in the studio. */
export type PictureOwner = 'topic' | 'category' | 'option';

/** The row's table and the right to change its picture (topic.edit for a topic, taxonomy.edit of its topic otherwise). */
async function pictureTarget(db: DbOrTx, kind: PictureOwner, id: string): Promise<{ table: typeof topics | typeof categories | typeof options; rowId: string; topicId: string; action: StudioAction }> {
  if (kind === 'topic') {
    const t = await topicOrThrow(db, id);
    return { table: topics, rowId: t.id, topicId: t.id, action: 'topic.edit' };
  }
  if (kind === 'category') {
    const c = await categoryOrThrow(db, id);
    return { table: categories, rowId: c.id, topicId: c.topic_id, action: 'taxonomy.edit' };
  }
  const o = await optionOrThrow(db, id);
  return { table: options, rowId: o.id, topicId: o.topic_id, action: 'taxonomy.edit' };
}

/**
 * Sets (`input` bytes) or removes (`null`) the picture of a topic, category
 * or option. A new picture is made a 512x512 WebP with no metadata
 * (lib/media/image.ts), stored under `taxonomy/<random id>/pic.webp`, the
 * row's `pic` set to its URL, then the previous file deleted; if the update
 * fails the new file is removed. Removing sets `pic` to null and deletes the
 * file (only a picture stored here; a library picture is just unset).
 * @returns the new `pic` (null when removed).
 * @throws ApiError 404 unknown row; 403 without the right; the errors of processSquareImage.
 */
export async function setTaxonomyPicture(p: Principal, kind: PictureOwner, id: string, input: Buffer | null): Promise<string | null> {
  const { db } = await getDb();
  const target = await pictureTarget(db, kind, id);
  need(p, target.action, target.topicId);
  const url = input ? await storePicture('taxonomy', (await processSquareImage(input, { size: TAXONOMY_PICTURE_SIDE })).webp) : null;
  const { table, rowId } = target;
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ pic: table.pic }).from(table).where(eq(table.id, rowId)).for('update');
      if (!row) throw notFound('Not found.');
      await tx.update(table).set({ pic: url }).where(eq(table.id, rowId));
      return row.pic;
    });
  } catch (err) {
    await deletePictureByUrl('taxonomy', url);
    throw err;
  }
  if (previous !== url) await deletePictureByUrl('taxonomy', previous);
  return url;
}
