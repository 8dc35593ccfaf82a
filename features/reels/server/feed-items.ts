import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { categories, contentItems, options, topics, users } from '@/lib/db/schema';
import type { Locale } from '@/lib/constants';
import { localizedText } from '@/lib/localized';
import { singleton } from '@/lib/singleton';
import { initMediaSigning, signedMediaUrls } from '@/lib/storage/signing';
import type { ContentLang, FeedItem, TldrEntry } from '../schemas';

/*
 * A reel's row and its viewer-independent item (the part every viewer
 * sees, cached by feed-cache.ts): the one join that reads a reel with its
 * option, category, topic and owner, and its names in three languages
 * (docs/decisions/025). The per-request part is item-json.ts.
 */

/** The fields of an item written per request (`itemJson`): counts and this viewer's. */
export type PerRequestField = 'option_meta' | 'reaction_count' | 'like' | 'watched' | 'vidWatched' | 'watch_ticket';
/** The taxonomy names an item carries, answered in the asker's language (docs/decisions/025). */
export type NameField = 'topic_name' | 'category_name' | 'option_name';
/** An item's topic, category and option names in one language. */
export type ItemNames = Pick<FeedItem, NameField>;
/**
 * A reel as every viewer sees it, without counts: what the shared cache
 * holds. Its names are kept in all three languages (`names`, one object per
 * language, shared where a language has no translation), so one cached item
 * serves askers of every language.
 */
export type BaseItem = Omit<FeedItem, PerRequestField | NameField> & { names: Record<Locale, ItemNames> };
/**
 * A TLDR entry as the shared cache holds it: its topic's name in all three
 * languages (`topic_names`, one object per language, picked per asker at JSON
 * time as an item's names are).
 */
export type BaseTldr = Omit<TldrEntry, 'content' | 'topic_name'> & { topic_names: Record<Locale, { topic_name: string }>; content: BaseItem | null };
/** What paging needs of a reel of the page before: which question it is, and whether a viewer may have it hidden. */
export type PageKey = Pick<BaseItem, 'id' | 'option' | 'is_tldr'>;
/** The reels and options whose counts a response needs (each id once). */
export interface CountKeys { reelIds: string[]; optionIds: string[] }

/** Media signing needs its secret loaded once per process; SSR and tests call in without a start-up hook. */
export function signingReady(): Promise<void> {
  const holder = singleton('reels_signing_init', () => ({ p: null as Promise<void> | null }));
  if (!holder.p) {
    // A failed start (e.g. database not reachable yet) is retried by the next call.
    holder.p = initMediaSigning().catch((err: unknown) => {
      holder.p = null;
      throw err;
    });
  }
  return holder.p;
}

/** The columns of a reel's row: the reel, its option, category, topic and owner (`selectItems`). */
export const itemColumns = {
  id: contentItems.id,
  share_slug: contentItems.share_slug,
  description: contentItems.description,
  sources: contentItems.sources,
  lang: contentItems.lang,
  is_tldr: contentItems.is_tldr,
  duration_s: contentItems.duration_s,
  renditions: contentItems.renditions,
  created_at: contentItems.created_at,
  user_id: contentItems.user_id,
  like_count: contentItems.like_count,
  comment_count: contentItems.comment_count,
  view_count: contentItems.view_count,
  option_id: options.id,
  option_name: options.name,
  option_translations: options.translations,
  option_pic: options.pic,
  total_reaction: options.total_reaction,
  category_id: categories.id,
  category_name: categories.name,
  category_translations: categories.translations,
  category_pic: categories.pic,
  topic_id: topics.id,
  topic_name: topics.name,
  topic_translations: topics.translations,
  topic_pic: topics.pic,
  owner_name: users.name,
  owner_pic: users.pic,
};

/** The reel with its option, category, topic and owner, in one join. */
export function selectItems(db: Db) {
  return db.select(itemColumns).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    .leftJoin(users, eq(users.id, contentItems.user_id));
}

/** One row of `selectItems`. */
export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The row's topic, category and option names in `lang`, English where one has no translation (lib/localized.ts). */
function namesIn(r: ItemRow, lang: Locale): ItemNames {
  return {
    category_name: localizedText({ name: r.category_name, translations: r.category_translations }, 'name', lang) ?? r.category_name,
    option_name: localizedText({ name: r.option_name, translations: r.option_translations }, 'name', lang) ?? r.option_name,
    topic_name: localizedText({ name: r.topic_name, translations: r.topic_translations }, 'name', lang) ?? r.topic_name,
  };
}

const sameNames = (a: ItemNames, b: ItemNames) =>
  a.category_name === b.category_name && a.option_name === b.option_name && a.topic_name === b.topic_name;

/** A topic's name in every language, English where it has no translation; one object per language (the JSON memo's key). */
export function topicNamesOf(t: Pick<typeof topics.$inferSelect, 'name' | 'translations'>): Record<Locale, { topic_name: string }> {
  const of = (lang: Locale) => ({ topic_name: localizedText(t, 'name', lang) ?? t.name });
  return { en: of('en'), hi: of('hi'), he: of('he') };
}

/** The row's names in every language; a language that reads like another shares its object (and so its memoised JSON). */
function namesOf(r: ItemRow): Record<Locale, ItemNames> {
  const en = namesIn(r, 'en');
  const hiNames = namesIn(r, 'hi');
  const hi = sameNames(hiNames, en) ? en : hiNames;
  const heNames = namesIn(r, 'he');
  const he = sameNames(heNames, en) ? en : sameNames(heNames, hi) ? hi : heNames;
  return { en, hi, he };
}

/** The viewer-independent item of a row (signed media URLs, names in every language). */
export function toBaseItem(r: ItemRow): BaseItem {
  const urls = signedMediaUrls(r.id, r.renditions ?? []);
  return {
    id: r.id,
    // Generated by the database from the id (never null for a stored row).
    share_slug: r.share_slug ?? '',
    category: r.category_id,
    option: r.option_id,
    topic: r.topic_id,
    // Names in every language: the asker's are picked per request (itemJson), so the cached item stays one per reel.
    names: namesOf(r),
    description: r.description,
    pre_signed_url_thumbnail: urls.thumbnail,
    pre_signed_url_poster: urls.poster,
    pre_signed_url_video: urls.master,
    pre_signed_url_video_360: urls.r360,
    pre_signed_url_video_240: urls.r240,
    user_id: r.user_id,
    created_at: r.created_at.toISOString(),
    topic_pic: r.topic_pic,
    category_pic: r.category_pic,
    option_pic: r.option_pic,
    owner_pic: r.owner_pic,
    owner_name: r.owner_name,
    duration: r.duration_s ?? 0,
    lang: r.lang as ContentLang,
    is_tldr: r.is_tldr,
    // Sources are stored one per line (starter library); blank lines carry nothing.
    sources: r.sources.split('\n').map((s) => s.trim()).filter(Boolean),
  };
}
