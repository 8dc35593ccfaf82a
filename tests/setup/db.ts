import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDb, setDb } from '@/lib/db/client';
import { migratedPgliteTemplate } from './pglite-template';

/**
 * Per test file: a database of the kind the project asks for (TEST_DB=pglite:
 * a fresh in-memory PGlite, started from a migrated template; TEST_DB=postgres: the server at DATABASE_URL)
 * and a private DATA_DIR, both installed as the process's own so services
 * under test use them.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-test-'));
process.env.DATA_DIR = dataDir;
process.env.STARTER_LIBRARY = 'false';
process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
const kind = process.env.TEST_DB ?? 'pglite';
if (kind === 'postgres' && !process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
const handle = kind === 'postgres'
  ? openDb({ url: process.env.DATABASE_URL })
  // The migrations still run on open: a no-op on the template, so a stale one cannot hide a missing migration.
  : migratedPgliteTemplate().then((template) => openDb({ dataDir: 'memory://', loadDataDir: template }));
setDb(handle);
// Opening the database (PGlite: WASM start and migrations) can take seconds on a busy machine.
beforeAll(() => handle.then(() => undefined), 60_000);

afterAll(async () => {
  await (await handle).close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
