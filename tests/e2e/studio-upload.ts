import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { makeClip } from '../fixtures/clips';
import { finishOnboarding, signInByApi } from './sign-in';

/**
 * Uploads `file` from the studio's Upload form as the signed-in creator, into
 * `topic` (first category and option), and waits for "Uploaded — waiting for
 * review". `tldr` ticks "This is a TLDR video".
 */
export async function uploadInStudio(page: Page, opts: { file: string; description: string; topic: string; tldr?: boolean }): Promise<void> {
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('button', { name: 'Upload', exact: true }).click();
  const form = page.getByRole('form', { name: 'Upload a video' });
  await form.getByLabel('Topic').selectOption({ label: opts.topic });
  await form.getByLabel('Category').selectOption({ index: 1 });
  await form.getByLabel('Option').selectOption({ index: 1 });
  await form.getByLabel('Description').fill(opts.description);
  if (opts.tldr) await form.getByLabel('This is a TLDR video').check();
  await form.getByLabel('Video file (up to 200 MB)').setInputFiles(opts.file);
  await form.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Uploaded — waiting for review').first()).toBeVisible({ timeout: 60_000 });
}

/**
 * Moves a reel's review as a signed-in reviewer through the API
 * (POST /uploader/api/v1/content/status): approve it, or take it down with
 * the end-to-end tests' reason. Expects a 200.
 */
export async function reviewReel(request: APIRequestContext, origin: string, contentId: string, status: 'Approved' | 'Rejected'): Promise<void> {
  const res = await request.post('/uploader/api/v1/content/status', {
    data: { content_id: contentId, status, ...(status === 'Rejected' ? { reason: 'End-to-end test clip' } : {}) },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A new browser context signed in as the admin of `phone` (one of
 * ADMIN_PHONES, scripts/e2e-server.ts: one per spec, OTP limits are per
 * phone), with a page on the studio and the first-visit dialog closed.
 * The caller closes the context.
 */
export async function adminOnStudio(browser: Browser, baseURL: string, phone: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInByApi(page, phone);
  await page.goto('/studio');
  await finishOnboarding(page);
  return { context, page };
}

/**
 * Makes a clip (`makeClip`, `durationS` seconds at `fps` frames a second:
 * vary them, the studio refuses a video it already has) and uploads it
 * through POST /uploader/api/v1/uploadvideo as `page`'s user, under the
 * option of the feed's first reel.
 * @returns the new reel's content id (processing: see `waitUntilReady`).
 */
export async function uploadByApi(page: Page, baseURL: string, opts: { description: string; lang: 'en' | 'hi' | 'he'; durationS: number; fps?: number }): Promise<string> {
  const feed = (await (await page.request.get('/feeds-server/api/v1/feeds?page=1&lang=all')).json()) as { feeds: { option: string }[] };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-e2e-upload-'));
  try {
    const clip = await makeClip(path.join(dir, 'clip.mp4'), { width: 360, height: 640, durationS: opts.durationS, ...(opts.fps ? { fps: opts.fps } : {}) });
    const up = await page.request.post('/uploader/api/v1/uploadvideo', {
      headers: { origin: baseURL },
      multipart: {
        option_id: feed.feeds[0].option, description: opts.description, lang: opts.lang, is_tldr: 'false',
        file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
      },
    });
    expect(up.status(), await up.text()).toBe(201);
    return ((await up.json()) as { content_id: string }).content_id;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until the studio says reel `id` is ready (transcoded), up to 120 s. */
export async function waitUntilReady(request: APIRequestContext, id: string): Promise<void> {
  await expect(async () => {
    const res = await request.get(`/uploader/api/v1/content/${id}`);
    expect(((await res.json()) as { status: string }).status).toBe('ready');
  }).toPass({ timeout: 120_000 });
}
