import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, options, topics } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { localizedText, type UiLang } from '@/lib/localized';
import { visibleReelAs } from '@/lib/db/visible-reel';
import { uuidSchema } from '../schemas';
import { topicKey, topicNotFound } from './feed';

/**
 * The read side of the taxonomy, topic > category > option (SPEC.md
 * section 7 "Read side"). Counts of reels are of ready, approved reels only,
 * the ones a viewer can watch. Names and descriptions are answered in the
 * asker's language (`lang`: the row's `translations`, else English).
 */

export interface TopicSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  type_tag: 'HOT' | 'FREE';
  pic: string | null;
  sort_order: number;
  category_count: number;
  option_count: number;
  content_count: number;
}

export interface CategorySummary {
  id: string;
  topic_id: string;
  name: string;
  pic: string | null;
  sort_order: number;
  option_count: number;
  content_count: number;
}

export interface OptionSummary {
  id: string;
  category_id: string;
  name: string;
  pic: string | null;
  sort_order: number;
  /** Likes over all reels of this option (SPEC.md section 3 option_meta.total_reaction). */
  total_reaction: number;
  content_count: number;
}

export interface TopicDetails extends TopicSummary {
  categories: Array<CategorySummary & { options: OptionSummary[] }>;
}

/** Hindi/Hinglish texts of a row, as stored (migration 0009). */
type Translations = Partial<Record<'hi' | 'he', Partial<Record<string, string>>>>;

/** A topic's details for its editors: English names, each row with its stored `translations`. */
export interface TopicDetailsForEditing extends TopicSummary {
  translations: Translations;
  categories: Array<CategorySummary & { translations: Translations; options: Array<OptionSummary & { translations: Translations }> }>;
}


const categoryNotFound = () => new ApiError(404, 'category_not_found', 'This category does not exist.');

const n = (s: ReturnType<typeof sql>) => s.mapWith(Number);

// Correlated counts: the taxonomy is small (tens of rows), one query per call.
// Written as plain SQL with qualified outer columns: drizzle leaves columns of a
// single-table select unqualified, which the subqueries would make ambiguous.
/** A reel a visitor may see (lib/db/visible-reel.ts), for the alias `ci`. */
const CI_VISIBLE = visibleReelAs('ci');

const topicCounts = {
  category_count: n(sql`(select count(*) from categories c where c.topic_id = "topics"."id")`),
  option_count: n(sql`(select count(*) from options o join categories c on c.id = o.category_id
    where c.topic_id = "topics"."id")`),
  content_count: n(sql`(select count(*) from content_items ci join options o on o.id = ci.option_id
    join categories c on c.id = o.category_id where c.topic_id = "topics"."id" and ${CI_VISIBLE})`),
};

const topicColumns = {
  id: topics.id,
  slug: topics.slug,
  name: topics.name,
  description: topics.description,
  type_tag: topics.type_tag,
  pic: topics.pic,
  sort_order: topics.sort_order,
  translations: topics.translations,
  ...topicCounts,
};

const categoryColumns = {
  id: categories.id,
  topic_id: categories.topic_id,
  name: categories.name,
  pic: categories.pic,
  sort_order: categories.sort_order,
  translations: categories.translations,
  option_count: n(sql`(select count(*) from options o where o.category_id = "categories"."id")`),
  content_count: n(sql`(select count(*) from content_items ci join options o on o.id = ci.option_id
    where o.category_id = "categories"."id" and ${CI_VISIBLE})`),
};

const optionColumns = {
  id: options.id,
  category_id: options.category_id,
  name: options.name,
  pic: options.pic,
  sort_order: options.sort_order,
  total_reaction: options.total_reaction,
  translations: options.translations,
  content_count: n(sql`(select count(*) from content_items ci where ci.option_id = "options"."id" and ${CI_VISIBLE})`),
};

type TopicRow = Omit<TopicSummary, 'type_tag'> & { type_tag: string; translations: typeof topics.$inferSelect.translations };
type CategoryRow = CategorySummary & { translations: typeof categories.$inferSelect.translations };
type OptionRow = OptionSummary & { translations: typeof options.$inferSelect.translations };

/** A topic row as answered: type tag narrowed, name and description in `lang`, translations left out. */
function asTopic({ translations, ...t }: TopicRow, lang: UiLang): TopicSummary {
  return {
    ...t,
    name: localizedText({ name: t.name, translations }, 'name', lang) ?? t.name,
    description: localizedText({ description: t.description, translations }, 'description', lang) ?? t.description,
    type_tag: t.type_tag === 'HOT' ? 'HOT' : 'FREE',
  };
}

/** A category or option row with its name in `lang`, translations left out. */
function named<T extends { name: string }>({ translations, ...r }: T & { translations: Record<string, unknown> | null },
  lang: UiLang): T {
  return { ...r, name: localizedText({ name: r.name, translations }, 'name', lang) ?? r.name } as unknown as T;
}
const asCategory = (r: CategoryRow, lang: UiLang): CategorySummary => named<CategorySummary>(r, lang);
const asOption = (r: OptionRow, lang: UiLang): OptionSummary => named<OptionSummary>(r, lang);

/** A topic by uuid or slug (topic pages use either), English names; undefined when unknown. */
async function findTopic(idOrSlug: string): Promise<TopicSummary | undefined> {
  const k = topicKey(idOrSlug);
  if (!k) return undefined;
  const { db } = await getDb();
  const [t] = await db.select(topicColumns).from(topics)
    .where('id' in k ? eq(topics.id, k.id) : eq(topics.slug, k.slug)).limit(1);
  return t ? asTopic(t, 'en') : undefined;
}

/**
 * Every topic in display order with its type tag (HOT/FREE), picture and the
 * counts of its categories, options and ready reels
 * (GET /uploader-read/api/v3/topics, the Explore screen).
 * @param lang the asker's language for names and descriptions (English fallback).
 */
export async function listTopics(lang: UiLang = 'en'): Promise<TopicSummary[]> {
  const { db } = await getDb();
  const rows = await db.select(topicColumns).from(topics).orderBy(asc(topics.sort_order), asc(topics.name));
  return rows.map((r) => asTopic(r, lang));
}

/**
 * Options in display order, all or those of one category
 * (GET /uploader-read/api/v1/options). An unknown category gives [].
 */
export async function listOptions(categoryId?: string, lang: UiLang = 'en'): Promise<OptionSummary[]> {
  const { db } = await getDb();
  const rows = await db.select(optionColumns).from(options)
    .where(categoryId ? eq(options.category_id, categoryId) : undefined)
    .orderBy(asc(options.category_id), asc(options.sort_order), asc(options.name));
  return rows.map((r) => asOption(r, lang));
}

/**
 * The categories of a topic in display order (GET /uploader-read/api/v1/{id}/category).
 * @param topicIdOrSlug the topic's uuid or slug.
 * @throws ApiError 404 `topic_not_found`.
 */
export async function listTopicCategories(topicIdOrSlug: string, lang: UiLang = 'en'): Promise<CategorySummary[]> {
  const topic = await findTopic(topicIdOrSlug);
  if (!topic) throw topicNotFound();
  const { db } = await getDb();
  const rows = await db.select(categoryColumns).from(categories).where(eq(categories.topic_id, topic.id))
    .orderBy(asc(categories.sort_order), asc(categories.name));
  return rows.map((r) => asCategory(r, lang));
}

/**
 * The options of category `categoryId` of topic `topicId`
 * (GET /uploader-read/api/v1/{a}/{b}/options).
 * @throws ApiError 404 `topic_not_found`, or `category_not_found` when the
 * category is unknown or belongs to another topic.
 */
export async function listCategoryOptions(topicIdOrSlug: string, categoryId: string, lang: UiLang = 'en'): Promise<OptionSummary[]> {
  const topic = await findTopic(topicIdOrSlug);
  if (!topic) throw topicNotFound();
  if (!uuidSchema.safeParse(categoryId).success) throw categoryNotFound();
  const { db } = await getDb();
  const [cat] = await db.select({ id: categories.id }).from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.topic_id, topic.id))).limit(1);
  if (!cat) throw categoryNotFound();
  const rows = await db.select(optionColumns).from(options).where(eq(options.category_id, cat.id))
    .orderBy(asc(options.sort_order), asc(options.name));
  return rows.map((r) => asOption(r, lang));
}

/**
 * A topic with its categories, each with its options, and all the counts
 * (GET /uploader-read/api/v1/topic_details/{id}, the topic page).
 * @param idOrSlug the topic's uuid or slug.
 * @param lang the asker's language for names and descriptions (English fallback).
 * @throws ApiError 404 `topic_not_found`.
 */
export async function getTopicDetails(idOrSlug: string, lang: UiLang = 'en'): Promise<TopicDetails> {
  const { topic, cats, opts } = await topicTree(idOrSlug, lang);
  return {
    ...topic,
    categories: cats.map((c) => ({
      ...asCategory(c, lang),
      options: opts.filter((o) => o.category_id === c.id).map((o) => asOption(o, lang)),
    })),
  };
}

/**
 * The topic's details in English with each row's stored translations, for
 * the studio's three-language editor
 * (GET /uploader-read/api/v1/topic_details/{id}?include=translations).
 * @throws ApiError 404 `topic_not_found`.
 */
export async function getTopicDetailsForEditing(idOrSlug: string): Promise<TopicDetailsForEditing> {
  const { topic, topicTranslations, cats, opts } = await topicTree(idOrSlug, 'en');
  return {
    ...topic,
    translations: topicTranslations,
    categories: cats.map((c) => ({
      ...asCategory(c, 'en'),
      translations: c.translations,
      options: opts.filter((o) => o.category_id === c.id).map((o) => ({ ...asOption(o, 'en'), translations: o.translations })),
    })),
  };
}

/** A topic (name in `lang`, its stored translations beside) with its category and option rows. @throws ApiError 404 `topic_not_found`. */
async function topicTree(idOrSlug: string, lang: UiLang) {
  const k = topicKey(idOrSlug);
  if (!k) throw topicNotFound();
  const { db } = await getDb();
  const [t] = await db.select(topicColumns).from(topics)
    .where('id' in k ? eq(topics.id, k.id) : eq(topics.slug, k.slug)).limit(1);
  if (!t) throw topicNotFound();
  const topic = asTopic(t, lang);
  const [cats, opts] = await Promise.all([
    db.select(categoryColumns).from(categories).where(eq(categories.topic_id, topic.id))
      .orderBy(asc(categories.sort_order), asc(categories.name)),
    db.select(optionColumns).from(options).innerJoin(categories, eq(categories.id, options.category_id))
      .where(eq(categories.topic_id, topic.id)).orderBy(asc(options.sort_order), asc(options.name)),
  ]);
  return { topic, topicTranslations: t.translations, cats, opts };
}

/**
 * The number of ready, approved reels of a topic (GET /uploader-read/api/v1/content_count/{id}).
 * @throws ApiError 404 `topic_not_found`.
 */
export async function countTopicContent(topicIdOrSlug: string): Promise<{ topic_id: string; content_count: number }> {
  const topic = await findTopic(topicIdOrSlug);
  if (!topic) throw topicNotFound();
  return { topic_id: topic.id, content_count: topic.content_count };
}
