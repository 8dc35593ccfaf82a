import { expect, test } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

/**
 * The chat's microphone with the server's speech-to-text (docs/api/voice.md),
 * in Chromium with its fake microphone (a tone, granted without a prompt):
 * MediaRecorder records in the browser's own format (WebM/Opus, whose header
 * carries no duration: the server measures it from the packets), the upload
 * goes with a one-time token, the stand-in recogniser of scripts/e2e-server.ts
 * hears it as "3kW pe kitni subsidy milegi?", and the chat shows that as the
 * person's message and answers it.
 */
test.use({
  launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
  permissions: ['microphone'],
});

const HEARD = '3kW pe kitni subsidy milegi?';

test('a spoken question is recorded, uploaded once, transcribed and answered', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one browser is enough for the microphone');
  const uploads: Array<{ type: string; status: number }> = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/recommendation-service/api/v1/chat/audio') {
      uploads.push({ type: r.request().headers()['content-type'] ?? '', status: r.status() });
    }
  });
  await page.goto('/assistant');
  await page.locator('[data-testid="chat-screen"][data-hydrated="true"]').waitFor();
  await page.locator('[data-testid="chat-status"][data-status="connected"]').waitFor({ timeout: 30_000 });

  const mic = page.getByRole('button', { name: en.assistant.micStart });
  await expect(mic).toHaveAttribute('data-mode', 'server');
  await mic.click();
  // Recording: the countdown shows, and the same button now sends.
  await expect(page.getByText(/Recording… \d+ s left/)).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: en.assistant.micSend }).click();

  const asked = page.locator('[data-testid="chat-message"][data-role="user"]').last();
  await expect(asked).toContainText(HEARD);
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-ended', 'true', { timeout: 30_000 });
  await expect(answer.locator('[data-testid="chat-answer"]')).toContainText(/subsidy/i);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]!.type).toMatch(/^audio\/(webm|ogg|mp4)/);
  expect(uploads[0]!.status).toBe(200);
});
