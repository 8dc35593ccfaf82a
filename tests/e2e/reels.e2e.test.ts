import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launch, usePhonePage } from './browser';

const baseURL = inject('baseURL');
const ACTIVE = '[data-testid="reel"][data-active="true"]';

async function activeVideoTime(page: Page): Promise<number> {
  return page.$eval(`${ACTIVE} video`, (v) => (v as HTMLVideoElement).currentTime).catch(() => 0);
}

async function waitPlaying(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    ([sel, s]) => {
      const v = document.querySelector(`${sel} video`) as HTMLVideoElement | null;
      return !!v && v.currentTime > (s as number) && !v.paused;
    },
    [ACTIVE, seconds] as const,
    { timeout: 60_000 },
  );
}

describe('/reels on a phone', () => {
  let page: Page;
  usePhonePage(baseURL, (p) => { page = p; });

  it('plays the first reel: the video passes 1 s', async () => {
    await page.goto('/reels');
    await waitPlaying(page, 1);
    expect(await activeVideoTime(page)).toBeGreaterThan(1);
  });

  it('ArrowDown plays the next reel and pauses the first', async () => {
    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      ([sel, id]) => document.querySelector(sel as string)?.getAttribute('data-content-id') !== id,
      [ACTIVE, firstId] as const,
    );
    await waitPlaying(page, 0.5);
    const firstPaused = await page.$eval(`[data-testid="reel"][data-content-id="${firstId}"]`, (el) => {
      const v = el.querySelector('video');
      return !v || v.paused;
    });
    expect(firstPaused).toBe(true);
  });

  it('a like survives a reload', async () => {
    await page.goto('/reels');
    await page.waitForSelector(ACTIVE);
    const id = await page.getAttribute(ACTIVE, 'data-content-id');
    const like = page.locator(`${ACTIVE} [data-testid="like-button"]`);
    const countText = async () => Number((await page.locator(`${ACTIVE} [data-testid="like-count"]`).innerText()).replace(/\D/g, ''));
    const before = await countText();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse((r) => r.url().includes('/uploader/api/v1/like/') && r.ok());
    await like.click();
    await saved;
    expect(await countText()).toBe(before + 1);
    await page.reload();
    await page.waitForSelector(`${ACTIVE}[data-content-id="${id}"]`);
    expect(await page.locator(`${ACTIVE} [data-testid="like-button"]`).getAttribute('aria-pressed')).toBe('true');
    expect(await countText()).toBe(before + 1);
  });
});

describe('/reels on a 1440x900 desktop', () => {
  it('keeps the player within 432 px wide and 92% of the window height', async () => {
    const { context, close } = await launch({ viewport: { width: 1440, height: 900 }, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/reels');
      // boundingBox() does not wait: null while the active reel is still being laid out.
      await page.locator(ACTIVE).waitFor({ state: 'visible' });
      const box = await page.locator(ACTIVE).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.width).toBeLessThanOrEqual(432);
      expect(box!.height).toBeLessThanOrEqual(Math.min(940, 900 * 0.92) + 1);
      expect(box!.height).toBeGreaterThan(400);
    } finally {
      await close();
    }
  });
});
