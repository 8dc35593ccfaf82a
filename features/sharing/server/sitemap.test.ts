import { describe, expect, it } from 'vitest';
import {
  buildSitemaps, cutText, pageBlocks, sitemapPages, sitemapVideo, urlsetFiles, videoBlock, w3cDate, xmlEscape, type SitemapReel,
} from './sitemap';

const ORIGIN = 'https://solar.example';
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

function reel(over: Partial<SitemapReel> = {}): SitemapReel {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001', slug: '0123456789', description: 'Net metering explained', lang: 'en',
    width: 720, height: 1280, duration_s: 29.6, ready_at: new Date('2025-03-01T10:00:00.123Z'), created_at: new Date('2025-02-28T09:00:00Z'),
    topic_id: T1, topic_slug: 'rooftop-solar', topic_name: 'Rooftop Solar', category_name: 'Subsidy', option_name: 'PM Surya Ghar',
    ...over,
  };
}

/** The `<url>` elements of a urlset, each as text. */
const urlsOf = (xml: string) => xml.match(/<url>.*?<\/url>/g) ?? [];

describe('xmlEscape', () => {
  it('escapes the five XML characters, keeps Devanagari, drops what XML cannot hold', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(xmlEscape('सौर पैनल & सब्सिडी')).toBe('सौर पैनल &amp; सब्सिडी');
    expect(xmlEscape('bell\u0007 tab\t \uD800lone 😀')).toBe('bell tab\t lone 😀');
  });
});

describe('w3cDate and cutText', () => {
  it('dates are UTC to the second', () => {
    expect(w3cDate(new Date('2025-03-01T10:00:00.123Z'))).toBe('2025-03-01T10:00:00Z');
  });

  it('cuts at a word within the bound, never inside a Devanagari cluster', () => {
    const cut = cutText('one two three four five six seven', 20);
    expect(cut).toBe('one two three four…');
    expect(cut.length).toBeLessThanOrEqual(20);
    const hindi = cutText('क्षि'.repeat(40), 30);
    expect(hindi.length).toBeLessThanOrEqual(30);
    expect(hindi.endsWith('क्षि…')).toBe(true);
  });
});

describe('sitemapPages', () => {
  it('lists /explore, /tldr, each topic with a reel (topic and TLDR page), then each share page, with their dates', () => {
    const a = reel();
    const b = reel({ id: 'aaaaaaaa-0000-4000-8000-000000000002', slug: 'abcdefabcd', ready_at: new Date('2025-04-01T00:00:00Z') });
    const c = reel({ id: 'aaaaaaaa-0000-4000-8000-000000000003', slug: 'fedcbafedc', ready_at: null, topic_id: T2, topic_slug: 'batteries' });
    const pages = sitemapPages([a, b, c]);
    expect(pages.map((p) => [p.path, p.lastmod?.toISOString() ?? null])).toEqual([
      ['/explore', null],
      ['/tldr', '2025-04-01T00:00:00.000Z'],
      [`/topic/${T1}`, '2025-04-01T00:00:00.000Z'],
      ['/tldr/rooftop-solar', '2025-04-01T00:00:00.000Z'],
      [`/topic/${T2}`, '2025-02-28T09:00:00.000Z'],
      ['/tldr/batteries', '2025-02-28T09:00:00.000Z'],
      ['/share/0123456789', '2025-03-01T10:00:00.123Z'],
      ['/share/abcdefabcd', '2025-04-01T00:00:00.000Z'],
      ['/share/fedcbafedc', '2025-02-28T09:00:00.000Z'],
    ]);
  });

  it('without reels lists no topic and no date for /tldr', () => {
    expect(sitemapPages([])).toEqual([{ path: '/explore', lastmod: null }, { path: '/tldr', lastmod: null }]);
  });
});

describe('pageBlocks', () => {
  it('gives three language URLs, each with the same four reciprocal alternates', () => {
    const blocks = pageBlocks({ path: '/share/0123456789', lastmod: new Date('2025-03-01T10:00:00Z') }, ORIGIN);
    const locs = blocks.map((b) => /<loc>(.*?)<\/loc>/.exec(b.xml)![1]);
    expect(locs).toEqual([`${ORIGIN}/share/0123456789`, `${ORIGIN}/share/0123456789?hl=hi`, `${ORIGIN}/share/0123456789?hl=he`]);
    const links = `<xhtml:link rel="alternate" hreflang="en-IN" href="${ORIGIN}/share/0123456789"/>`
      + `<xhtml:link rel="alternate" hreflang="hi-IN" href="${ORIGIN}/share/0123456789?hl=hi"/>`
      + `<xhtml:link rel="alternate" hreflang="hi-Latn" href="${ORIGIN}/share/0123456789?hl=he"/>`
      + `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/share/0123456789"/>`;
    for (const b of blocks) {
      expect(b.xml).toContain(links);
      expect(b.xml).toContain('<lastmod>2025-03-01T10:00:00Z</lastmod>');
    }
  });

  it('leaves lastmod out when the page states none', () => {
    for (const b of pageBlocks({ path: '/explore', lastmod: null }, ORIGIN)) expect(b.xml).not.toContain('<lastmod>');
  });
});

describe('sitemapVideo and videoBlock', () => {
  it('names the share page, image and stable video URL, the page title, the description, whole seconds and the date', () => {
    const v = sitemapVideo(reel());
    expect(v).toMatchObject({
      page: '/share/0123456789', content: '/feeds-server/api/v2/share/0123456789/video.m3u8',
      title: 'Rooftop Solar: Net metering explained', description: 'Net metering explained', duration: 30,
    });
    expect(v.thumbnail).toMatch(/^\/feeds-server\/api\/v2\/share\/0123456789\/image\.jpg\?v=[0-9a-f]{12}$/);
    const xml = videoBlock(v, ORIGIN).xml;
    expect(xml).toContain(`<loc>${ORIGIN}/share/0123456789</loc>`);
    expect(xml).toContain(`<video:thumbnail_loc>${ORIGIN}/feeds-server/api/v2/share/0123456789/image.jpg?v=`);
    expect(xml).toContain(`<video:content_loc>${ORIGIN}/feeds-server/api/v2/share/0123456789/video.m3u8</video:content_loc>`);
    expect(xml).toContain('<video:duration>30</video:duration><video:publication_date>2025-03-01T10:00:00Z</video:publication_date>');
  });

  it('keeps Google\'s bounds: title 100, description 2,048 characters, duration 1..28,800 s or none', () => {
    const long = reel({ description: `${'सौर ऊर्जा '.repeat(300)}`, duration_s: 0.2 });
    const v = sitemapVideo(long);
    expect(v.title.length).toBeLessThanOrEqual(100);
    expect(v.description.length).toBeLessThanOrEqual(2048);
    expect(v.description.startsWith('सौर ऊर्जा')).toBe(true);
    expect(v.duration).toBe(1);
    expect(sitemapVideo(reel({ duration_s: 90_000 })).duration).toBe(28_800);
    expect(sitemapVideo(reel({ duration_s: null })).duration).toBeNull();
    expect(videoBlock(sitemapVideo(reel({ duration_s: null })), ORIGIN).xml).not.toContain('<video:duration>');
  });

  it('without a description falls back to the option in the title and topic · category · option in the description', () => {
    const v = sitemapVideo(reel({ description: '  ' }));
    expect(v.title).toBe('Rooftop Solar: PM Surya Ghar');
    expect(v.description).toBe('Rooftop Solar · Subsidy · PM Surya Ghar');
  });

  it('escapes the texts it carries', () => {
    const xml = videoBlock(sitemapVideo(reel({ description: 'Panels <5 kW> & "tips"', topic_name: "Ravi's & Co" })), ORIGIN).xml;
    expect(xml).toContain('<video:title>Ravi&apos;s &amp; Co: Panels &lt;5 kW&gt; &amp; &quot;tips&quot;</video:title>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});

describe('splitting', () => {
  const blocks = Array.from({ length: 5 }, (_, i) => ({ xml: `<url><loc>${ORIGIN}/p${i}</loc></url>\n`, lastmod: new Date(Date.UTC(2025, 0, 1 + i)) }));

  it('starts a new file past the most entries a file may hold, each with its newest date', () => {
    const files = urlsetFiles(blocks, '', { maxUrls: 2, maxBytes: 1e9 });
    expect(files.map((f) => urlsOf(f.xml).length)).toEqual([2, 2, 1]);
    expect(files.map((f) => f.lastmod?.toISOString())).toEqual(['2025-01-02T00:00:00.000Z', '2025-01-04T00:00:00.000Z', '2025-01-05T00:00:00.000Z']);
    expect(urlsetFiles([], '')).toEqual([]);
  });

  it('starts a new file past the most bytes a file may hold', () => {
    const one = urlsetFiles(blocks.slice(0, 1), '', { maxUrls: 100, maxBytes: 1e9 })[0].xml;
    const files = urlsetFiles(blocks, '', { maxUrls: 100, maxBytes: Buffer.byteLength(one) + 5 });
    expect(files).toHaveLength(5);
    for (const f of files) expect(Buffer.byteLength(f.xml)).toBeLessThanOrEqual(Buffer.byteLength(one) + 5);
  });

  it('the index names every part by absolute URL, pages first, and holds every entry once', async () => {
    const reels = [reel(), reel({ id: 'aaaaaaaa-0000-4000-8000-000000000002', slug: 'abcdefabcd' })];
    const set = await buildSitemaps(reels, ORIGIN, { maxUrls: 4, maxBytes: 1e9 });
    // 2 + 2 topic pages + 2 reels = 6 pages, 18 URLs: 5 files of at most 4; 2 videos: 1 file.
    expect([...set.parts.keys()]).toEqual(['pages-1.xml', 'pages-2.xml', 'pages-3.xml', 'pages-4.xml', 'pages-5.xml', 'video-1.xml']);
    const locs = [...set.index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([...set.parts.keys()].map((k) => `${ORIGIN}/sitemaps/${k}`));
    expect(set.index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const pageUrls = [...set.parts].filter(([k]) => k.startsWith('pages')).flatMap(([, xml]) => urlsOf(xml));
    expect(pageUrls).toHaveLength(18);
    expect(new Set(pageUrls).size).toBe(18);
    // The first part holds only /explore and /tldr's first version: /explore has no date, /tldr has one.
    expect(set.index).toContain(`<sitemap><loc>${ORIGIN}/sitemaps/pages-1.xml</loc><lastmod>2025-03-01T10:00:00Z</lastmod></sitemap>`);
  });

  it('has no video part without reels', async () => {
    expect([...(await buildSitemaps([], ORIGIN)).parts.keys()]).toEqual(['pages-1.xml']);
  });
});
