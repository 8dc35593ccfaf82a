import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/lib/ensure-build';
import { startTestServer } from '../../scripts/lib/test-server';

/**
 * Builds the app if needed, then starts the real server on a fresh data
 * folder (embedded PGlite, whatever DATABASE_URL says) holding four clips
 * imported through the media pipeline, and hands its URL to the tests.
 */
export default async function setup(project: TestProject) {
  ensureBuild(path.resolve(import.meta.dirname, '../..'));
  const server = await startTestServer(4);
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
