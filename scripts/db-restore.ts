import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupFileError, openBackupInto, readBackupTar, utcStamp } from '@/lib/db/backup';
import { DatabaseLockedError, embeddedDbPaths, lockEmbeddedDb } from '@/lib/db/operator-db';
import { env } from '@/lib/env';

/**
 * `npm run db:restore -- <file>`: puts a backup made by `npm run db:backup`
 * in place of the embedded database (`<DATA_DIR>/pglite`). The server must
 * be stopped: the command takes the directory's lock and refuses while a
 * server (or another command) holds it.
 *
 * Nothing changes until the backup has proved itself: the file is checked
 * as a tarball of a Postgres data directory (lib/db/backup.ts
 * readBackupTar), unpacked into `<DATA_DIR>/pglite.restore-<ts>` and opened
 * there with PGlite (Postgres starts on it; the users and the applied
 * migrations are counted). Only then is the current directory moved aside
 * to `<DATA_DIR>/pglite.before-restore-<ts>` (kept: delete it once the
 * restored data is checked) and the restored one renamed into its place,
 * on the same file system. Start the server afterwards; it applies any
 * migrations newer than the backup.
 *
 * Exit 1 with the reason (nothing changed): DATABASE_URL set (PostgreSQL is
 * restored with pg_restore, docs/ops/deploy.md "Backups"), the lock held,
 * no such file, or a file that is not a usable backup.
 */

const USAGE = 'usage: npm run db:restore -- <backup.tar.gz>   (stop the server first)';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const e = env();
  if (e.DATABASE_URL) {
    console.error('db:restore: DATABASE_URL is set: PostgreSQL is restored with pg_restore, not this command (docs/ops/deploy.md, "Backups")');
    return 1;
  }
  const file = path.resolve(positionals[0]);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    console.error(`db:restore: cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }
  const refuse = (why: string) => {
    console.error(`db:restore: ${file} is not a usable backup: ${why}; nothing was changed`);
    return 1;
  };
  let backup;
  try {
    backup = readBackupTar(bytes);
  } catch (err) {
    if (err instanceof BackupFileError) return refuse(err.message);
    throw err;
  }

  const paths = embeddedDbPaths(e.DATA_DIR);
  let release: () => Promise<void>;
  try {
    release = await lockEmbeddedDb(e.DATA_DIR);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`db:restore: ${err.message}; nothing was changed`);
      return 1;
    }
    throw err;
  }
  try {
    const stamp = utcStamp();
    const staging = `${paths.pgliteDir}.restore-${stamp}`;
    let summary;
    try {
      summary = await openBackupInto(backup, staging);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (err instanceof BackupFileError) return refuse(err.message);
      throw err;
    }
    let aside: string | null = null;
    if (fs.existsSync(paths.pgliteDir)) {
      aside = `${paths.pgliteDir}.before-restore-${stamp}`;
      fs.renameSync(paths.pgliteDir, aside);
    }
    fs.renameSync(staging, paths.pgliteDir);
    console.log(`restored ${file} into ${paths.pgliteDir}: ${summary.users} users, `
      + `${summary.migrations} migrations applied (this code has ${summary.codeMigrations}), Postgres ${backup.pgVersion}`);
    if (summary.migrations > summary.codeMigrations) {
      console.log('warning: the backup comes from a newer version of the app than this code; run that version');
    }
    console.log(aside ? `the previous database is kept at ${aside}; delete it once the restored data is checked` : 'there was no database before');
    return 0;
  } finally {
    await release();
  }
}

main().then((code) => process.exit(code), (err: unknown) => {
  console.error(`db:restore: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
