import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, openDb } from '@/lib/db/client';

const root = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'surya-reels-tests');

/**
 * The key of the migrated template: every file of the migrations folder,
 * the code that opens PGlite (its options and extensions) and the installed
 * PGlite version. Any change to one of them makes a new template.
 */
function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  hash.update(fs.readFileSync(path.join(root, 'lib/db/client.ts')));
  hash.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A tarball of an in-memory PGlite with every migration applied, made once
 * and kept under node_modules/.cache, so each test file starts its own
 * database from it (about 1 s) instead of running initdb and the migrations
 * (about 5 s on 2 cores). Parallel test files may both make it; each writes
 * a temporary file and renames it, so a reader sees a whole file or none.
 * @returns the tarball (uncompressed, as PGlite's `dumpDataDir('none')` writes it).
 * @throws when PGlite cannot be opened or a migration fails.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const file = path.join(cacheDir, `pglite-${templateKey()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const handle = await openDb({ dataDir: 'memory://' });
  try {
    const dump = await handle.pglite!.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
    return new Blob([bytes]);
  } finally {
    await handle.close();
  }
}
