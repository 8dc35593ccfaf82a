/**
 * `npm run bench:share`: fetches a share page the way chat apps' link
 * crawlers do and prints what they would get (docs/decisions/014-share-previews.md):
 * for WhatsApp ("WhatsApp/2.23.20.0 A"), Telegram ("TelegramBot (like
 * TwitterBot)") and Facebook ("facebookexternalhit/1.1"): status, time to
 * first byte, bytes until the og:image tag and until </head>, the page's
 * size, each required tag (found or MISSING), then the og:image itself:
 * status, size, type and pixel size. Redirects are followed up to 5 times,
 * no scripts run, no sub-resources are fetched but the image (what the
 * crawlers do).
 *
 * Runs against BASE_URL when given (SLUG names the share slug; else the
 * first reel of the feed), else builds if needed and starts a test server
 * with one imported clip. Prints figures; exits 0 (a benchmark is not a test),
 * or 1 when a required tag is missing.
 */
import sharp from 'sharp';
import { ensureBuild } from './lib/ensure-build';
import { startTestServer, type TestServer } from './lib/test-server';

const CRAWLERS = [
  { name: 'WhatsApp', ua: 'WhatsApp/2.23.20.0 A' },
  { name: 'Telegram', ua: 'TelegramBot (like TwitterBot)' },
  { name: 'Facebook', ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
] as const;

/** Tags a share page must carry (property or name, in <head>). */
const REQUIRED = [
  'og:title', 'og:description', 'og:url', 'og:site_name', 'og:locale', 'og:type',
  'og:image', 'og:image:width', 'og:image:height', 'og:image:type', 'og:image:alt',
  'og:video', 'og:video:type', 'og:video:width', 'og:video:height',
  'twitter:card', 'twitter:image', 'canonical',
] as const;

const MAX_REDIRECTS = 5;

interface PageResult {
  status: number;
  url: string;
  ttfbMs: number;
  totalMs: number;
  bytes: number;
  bytesToOgImage: number | null;
  bytesToHeadEnd: number | null;
  tags: Map<string, string>;
}

/** GET following redirects by hand (counted), timing the first byte of the last answer. */
async function crawl(url: string, ua: string): Promise<{ res: Response; url: string; started: number; ttfbMs: number }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const started = performance.now();
    const res = await fetch(current, { redirect: 'manual', headers: { 'User-Agent': ua, Accept: 'text/html,*/*;q=0.8' } });
    const ttfbMs = performance.now() - started;
    const loc = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && loc && hop < MAX_REDIRECTS) {
      await res.body?.cancel();
      current = new URL(loc, current).toString();
      continue;
    }
    return { res, url: current, started, ttfbMs };
  }
}

/** The <meta>/<link> tags of `head`: property/name -> content (first of each), and `canonical`. */
function tagsOf(head: string): Map<string, string> {
  const tags = new Map<string, string>();
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const key = attr(m[0], 'property') ?? attr(m[0], 'name');
    const content = attr(m[0], 'content');
    if (key && content !== undefined && !tags.has(key)) tags.set(key, unescape(content));
  }
  for (const m of head.matchAll(/<link\b[^>]*>/gi)) {
    if (attr(m[0], 'rel') === 'canonical' && !tags.has('canonical')) tags.set('canonical', unescape(attr(m[0], 'href') ?? ''));
  }
  // Next writes og:video as og:video (url) and og:video:type...; og:video:url counts as og:video.
  if (!tags.has('og:video') && tags.has('og:video:url')) tags.set('og:video', tags.get('og:video:url')!);
  return tags;
}

async function fetchPage(url: string, ua: string): Promise<PageResult> {
  const { res, url: finalUrl, started, ttfbMs } = await crawl(url, ua);
  const reader = res.body!.getReader();
  const chunks: Buffer[] = [];
  let bytes = 0;
  let text = '';
  let bytesToOgImage: number | null = null;
  let bytesToHeadEnd: number | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const buf = Buffer.from(value);
    chunks.push(buf);
    bytes += buf.length;
    text = Buffer.concat(chunks).toString('utf8');
    if (bytesToOgImage === null) {
      const i = text.search(/<meta\b[^>]*property="og:image"/i);
      if (i >= 0) bytesToOgImage = Buffer.byteLength(text.slice(0, i));
    }
    if (bytesToHeadEnd === null) {
      const i = text.indexOf('</head>');
      if (i >= 0) bytesToHeadEnd = Buffer.byteLength(text.slice(0, i + 7));
    }
  }
  const headEnd = text.indexOf('</head>');
  return {
    status: res.status, url: finalUrl, ttfbMs, totalMs: performance.now() - started, bytes, bytesToOgImage, bytesToHeadEnd,
    tags: tagsOf(headEnd >= 0 ? text.slice(0, headEnd) : text),
  };
}

async function fetchImage(url: string, ua: string): Promise<string> {
  const { res, ttfbMs } = await crawl(url, ua);
  const bytes = Buffer.from(await res.arrayBuffer());
  let dims = 'not an image';
  try {
    const m = await sharp(bytes).metadata();
    dims = `${m.format} ${m.width}x${m.height}`;
  } catch { /* reported as not an image */ }
  return `status ${res.status}, ${(bytes.length / 1024).toFixed(1)} KB, ${res.headers.get('content-type')}, ${dims}, ` +
    `TTFB ${ttfbMs.toFixed(0)} ms, cache-control "${res.headers.get('cache-control')}", etag ${res.headers.get('etag')}`;
}

/** The share slug of the first reel of the feed. */
async function firstSlug(base: string): Promise<string> {
  const res = await fetch(`${base}/feeds-server/api/v1/feeds?page=1`);
  const body = (await res.json()) as { feeds?: Array<{ share_slug?: string }> };
  const slug = body.feeds?.[0]?.share_slug;
  if (!slug) throw new Error(`no reel in ${base}'s feed: set SLUG`);
  return slug;
}

let server: TestServer | undefined;
let base = process.env.BASE_URL?.replace(/\/$/, '');
if (!base) {
  ensureBuild();
  server = await startTestServer(1);
  base = server.baseURL;
}
let missing = 0;
try {
  const slug = process.env.SLUG ?? (await firstSlug(base));
  const query = process.env.QUERY ?? '?ref=ABC123&utm_source=whatsapp&utm_medium=share&utm_campaign=reel';
  const pageUrl = `${base}/share/${slug}${query}`;
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(`bench:share  ${pageUrl}`);
  const kb = (n: number | null) => (n === null ? 'not found' : `${n} B (${(n / 1024).toFixed(1)} KB)`);
  for (const c of CRAWLERS) {
    const p = await fetchPage(pageUrl, c.ua);
    out(`\n${c.name}  "${c.ua}"`);
    out(`  page: status ${p.status}${p.url !== pageUrl ? ` (after redirects: ${p.url})` : ''}, TTFB ${p.ttfbMs.toFixed(0)} ms, ` +
      `whole page ${p.totalMs.toFixed(0)} ms, ${kb(p.bytes)}`);
    out(`  bytes until og:image: ${kb(p.bytesToOgImage)}; until </head>: ${kb(p.bytesToHeadEnd)}`);
    for (const t of REQUIRED) {
      const v = p.tags.get(t);
      if (v === undefined) missing++;
      out(`  ${v === undefined ? 'MISSING' : 'ok     '} ${t}${v === undefined ? '' : ` = ${v.length > 110 ? `${v.slice(0, 107)}...` : v}`}`);
    }
    const img = p.tags.get('og:image');
    if (img) out(`  og:image: ${await fetchImage(img, c.ua)}`);
  }
} finally {
  await server?.stop();
}
process.exitCode = missing ? 1 : 0;
