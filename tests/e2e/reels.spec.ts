import { expect, test, type Page } from '@playwright/test';
import { collectCspProblems } from './console';
import { ACTIVE, waitPlaying, openFeed } from './player';


async function activeVideoTime(page: Page): Promise<number> {
  return page.$eval(`${ACTIVE} video`, (v) => (v as HTMLVideoElement).currentTime).catch(() => 0);
}

test.describe('/reels', () => {
  test('plays the first reel: the video passes 1 s, and the Content-Security-Policy refuses nothing', async ({ page }) => {
    const cspProblems = collectCspProblems(page);
    await openFeed(page, '/reels');
    await waitPlaying(page, 1);
    expect(await activeVideoTime(page)).toBeGreaterThan(1);
    expect(cspProblems).toEqual([]);
  });

  test('ArrowDown plays the next reel and pauses the first', async ({ page }) => {
    await openFeed(page, '/reels');
    await waitPlaying(page, 0.5);
    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    expect(firstId).toBeTruthy();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(ACTIVE)).not.toHaveAttribute('data-content-id', firstId!);
    await waitPlaying(page, 0.5);
    const firstPaused = await page.$eval(`[data-testid="reel"][data-content-id="${firstId}"]`, (el) => {
      const v = el.querySelector('video');
      return !v || v.paused;
    });
    expect(firstPaused).toBe(true);
  });

  test('a like counts at once and survives a reload', async ({ page }) => {
    await openFeed(page, '/reels');
    const active = page.locator(ACTIVE);
    await active.waitFor();
    const id = await active.getAttribute('data-content-id');
    const like = page.locator(`${ACTIVE} [data-testid="like-button"]`);
    const count = async () => Number((await page.locator(`${ACTIVE} [data-testid="like-count"]`).innerText()).replace(/\D/g, ''));
    const before = await count();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // The client may post with or without SPEC.md's trailing slash.
    const saved = page.waitForResponse((r) => /\/uploader\/api\/v1\/like\/?$/.test(new URL(r.url()).pathname) && r.ok());
    await like.click();
    await saved;
    expect(await count()).toBe(before + 1);
    await page.reload();
    await page.locator(`${ACTIVE}[data-content-id="${id}"]`).waitFor();
    await expect(page.locator(`${ACTIVE} [data-testid="like-button"]`)).toHaveAttribute('aria-pressed', 'true');
    expect(await count()).toBe(before + 1);
  });

  test('on a 1440x900 desktop the player stays within 432 px wide and 92% of the window height', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the desktop frame around the player');
    await openFeed(page, '/reels');
    // boundingBox() does not wait: null while the active reel is still being laid out.
    await page.locator(ACTIVE).waitFor({ state: 'visible' });
    const box = await page.locator(ACTIVE).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.width).toBeLessThanOrEqual(432);
    expect(box!.height).toBeLessThanOrEqual(Math.min(940, 900 * 0.92) + 1);
    expect(box!.height).toBeGreaterThan(400);
  });
});
