import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, devices, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with a fresh profile; `npx playwright install` cannot download here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

/**
 * Launches Chromium with a persistent context in a new temp profile.
 * @returns the context and a function that closes it and removes the profile.
 */
export async function launch(options: Parameters<typeof chromium.launchPersistentContext>[1] = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For one describe block: opens a phone-sized (Pixel 7) page on `baseURL`
 * before its tests, hands it to `ready`, and closes the browser after them.
 */
export function usePhonePage(baseURL: string, ready: (page: Page) => void): void {
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const launched = await launch({ ...devices['Pixel 7'], baseURL });
    close = launched.close;
    ready(await launched.context.newPage());
  });
  afterAll(async () => close?.());
}
