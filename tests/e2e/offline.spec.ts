import { devices, expect, test, type Page } from '@playwright/test';
import { launch } from './browser';

/**
 * The installable app (docs/decisions/015-offline-and-install.md): Chrome
 * finds it installable, the start page opens offline with its last reels and
 * a clear offline state, and a callback booked offline is sent once when the
 * connection returns.
 */

/** Waits until the service worker controls `page` and has stored the start page (PwaRoot sets the flag). */
async function offlineReady(page: Page) {
  await expect(page.locator('html[data-offline-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Entries still waiting in the offline outbox (IndexedDB sr-outbox). */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('sr-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('posts')) return resolve(0);
      const req = db.transaction('posts').objectStore('posts').count();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    };
  }));
}

test.describe('installable app', () => {
  test('Chrome reports no installability errors; the manifest and the worker are served as they should be', async ({ baseURL }) => {
    // Chrome never offers to install from an incognito profile (Playwright's usual contexts): a real profile here.
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
    const { context, close } = await launch({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/reels');
      await offlineReady(page);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url: manifestUrl, errors } = await cdp.send('Page.getAppManifest');
      expect(manifestUrl).toBe(`${baseURL}/manifest.webmanifest`);
      expect(errors).toEqual([]);

      const manifest = await (await page.request.get('/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ start_url: '/reels', scope: '/', display: 'standalone', id: '/reels', theme_color: '#000000' });
      const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['content-type']).toContain('javascript');
      expect(sw.headers()['service-worker-allowed']).toBe('/');
      expect(sw.headers()['cache-control']).toContain('no-cache');
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toBe(`${baseURL}/sw.js`);
    } finally {
      await close();
    }
  });

  test('the installed app opens offline: the start page shows its reels and the offline banner; a page never visited, or a personal one, shows the offline page', async ({ page, context }) => {
    await page.goto('/reels');
    const firstReel = page.locator('[data-testid="reel"]').first();
    await expect(firstReel).toBeVisible();
    const firstId = await firstReel.getAttribute('data-content-id');
    await offlineReady(page);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    // Visited online under the worker, but a personal page: never stored.
    await page.goto('/profile');

    await context.setOffline(true);
    const app = await context.newPage();
    await app.goto('/reels');
    await expect(app.getByTestId('offline-banner')).toHaveText("You're offline. Showing what was saved on this phone.");
    await expect(app.locator('[data-testid="reel"]').first()).toHaveAttribute('data-content-id', firstId!);
    // The poster on screen came from the worker's store.
    await expect.poll(() => app.locator('[data-testid="reel"][data-active="true"] img').first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await app.goto('/tldr');
    await expect(app.getByTestId('offline-page')).toBeVisible();
    await expect(app.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await app.goto('/profile');
    await expect(app.getByTestId('offline-page')).toBeVisible();

    await app.goto('/reels');
    await expect(app.locator('[data-testid="reel"]').first()).toHaveAttribute('data-content-id', firstId!);
    await context.setOffline(false);
    await expect(app.getByTestId('offline-banner')).toHaveCount(0);
  });
});

test.describe('offline forms', () => {
  test('a callback booked offline is saved, sent when the connection returns, and stored once', async ({ page, context }) => {
    const posts: { status: number; body: string }[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('/api/v1/leads/callback') && r.request().method() === 'POST') {
        posts.push({ status: r.status(), body: r.request().postData() ?? '' });
      }
    });

    await page.goto('/explore');
    await page.getByRole('button', { name: 'Schedule call' }).click();
    const sheet = page.getByRole('dialog', { name: 'Schedule a callback' });
    await sheet.getByLabel('Name').fill('Meera Iyer');
    await sheet.getByLabel('Mobile number').fill('98123 45679');
    const slotsLoaded = page.waitForResponse((r) => r.url().includes('/api/v1/leads/slots?day=tomorrow') && r.ok());
    await sheet.getByText('Tomorrow', { exact: true }).click();
    await slotsLoaded;
    await sheet.locator('label:has(input[name="slot"])').first().click();

    await context.setOffline(true);
    await sheet.getByRole('button', { name: 'Book callback' }).click();
    const queued = sheet.getByTestId('callback-queued');
    await expect(queued.getByText("Saved. We'll send it when you're back online")).toBeVisible();
    await expect(queued).toContainText('Your request is saved on this phone');
    expect(await outboxCount(page)).toBe(1);
    expect(posts).toEqual([]);

    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/leads/callback') && r.status() === 201);
    await context.setOffline(false);
    const first = await sent;
    await expect(sheet.getByTestId('callback-done').getByText('Callback booked')).toBeVisible();
    await expect(sheet.getByTestId('callback-done')).toContainText('+919812345679');
    expect(await outboxCount(page)).toBe(0);
    expect(posts.map((p) => p.status)).toEqual([201]);

    // The server has it once: the same idempotency key again is answered 200 with the same lead.
    const lead = (await first.json()) as { id: string };
    const body = JSON.parse(posts[0].body) as { idempotency_key: string };
    expect(body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const again = await page.request.post('/api/v1/leads/callback', {
      data: posts[0].body,
      headers: { 'Content-Type': 'application/json', Origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(lead.id);
  });
});
