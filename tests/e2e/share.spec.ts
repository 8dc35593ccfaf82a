import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACTIVE, waitPlaying, openFeed } from './player';

/**
 * Share links (docs/decisions/014-share-previews.md): /share/<slug> with
 * attribution in the query answers 200 with the preview tags in <head>
 * (for a chat app's crawler and in the browser's DOM), opens the feed at
 * the shared reel and plays it; the share button links to the same kind of
 * URL.
 */

const WHATSAPP_UA = 'WhatsApp/2.23.20.0 A';
const QUERY = '?ref=ABC123&utm_source=whatsapp&utm_medium=share&utm_campaign=reel';

interface Item { id: string; share_slug: string }

/** A reel that is not the feed's first, so opening at it is not the feed's default. */
async function sharedReel(request: APIRequestContext): Promise<Item> {
  const res = await request.get('/feeds-server/api/v1/feeds?page=1');
  expect(res.ok()).toBe(true);
  const feeds = ((await res.json()) as { feeds: Item[] }).feeds;
  expect(feeds.length).toBeGreaterThan(1);
  return feeds[1];
}

/** The tags of the page's <head>: property/name -> content, and the canonical link. */
function headTags(page: Page) {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const m of Array.from(document.head.querySelectorAll('meta[property], meta[name]'))) {
      const key = m.getAttribute('property') ?? m.getAttribute('name')!;
      out[key] ??= m.getAttribute('content') ?? '';
    }
    out.canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    return out;
  });
}

test.describe('share links', () => {
  test("a crawler gets a 200 with the tags in <head>, without the link's query in og:url and canonical", async ({ request, baseURL }) => {
    const reel = await sharedReel(request);
    const res = await request.get(`/share/${reel.share_slug}${QUERY}`, { headers: { 'User-Agent': WHATSAPP_UA }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const page = `${baseURL}/share/${reel.share_slug}`;
    expect(head).toContain(`<meta property="og:url" content="${page}"/>`);
    expect(head).toContain(`<link rel="canonical" href="${page}"/>`);
    expect(head).toMatch(/<meta property="og:image" content="[^"]+\/feeds-server\/api\/v2\/share\/[0-9a-f]{10}\/image\.jpg\?v=[0-9a-f]{12}"\/>/);
    for (const tag of ['og:image:width" content="1200', 'og:image:height" content="630', 'og:image:type" content="image/jpeg',
      'og:video:type" content="application/x-mpegURL', 'og:locale" content="en_IN', 'og:type" content="video.other']) {
      expect(head).toContain(`<meta property="${tag}"/>`);
    }
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');

    const image = /<meta property="og:image" content="([^"]+)"/.exec(head)![1].replace(/&amp;/g, '&');
    const img = await request.get(image, { headers: { 'User-Agent': WHATSAPP_UA } });
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/jpeg');
    expect((await img.body()).length).toBeLessThan(300 * 1024);
  });

  test('an unknown slug is the 404 page', async ({ request }) => {
    const res = await request.get('/share/0000000000', { headers: { 'User-Agent': WHATSAPP_UA } });
    expect(res.status()).toBe(404);
  });

  test('opens at the shared reel and plays it; the page carries the tags; sharing links to /share/<slug>', async ({ page, request, baseURL }) => {
    const reel = await sharedReel(request);
    const res = await openFeed(page, `/share/${reel.share_slug}${QUERY}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', reel.id);
    await waitPlaying(page, 0.5);

    const tags = await headTags(page);
    const url = `${baseURL}/share/${reel.share_slug}`;
    expect(tags).toMatchObject({
      'og:url': url, canonical: url, 'og:image:width': '1200', 'og:image:height': '630', 'og:image:type': 'image/jpeg',
      'twitter:card': 'summary_large_image',
    });
    expect(tags['og:image']).toContain(`/feeds-server/api/v2/share/${reel.share_slug}/image.jpg?v=`);
    expect(tags['og:video']).toBe(`${baseURL}/feeds-server/api/v2/share/${reel.share_slug}/video.m3u8`);

    // Sharing this reel: the preview is made ahead and the links name the share page.
    await page.evaluate(() => {
      // The sheet's path (no Web Share API): the one a desktop and this test take.
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const warmed = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/reel/${reel.id}` && r.request().method() === 'POST');
    await page.locator(`${ACTIVE} [data-testid="share-button"]`).click();
    expect((await warmed).status()).toBe(200);
    const link = page.getByRole('dialog').getByRole('textbox');
    await expect(link).toHaveValue(new RegExp(`^${baseURL}/share/${reel.share_slug}\\?utm_source=copy&utm_medium=share&utm_campaign=reel`));
  });
});
