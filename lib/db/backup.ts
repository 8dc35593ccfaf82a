import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { MIGRATIONS_DIR, type DbHandle } from './client';

/**
 * Backups of the embedded database (`npm run db:backup`, `npm run
 * db:restore`; docs/ops/deploy.md "Backups"): a backup is PGlite's data
 * directory as a gzip tarball (`PGlite.dumpDataDir`), taken by the process
 * that holds the directory (the server, through its operator socket, or a
 * command under the lock; docs/decisions/030), and restored by unpacking it
 * into a new directory with PGlite's `loadDataDir` and starting Postgres on
 * it before it replaces the live one.
 */

/**
 * A consistent copy of the embedded database, as a gzip tarball of its data
 * directory (bytes in memory: some MB for a small database, mostly the
 * write-ahead log's zero-filled segment).
 *
 * Consistency: PGlite is one Postgres session behind two mutexes.
 * `query()`, `exec()` and `transaction()` hold its *transaction* mutex for
 * their whole run (a `transaction()` from BEGIN to COMMIT, across the
 * awaits of its callback) and its *query* mutex per statement. In 0.5.16
 * `dumpDataDir()` takes only the query mutex, and `runExclusive()` is that
 * same query mutex, so either alone could copy the files between two
 * statements of an open transaction. (Postgres would still recover such a
 * copy to a consistent state, the open transaction having no commit record,
 * but we do not lean on that.) Here the whole dump runs inside the
 * transaction mutex, where no transaction is open and none can start:
 * first a CHECKPOINT (every committed change goes from shared buffers into
 * the data files, so the restored copy has almost no WAL to replay), then
 * `dumpDataDir('none')`, which reads every file into an uncompressed tar in
 * one synchronous pass. The server's writes wait meanwhile (0.3 s for a
 * small database: some 40 MB of files, most of it the WAL segment) and
 * then go on; the gzip runs after that.
 * @throws Error when `handle` is PostgreSQL's (back that up with pg_dump).
 */
export async function dumpEmbeddedDb(handle: DbHandle): Promise<Blob> {
  const pg = handle.pglite;
  if (!pg) throw new Error('the database is PostgreSQL (DATABASE_URL): back it up with pg_dump (docs/ops/deploy.md, "Backups")');
  const { protocol } = await import('@electric-sql/pglite');
  const tar = await pg._runExclusiveTransaction(async () => {
    await pg._runExclusiveQuery(() => pg.execProtocol(protocol.serialize.query('CHECKPOINT')));
    return pg.dumpDataDir('none');
  });
  // Compressed after the mutexes are free, on zlib's thread pool: writes wait for the copy only, not for gzip.
  return new Blob([await gzipAsync(new Uint8Array(await tar.arrayBuffer()))], { type: 'application/gzip' });
}

const gzipAsync = promisify(gzip);

/** A file that is not a usable backup of the embedded database; the message says what is wrong with it. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** What a checked backup file holds. */
export interface BackupTar {
  /** The uncompressed tarball, bytes. */
  tar: Uint8Array;
  /** Number of entries (files and folders). */
  entries: number;
  /** Postgres major version of the data directory (its PG_VERSION file), e.g. "17". */
  pgVersion: string;
}

const TAR_BLOCK = 512;
const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Checks that `bytes` (a file's content) has the shape of a backup before
 * anything unpacks it: a tar archive, gzip-compressed or not, whose every
 * header's checksum holds and every entry lies wholly inside the file, with
 * `PG_VERSION` and `global/pg_control` at its root (a Postgres data
 * directory). PGlite's own unpacking fails on a bad file with an error it
 * also leaves unhandled, which would end the process; this check comes first.
 * @returns the uncompressed tarball and what it holds.
 * @throws BackupFileError naming the first problem (empty, bad gzip, bad or
 *   truncated tar, not a data directory).
 */
export function readBackupTar(bytes: Uint8Array): BackupTar {
  if (bytes.byteLength === 0) throw new BackupFileError('the file is empty');
  let tar: Uint8Array = bytes;
  if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
    try {
      tar = gunzipSync(bytes);
    } catch (err) {
      throw new BackupFileError(`it starts as gzip but does not decompress (${(err as Error).message}): damaged or cut short`);
    }
  }
  const names = new Map<string, { offset: number; size: number }>();
  let offset = 0;
  let entries = 0;
  while (offset + TAR_BLOCK <= tar.byteLength) {
    const header = tar.subarray(offset, offset + TAR_BLOCK);
    if (header.every((b) => b === 0)) break; // the end-of-archive marker
    if (!tarChecksumHolds(header)) {
      throw new BackupFileError(entries === 0
        ? 'it is neither a gzip nor a tar file'
        : `the tar archive is damaged at byte ${offset} (a header's checksum does not match)`);
    }
    const size = parseOctal(header.subarray(124, 136));
    const prefix = text(header.subarray(345, 500));
    const name = (prefix ? `${prefix}/` : '') + text(header.subarray(0, 100));
    const dataStart = offset + TAR_BLOCK;
    if (size === null || dataStart + size > tar.byteLength) {
      throw new BackupFileError(`the tar archive is cut short: entry "${name}" runs past the end of the file`);
    }
    names.set(name.replace(/^(\.?\/)+/, ''), { offset: dataStart, size });
    entries += 1;
    offset = dataStart + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
  if (entries === 0) throw new BackupFileError('it is neither a gzip nor a tar file');
  const version = names.get('PG_VERSION');
  if (!version || !names.has('global/pg_control')) {
    throw new BackupFileError('the archive is not a Postgres data directory (no PG_VERSION and global/pg_control at its root)');
  }
  const pgVersion = Buffer.from(tar.subarray(version.offset, version.offset + version.size)).toString('utf8').trim();
  return { tar, entries, pgVersion };
}

/** A tar header's checksum (bytes 148-155, octal) is the sum of its bytes with that field read as spaces. */
function tarChecksumHolds(header: Uint8Array): boolean {
  const stored = parseOctal(header.subarray(148, 156));
  if (stored === null) return false;
  let sum = 0;
  for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum === stored;
}

/** An octal number field of a tar header (NUL or space padded); null when it is not one. */
function parseOctal(field: Uint8Array): number | null {
  const s = text(field).trim();
  return /^[0-7]+$/.test(s) ? parseInt(s, 8) : null;
}

/** A NUL-terminated text field of a tar header. */
function text(field: Uint8Array): string {
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8');
}

/** What a backup opened as a database holds: proof that it is this app's database, and no personal data. */
export interface BackupSummary {
  /** Rows of `users`. */
  users: number;
  /** Rows of Drizzle's migrations table (`drizzle.__drizzle_migrations`): the schema's version. */
  migrations: number;
  /** Migrations this code has (drizzle/meta/_journal.json); the server applies the newer ones at start. */
  codeMigrations: number;
}

/**
 * Opens a checked backup (`readBackupTar`'s `tar`) as a PGlite database in
 * `dataDir`, which must not hold a database yet (an absent or empty
 * folder): PGlite's `loadDataDir` unpacks the tarball into it and Postgres
 * starts on it (recovering as after a crash, which the dump's CHECKPOINT
 * keeps short), then counts the users and the applied migrations and
 * closes it. The folder then holds the restored database, ready to be moved
 * into place. Takes seconds (the WASM start).
 * @throws BackupFileError when Postgres does not start on the files, or they
 *   lack this app's tables; the file system's error for `dataDir`.
 */
export async function openBackupInto(backup: BackupTar, dataDir: string): Promise<BackupSummary> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
  fs.mkdirSync(dataDir, { recursive: true });
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create({ dataDir, loadDataDir: new Blob([Buffer.from(backup.tar)], { type: 'application/x-tar' }) });
  } catch (err) {
    throw new BackupFileError(`Postgres did not start on it: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const count = async (table: string) => (await pg.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;
    return { users: await count('public.users'), migrations: await count('drizzle.__drizzle_migrations'), codeMigrations: codeMigrationCount() };
  } catch (err) {
    throw new BackupFileError(`it opened but is not this app's database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await pg.close();
  }
}

/** Migrations in this code's drizzle folder. */
function codeMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** `pglite-<UTC timestamp>.tar.gz`, e.g. `pglite-20250114T021500Z.tar.gz`: sorts by time, no colons. */
export function backupFileName(now: Date = new Date()): string {
  return `pglite-${utcStamp(now)}.tar.gz`;
}

/** A UTC timestamp for file names, to the second: `20250114T021500Z`. */
export function utcStamp(now: Date = new Date()): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}
