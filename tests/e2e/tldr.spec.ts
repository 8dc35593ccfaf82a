import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { makeClip } from '../fixtures/clips';
import { ACTIVE, waitPlaying, openFeed } from './player';
import { adminOnStudio, reviewReel, uploadInStudio } from './studio-upload';

/**
 * The TLDR popup (SPEC.md section 2 TLDR_POPUP; docs/decisions/018-tldr-popup.md)
 * on a phone: the feed header's TLDR button opens the topic's summary over
 * the feed, its progress bar moves, a tap pauses it, closing returns to the
 * same reel at the same time, and a summary watched to its end shows
 * complete on /tldr after a reload (server-side progress of the viewer).
 *
 * The e2e server's library has no TLDR reel: the admin uploads one to the
 * library's topic through the studio (TLDR box ticked) and approves it
 * first, and rejects it at the end so the specs that follow see the library
 * as it was.
 */

/**
 * ADMIN_PHONES of scripts/e2e-server.ts has one number per spec (OTP limits
 * are per phone: 60 s between sends, 5 an hour); this is this spec's. It
 * signs in once.
 */
const ADMIN_PHONE = '9999900005';
const TOPIC = 'E2E Basics';

test.skip(({ isMobile }) => !isMobile, 'the popup is checked on the phone project');

let admin: BrowserContext | null = null;
let summaryId = '';

interface StudioItem { id: string; description: string; status: string; review_status: string }

test.beforeAll(async ({ browser, baseURL, isMobile }) => {
  if (!isMobile) return;
  test.setTimeout(240_000);
  const opened = await adminOnStudio(browser, baseURL!, ADMIN_PHONE);
  admin = opened.context;
  const { page } = opened;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-e2e-tldr-'));
  const clip = await makeClip(path.join(dir, 'summary.mp4'), { width: 360, height: 640, durationS: 6 });
  const description = `TLDR summary ${Date.now()}`;
  await uploadInStudio(page, { file: clip, description, topic: TOPIC, tldr: true });
  let item: StudioItem | undefined;
  await expect(async () => {
    const items = ((await (await page.request.get('/uploader/api/v1/video?scope=mine&status=All')).json()) as { items: StudioItem[] }).items;
    item = items.find((i) => i.description === description);
    expect(item?.status).toBe('ready');
  }).toPass({ timeout: 120_000 });
  summaryId = item!.id;
  if (item!.review_status !== 'Approved') await reviewReel(page.request, baseURL!, summaryId, 'Approved');
  fs.rmSync(dir, { recursive: true, force: true });
});

test.afterAll(async ({ baseURL }) => {
  if (!admin) return;
  if (summaryId) await reviewReel(admin.request, baseURL!, summaryId, 'Rejected');
  await admin.close();
});

/** The active feed reel's content id and time, and whether it is paused. */
function feedReel(page: Page) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement | null;
    const v = el?.querySelector('video') as HTMLVideoElement | null;
    return { id: el?.dataset.contentId ?? null, time: v?.currentTime ?? -1, paused: v?.paused ?? true };
  }, ACTIVE);
}

const popupVideo = (page: Page) => page.getByTestId('tldr-popup-video');

test('the TLDR popup opens from the header, its progress moves, a tap pauses, closing returns to the same reel and time', async ({ page }) => {
  await openFeed(page, '/reels');
  await waitPlaying(page, 1.5);
  const before = await feedReel(page);
  expect(before.id).not.toBeNull();

  await page.getByRole('link', { name: 'TLDR: topic summaries' }).click();
  const dialog = page.getByRole('dialog', { name: `${TOPIC}: the summary` });
  await expect(dialog).toBeVisible();
  // The feed's reel waits behind the popup.
  await expect.poll(async () => (await feedReel(page)).paused).toBe(true);
  const heldAt = (await feedReel(page)).time;

  // The summary plays and the bar follows it.
  const bar = dialog.getByRole('progressbar', { name: 'Summary progress' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = Number(await bar.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(first);

  // A tap pauses, the next resumes.
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => popupVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await dialog.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => popupVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  // The close button (Escape and a swipe down do the same) returns to the same reel, not started over.
  await dialog.getByRole('button', { name: 'Close the summary' }).click();
  await expect(dialog).toBeHidden();
  const after = await feedReel(page);
  expect(after.id).toBe(before.id);
  expect(after.time).toBeGreaterThanOrEqual(heldAt - 0.1);
  await expect.poll(async () => (await feedReel(page)).paused).toBe(false);
  expect((await feedReel(page)).time).toBeGreaterThanOrEqual(heldAt - 0.1);

  // Escape closes it too.
  await page.getByRole('link', { name: 'TLDR: topic summaries' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await feedReel(page)).id).toBe(before.id);
});

test('a summary watched to its end shows complete in the popup and on /tldr after a reload', async ({ page }) => {
  await openFeed(page, '/reels');
  await waitPlaying(page, 0.5);
  await page.getByRole('link', { name: 'TLDR: topic summaries' }).click();
  const dialog = page.getByRole('dialog', { name: `${TOPIC}: the summary` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('tldr-popup-complete')).toHaveCount(0);
  // To finish quickly: once it plays, go to just before its end.
  await expect.poll(() => popupVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.3);
  await popupVideo(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 0.6);
  });
  await expect(dialog.getByTestId('tldr-popup-complete')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Close the summary' }).click();

  // The completion reaches the server through the event pipeline (a second or two); /tldr reads it from there.
  const card = page.getByTestId('tldr-card').filter({ hasText: TOPIC });
  await expect(async () => {
    await page.goto('/tldr');
    await expect(card).toHaveAttribute('data-complete', 'true', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId('tldr-complete')).toHaveText('Complete');
  await page.reload();
  await expect(card).toHaveAttribute('data-complete', 'true');

  // The popup says so too, from the server.
  await openFeed(page, '/reels');
  await page.getByRole('link', { name: 'TLDR: topic summaries' }).click();
  await expect(page.getByRole('dialog', { name: `${TOPIC}: the summary` }).getByTestId('tldr-popup-complete')).toBeVisible();
});
