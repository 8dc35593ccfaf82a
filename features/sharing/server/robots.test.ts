import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots';

/**
 * Google's reading of robots.txt rules (RFC 9309 section 2.2.2 and
 * developers.google.com "How Google interprets the robots.txt
 * specification"): of the rules whose pattern matches the path (with its
 * query), the longest pattern wins; on a tie, Allow. `*` is any run of
 * characters, a final `$` the end of the URL.
 */
function googleAllows(robots: string, url: string): boolean {
  const rules = robots.split('\n').flatMap((line) => {
    const m = /^(Allow|Disallow):\s*(\S*)\s*$/i.exec(line.trim());
    if (!m || m[2] === '') return [];
    const pattern = m[2];
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern).split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return [{ allow: m[1].toLowerCase() === 'allow', length: pattern.length, re: new RegExp(`^${body}${anchored ? '$' : ''}`) }];
  });
  let best: { allow: boolean; length: number } | null = null;
  for (const r of rules) {
    if (!r.re.test(url)) continue;
    if (!best || r.length > best.length || (r.length === best.length && r.allow)) best = r;
  }
  return best ? best.allow : true;
}

const API = ['/feeds-server/', '/uploader/', '/uploader-read/', '/auth/', '/api/', '/r/', '/staff/api/', '/referral/', '/partner/', '/recommendation-service/'];
const text = robotsTxt({ apiPrefixes: API, privatePaths: ['/uploader/api/v1/upload/'], sitemapUrl: 'https://solar.example/sitemap.xml' });
const TOKEN = 'AbC_12-x';
const ID = '3f2a1c9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

describe('robotsTxt', () => {
  it('is one group for every crawler, ending with the absolute sitemap URL', () => {
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(text).toContain('\nSitemap: https://solar.example/sitemap.xml\n');
    expect(text.match(/^User-agent:/gm)).toHaveLength(1);
  });

  it.each([
    '/', '/explore', '/tldr', '/tldr/solar-basics', '/topic/3f2a', '/content/3f2a?hl=hi', '/share/0123456789', '/share/0123456789?hl=he',
    '/sitemap.xml', '/sitemaps/pages-1.xml', '/privacy',
    // The video sitemap's thumbnail and content URLs.
    '/feeds-server/api/v2/share/0123456789/image.jpg?v=abcdef123456', '/feeds-server/api/v2/share/0123456789/video.m3u8',
    // Public pictures, and the HLS files the stable video URL redirects to.
    '/media/library/panel.jpg',
    `/media/${TOKEN}/${ID}/master.m3u8`, `/media/${TOKEN}/${ID}/720/index.m3u8`, `/media/${TOKEN}/${ID}/720/seg_00001.ts`,
  ])('lets Google fetch %s', (url) => {
    expect(googleAllows(text, url)).toBe(true);
  });

  it.each([
    '/studio', '/studio/review', '/staff', '/staff/insights', '/profile', '/profile/edit', '/rewards', '/invite/abc', '/callback',
    '/subsidy', '/offline',
    '/feeds-server/api/v1/feeds?page=2', '/uploader/api/v1/like/', '/uploader-read/api/v3/topics', '/auth/api/v1/me', '/api/logger',
    '/r/AB12CD', '/referral/api/inbox', '/staff/api/v1/insights/reels', '/recommendation-service/api/v1/chat/',
    '/uploader/api/v1/upload/0123456789abcdef0123456789abcdef',
    // Expiring media: posters and thumbnails, and a playlist name that is not at the end of the path.
    `/media/${TOKEN}/${ID}/poster.jpg`, `/media/${TOKEN}/${ID}/thumbnail.jpg`, `/media/${TOKEN}/${ID}/master.m3u8.bak`,
    `/media/${TOKEN}/${ID}/720/seg_00001.ts?x=1`,
  ])('keeps Google out of %s', (url) => {
    expect(googleAllows(text, url)).toBe(false);
  });
});
