import 'server-only';
import type {
  BreadcrumbList,
  Graph,
  IdReference,
  ImageObject,
  ItemList,
  ListItem,
  Organization,
  Thing,
  VideoObject,
} from 'schema-dts';

/**
 * schema.org structured data (JSON-LD) for the pages: the site's
 * Organization, a reel's VideoObject, a carousel's ItemList and a
 * BreadcrumbList, gathered into one `@graph` by {@link jsonLdGraph} and
 * written into the page by components/ui/json-ld.tsx (which escapes it with
 * lib/json-ld.ts serializeJsonLd).
 *
 * Pure functions of their arguments (no database, no env), so pages and
 * tests call them alike. Every URL passed in must already be absolute
 * (Google resolves nothing relative in JSON-LD reliably); a relative one is
 * a programming error and throws. Types come from schema-dts, so the
 * compiler checks every property name and value type against schema.org.
 */

/** The product's wire language codes (SPEC.md section 4 "Language"); `he` is Hinglish. */
export type ReelLang = 'en' | 'hi' | 'he';

/**
 * The BCP 47 tag of a reel's language for schema.org `inLanguage`
 * (schema.org/inLanguage: "one of the tag values defined in the IETF BCP 47
 * standard"). `he` is the wire code for Hinglish, NEVER Hebrew: Hinglish is
 * Hindi written in Latin letters, `hi-Latn` (the same tag the page's
 * `<html lang>` uses, lib/i18n-locale.ts htmlLang). English and Hindi are
 * India's: `en-IN`, `hi-IN`.
 */
export const IN_LANGUAGE = { en: 'en-IN', hi: 'hi-IN', he: 'hi-Latn' } as const satisfies Record<ReelLang, string>;

/** A VideoObject's `name` at most, UTF-16 code units (see {@link truncateGraphemes}). */
export const VIDEO_NAME_MAX = 100;
/** A VideoObject's `description` at most, UTF-16 code units. */
export const VIDEO_DESCRIPTION_MAX = 2048;
/** An ItemList's items at most: a carousel is a page's summary, not its whole feed. */
export const ITEM_LIST_MAX = 50;
/** An Organization logo's smallest side, px (Google Search Central, Organization: "at least 112x112px"). */
export const LOGO_MIN_PX = 112;

/** Throws unless `url` is an absolute http(s) URL; returns it unchanged. */
function absolute(url: string, what: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error(`structured data: ${what} must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  return url;
}

/**
 * `text` with runs of white space made one space and the ends trimmed, then,
 * if it is longer than `max` UTF-16 code units, cut at the last grapheme
 * boundary that leaves room for a closing "…" (so a Devanagari consonant
 * never loses its vowel sign or virama and an emoji is never halved).
 * Code units are the strictest count: a reader counting code points or
 * graphemes sees no more than `max` either. Pure; Intl.Segmenter (Node 16+,
 * every current browser).
 */
export function truncateGraphemes(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const room = max - 1; // the ellipsis is one code unit
  let end = 0;
  for (const { index, segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(clean)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  return `${clean.slice(0, end).trimEnd()}…`;
}

/**
 * A length of time in seconds as an ISO 8601 duration, the form
 * schema.org/duration and Google's VideoObject `duration` take: `PT1M5S`,
 * `PT1H2M5S`, `PT1M` (zero fields left out, whole seconds, rounded to the
 * nearest). A positive duration under half a second is `PT1S`, never `PT0S`
 * (a real video is never zero long). Zero, negative, NaN, infinite or null
 * (length unknown) give null: leave `duration` out rather than state a wrong
 * one (Google: duration is recommended, not required).
 * Examples: 0.4 -> PT1S, 59.6 -> PT1M, 60 -> PT1M, 3725 -> PT1H2M5S.
 */
export function isoDuration(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.max(1, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** A time of day followed by a zone designator: `09:15:00Z`, `14:45:00+05:30`, `14:45+0530`, `14:45:00.123 +05`. */
const HAS_ZONE = /\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * An upload time as ISO 8601 in UTC (`2026-03-01T09:15:00.000Z`), the form
 * Google's VideoObject `uploadDate` asks for ("ISO 8601 format ... with
 * timezone information"). A string must carry a time and its zone (an ISO
 * string or PostgreSQL's `2026-03-01 14:45:00+05:30`): a zoneless one would
 * be read in the server's zone and a bare date names no moment, so both
 * throw instead of guessing.
 * @throws RangeError for an invalid date or a string without a zone.
 */
export function isoDateTime(value: Date | string): string {
  if (typeof value === 'string' && !HAS_ZONE.test(value.trim())) {
    throw new RangeError(`structured data: uploadDate needs a time zone, got ${JSON.stringify(value)}`);
  }
  const date = typeof value === 'string' ? new Date(value.trim()) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`structured data: invalid uploadDate ${JSON.stringify(String(value))}`);
  return date.toISOString();
}

/** The `@id` of the site's Organization node: `<site url>#organization`. */
export function organizationId(siteUrl: string): string {
  return `${absolute(siteUrl, 'organization url').replace(/#.*$/, '')}#organization`;
}

/** An image file and its size, px. */
export interface SizedImage {
  /** Absolute URL of the image file. */
  url: string;
  /** px */
  width: number;
  /** px */
  height: number;
}

/**
 * The site's Organization node (Google Search Central, "Organization
 * structured data": `url` and `logo` recommended; the logo at least
 * 112x112 px, on a plain background, crawlable). Its `@id` is
 * `<url>#organization` ({@link organizationId}) so a VideoObject's
 * `publisher` can reference it instead of repeating it. The logo is an
 * ImageObject with its size as schema.org QuantitativeValues in pixels
 * (UN/CEFACT unit code E37); the app's is `/apple-icon.png`, 180x180.
 * @param url the site's absolute home URL.
 * @throws Error when a URL is relative or the logo is smaller than 112x112 px.
 */
export function organizationLd({ name, url, logo }: { name: string; url: string; logo: SizedImage }): Organization {
  if (!(logo.width >= LOGO_MIN_PX && logo.height >= LOGO_MIN_PX)) {
    throw new Error(`structured data: an Organization logo must be at least ${LOGO_MIN_PX}x${LOGO_MIN_PX} px (Google Search Central, Organization), got ${logo.width}x${logo.height}`);
  }
  const logoUrl = absolute(logo.url, 'logo url');
  const image: ImageObject = {
    '@type': 'ImageObject',
    url: logoUrl,
    contentUrl: logoUrl,
    width: { '@type': 'QuantitativeValue', value: logo.width, unitCode: 'E37' },
    height: { '@type': 'QuantitativeValue', value: logo.height, unitCode: 'E37' },
  };
  return { '@type': 'Organization', '@id': organizationId(url), name, url: absolute(url, 'organization url'), logo: image };
}

/** What {@link videoObjectLd} describes: one reel. */
export interface VideoInput {
  /** The reel's title; cut to {@link VIDEO_NAME_MAX} code units. */
  name: string;
  /** The reel's description; cut to {@link VIDEO_DESCRIPTION_MAX}; empty or blank falls back to `name`. */
  description: string | null | undefined;
  /** Absolute URL(s) of the poster image(s). */
  thumbnailUrl: string | readonly string[];
  /** When it was published: a Date, or a string carrying its time zone. */
  uploadDate: Date | string;
  /** Its length, seconds; null when unknown (then no `duration`). */
  durationS: number | null;
  /** Absolute URL of the video file (e.g. the HLS master playlist or the MP4). */
  contentUrl: string;
  /** Absolute URL of a player page for the reel alone, if there is one. */
  embedUrl?: string;
  /** Absolute URL of the page the reel is watched on. */
  url: string;
  /** The reel's language (wire code). */
  inLanguage: ReelLang;
  /** Who published it: a reference to the Organization node ({ '@id': organizationId(site) }) or the node itself. */
  publisher: IdReference | Organization;
}

/**
 * A reel as a schema.org VideoObject (Google Search Central, "Video
 * (VideoObject) structured data"). Required there: `name`, `thumbnailUrl`,
 * `uploadDate` (ISO 8601 with a time zone, {@link isoDateTime}).
 * Recommended, given when known: `description` (falls back to the name when
 * empty), `duration` (ISO 8601, {@link isoDuration}), `contentUrl` and
 * `embedUrl`. No `expires`: reels do not expire. Also `url` (the watch
 * page), `inLanguage` (BCP 47, {@link IN_LANGUAGE}: he is Hinglish, hi-Latn)
 * and `publisher`.
 * @throws Error for a relative URL; RangeError for a bad or zoneless uploadDate.
 */
export function videoObjectLd(v: VideoInput): VideoObject {
  const name = truncateGraphemes(v.name, VIDEO_NAME_MAX);
  const description = truncateGraphemes(v.description?.trim() ? v.description : v.name, VIDEO_DESCRIPTION_MAX);
  const thumbnails = typeof v.thumbnailUrl === 'string' ? [v.thumbnailUrl] : [...v.thumbnailUrl];
  if (thumbnails.length === 0) throw new Error('structured data: a VideoObject needs a thumbnailUrl (Google Search Central, Video)');
  const duration = isoDuration(v.durationS);
  return {
    '@type': 'VideoObject',
    name,
    description,
    thumbnailUrl: thumbnails.length === 1
      ? absolute(thumbnails[0], 'thumbnailUrl')
      : thumbnails.map((t) => absolute(t, 'thumbnailUrl')),
    uploadDate: isoDateTime(v.uploadDate),
    ...(duration ? { duration } : {}),
    contentUrl: absolute(v.contentUrl, 'contentUrl'),
    ...(v.embedUrl ? { embedUrl: absolute(v.embedUrl, 'embedUrl') } : {}),
    url: absolute(v.url, 'url'),
    inLanguage: IN_LANGUAGE[v.inLanguage],
    publisher: v.publisher,
  };
}

/**
 * A carousel's list as a schema.org ItemList in Google's "summary page"
 * form (Google Search Central, "Carousel (ItemList) structured data"): one
 * ListItem per item with `position` (1, 2, ...) and the item's own page
 * `url` (all on one site), plus `name` when given. At most
 * {@link ITEM_LIST_MAX} items: the rest are left out.
 * @returns null for an empty list: an ItemList with no elements says
 *   nothing and Google's carousel needs at least one, so the page simply
 *   has no such node ({@link jsonLdGraph} drops nulls).
 * @throws Error for a relative URL.
 */
export function itemListLd(items: readonly { url: string; name?: string }[]): ItemList | null {
  if (items.length === 0) return null;
  const itemListElement: ListItem[] = items.slice(0, ITEM_LIST_MAX).map((it, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    url: absolute(it.url, `ItemList item ${i + 1} url`),
    ...(it.name ? { name: it.name } : {}),
  }));
  return { '@type': 'ItemList', itemListElement };
}

/**
 * A page's trail as a schema.org BreadcrumbList (Google Search Central,
 * "Breadcrumb (BreadcrumbList) structured data"): ListItems with `position`
 * (1, 2, ...), `name` and `item` (the crumb's page URL, as in Google's
 * examples). Google: "the URL of the last item is not required"; every
 * other crumb must have one.
 * @throws Error when a crumb other than the last lacks a URL (a programming
 *   error), for a relative URL, or for an empty list.
 */
export function breadcrumbListLd(crumbs: readonly { name: string; url?: string }[]): BreadcrumbList {
  if (crumbs.length === 0) throw new Error('structured data: a BreadcrumbList needs at least one crumb');
  const itemListElement: ListItem[] = crumbs.map((c, i) => {
    const last = i === crumbs.length - 1;
    if (!c.url && !last) {
      throw new Error(`structured data: breadcrumb ${i + 1} ("${c.name}") has no url; only the last crumb may lack one (Google Search Central, Breadcrumb)`);
    }
    return {
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.url ? { item: absolute(c.url, `breadcrumb ${i + 1} url`) } : {}),
    };
  });
  return { '@type': 'BreadcrumbList', itemListElement };
}

/**
 * One JSON-LD document holding several nodes (`{ "@context":
 * "https://schema.org", "@graph": [...] }`, JSON-LD 1.1 section 4.9 "Named
 * Graphs"; Google reads every node of a graph), with null and undefined
 * nodes (an empty {@link itemListLd}) left out. Pass it to
 * components/ui/json-ld.tsx.
 */
export function jsonLdGraph(...nodes: readonly (Thing | null | undefined)[]): Graph {
  return { '@context': 'https://schema.org', '@graph': nodes.filter((n): n is Thing => n != null) };
}
