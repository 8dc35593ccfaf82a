import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { backupFileName, dumpEmbeddedDb } from '@/lib/db/backup';
import { getDb, openDb, setDb } from '@/lib/db/client';
import { callOperatorSocketForStream, embeddedDbPaths, runOperatorCommand } from '@/lib/db/operator-db';
import { env } from '@/lib/env';
import { writePrivateFile } from '@/lib/private-file';

/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the embedded
 * database (PGlite in `<DATA_DIR>/pglite`) as a gzip tarball, written to
 * `<file>` or by default to `<DATA_DIR>/backups/pglite-<UTC timestamp>.tar.gz`
 * (folder made 0700). Prints the file and its size in bytes.
 *
 * While the server runs it makes the copy (operation `db-dump` on its
 * operator socket, docs/decisions/030; lib/db/backup.ts dumpEmbeddedDb says
 * why the copy is consistent while requests keep writing) and streams it
 * here; with no server, this command takes the directory's lock and makes
 * the copy itself, without applying migrations (a backup before an upgrade
 * is of the old schema). The file is private (mode 0600 from its first
 * byte: it holds every user's personal data) and appears whole or not at
 * all (temp file, fsync, rename; lib/private-file.ts).
 *
 * Exit 1 with the reason: DATABASE_URL set (PostgreSQL is backed up with
 * pg_dump, docs/ops/deploy.md "Backups"), no database in DATA_DIR, or the
 * directory held by a process that does not answer on the socket.
 * Restore with `npm run db:restore -- <file>`.
 */

const USAGE = 'usage: npm run db:backup [-- <file.tar.gz>]   (default: <DATA_DIR>/backups/pglite-<UTC timestamp>.tar.gz)';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const e = env();
  if (e.DATABASE_URL) {
    console.error('db:backup: DATABASE_URL is set: PostgreSQL is backed up with pg_dump, not this command (docs/ops/deploy.md, "Backups")');
    return 1;
  }
  const paths = embeddedDbPaths(e.DATA_DIR);
  if (!fs.existsSync(path.join(paths.pgliteDir, 'PG_VERSION'))) {
    console.error(`db:backup: no embedded database at ${paths.pgliteDir} (is DATA_DIR right?)`);
    return 1;
  }
  let file: string;
  if (positionals[0]) {
    file = path.resolve(positionals[0]);
  } else {
    const dir = path.join(path.resolve(e.DATA_DIR), 'backups');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    file = path.join(dir, backupFileName());
  }

  const started = Date.now();
  const save = (body: Readable) => writePrivateFile(file, body);
  const { result: bytes, route } = await runOperatorCommand('db-dump', {}, async () => {
    // No server: this process holds the lock; open the directory as it is (no migrations) and copy it.
    setDb(openDb({ dataDir: paths.pgliteDir, migrate: false }));
    const tarball = await dumpEmbeddedDb(await getDb());
    return save(Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>));
  }, (socketPath) => callOperatorSocketForStream(socketPath, 'db-dump', {}, save));
  const how = route === 'server' ? 'by the running server' : 'under the lock (no server running)';
  console.log(`${file} ${bytes} bytes (${(bytes / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms, ${how}`);
  return 0;
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(`db:backup: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
