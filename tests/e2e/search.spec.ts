import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import he from '../../messages/he.json' with { type: 'json' };
import { ACTIVE } from './player';
import { adminOnStudio, reviewReel, uploadByApi, waitUntilReady } from './studio-upload';

/**
 * The search screen end to end, on a phone, in Hinglish (NEXT_LOCALE=he):
 * a person types "sabsidi" (a Hinglish spelling of "subsidy"), submits,
 * opens the first result, swipes up, and the reel on screen is the search's
 * second result. The e2e library (scripts/lib/test-server.ts) holds four
 * English reels about savings; this spec's admin (its own number of
 * ADMIN_PHONES, scripts/e2e-server.ts) uploads two Hinglish reels about the
 * subsidy and approves them first, and takes them down after, so the specs
 * that follow see the library as it was.
 */

/** This spec's admin phone (scripts/e2e-server.ts ADMIN_PHONES: one per spec, OTP limits are per phone). */
const ADMIN_PHONE = '9999900009';
const TAG = Date.now().toString(36);
const DESCRIPTIONS = [`Subsidy kaise milti hai, PM Surya Ghar mein ${TAG}`, `Subsidy ka paisa bank mein kab aata hai ${TAG}`];

test.skip(({ isMobile }) => !isMobile, 'a phone screen: the desktop layout is the same screen wider');
test.describe.configure({ mode: 'serial' });

let admin: BrowserContext | null = null;
const uploaded: string[] = [];

test.beforeAll(async ({ browser, baseURL, isMobile }) => {
  if (!isMobile) return;
  test.setTimeout(240_000);
  const opened = await adminOnStudio(browser, baseURL!, ADMIN_PHONE);
  admin = opened.context;
  const { page } = opened;
  for (const [i, description] of DESCRIPTIONS.entries()) {
    // Two different clips, different on every run too: the studio refuses a video it already has (409 duplicate_video).
    uploaded.push(await uploadByApi(page, baseURL!, { description, lang: 'he', durationS: 3 + i, fps: 20 + ((Date.now() + i) % 11) }));
  }
  for (const id of uploaded) {
    await waitUntilReady(page.request, id);
    await reviewReel(page.request, baseURL!, id, 'Approved');
  }
});

test.afterAll(async ({ baseURL }) => {
  if (!admin) return;
  for (const id of uploaded) await reviewReel(admin.request, baseURL!, id, 'Rejected');
  await admin.close();
});

/** A finger's swipe up over the player (touch events through the DevTools protocol, as a phone sends them). */
async function swipeUp(page: Page): Promise<void> {
  const box = (await page.getByTestId('reel-player').boundingBox())!;
  const x = box.x + box.width / 2;
  const from = box.y + box.height * 0.7;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from - step * box.height * 0.08 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('in Hinglish, "sabsidi" finds the subsidy reels; the first result opens the feed and a swipe plays the second', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'he', url: baseURL! }]);
  await page.goto('/explore');
  await page.getByRole('link', { name: he.search.open }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.locator('html[data-hydrated="true"]').waitFor();

  const box = page.getByRole('search').getByRole('searchbox', { name: he.search.label });
  await box.fill('sabsidi');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=sabsidi$/);
  await expect(page).toHaveTitle(/^sabsidi: search/);
  const cards = page.getByTestId('search-grid').getByTestId('search-reel');
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-content-id')));
  expect(ids.length).toBeGreaterThanOrEqual(2);
  // Both uploads are found by the Hinglish spelling, and reels in Hinglish come first.
  expect(ids.slice(0, 2).sort()).toEqual([...uploaded].sort());
  await expect(page.getByTestId('search-status')).toContainText('“sabsidi” ke liye');

  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/reels\\?q=sabsidi&page=1&at=${ids[0]}$`));
  await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', ids[0]!);
  await page.locator('html[data-hydrated="true"]').waitFor();

  await swipeUp(page);
  await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', ids[1]!);

  // Closing goes back to the results.
  await page.getByTestId('feed-close').click();
  await expect(page).toHaveURL(/\/search\?q=sabsidi$/);
  await expect(page.getByRole('search').getByRole('searchbox', { name: he.search.label })).toHaveValue('sabsidi');
});

test('offline, a recent search still opens its results, and a new one says it waits for the connection', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'he', url: baseURL! }]);
  await page.goto('/search');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const box = page.getByRole('search').getByRole('searchbox', { name: he.search.label });
  await box.fill('sabsidi');
  await box.press('Enter');
  const cards = page.getByTestId('search-grid').getByTestId('search-reel');
  await expect(cards.first()).toBeVisible();

  await context.setOffline(true);
  try {
    await page.getByRole('button', { name: he.search.clear }).click();
    await expect(page.getByTestId('search-offline')).toHaveText(he.search.offline);
    // The search made online is marked as saved on this phone, and opens.
    const recent = page.getByTestId('search-recent-list').getByRole('button', { name: /^sabsidi/ });
    await expect(recent).toContainText(he.search.savedOffline);
    await recent.click();
    await expect(cards.first()).toBeVisible();
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-content-id')).slice(0, 2).sort())).toEqual([...uploaded].sort());

    // A search never made on this phone: a clear offline state, and the recent searches to pick from.
    await box.fill('net metering');
    await box.press('Enter');
    await expect(page.getByTestId('search-offline').first()).toHaveText(he.search.offlineQuery);
    await expect(page.getByTestId('search-recent-list')).toContainText('sabsidi');
  } finally {
    await context.setOffline(false);
  }
});

test('a search link is server-rendered: the results are in the HTML, titled with the words; one that finds nothing is not indexed', async ({ request }) => {
  const found = await (await request.get('/search?q=sabsidi&hl=he')).text();
  // Checked as booleans: a failure names what is missing instead of printing the whole page.
  const has = (html: string, what: string | RegExp) => (typeof what === 'string' ? html.includes(what) : what.test(html));
  for (const what of ['<title>sabsidi: search', 'data-testid="search-reel"', 'hrefLang="hi-Latn"', 'rel="canonical" href="http://127.0.0.1']) {
    expect(has(found, what), what).toBe(true);
  }
  expect(has(found, /<meta name="robots" content="noindex/), 'no noindex').toBe(false);
  const none = await (await request.get('/search?q=zzqqxxy&hl=he')).text();
  expect(has(none, '<meta name="robots" content="noindex, follow"/>'), 'noindex, follow').toBe(true);
  expect(has(none, 'data-testid="search-ask"'), 'the ask row').toBe(true);
});

/** Controls of the search screen smaller than the product's 44x44 px target, as readable lines (empty: none). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="search-screen"] :is(button, a[href], input)', (els) => els.flatMap((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || (r.width >= 44 && r.height >= 44)) return [];
    return [`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`];
  }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`tap targets and contrast of the empty screen and of the results (${colorScheme})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'he', url: baseURL! }]);
    await context.addInitScript(([theme]) => {
      localStorage.setItem('sr_theme', theme);
      localStorage.setItem('sr_recent_searches', JSON.stringify(['sabsidi', 'net meter']));
    }, [colorScheme]);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of ['/search', '/search?q=sabsidi']) {
      await page.goto(url);
      await page.locator('html[data-hydrated="true"]').waitFor();
      await page.getByTestId(url === '/search' ? 'search-recent-list' : 'search-grid').waitFor();
      const axe = await new AxeBuilder({ page }).include('[data-testid="search-screen"]').withRules(['target-size', 'color-contrast']).analyze();
      expect(axe.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)), url).toEqual([]);
      expect(await smallTargets(page), url).toEqual([]);
    }
  });
}
