import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/e2e/browser';

const port = process.env.E2E_PORT ?? '3917';
const baseURL = `http://127.0.0.1:${port}`;
// The embed tests check that these origins join frame-ancestors; workers inherit the value set here.
// http://localhost:<E2E_PARTNER_PORT> is a partner page (on another site than the app's 127.0.0.1)
// that the embed test serves itself; a public origin would be refused by Chromium's
// private-network rules before the frame loads.
process.env.E2E_PARTNER_PORT ??= String(Number(port) + 1);
process.env.CHAT_EMBED_ORIGINS ??= `https://partner.example,http://localhost:${process.env.E2E_PARTNER_PORT}`;

/**
 * End-to-end tests (ARCHITECTURE.md "Testing"): the built app, served by the
 * real server on a fresh PGlite and media folder holding four imported clips
 * (scripts/e2e-server.ts), driven in Debian's Chromium on a phone and on a
 * desktop. Playwright's own browser download does not work here: never
 * `npx playwright install`; CHROMIUM_PATH names another Chromium.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two cores shared by the browser and the server that renders its pages: one test at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list', { printSteps: false }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'] } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `${baseURL}/reels`,
    env: { E2E_PORT: port, CHAT_EMBED_ORIGINS: process.env.CHAT_EMBED_ORIGINS },
    // A first run builds the app (`next build`, 1-4 minutes on 2 cores) and imports the clips.
    timeout: 420_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
