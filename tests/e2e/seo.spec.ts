import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { adminOnStudio, reviewReel, uploadByApi, waitUntilReady } from './studio-upload';

/**
 * Found by search engines (docs/decisions/029-language-per-url.md), fetched
 * as a crawler would (no cookie, no Accept-Language, a fresh request context
 * per page) from the real server: a language per URL with reciprocal
 * hreflang sets and a canonical per language, `<html lang>` of a Hindi
 * reel's page, JSON-LD, robots.txt and the sitemaps, noindex where a page
 * is private or gone.
 *
 * The e2e library is English: the admin uploads a Hindi reel through the
 * API and approves it first, and takes it down in the last test (which
 * checks that it leaves the sitemaps), so the specs that follow see the
 * library as it was.
 */

/** This spec's admin phone (scripts/e2e-server.ts ADMIN_PHONES: one per spec, OTP limits are per phone). */
const ADMIN_PHONE = '9999900008';
const HINDI_DESCRIPTION = `छत पर सोलर: सब्सिडी कैसे मिलती है ${Date.now()}`;

test.skip(({ isMobile }) => !isMobile, 'pages are fetched without a browser: once is enough');
test.describe.configure({ mode: 'serial' });

let admin: BrowserContext | null = null;
let hindi: { id: string; slug: string; topic: string } | null = null;

interface FeedItem { id: string; share_slug: string; topic: string; option: string; lang: string; description: string }

test.beforeAll(async ({ browser, baseURL, isMobile }) => {
  if (!isMobile) return;
  test.setTimeout(240_000);
  const opened = await adminOnStudio(browser, baseURL!, ADMIN_PHONE);
  admin = opened.context;
  const { page } = opened;
  const id = await uploadByApi(page, baseURL!, { description: HINDI_DESCRIPTION, lang: 'hi', durationS: 5 });
  await waitUntilReady(page.request, id);
  await reviewReel(page.request, baseURL!, id, 'Approved');
  const item = (await (await page.request.get(`/feeds-server/api/v1/${id}`)).json()) as FeedItem;
  hindi = { id, slug: item.share_slug, topic: item.topic };
});

test.afterAll(async ({ baseURL }) => {
  if (!admin) return;
  // Taken down already by the last test, unless it failed before.
  if (hindi) await reviewReel(admin.request, baseURL!, hindi.id, 'Rejected');
  await admin.close();
});

/** A page as a crawler gets it: a fresh context (no cookie), no Accept-Language. */
async function crawl(baseURL: string, url: string): Promise<{ status: number; html: string; headers: Record<string, string> }> {
  const ctx: APIRequestContext = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
  try {
    const res = await ctx.get(url, { maxRedirects: 0 });
    return { status: res.status(), html: await res.text(), headers: res.headers() };
  } finally {
    await ctx.dispose();
  }
}

const unescape = (s: string) => s.replace(/&amp;/g, '&');

/** `<html lang>`, `<body lang>`, the canonical URL, the hreflang set, the robots meta and the JSON-LD nodes of a page. */
function pageFacts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const alternates: Record<string, string> = {};
  for (const m of head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)) alternates[m[1]] = unescape(m[2]);
  const ld: Record<string, unknown>[] = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) {
    const data = JSON.parse(m[1]) as { '@graph'?: Record<string, unknown>[] } & Record<string, unknown>;
    ld.push(...(data['@graph'] ?? [data]));
  }
  return {
    htmlLang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
    bodyLang: /<body lang="([^"]+)"/.exec(html)?.[1] ?? null,
    canonical: unescape(/<link rel="canonical" href="([^"]+)"\/>/.exec(head)?.[1] ?? ''),
    alternates,
    robots: /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1] ?? null,
    ld,
    node: (type: string) => ld.find((n) => n['@type'] === type) as Record<string, unknown> | undefined,
  };
}

test('robots.txt allows the public pages, keeps crawlers out of private ones and the API, and names the sitemap', async ({ baseURL }) => {
  const res = await crawl(baseURL!, '/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /studio', 'Disallow: /staff', 'Disallow: /profile', 'Disallow: /rewards',
    'Disallow: /feeds-server/', 'Allow: /feeds-server/api/v2/share/', `Sitemap: ${baseURL}/sitemap.xml`]) {
    expect(res.html.split('\n').map((l) => l.trim())).toContain(line);
  }
});

test('a topic page in each language: its own canonical, and the same hreflang set on every version', async ({ baseURL }) => {
  const topic = hindi!.topic;
  const bare = `/topic/${topic}`;
  const en = pageFacts((await crawl(baseURL!, bare)).html);
  expect(en.htmlLang).toBe('en');
  expect(en.alternates).toEqual({
    'en-IN': `${baseURL}${bare}`, 'hi-IN': `${baseURL}${bare}?hl=hi`, 'hi-Latn': `${baseURL}${bare}?hl=he`, 'x-default': `${baseURL}${bare}`,
  });
  expect(en.canonical).toBe(`${baseURL}${bare}`);
  for (const [hreflang, lang] of [['hi-IN', 'hi'], ['hi-Latn', 'hi-Latn']] as const) {
    const res = await crawl(baseURL!, en.alternates[hreflang]);
    expect(res.status).toBe(200);
    // The URL's language sets the person's language for the pages after it.
    expect(res.headers['set-cookie']).toContain(`NEXT_LOCALE=${lang === 'hi' ? 'hi' : 'he'}`);
    const facts = pageFacts(res.html);
    expect(facts.htmlLang).toBe(lang);
    expect(facts.canonical).toBe(en.alternates[hreflang]);
    expect(facts.alternates).toEqual(en.alternates);
  }
  // The Hindi interface says so in Devanagari.
  expect((await crawl(baseURL!, `${bare}?hl=hi`)).html).toMatch(/[\u0900-\u097F]/);
  expect(en.node('Organization')).toMatchObject({ name: expect.any(String), url: expect.stringContaining(baseURL!), logo: expect.anything() });
  const list = en.node('ItemList') as { itemListElement: { position: number; url: string }[] } | undefined;
  expect(list?.itemListElement.length).toBeGreaterThan(0);
  expect(list!.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(new RegExp(`^${baseURL}/share/[0-9a-f]{10}$`)) });
});

test("a Hindi reel's pages are lang=hi in any interface, with a VideoObject and breadcrumbs", async ({ baseURL }) => {
  const { id, slug } = hindi!;
  for (const url of [`/content/${id}`, `/share/${slug}`, `/share/${slug}?hl=he`]) {
    const res = await crawl(baseURL!, url);
    expect(res.status, url).toBe(200);
    const facts = pageFacts(res.html);
    expect(facts.htmlLang, url).toBe('hi');
    // The interface around it is marked as the interface's language.
    expect(facts.bodyLang, url).toBe(url.endsWith('hl=he') ? 'hi-Latn' : 'en');
    expect(facts.canonical, url).toBe(`${baseURL}/share/${slug}${url.endsWith('hl=he') ? '?hl=he' : ''}`);
    expect(facts.alternates['hi-IN'], url).toBe(`${baseURL}/share/${slug}?hl=hi`);
    const video = facts.node('VideoObject');
    expect(video, url).toMatchObject({
      name: expect.any(String), description: expect.stringContaining('सब्सिडी'), inLanguage: 'hi-IN',
      thumbnailUrl: expect.stringMatching(/\/feeds-server\/api\/v2\/share\/[0-9a-f]{10}\/image\.jpg/),
      contentUrl: `${baseURL}/feeds-server/api/v2/share/${slug}/video.m3u8`,
      duration: expect.stringMatching(/^PT(\d+M)?\d+S$/),
    });
    expect(new Date(String(video!.uploadDate)).getTime()).not.toBeNaN();
    const crumbs = facts.node('BreadcrumbList') as { itemListElement: { position: number; name: string; item?: string }[] };
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2, 3]);
    // In the page's own language, as its canonical.
    expect(crumbs.itemListElement[0].item).toBe(`${baseURL}/topic/${hindi!.topic}${url.endsWith('hl=he') ? '?hl=he' : ''}`);
  }
  // The thumbnail and the video a crawler is pointed at answer without a cookie.
  const facts = pageFacts((await crawl(baseURL!, `/share/${slug}`)).html);
  const video = facts.node('VideoObject')!;
  expect((await crawl(baseURL!, String(video.thumbnailUrl).replace(baseURL!, ''))).status).toBe(200);
  expect((await crawl(baseURL!, `/feeds-server/api/v2/share/${slug}/video.m3u8`)).status).toBe(302);
});

test('TLDR board and explore carry their hreflang sets; private pages and a missing reel are noindex', async ({ baseURL }) => {
  for (const p of ['/tldr', '/explore']) {
    const facts = pageFacts((await crawl(baseURL!, `${p}?hl=hi`)).html);
    expect(facts.htmlLang, p).toBe('hi');
    expect(facts.canonical, p).toBe(`${baseURL}${p}?hl=hi`);
    expect(facts.alternates['x-default'], p).toBe(`${baseURL}${p}`);
    expect(facts.robots, p).toBeNull();
  }
  for (const p of ['/profile', '/rewards', '/studio']) {
    const res = await crawl(baseURL!, p);
    expect(res.headers['x-robots-tag'], p).toBe('noindex, nofollow');
    expect(pageFacts(res.html).robots, p).toMatch(/noindex/);
  }
  const gone = await crawl(baseURL!, '/content/00000000-0000-4000-8000-000000000000');
  expect(gone.status).toBe(404);
  expect(pageFacts(gone.html).robots).toMatch(/noindex/);
});

test('the sitemaps list the approved reel in three languages and as a video; a take-down removes it and its page is a 404', async ({ baseURL }) => {
  const { id, slug } = hindi!;
  /** Every part of the sitemap index, fetched and joined. */
  async function sitemaps(kind: 'pages' | 'video'): Promise<string> {
    const index = await crawl(baseURL!, '/sitemap.xml');
    expect(index.status).toBe(200);
    const parts = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1])).filter((u) => u.includes(`/sitemaps/${kind}-`));
    expect(parts.length).toBeGreaterThan(0);
    return (await Promise.all(parts.map(async (u) => (await crawl(baseURL!, u.replace(baseURL!, ''))).html))).join('\n');
  }
  const pages = await sitemaps('pages');
  for (const suffix of ['', '?hl=hi', '?hl=he']) expect(pages).toContain(`<loc>${baseURL}/share/${slug}${suffix}</loc>`);
  expect(pages).toContain(`hreflang="hi-Latn" href="${baseURL}/share/${slug}?hl=he"`);
  const videos = await sitemaps('video');
  expect(videos).toContain(`<video:content_loc>${baseURL}/feeds-server/api/v2/share/${slug}/video.m3u8</video:content_loc>`);

  await reviewReel(admin!.request, baseURL!, id, 'Rejected');
  hindi = null;
  expect(await sitemaps('pages')).not.toContain(`/share/${slug}<`);
  expect(await sitemaps('video')).not.toContain(`/share/${slug}/video.m3u8`);
  for (const url of [`/content/${id}`, `/share/${slug}`]) {
    const res = await crawl(baseURL!, url);
    expect(res.status, url).toBe(404);
    expect(pageFacts(res.html).robots, url).toMatch(/noindex/);
  }
});
