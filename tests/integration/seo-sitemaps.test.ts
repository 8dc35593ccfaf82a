import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PREFIXES, buildApi, isApiPath } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems } from '@/lib/db/schema';
import { createApiApp } from '@/lib/http/app';
import { seoRoutes } from '@/features/sharing/server/seo-routes';
import { Seed } from '@/tests/fixtures/seed';

/**
 * robots.txt and the database-made sitemaps (sitemaps.org; Google's
 * hreflang and video sitemap rules): what crawlers may fetch, every visible
 * reel's share page in three languages with reciprocal alternates, its video
 * entry, and a review move showing at once.
 */
const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

const HOST = 'solar.example';
const ORIGIN = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : `http://${HOST}`;

function get(path: string, app: { request: typeof api.request } = api, method = 'GET') {
  return app.request(path, { method, headers: { host: HOST } });
}

async function slugOf(id: string): Promise<string> {
  const { db } = await getDb();
  const [r] = await db.select({ s: contentItems.share_slug }).from(contentItems).where(eq(contentItems.id, id));
  return r.s!;
}

/** The origin-relative paths of the parts the index names, in order. */
async function partsOf(app: { request: typeof api.request } = api): Promise<string[]> {
  const res = await get('/sitemap.xml', app);
  expect(res.status).toBe(200);
  const xml = await res.text();
  return [...xml.matchAll(/<sitemap><loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Every `<url>` element of the parts of one kind. */
async function urlsOf(kind: 'pages' | 'video', app: { request: typeof api.request } = api): Promise<string[]> {
  const out: string[] = [];
  for (const p of (await partsOf(app)).filter((x) => x.startsWith(`/sitemaps/${kind}-`))) {
    const res = await get(p, app);
    expect(res.status).toBe(200);
    out.push(...((await res.text()).match(/<url>.*?<\/url>/g) ?? []));
  }
  return out;
}

const locOf = (url: string) => /<loc>(.*?)<\/loc>/.exec(url)![1];
const withLoc = (urls: string[], loc: string) => urls.filter((u) => locOf(u) === loc);

/** A topic with a creator and a co-curator who may review its reels. */
async function world() {
  const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
  const creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
  const reviewer = await seed.signedIn({ roles: [{ role: 'CO-CURATOR', topicId: t.topic.id }] });
  return { t, creator, reviewer };
}

function review(cookie: string, body: { content_id: string; status: 'Approved' | 'Rejected'; reason?: string }) {
  return api.request('/uploader/api/v1/content/status', {
    method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
}

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers out of private pages, the API and expiring media, and names the sitemap', async () => {
    for (const p of ['/robots.txt', '/sitemap.xml', '/sitemap.xml?x=1', '/sitemaps/pages-1.xml']) expect(isApiPath(p), p).toBe(true);
    expect(isApiPath('/sitemap.xml.bak')).toBe(false);
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const lines = (await res.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const p of ['/studio', '/staff', '/profile', '/rewards', '/invite', '/callback', '/subsidy', '/offline', '/chat', '/media/',
      '/uploader/api/v1/upload/', ...API_PREFIXES.filter((x) => x !== '/sitemaps/')]) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines.filter((l) => /^Disallow: \/(sitemap|robots)/.test(l))).toEqual([]);
    for (const p of ['/feeds-server/api/v2/share/', '/media/library/', '/media/*.m3u8$', '/media/*.ts$']) expect(lines).toContain(`Allow: ${p}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('/robots.txt', api, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe('GET /sitemap.xml and /sitemaps/{part}', () => {
  it('the index names the pages and video parts by absolute URL, as XML', async () => {
    const t = await seed.taxonomy();
    await seed.reel(t.options[0].id);
    const res = await get('/sitemap.xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain(`<loc>${ORIGIN}/sitemaps/pages-1.xml</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/sitemaps/video-1.xml</loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    const head = await get('/sitemaps/pages-1.xml', api, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });

  it('lists a ready, approved reel in three languages with reciprocal alternates, its topic and TLDR pages, and its video', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id, { description: 'सोलर सब्सिडी & "net metering" <explained>', duration_s: 42.4, lang: 'hi' });
    const slug = await slugOf(reel.id);
    const share = `${ORIGIN}/share/${slug}`;
    const pages = await urlsOf('pages');
    const alternates = `<xhtml:link rel="alternate" hreflang="en-IN" href="${share}"/>`
      + `<xhtml:link rel="alternate" hreflang="hi-IN" href="${share}?hl=hi"/>`
      + `<xhtml:link rel="alternate" hreflang="hi-Latn" href="${share}?hl=he"/>`
      + `<xhtml:link rel="alternate" hreflang="x-default" href="${share}"/>`;
    for (const loc of [share, `${share}?hl=hi`, `${share}?hl=he`]) {
      const found = withLoc(pages, loc);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(alternates);
      expect(found[0]).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
    }
    for (const path of [`/topic/${t.topic.id}`, `/tldr/${t.topic.slug}`, '/tldr', '/explore']) {
      for (const q of ['', '?hl=hi', '?hl=he']) expect(withLoc(pages, `${ORIGIN}${path}${q}`)).toHaveLength(1);
    }
    expect(withLoc(pages, `${ORIGIN}/explore`)[0]).not.toContain('<lastmod>');

    const [video] = withLoc(await urlsOf('video'), share);
    expect(video).toBeDefined();
    const image = `${ORIGIN}/feeds-server/api/v2/share/${slug}/image.jpg?v=`;
    expect(video).toContain(`<video:thumbnail_loc>${image}`);
    expect(video).toContain(`<video:title>${t.topic.name}: सोलर सब्सिडी &amp; &quot;net metering&quot; &lt;explained&gt;</video:title>`);
    expect(video).toContain('<video:description>सोलर सब्सिडी &amp; &quot;net metering&quot; &lt;explained&gt;</video:description>');
    expect(video).toContain(`<video:content_loc>${ORIGIN}/feeds-server/api/v2/share/${slug}/video.m3u8</video:content_loc>`);
    expect(video).toContain('<video:duration>42</video:duration>');
    expect(video).toMatch(/<video:publication_date>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/video:publication_date>/);
    // The thumbnail and content URLs answer (the image, and a redirect to the signed HLS master playlist).
    const thumb = /<video:thumbnail_loc>(.*?)<\/video:thumbnail_loc>/.exec(video)![1].replace(/&amp;/g, '&');
    expect(new URL(thumb).pathname).toBe(`/feeds-server/api/v2/share/${slug}/image.jpg`);
    const content = await get(`/feeds-server/api/v2/share/${slug}/video.m3u8`);
    expect(content.status).toBe(302);
    expect(content.headers.get('location')).toMatch(new RegExp(`^/media/[^/]+/${reel.id}/master\\.m3u8$`));
  });

  it('leaves out a Pending reel, a processing one and a topic without a visible reel', async () => {
    const t = await seed.taxonomy();
    const empty = await seed.taxonomy();
    const pending = await seed.reel(t.options[0].id, { review_status: 'Pending' });
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    await seed.reel(empty.options[0].id, { review_status: 'Rejected' });
    const pages = (await urlsOf('pages')).join('');
    const videos = (await urlsOf('video')).join('');
    for (const id of [pending.id, processing.id]) {
      const slug = await slugOf(id);
      expect(pages).not.toContain(`/share/${slug}`);
      expect(videos).not.toContain(`/share/${slug}`);
    }
    for (const topic of [t.topic, empty.topic]) {
      expect(pages).not.toContain(`/topic/${topic.id}`);
      expect(pages).not.toContain(`/tldr/${topic.slug}<`);
    }
  });

  it('a reel approved through the studio review appears at once; a take-down leaves at once', async () => {
    const { t, creator, reviewer } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const other = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const share = `${ORIGIN}/share/${await slugOf(reel.id)}`;
    const otherShare = `${ORIGIN}/share/${await slugOf(other.id)}`;
    expect(withLoc(await urlsOf('video'), share)).toEqual([]);

    // A change made behind the API's back shows only when the cache is dropped: the sitemaps are cached.
    const { db } = await getDb();
    await db.update(contentItems).set({ review_status: 'Approved' }).where(eq(contentItems.id, other.id));
    expect(withLoc(await urlsOf('video'), otherShare)).toEqual([]);

    expect((await review(reviewer.cookie, { content_id: reel.id, status: 'Approved' })).status).toBe(200);
    expect(withLoc(await urlsOf('video'), share)).toHaveLength(1);
    expect(withLoc(await urlsOf('pages'), `${share}?hl=hi`)).toHaveLength(1);

    expect((await review(reviewer.cookie, { content_id: reel.id, status: 'Rejected', reason: 'Subsidy amount changed' })).status).toBe(200);
    expect(withLoc(await urlsOf('video'), share)).toEqual([]);
    expect(withLoc(await urlsOf('pages'), share)).toEqual([]);
  });

  it('splits past the per-file limit, and a part past the end is a 404 in the one error shape', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 3);
    const small = createApiApp().route('/', seoRoutes({ apiPrefixes: API_PREFIXES, maxUrlsPerFile: 2 }));
    const parts = await partsOf(small);
    const pageParts = parts.filter((p) => p.startsWith('/sitemaps/pages-'));
    const videoParts = parts.filter((p) => p.startsWith('/sitemaps/video-'));
    expect(pageParts.length).toBeGreaterThanOrEqual(8); // at least (2 + 2 + 3 pages) x 3 languages / 2
    expect(pageParts).toEqual(pageParts.map((_, i) => `/sitemaps/pages-${i + 1}.xml`));
    expect(videoParts).toEqual(videoParts.map((_, i) => `/sitemaps/video-${i + 1}.xml`));
    for (const p of parts) {
      const n = ((await (await get(p, small)).text()).match(/<url>/g) ?? []).length;
      expect([p, n >= 1 && n <= 2]).toEqual([p, true]);
    }
    const videos = await urlsOf('video', small);
    for (const r of reels) expect(withLoc(videos, `${ORIGIN}/share/${await slugOf(r.id)}`)).toHaveLength(1);

    for (const missing of [`/sitemaps/pages-${pageParts.length + 1}.xml`, `/sitemaps/video-${videoParts.length + 1}.xml`,
      '/sitemaps/pages-0.xml', '/sitemaps/other-1.xml']) {
      const res = await get(missing, small);
      expect([missing, res.status]).toEqual([missing, 404]);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    const res = await get(`/sitemaps/video-${videoParts.length + 1}.xml`);
    expect(res.status).toBe(404);
  });
});
