import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeClip } from '../fixtures/clips';
import { newPhone, signInFromProfile } from './sign-in';
import { uploadInStudio } from './studio-upload';

/**
 * The studio end to end (docs/decisions/008): a creator signs in and uploads
 * a generated clip from a phone, sees it Pending; a reviewer approves it and
 * a visitor sees it in the feed; a second clip rejected with a reason shows
 * the reason to the creator; the topic's add-content view leads a creator
 * from a reel to the upload form filed under it. The reviewer is the admin of ADMIN_PHONES
 * (scripts/e2e-server.ts), who first makes the creator a CREATOR of the topic.
 */
const ADMIN_PHONE = '9999900001';
const TOPIC = 'E2E Basics';

interface StudioItem { id: string; description: string; status: string; review_status: string; review_reason: string | null }

async function myUploads(request: APIRequestContext): Promise<StudioItem[]> {
  const res = await request.get('/uploader/api/v1/video?scope=mine&status=All');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: StudioItem[] }).items;
}

/** Waits until the creator's upload `description` is transcoded; returns its id. */
async function waitReady(request: APIRequestContext, description: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const item = (await myUploads(request)).find((i) => i.description === description);
    if (item?.status === 'ready') return item.id;
    if (item?.status === 'failed') throw new Error(`transcode failed for ${description}`);
    if (Date.now() > deadline) throw new Error(`${description} not ready in time`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function upload(page: Page, file: string, description: string): Promise<void> {
  await page.goto('/studio');
  await uploadInStudio(page, { file, description, topic: TOPIC });
}

test.describe('studio', () => {
  test('a creator uploads from a phone, a reviewer approves, a visitor sees it; a rejected clip shows its reason', async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the flow is a phone flow; one run is enough');
    test.setTimeout(300_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-e2e-studio-'));
    const stamp = Date.now();
    const clipA = await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, durationS: 4 });
    const clipB = await makeClip(path.join(dir, 'b.mp4'), { width: 360, height: 640, durationS: 5 });
    const first = `Studio clip A ${stamp}`;
    const second = `Studio clip B ${stamp}`;

    // The creator signs in; the admin makes them a CREATOR of the topic.
    await signInFromProfile(page, newPhone(), true);
    const creatorId = ((await (await page.request.get('/auth/api/v1/me')).json()) as { userId: string }).userId;
    const admin = await browser.newContext({ ...testInfo.project.use });
    const adminPage = await admin.newPage();
    await signInFromProfile(adminPage, ADMIN_PHONE, true);
    const topics = ((await (await adminPage.request.get('/uploader-read/api/v3/topics')).json()) as { topics: Array<{ id: string; name: string }> }).topics;
    const topic = topics.find((t) => t.name === TOPIC)!;
    const granted = await adminPage.request.post(`/auth/api/v1/topic/${topic.id}/topic_role`, { data: { user_id: creatorId, role: 'CREATOR' } });
    expect(granted.ok()).toBe(true);

    // Upload from the phone; it waits for review.
    await upload(page, clipA, first);
    const mine = page.getByRole('tablist', { name: 'Filter by state' });
    await mine.getByRole('tab', { name: 'Pending' }).click();
    await expect(page.getByText(first)).toBeVisible();
    const idA = await waitReady(page.request, first);
    const feedUrl = `/feeds-server/api/v1/feeds?topic_id=${topic.id}`;
    const inFeed = async (req: APIRequestContext, id: string) =>
      ((await (await req.get(feedUrl)).json()) as { feeds: Array<{ id: string }> }).feeds.some((f) => f.id === id);
    expect(await inFeed(page.request, idA)).toBe(false);

    // The reviewer approves it in the queue.
    await adminPage.goto('/studio');
    await adminPage.getByRole('navigation', { name: 'Studio sections' }).getByRole('button', { name: 'Review' }).click();
    // A row waiting for review is one with an Approve button; once approved it moves to the Approved list.
    const pendingRow = (p: Page, text: string) => p.getByRole('listitem').filter({ hasText: text }).filter({ has: p.getByRole('button', { name: 'Approve' }) });
    const moved = (p: Page) => p.waitForResponse((r) => new URL(r.url()).pathname === '/uploader/api/v1/content/status' && r.ok());
    const rowA = pendingRow(adminPage, first);
    const approved = moved(adminPage);
    await rowA.getByRole('button', { name: 'Approve' }).click();
    await approved;
    await expect(rowA).toHaveCount(0);

    // A visitor sees it: in the feed and on its page.
    const visitor = await browser.newContext({ ...testInfo.project.use });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/content/${idA}`);
    await expect(visitorPage.locator(`[data-testid="reel"][data-content-id="${idA}"]`)).toBeAttached();
    expect(await inFeed(visitorPage.request, idA)).toBe(true);

    // A second clip is rejected with a reason, which the creator sees.
    await upload(page, clipB, second);
    await waitReady(page.request, second);
    await adminPage.reload();
    await adminPage.getByRole('navigation', { name: 'Studio sections' }).getByRole('button', { name: 'Review' }).click();
    const rowB = adminPage.getByRole('listitem').filter({ hasText: second });
    await rowB.getByRole('button', { name: 'Reject' }).click();
    await rowB.getByLabel('Reason for rejecting').fill('The numbers on screen are too small to read.');
    const rejectedMove = moved(adminPage);
    await rowB.getByRole('button', { name: 'Reject' }).click();
    await rejectedMove;
    await expect(rowB).toHaveCount(0);

    await page.goto('/studio');
    await page.getByRole('tablist', { name: 'Filter by state' }).getByRole('tab', { name: 'Rejected' }).click();
    const rejected = page.getByRole('listitem').filter({ hasText: second });
    await expect(rejected).toContainText('Reason: The numbers on screen are too small to read.');

    // The add-content view of the topic: its reels without the tab bar; a reel's profile stack
    // opens the upload form filed under that reel's option.
    await page.goto(`/studio/topic/${topic.id}`);
    await expect(page.locator('[data-testid="reel-player"]')).toBeVisible();
    await expect(page.locator('nav[data-tabbar]')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Add a reel', exact: true })).toBeVisible();
    const stack = page.locator('[data-testid="reel"][data-active="true"] [data-testid="profile-stack"]');
    const stackHref = new URL((await stack.getAttribute('href'))!, 'http://x');
    await stack.click();
    await page.waitForURL(/\/studio\?section=upload/);
    const form = page.getByRole('form', { name: 'Upload a video' });
    await expect(form.getByLabel('Option')).toHaveValue(stackHref.searchParams.get('option_id')!);
    await expect(form.getByLabel('Topic')).toHaveValue(topic.id);
    await expect(page.locator('nav[data-tabbar]')).toBeVisible();

    await admin.close();
    await visitor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
