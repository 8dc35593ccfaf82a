import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { notFound } from '@/lib/http/errors';
import { requestOrigin } from '@/lib/http/request-origin';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { robotsTxt } from './robots';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, sitemapsFor } from './sitemap';

/**
 * robots.txt and the sitemaps made from the database (sitemaps.org; Google's
 * video sitemap), mounted by server/api.ts. Absolute URLs use the public
 * origin (PUBLIC_URL, else the request's own host, which the request
 * listener has checked against ALLOWED_HOSTS; lib/http/request-origin.ts),
 * never a Host a client chose.
 */

/** The path family of the sitemap parts (`/sitemaps/pages-1.xml`). */
export const seoPrefixes: readonly ApiPrefix[] = ['/sitemaps/'];
/** Single paths this router serves outside any family: crawlers look for them at the root. */
export const seoPaths = ['/robots.txt', '/sitemap.xml'] as const;

/** What the SEO router needs from the composition root. */
export interface SeoDeps {
  /** Every API family (server/API_PREFIXES): robots.txt disallows them all but seoPrefixes. */
  apiPrefixes: readonly string[];
  /** Other paths robots.txt disallows (the tus upload path). */
  privatePaths?: readonly string[];
  /** Most `<url>` per sitemap file (default 50,000; tests set a few to see files split). */
  maxUrlsPerFile?: number;
  /** Most bytes per sitemap file (default 50 MB). */
  maxBytesPerFile?: number;
}

/** Crawlers fetch these often; ten minutes matches the sitemaps' own reuse (SITEMAP_TTL_MS). */
const CACHE_CONTROL = 'public, max-age=600';
const XML = 'application/xml; charset=utf-8';
const PART_RE = /^(pages|video)-([1-9]\d{0,6})\.xml$/;

const noSuchSitemap = () => notFound('No such sitemap.');

/**
 * The SEO router: GET (and HEAD) /robots.txt, /sitemap.xml (the index),
 * /sitemaps/{pages|video}-{n}.xml. Public GETs, not rate-limited, like the
 * feed's reads.
 * @param deps the API's families and the split limits.
 */
export function seoRoutes(deps: SeoDeps) {
  const own = new Set<string>([...seoPrefixes, ...seoPaths]);
  const apiPrefixes = deps.apiPrefixes.filter((p) => !own.has(p));
  const limits = { maxUrls: deps.maxUrlsPerFile ?? SITEMAP_MAX_URLS, maxBytes: deps.maxBytesPerFile ?? SITEMAP_MAX_BYTES };
  return new Hono<ApiEnv>()
    // GET /robots.txt - what crawlers may fetch, and where the sitemap index is
    .get('/robots.txt', (c) => {
      const text = robotsTxt({ apiPrefixes, privatePaths: deps.privatePaths, sitemapUrl: new URL('/sitemap.xml', requestOrigin(c)).toString() });
      return c.body(text, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL });
    })
    // GET /sitemap.xml - the sitemap index naming /sitemaps/pages-{n}.xml and /sitemaps/video-{n}.xml
    .get('/sitemap.xml', async (c) => {
      const set = await sitemapsFor(requestOrigin(c), limits);
      return c.body(set.index, 200, { 'Content-Type': XML, 'Cache-Control': CACHE_CONTROL });
    })
    // GET /sitemaps/{pages|video}-{n}.xml - one part; 404 past the last
    .get('/sitemaps/:file', async (c) => {
      const file = c.req.param('file');
      if (!PART_RE.test(file)) throw noSuchSitemap();
      const xml = (await sitemapsFor(requestOrigin(c), limits)).parts.get(file);
      if (xml === undefined) throw noSuchSitemap();
      return c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE_CONTROL });
    });
}
