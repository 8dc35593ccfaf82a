import { PRIVATE_PAGE_PREFIXES } from '@/lib/http/private-pages';

/*
 * robots.txt (RFC 9309; Google's reading of it: the longest matching rule
 * wins, Allow on a tie, `*` matches any run of characters and `$` the end
 * of the path). Everything is crawlable but the signed-in areas, the API
 * and expiring media, with three holes a crawler needs: the share image and
 * the stable video URL of a reel (the thumbnail and content URL of the video
 * sitemap and of the share page's tags), the public picture library, and the
 * HLS playlists and segments the stable video URL redirects to. Posters and
 * thumbnails behind expiring media tokens stay out: a search result must not
 * point at a URL that stops working.
 */

/** Signed-in or one-person pages, forms and embeds: nothing in them is for a search result (lib/http/private-pages.ts). */
export const PRIVATE_PAGES = PRIVATE_PAGE_PREFIXES;

/**
 * Paths under a disallowed prefix that a crawler must fetch: the share
 * endpoints (image.jpg, video.m3u8), public pictures, and the HLS master
 * playlist, rendition playlists and MPEG-TS segments of a signed media URL
 * (`/media/<token>/<id>/master.m3u8`, `.../<height>/index.m3u8`, `.../seg_00001.ts`).
 */
export const CRAWLABLE = ['/feeds-server/api/v2/share/', '/media/library/', '/media/*.m3u8$', '/media/*.ts$'] as const;

/** What robots.txt is made of. */
export interface RobotsInput {
  /** The API's path families (server/api.ts API_PREFIXES), less the ones that serve robots.txt and sitemaps. */
  apiPrefixes: readonly string[];
  /** Other paths no crawler should fetch (the tus upload path). */
  privatePaths?: readonly string[];
  /** Absolute URL of the sitemap index, e.g. `https://example.in/sitemap.xml`. */
  sitemapUrl: string;
}

/**
 * The text of robots.txt: one group for every crawler that allows `/`,
 * disallows the private pages, the API families, `privatePaths` and
 * `/media/`, allows CRAWLABLE back, then names the sitemap index. Pure.
 */
export function robotsTxt(input: RobotsInput): string {
  const disallow = [...new Set([...PRIVATE_PAGES, ...input.apiPrefixes, ...(input.privatePaths ?? []), '/media/'])];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((p) => `Disallow: ${p}`),
    ...CRAWLABLE.map((p) => `Allow: ${p}`),
    '',
    `Sitemap: ${input.sitemapUrl}`,
    '',
  ].join('\n');
}
