import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
