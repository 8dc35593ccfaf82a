import type { ContractApp, JsonGet, NoQuery } from './contract';

/**
 * The read side's taxonomy (topic > category > option, SPEC.md section 7
 * "Read side") as other features read it: served by the reels feature's
 * readSideRoutes, read by the studio's post draft and taxonomy editor.
 * Only the fields the readers rely on are promised; the read side answers
 * more (counts, slugs, sort orders). Types only (./contract.ts).
 */

/** A topic, category or option: its id (uuid) and its name in the asker's language. */
export interface NamedRow {
  id: string;
  name: string;
}

/** A name's Hindi and Hinglish forms as stored (lib/db/schema.ts NameTranslations); empty or absent = the English name. */
export type NameTexts = { hi?: { name?: string }; he?: { name?: string } };

/** A topic's Hindi and Hinglish name and description (lib/db/schema.ts NameTranslations<'name' | 'description'>). */
export type TopicTexts = { hi?: { name?: string; description?: string }; he?: { name?: string; description?: string } };

/** A topic, category or option with its picture URL (null when none) and, for editors, its stored translations. */
export interface PicturedRow extends NamedRow {
  pic: string | null;
  translations?: NameTexts;
}

/** A topic's type tag (SPEC.md section 3 topics.type_tag). */
export type TypeTag = 'HOT' | 'FREE';

/**
 * GET /uploader-read/api/v1/topic_details/{id}?include=translations: a topic
 * with its categories and their options in display order, English names
 * with each row's stored `translations` (absent without `include`).
 */
export interface TopicTree extends PicturedRow {
  type_tag: TypeTag;
  /** The English description ('' when none); its Hindi and Hinglish forms are in `translations`. */
  description?: string;
  translations?: TopicTexts;
  categories: Array<PicturedRow & { options: PicturedRow[] }>;
}

/** The read side's routes other features read, with what they send and the fields they rely on. */
export type ReadSideTaxonomyRoutes = {
  /** Every topic in display order. */
  '/uploader-read/api/v3/topics': JsonGet<{ query: NoQuery }, { topics: NamedRow[] }>;
  /** The categories of a topic (uuid or slug); 404 `topic_not_found`. */
  '/uploader-read/api/v1/:id/category': JsonGet<{ param: { id: string }; query: NoQuery }, { categories: NamedRow[] }>;
  /** The options of a category of a topic; 404 `topic_not_found` / `category_not_found`. */
  '/uploader-read/api/v1/:topicId/:categoryId/options':
    JsonGet<{ param: { topicId: string; categoryId: string }; query: NoQuery }, { options: NamedRow[] }>;
  /** A topic's tree with its stored translations, for the editor; 404 `topic_not_found`. */
  '/uploader-read/api/v1/topic_details/:id': JsonGet<{ param: { id: string }; query: { include: 'translations' } }, TopicTree>;
};

/** The app type a reader's client is typed by: `apiClient<ReadSideTaxonomyApp>()`. */
export type ReadSideTaxonomyApp = ContractApp<ReadSideTaxonomyRoutes>;
