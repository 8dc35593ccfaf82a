/**
 * What the service worker (app/sw.ts) stores, as plain functions the page
 * and the worker share (and unit tests check). Only GET requests ever reach
 * these: sign-in, referral and partner posts, and every other write, go to
 * the network untouched.
 */

/** The worker's caches of pages and feed answers: they can hold what a signed-in user saw (likes, progress). */
export const PAGE_CACHE = 'sr-pages';
export const FEED_CACHE = 'sr-feed';

/**
 * Deletes the stored pages and feed answers (at sign-out, so the next person
 * on the device never gets the last user's pages offline). Pictures and
 * build files are nobody's own and stay. A browser without CacheStorage
 * has nothing to delete.
 */
export async function forgetStoredPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(PAGE_CACHE), caches.delete(FEED_CACHE)]).catch(() => undefined);
}

/** The message a page sends its worker to store pages and assets (lib/pwa/register.ts). */
export const WARM_MESSAGE = 'sr-warm';

export interface WarmMessage {
  type: typeof WARM_MESSAGE;
  /** Same-origin page paths to store (with their query), e.g. the start page. */
  pages: string[];
  /** Same-origin asset URLs the page already loaded (build chunks, pictures). */
  assets: string[];
}

/**
 * Pages that are someone's own (profile, rewards, invites), staff and
 * creator tools, and the page framed on partners' sites: never stored.
 */
const PRIVATE_PAGE_PREFIXES = ['/profile', '/rewards', '/invite', '/staff', '/studio', '/chat/external', '/api', '/media'];

/** True for a page path whose last copy may be shown offline. */
export function isCacheablePage(pathname: string): boolean {
  return !PRIVATE_PAGE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The feed's read endpoints (pages, one reel, TLDR lists): kept so the feed opens offline. */
export function isFeedApi(pathname: string): boolean {
  return pathname.startsWith('/feeds-server/api/');
}

/** A reel's poster or thumbnail, or a library picture (server/media.ts paths). Playlists and segments are not. */
const PICTURE_RE = /^\/media\/(?:library\/[a-z0-9-]+\.png|[^/]+\/[0-9a-f-]{36}\/(?:poster|thumb)\.jpg)$/;

/** True for a picture path the worker keeps (bounded). */
export function isPicture(pathname: string): boolean {
  return PICTURE_RE.test(pathname);
}

// A path, not the tail of another origin's URL (no host character right before it).
const STATIC_IN_HTML_RE = /(?<![\w.-])\/_next\/static\/[^"'\s\\)<>]+/g;
// A picture the page shows: the value of an HTML attribute, not a URL inside the page's data.
const PICTURE_IN_HTML_RE = /\b(?:src|href|poster)=["'](\/media\/[^"'\s\\)<>]+\.(?:jpg|png))/g;

/**
 * Same-origin build assets (script and style links, anywhere in the HTML)
 * and the pictures a page shows (`src`, `href` or `poster` attributes: the
 * first poster), as paths; pictures other than posters, thumbnails and
 * library pictures are left out. The pictures named only in the page's
 * data (every reel's poster in the RSC payload) are not: storing them
 * would download a dozen posters nobody looked at on a first visit.
 */
export function assetUrlsIn(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(STATIC_IN_HTML_RE)) out.add(m[0].replace(/&amp;/g, '&'));
  for (const m of html.matchAll(PICTURE_IN_HTML_RE)) {
    const path = m[1].replace(/&amp;/g, '&');
    if (isPicture(path.split('?')[0])) out.add(path);
  }
  return [...out];
}
