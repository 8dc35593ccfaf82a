import type { Page } from '@playwright/test';

/** The feed's active reel. */
export const ACTIVE = '[data-testid="reel"][data-active="true"]';

/**
 * Waits until the active reel's video is playing and past `seconds`, and the
 * page has hydrated (60 s at most): on /reels the first reel plays before
 * the page's scripts run (docs/decisions/020-first-reel-before-hydration.md).
 */
export async function waitPlaying(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    ([sel, s]) => {
      const v = document.querySelector(`${sel} video`) as HTMLVideoElement | null;
      return !!v && v.currentTime > s && !v.paused && document.documentElement.dataset.hydrated === 'true';
    },
    [ACTIVE, seconds] as const,
    { timeout: 60_000 },
  );
}

/**
 * Opens `url`, a page that starts with a reel, and waits until it has
 * hydrated: its scripts load after the first frame
 * (docs/decisions/020-first-reel-before-hydration.md), so the load event no
 * longer means the feed answers taps and keys.
 */
export async function openFeed(page: Page, url: string) {
  const res = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
  return res;
}
