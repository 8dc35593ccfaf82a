import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless; `npx playwright install` cannot download here. Used by playwright.config.ts and bench:phone. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

/**
 * Launches Chromium with a persistent context in a new temp profile (the
 * phone benchmark's cold start; the test suite gets its browser from
 * Playwright Test).
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
