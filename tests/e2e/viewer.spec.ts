import { expect, test, type Page } from '@playwright/test';
import { ACTIVE, waitPlaying, openFeed } from './player';

/**
 * The small things a viewer notices in the player: the first tap turns the
 * sound on and that choice holds for the visit (swipes, other pages and
 * back); leaving the Videos tab keeps the reel going in a corner mini player
 * that hands it back at the same time (SPEC.md section 4 "mini player
 * shown"); the end of the feed bumps (SWIPE_BUMP) and says so, with ways on.
 */

const EVENTS = '/auth/api/v1/events';

/** The active reel's video: muted, paused and position (seconds). */
function activeVideo(page: Page) {
  return page.$eval(`${ACTIVE} video`, (v) => {
    const el = v as HTMLVideoElement;
    return { muted: el.muted, paused: el.paused, time: el.currentTime };
  });
}

/** Event types the page sent or still holds in its queue. */
function eventTypes(page: Page): { sent: string[]; queued: () => Promise<string[]> } {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname !== EVENTS || req.method() !== 'POST') return;
    const body = req.postDataJSON() as { event_type?: string } | null;
    if (body?.event_type) sent.push(body.event_type);
  });
  const queued = () => page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('sr_events_q') ?? '{}') as Record<string, { e: { event_type: string } }>)
    .map((s) => s.e.event_type));
  return { sent, queued };
}

test.describe('the viewer', () => {
  test.skip(({ browserName }) => browserName !== 'chromium', 'Chromium only');

  test('the first tap turns the sound on; it stays on across swipes and after Explore and back', async ({ page }) => {
    await openFeed(page, '/reels');
    await waitPlaying(page, 0.5);
    expect((await activeVideo(page)).muted).toBe(true);
    const toggle = page.locator(`${ACTIVE} [data-testid="reel-toggle"]`);
    await expect(toggle).toHaveAttribute('aria-label', 'Unmute');
    await toggle.click();
    await expect.poll(async () => (await activeVideo(page)).muted).toBe(false);
    expect((await activeVideo(page)).paused).toBe(false);
    await expect(page.getByTestId('mute-button')).toHaveAttribute('aria-label', 'Mute');
    // A later tap pauses.
    await expect(toggle).toHaveAttribute('aria-label', 'Pause');

    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(ACTIVE)).not.toHaveAttribute('data-content-id', firstId!);
    await waitPlaying(page, 0.5);
    expect((await activeVideo(page)).muted).toBe(false);

    await page.getByTestId('tab-explore').click();
    await page.waitForURL('**/explore');
    await page.getByTestId('tab-videos').click();
    await page.waitForURL('**/reels');
    await waitPlaying(page, 0.5);
    expect((await activeVideo(page)).muted).toBe(false);

    // A full reload of the tab keeps it too.
    await page.reload();
    await waitPlaying(page, 0.5);
    await expect.poll(async () => (await activeVideo(page)).muted).toBe(false);
  });

  test('the mini player goes on with the reel on Explore, and Videos takes it up at about the same time', async ({ page }) => {
    await openFeed(page, '/reels');
    await waitPlaying(page, 2);
    const id = await page.getAttribute(ACTIVE, 'data-content-id');
    await page.getByTestId('tab-explore').click();
    await page.waitForURL('**/explore');

    const mini = page.getByRole('complementary', { name: 'Mini player' });
    await expect(mini).toBeVisible();
    // It plays on from where the feed left it, muted.
    await page.waitForFunction(() => {
      const v = document.querySelector('[data-testid="mini-player-video"]') as HTMLVideoElement | null;
      return !!v && !v.paused && v.currentTime > 3;
    }, undefined, { timeout: 30_000 });
    expect(await page.$eval('[data-testid="mini-player-video"]', (v) => (v as HTMLVideoElement).muted)).toBe(true);

    const left = await page.$eval('[data-testid="mini-player-video"]', (v) => (v as HTMLVideoElement).currentTime);
    await page.getByTestId('tab-videos').click();
    await page.waitForURL('**/reels');
    await expect(mini).toHaveCount(0);
    await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', id!);
    await waitPlaying(page, 0);
    const back = (await activeVideo(page)).time;
    expect(back).toBeGreaterThanOrEqual(left - 0.5);
    expect(back).toBeLessThan(left + 4);
  });

  test('the mini player never covers the assistant\'s question box, and steps aside while it is in use', async ({ page }) => {
    await openFeed(page, '/reels');
    await waitPlaying(page, 1);
    await page.getByTestId('tab-assistant').click();
    await page.waitForURL('**/assistant');
    const mini = page.getByTestId('mini-player');
    await expect(mini).toBeVisible();
    const form = page.getByTestId('chat-form');
    await expect(form).toBeVisible();
    // Every control of the box (text, microphone, Send) is clear of the player's rectangle.
    const player = (await mini.boundingBox())!;
    const controls = form.locator('textarea, input, button');
    const n = await controls.count();
    expect(n).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < n; i += 1) {
      const box = await controls.nth(i).boundingBox();
      if (!box) continue;
      const overlaps = box.x < player.x + player.width && player.x < box.x + box.width
        && box.y < player.y + player.height && player.y < box.y + box.height;
      expect(overlaps, `control ${i} at ${JSON.stringify(box)} under the player at ${JSON.stringify(player)}`).toBe(false);
    }
    expect(player.y + player.height).toBeLessThanOrEqual((await form.boundingBox())!.y);
    // Typing (the keyboard up on a phone): the player steps aside, and comes back after.
    await page.getByTestId('chat-input').focus();
    await expect(mini).toBeHidden();
    await page.getByTestId('chat-input').blur();
    await expect(mini).toBeVisible();
  });

  test('the mini player closes for good with its close button', async ({ page }) => {
    await openFeed(page, '/reels');
    await waitPlaying(page, 1);
    await page.getByTestId('tab-explore').click();
    await page.waitForURL('**/explore');
    await page.getByRole('button', { name: 'Close the mini player' }).click();
    await expect(page.getByTestId('mini-player')).toHaveCount(0);
    await page.getByTestId('tab-profile').click();
    await page.waitForURL('**/profile');
    await expect(page.getByTestId('mini-player')).toHaveCount(0);
  });

  test('the end of the feed says so, bumps on a further swipe, and leads on', async ({ page }) => {
    const events = eventTypes(page);
    await openFeed(page, '/reels');
    await page.locator(ACTIVE).waitFor();
    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    const end = page.getByTestId('feed-end');
    const endShown = page.locator('[data-testid="feed-end"][data-active="true"]');
    for (let i = 0; i < 20 && (await endShown.count()) === 0; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(350);
    }
    await expect(end).toHaveAttribute('data-active', 'true');
    await expect(end.getByRole('heading', { name: 'You have seen every video here' })).toBeVisible();
    await expect(end.getByRole('link', { name: 'TLDR: topic summaries' })).toHaveAttribute('href', '/tldr');
    await expect(end.getByRole('link', { name: 'Explore topics' })).toHaveAttribute('href', '/explore');

    const region = page.getByRole('region', { name: /./ }).filter({ has: end });
    await expect(region).toHaveAttribute('data-bumps', '0');
    await page.keyboard.press('ArrowDown');
    await expect(region).toHaveAttribute('data-bumps', '1');
    await expect(end).toHaveAttribute('data-active', 'true');
    await expect.poll(async () => [...events.sent, ...(await events.queued())].includes('SWIPE_BUMP'), { timeout: 20_000 }).toBe(true);

    await end.getByRole('button', { name: 'Back to the first video' }).click();
    await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', firstId!);
  });
});
