import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { categories, contentItems, options, topics } from '@/lib/db/schema';
import { visibleReel } from '@/lib/db/visible-reel';
import { singleton } from '@/lib/singleton';
import { HREFLANGS, languageAlternates } from '@/lib/url-language';
import { LOCALES } from '@/lib/constants';
import { messageText } from '@/lib/messages';
import { shareImagePath, sharePagePath, shareVideoPath, type ReelCard } from './share';

/*
 * Sitemaps made from the database (sitemaps.org protocol 0.9; Google's
 * hreflang-in-sitemaps and video sitemap rules). The pages sitemap lists
 * every public, indexable page in its three language versions
 * (lib/url-language.ts), each version carrying the full reciprocal set of
 * alternates; the video sitemap lists every reel a visitor may see
 * (lib/db/visible-reel.ts) on its canonical page, the share page
 * (docs/decisions/014-share-previews.md). `/content/<id>` is not listed: a
 * reel's canonical URL is its share page. Files are split past
 * SITEMAP_MAX_URLS `<url>` or SITEMAP_MAX_BYTES and named by an index.
 */

/** Most `<url>` entries in one sitemap file (sitemaps.org: 50,000). */
export const SITEMAP_MAX_URLS = 50_000;
/** Most bytes of one uncompressed sitemap file (sitemaps.org: 50 MB, 52,428,800 bytes). */
export const SITEMAP_MAX_BYTES = 52_428_800;
/** How long a built set of sitemaps is reused, ms, when no change drops it first (invalidateSitemaps). */
export const SITEMAP_TTL_MS = 10 * 60_000;
/** Google video sitemap bounds: title and description length (characters), duration (seconds). */
export const VIDEO_TITLE_MAX = 100;
export const VIDEO_DESCRIPTION_MAX = 2048;
export const VIDEO_DURATION_MAX_S = 28_800;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

// Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR; U+FFFE/FFFF; lone surrogates).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text or an attribute value made safe for XML: `& < > " '` as entities
 * (sitemaps.org "Entity escaping"), characters XML 1.0 cannot hold dropped;
 * everything else (Devanagari included) stays as it is, the file being UTF-8.
 */
export function xmlEscape(s: string): string {
  return s.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]);
}

/** A W3C datetime in UTC to the second (`2025-01-31T09:30:00Z`), as sitemaps' `<lastmod>` and Google's dates take it. */
export function w3cDate(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// Made once: a Segmenter costs far more to make than to use, and a sitemap cuts two texts per reel.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` with runs of white space as one space, cut to at most `max` characters (an ellipsis included), never inside a grapheme. */
export function cutText(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  // A word boundary when one is near (a space is always a grapheme boundary; no segmenting needed, which is slow).
  const head = clean.slice(0, max);
  const space = head.lastIndexOf(' ');
  if (space >= max * 0.6) return `${head.slice(0, space).trimEnd()}…`;
  // Else the cut stays mid-word, at the last whole grapheme within the bound; only the head needs segmenting.
  let out = '';
  for (const { segment } of graphemes.segment(clean.slice(0, max + 16))) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  return `${out.trimEnd()}…`;
}

/** A visible reel with what its pages and video entry need, as read from the database. */
export interface SitemapReel {
  id: string;
  slug: string;
  description: string;
  lang: 'en' | 'hi' | 'he';
  width: number | null;
  height: number | null;
  /** Seconds, as stored (may be fractional), or null when unknown. */
  duration_s: number | null;
  ready_at: Date | null;
  created_at: Date;
  topic_id: string;
  topic_slug: string;
  topic_name: string;
  category_name: string;
  option_name: string;
}

/** One indexable page: an origin-relative path without language, and when its content last changed (null: not stated). */
export interface SitemapPage {
  path: string;
  lastmod: Date | null;
}

/** One `<video:video>` entry; paths origin-relative, texts already within Google's bounds. */
export interface SitemapVideo {
  page: string;
  thumbnail: string;
  title: string;
  description: string;
  content: string;
  /** Whole seconds 1..28,800, or null to leave the tag out. */
  duration: number | null;
  published: Date;
}

const origins = new Map<string, string>();

/** `scheme://host[:port]` of `origin` as the URL standard writes it (lower-case host, no default port), remembered. */
function originOf(origin: string): string {
  let o = origins.get(origin);
  if (o === undefined) {
    o = new URL(origin).origin;
    if (origins.size > 64) origins.clear();
    origins.set(origin, o);
  }
  return o;
}

/** A reel's date for lastmod and publication: when it became ready, else when it was made. */
const reelDate = (r: SitemapReel): Date => r.ready_at ?? r.created_at;

function cardOf(r: SitemapReel): ReelCard {
  return {
    kind: 'reel', id: r.id, slug: r.slug, description: r.description, topic_name: r.topic_name,
    option_name: r.option_name, lang: r.lang, width: r.width, height: r.height,
  };
}

/**
 * The indexable pages, in sitemap order: /explore, /tldr, each topic's
 * /topic/<id> and /tldr/<slug> (only topics with a visible reel), then each
 * reel's share page. lastmod: a reel's ready_at (else created_at); a topic
 * and its TLDR page the newest of its reels'; /tldr the newest of all.
 * Pure.
 * @param reels visible reels (lib/db/visible-reel.ts), any order.
 */
export function sitemapPages(reels: readonly SitemapReel[]): SitemapPage[] {
  const byTopic = new Map<string, { slug: string; newest: Date }>();
  let newest: Date | null = null;
  for (const r of reels) {
    const d = reelDate(r);
    if (!newest || d > newest) newest = d;
    const t = byTopic.get(r.topic_id);
    if (!t) byTopic.set(r.topic_id, { slug: r.topic_slug, newest: d });
    else if (d > t.newest) t.newest = d;
  }
  const topicIds = [...byTopic.keys()].sort();
  return [
    // /explore's text is static (the topic list's own changes show on the topic pages): no lastmod is better than a wrong one.
    { path: '/explore', lastmod: null },
    { path: '/tldr', lastmod: newest },
    ...topicIds.flatMap((id) => {
      const t = byTopic.get(id)!;
      return [
        { path: `/topic/${encodeURIComponent(id)}`, lastmod: t.newest },
        { path: `/tldr/${encodeURIComponent(t.slug)}`, lastmod: t.newest },
      ];
    }),
    ...reels.map((r) => ({ path: sharePagePath(cardOf(r)), lastmod: reelDate(r) })),
  ];
}

/** The English reel page title (messages/en.json meta.content), so the video's title matches its page's. */
function pageTitle(topic: string, title: string): string {
  const names: Record<string, string> = { topic, title };
  return messageText('meta.content').replace(/\{(topic|title)\}/g, (_m, k: string) => names[k]);
}

/**
 * A reel's video sitemap entry (Google video sitemap): the share page, its
 * share image as thumbnail and the stable video URL as content; the title
 * in the English share page's own words (messages meta.content,
 * "<topic>: <description or option cut at 60>") within 100 characters; the description (else
 * "topic · category · option") within 2,048; the duration rounded to whole
 * seconds in 1..28,800, left out when unknown. Pure.
 */
export function sitemapVideo(r: SitemapReel): SitemapVideo {
  const card = cardOf(r);
  const about = r.description.trim();
  const duration = r.duration_s !== null && Number.isFinite(r.duration_s) && r.duration_s > 0
    ? Math.min(VIDEO_DURATION_MAX_S, Math.max(1, Math.round(r.duration_s)))
    : null;
  return {
    page: sharePagePath(card),
    thumbnail: shareImagePath(card),
    title: cutText(pageTitle(r.topic_name, cutText(about || r.option_name, 60)), VIDEO_TITLE_MAX),
    description: cutText(about || `${r.topic_name} · ${r.category_name} · ${r.option_name}`, VIDEO_DESCRIPTION_MAX),
    content: shareVideoPath(card),
    duration,
    published: reelDate(r),
  };
}

/** One sitemap `<url>` entry as text, and its date for the index's lastmod. */
export interface UrlBlock {
  xml: string;
  lastmod: Date | null;
}

/**
 * The three `<url>` entries of a page, one per interface language
 * (lib/url-language.ts localizedPath), each with the full reciprocal set of
 * `<xhtml:link rel="alternate" hreflang>` (en-IN, hi-IN, hi-Latn,
 * x-default), as Google's hreflang-in-sitemaps rule asks. Pure.
 * @param origin the public origin, e.g. `https://example.in`.
 */
export function pageBlocks(page: SitemapPage, origin: string): UrlBlock[] {
  const base = originOf(origin);
  // Origin-relative alternates made absolute by hand: a URL object per link is most of the cost of 10,000s of pages.
  const alternates = languageAlternates(page.path);
  for (const k of Object.keys(alternates)) alternates[k] = base + alternates[k];
  const links = Object.entries(alternates)
    .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(hreflang)}" href="${xmlEscape(href)}"/>`)
    .join('');
  const lastmod = page.lastmod ? `<lastmod>${w3cDate(page.lastmod)}</lastmod>` : '';
  return LOCALES.map((l) => ({
    xml: `<url><loc>${xmlEscape(alternates[HREFLANGS[l]])}</loc>${lastmod}${links}</url>\n`,
    lastmod: page.lastmod,
  }));
}

/** A reel's `<url>` entry of the video sitemap, its children in the order of Google's schema. Pure. */
export function videoBlock(v: SitemapVideo, origin: string): UrlBlock {
  const base = originOf(origin);
  const abs = (p: string) => xmlEscape(base + p);
  const xml = `<url><loc>${abs(v.page)}</loc><video:video>`
    + `<video:thumbnail_loc>${abs(v.thumbnail)}</video:thumbnail_loc>`
    + `<video:title>${xmlEscape(v.title)}</video:title>`
    + `<video:description>${xmlEscape(v.description)}</video:description>`
    + `<video:content_loc>${abs(v.content)}</video:content_loc>`
    + (v.duration !== null ? `<video:duration>${v.duration}</video:duration>` : '')
    + `<video:publication_date>${w3cDate(v.published)}</video:publication_date>`
    + '</video:video></url>\n';
  return { xml, lastmod: v.published };
}

/** How sitemaps are split: most `<url>` entries and most bytes per file. */
export interface SplitLimits {
  maxUrls: number;
  maxBytes: number;
}

const DEFAULT_LIMITS: SplitLimits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES };

/** One sitemap file: its XML text and the newest lastmod of its entries (null when none has one). */
export interface SitemapFile {
  xml: string;
  lastmod: Date | null;
}

/**
 * `<urlset>` files holding `blocks` in order, a new file begun when the
 * next entry would pass `limits.maxUrls` entries or `limits.maxBytes`
 * bytes (sitemaps.org: 50,000 and 50 MB). No blocks, no files (an empty
 * urlset is not valid). Pure.
 * @param namespaces extra `xmlns:*` attributes of the urlset.
 * @throws Error when a limit is below 1.
 */
export function urlsetFiles(blocks: readonly UrlBlock[], namespaces: string, limits: SplitLimits = DEFAULT_LIMITS): SitemapFile[] {
  if (!(limits.maxUrls >= 1 && limits.maxBytes >= 1)) throw new Error('sitemap limits must be at least 1');
  const head = `${XML_DECL}<urlset xmlns="${SITEMAP_NS}"${namespaces}>\n`;
  const tail = '</urlset>\n';
  const frame = Buffer.byteLength(head) + Buffer.byteLength(tail);
  const files: SitemapFile[] = [];
  let parts: string[] = [];
  let bytes = frame;
  let lastmod: Date | null = null;
  const flush = () => {
    if (parts.length === 0) return;
    files.push({ xml: head + parts.join('') + tail, lastmod });
    parts = [];
    bytes = frame;
    lastmod = null;
  };
  for (const b of blocks) {
    const size = Buffer.byteLength(b.xml);
    if (parts.length >= limits.maxUrls || (parts.length > 0 && bytes + size > limits.maxBytes)) flush();
    parts.push(b.xml);
    bytes += size;
    if (b.lastmod && (!lastmod || b.lastmod > lastmod)) lastmod = b.lastmod;
  }
  flush();
  return files;
}

/** A `<sitemapindex>` naming `entries` by absolute URL, each with its lastmod when known (sitemaps.org "Sitemap index"). Pure. */
export function sitemapIndexXml(entries: ReadonlyArray<{ loc: string; lastmod: Date | null }>): string {
  const items = entries.map((e) => `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${w3cDate(e.lastmod)}</lastmod>` : ''}</sitemap>\n`);
  return `${XML_DECL}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('')}</sitemapindex>\n`;
}

/** Origin-relative path of a sitemap part: `/sitemaps/pages-1.xml`, `/sitemaps/video-2.xml`. */
export function sitemapPartPath(kind: 'pages' | 'video', n: number): string {
  return `/sitemaps/${kind}-${n}.xml`;
}

/** Every sitemap of one origin: the index and each part by file name (`pages-1.xml`). */
export interface SitemapSet {
  index: string;
  parts: ReadonlyMap<string, string>;
}

/** Entries made between two yields to the event loop: about 30 ms of work on this machine's cores. */
const BUILD_CHUNK = 500;

/**
 * `make` of each item, in order, giving the event loop a turn every
 * BUILD_CHUNK items: 20,000 reels take over a second to write out, which
 * must not hold every other request of the process for that long.
 */
async function mapInChunks<T, U>(items: readonly T[], make: (item: T) => U | U[]): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += BUILD_CHUNK) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (let j = i; j < Math.min(items.length, i + BUILD_CHUNK); j++) {
      const made = make(items[j]);
      if (Array.isArray(made)) out.push(...made);
      else out.push(made);
    }
  }
  return out;
}

/**
 * The sitemap index and its parts for `reels` on `origin`: pages-1..n then
 * video-1..m (no video part when there is no reel). Pure but for yielding
 * to the event loop between chunks of entries.
 */
export async function buildSitemaps(reels: readonly SitemapReel[], origin: string, limits: SplitLimits = DEFAULT_LIMITS): Promise<SitemapSet> {
  const pages = urlsetFiles(await mapInChunks(sitemapPages(reels), (p) => pageBlocks(p, origin)), ` xmlns:xhtml="${XHTML_NS}"`, limits);
  const videos = urlsetFiles(await mapInChunks(reels, (r) => videoBlock(sitemapVideo(r), origin)), ` xmlns:video="${VIDEO_NS}"`, limits);
  const parts = new Map<string, string>();
  const entries: Array<{ loc: string; lastmod: Date | null }> = [];
  for (const [kind, files] of [['pages', pages], ['video', videos]] as const) {
    files.forEach((f, i) => {
      const path = sitemapPartPath(kind, i + 1);
      parts.set(path.slice('/sitemaps/'.length), f.xml);
      entries.push({ loc: new URL(path, origin).toString(), lastmod: f.lastmod });
    });
  }
  return { index: sitemapIndexXml(entries), parts };
}

/** Reels read per query: keyset pages on the primary key, so 10,000s of reels never load as one result. */
const READ_BATCH = 5000;

/**
 * Every reel a visitor may see (lib/db/visible-reel.ts) with its topic,
 * category and option names, in id order: one joined query per
 * READ_BATCH reels (keyset paging on content_items.id).
 */
export async function readSitemapReels(db: Db, batch = READ_BATCH): Promise<SitemapReel[]> {
  const out: SitemapReel[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await db.select({
      id: contentItems.id, slug: contentItems.share_slug, description: contentItems.description, lang: contentItems.lang,
      width: contentItems.width, height: contentItems.height, duration_s: contentItems.duration_s,
      ready_at: contentItems.ready_at, created_at: contentItems.created_at,
      topic_id: topics.id, topic_slug: topics.slug, topic_name: topics.name, category_name: categories.name, option_name: options.name,
    }).from(contentItems)
      .innerJoin(options, eq(options.id, contentItems.option_id))
      .innerJoin(categories, eq(categories.id, options.category_id))
      .innerJoin(topics, eq(topics.id, categories.topic_id))
      .where(after === null ? visibleReel : and(visibleReel, gt(contentItems.id, after)))
      .orderBy(asc(contentItems.id))
      .limit(batch);
    for (const r of rows) {
      // The database makes every slug from the id; a row without one has no share page to list.
      if (!r.slug) continue;
      out.push({ ...r, slug: r.slug, lang: r.lang as SitemapReel['lang'] });
    }
    if (rows.length < batch) return out;
    after = rows[rows.length - 1].id;
  }
}

/** Origins kept per database: a development server answers any Host, so the cache must not grow with them. */
const MAX_ORIGINS = 8;

interface CacheEntry { expires: number; value: Promise<SitemapSet> }
interface SitemapCache { byDb: WeakMap<Db, Map<string, CacheEntry>> }

// On globalThis (lib/singleton.ts), so the hook server/api.ts registers and the routes see one cache.
const cache = () => singleton<SitemapCache>('sharing_sitemaps', () => ({ byDb: new WeakMap() }));

/**
 * The sitemaps of `origin`, built once and reused for SITEMAP_TTL_MS or
 * until invalidateSitemaps; concurrent requests share one build. Kept per
 * database handle (tests swap databases), per origin and per split limits.
 * @param origin the public origin (lib/http/request-origin.ts requestOrigin).
 */
export async function sitemapsFor(origin: string, limits: SplitLimits = DEFAULT_LIMITS): Promise<SitemapSet> {
  const { db } = await getDb();
  const c = cache();
  let perDb = c.byDb.get(db);
  if (!perDb) c.byDb.set(db, perDb = new Map());
  const key = `${limits.maxUrls} ${limits.maxBytes} ${origin}`;
  const now = Date.now();
  const hit = perDb.get(key);
  if (hit && hit.expires > now) return hit.value;
  const map = perDb;
  const entry: CacheEntry = { expires: now + SITEMAP_TTL_MS, value: readSitemapReels(db).then((reels) => buildSitemaps(reels, origin, limits)) };
  map.delete(key); // re-inserted last: Map order is then oldest first
  map.set(key, entry);
  entry.value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  for (const k of map.keys()) {
    if (map.size <= MAX_ORIGINS) break;
    map.delete(k);
  }
  return entry.value;
}

/**
 * Drops every built sitemap of this process at once: the next request
 * reads the database again. A build in flight is forgotten, never stored.
 * The composition root calls it whenever the set of visible reels changes
 * (features/reels feed-cache onPagesChanged: approved, taken down, ready).
 */
export function invalidateSitemaps(): void {
  cache().byDb = new WeakMap();
}
