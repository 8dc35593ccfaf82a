import type { Page } from '@playwright/test';

/** The feed's active reel. */
export const ACTIVE = '[data-testid="reel"][data-active="true"]';

/** Waits until the active reel's video is playing and past `seconds` (60 s at most). */
export async function waitPlaying(page: Page, seconds: number): Promise<void> {
  await page.waitForFunction(
    ([sel, s]) => {
      const v = document.querySelector(`${sel} video`) as HTMLVideoElement | null;
      return !!v && v.currentTime > s && !v.paused;
    },
    [ACTIVE, seconds] as const,
    { timeout: 60_000 },
  );
}
