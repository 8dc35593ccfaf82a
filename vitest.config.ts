import { defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = { '@': path.resolve(import.meta.dirname) };
const integrationFiles = ['tests/integration/**/*.test.ts'];

/**
 * Four kinds of test (ARCHITECTURE.md "Testing"): unit tests beside the
 * code; component tests (*.test.tsx, happy-dom, Testing Library, MSW
 * answering the API paths); integration tests on PGlite and, when DATABASE_URL is set, again on
 * PostgreSQL; media tests running the real ffmpeg. End-to-end tests run
 * separately (`npm run test:e2e`) against the built app.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two test files at a time, also on 2 cores (Vitest's default there is one): most files wait on
    // PostgreSQL, child processes or sockets, not the CPU. The unit project: 112 s with one worker,
    // 76 s with two. The media files still run one at a time (fileParallelism below).
    maxWorkers: 2,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'unit',
          include: ['{lib,features,server,components,stores}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true as const,
        test: {
          name: 'components',
          include: ['{features,components,app}/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/components.ts'],
        },
      },
      {
        extends: true as const,
        test: {
          name: 'integration-pglite',
          include: integrationFiles,
          setupFiles: ['tests/setup/db.ts'],
          env: { TEST_DB: 'pglite', LOG_LEVEL: 'silent' },
        },
      },
      ...(process.env.DATABASE_URL
        ? [{
            extends: true as const,
            test: {
              name: 'integration-postgres',
              include: integrationFiles,
              // One file at a time, after the others: the files share one database, and a job worker
              // started by one file takes the queued jobs another file is asserting on.
              maxWorkers: 1,
              sequence: { groupOrder: 1 },
              setupFiles: ['tests/setup/db.ts'],
              env: { TEST_DB: 'postgres', LOG_LEVEL: 'silent' },
            },
          }]
        : []),
      {
        extends: true as const,
        test: {
          name: 'media',
          include: ['tests/media/**/*.test.ts'],
          setupFiles: ['tests/setup/db.ts'],
          env: { TEST_DB: 'pglite', LOG_LEVEL: 'silent' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
