import { defineConfig } from 'vitest/config';
import path from 'node:path';

/**
 * End-to-end tests: the built app, served by the real server on a fresh
 * PGlite and media folder, driven in Debian's Chromium through playwright-core
 * (ARCHITECTURE.md "Testing").
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
