import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, options, topics } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import { isUuid } from '@/lib/uuid';

/**
 * What a share link names (SPEC.md section 2 "/share/[slug]"): a reel by its
 * short slug (content_items.share_slug, ten hex digits made by the database
 * from the id), else a topic by its slug (topics.slug), else a reel by its
 * raw uuid (links made before slugs existed). Read straight from the
 * tables: the reels feature's feed functions (composed by app/ and
 * server/api.ts) turn the reel id into the item a viewer sees.
 */

/** A reel's share slug: ten lower-case hex digits (substr(md5(id), 1, 10)). */
export const SHARE_SLUG_RE = /^[0-9a-f]{10}$/;
/** A topic slug as topics.slug holds them (the reels feature's topicKey accepts the same). */
const TOPIC_SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Bumped when the share image's drawing changes, so every cached image is made anew. */
export const SHARE_IMAGE_DESIGN = 1;
/** The share image's size (Open Graph's recommended 1.91:1), px. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** A reel as its share image and tags need it (viewer-independent). */
export interface ReelCard {
  kind: 'reel';
  id: string;
  slug: string;
  description: string;
  topic_name: string;
  option_name: string;
  lang: 'en' | 'hi' | 'he';
  /** Stored pixel size of the video, when known. */
  width: number | null;
  height: number | null;
}

/** A topic as its share image and tags need it. */
export interface TopicCard {
  kind: 'topic';
  id: string;
  slug: string;
  name: string;
  description: string;
  /** The topic picture's origin-relative URL (/media/...), or null. */
  pic: string | null;
}

export type ShareCard = ReelCard | TopicCard;

/**
 * True when `s` could name something on /share/<s> (a reel slug, a topic
 * slug or a uuid); anything else is a 404 or 422 without a query.
 */
export function isShareId(s: string): boolean {
  return SHARE_SLUG_RE.test(s) || TOPIC_SLUG_RE.test(s) || isUuid(s);
}

const reelColumns = {
  id: contentItems.id,
  slug: contentItems.share_slug,
  description: contentItems.description,
  lang: contentItems.lang,
  width: contentItems.width,
  height: contentItems.height,
  topic_name: topics.name,
  option_name: options.name,
};

async function reelWhere(where: ReturnType<typeof eq>): Promise<ReelCard | null> {
  const { db } = await getDb();
  const [r] = await db.select(reelColumns).from(contentItems)
    .innerJoin(options, eq(options.id, contentItems.option_id))
    .innerJoin(categories, eq(categories.id, options.category_id))
    .innerJoin(topics, eq(topics.id, categories.topic_id))
    // Only a reel a visitor may see is shared (lib/db/visible-reel.ts).
    .where(and(where, visibleReel)).limit(1);
  if (!r) return null;
  return {
    kind: 'reel', id: r.id, slug: r.slug ?? '', description: r.description, topic_name: r.topic_name,
    option_name: r.option_name, lang: r.lang as ReelCard['lang'], width: r.width, height: r.height,
  };
}

async function topicWhere(where: ReturnType<typeof eq>): Promise<TopicCard | null> {
  const { db } = await getDb();
  const [t] = await db.select().from(topics).where(where).limit(1);
  return t ? { kind: 'topic', id: t.id, slug: t.slug, name: t.name, description: t.description, pic: t.pic } : null;
}

/**
 * Resolves a share link's slug: a ready, approved reel by its share slug,
 * then a topic by its slug, then a ready, approved reel by its uuid.
 * @returns the card, or null when nothing (visible) has that name.
 */
export async function resolveShare(slug: string): Promise<ShareCard | null> {
  if (SHARE_SLUG_RE.test(slug)) {
    const reel = await reelWhere(eq(contentItems.share_slug, slug));
    if (reel) return reel;
  }
  if (TOPIC_SLUG_RE.test(slug)) {
    const topic = await topicWhere(eq(topics.slug, slug));
    if (topic) return topic;
  }
  if (isUuid(slug)) return reelWhere(eq(contentItems.id, slug.toLowerCase()));
  return null;
}

/**
 * The version of a card's share image: a hash of everything drawn on it
 * (and of the design), so an edited description or a renamed topic makes
 * a new image under a new URL while an unchanged one stays cached.
 * @returns 12 hex digits.
 */
export function shareImageVersion(card: ShareCard): string {
  const drawn = card.kind === 'reel'
    ? ['reel', card.id, card.description, card.topic_name, card.option_name, card.lang]
    : ['topic', card.id, card.name, card.description, card.pic ?? ''];
  return createHash('sha256').update(JSON.stringify([SHARE_IMAGE_DESIGN, ...drawn])).digest('hex').slice(0, 12);
}

/** Path of the share endpoint of a slug: GET /feeds-server/api/v2/share/{id} (SPEC.md section 7). */
export function shareApiPath(slug: string): string {
  return `/feeds-server/api/v2/share/${encodeURIComponent(slug)}`;
}

/** Origin-relative URL of a card's share image (1200x630 JPEG), versioned so it can be cached for a year. */
export function shareImagePath(card: ShareCard): string {
  return `${shareApiPath(card.slug)}/image.jpg?v=${shareImageVersion(card)}`;
}

/** Origin-relative, never-expiring URL of a reel's video: answers 302 to a freshly signed HLS master playlist. */
export function shareVideoPath(card: ReelCard): string {
  return `${shareApiPath(card.slug)}/video.m3u8`;
}

/** Origin-relative canonical URL of a share page: no query parameters (attribution stays out of it). */
export function sharePagePath(card: ShareCard): string {
  return `/share/${encodeURIComponent(card.slug)}`;
}
