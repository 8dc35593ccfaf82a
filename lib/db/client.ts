import 'server-only';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';
import { env } from '../env';
import { setSingleton, singleton } from '../singleton';

/** The Drizzle database, typed once for both drivers (PGlite and node-postgres share the pg-core API). */
export type Db = NodePgDatabase<typeof schema>;

export interface DbHandle {
  db: Db;
  /** 'pglite' (embedded, DATABASE_URL unset) or 'postgres'. ARCHITECTURE.md decision 4. */
  kind: 'pglite' | 'postgres';
  /** The PGlite instance under `db` (kind 'pglite' only), for what Drizzle does not do: the backup's dump (lib/db/backup.ts). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Folder of the SQL migrations made by drizzle-kit. */
export const MIGRATIONS_DIR = path.join(root, 'drizzle');

export interface OpenDbOptions {
  /** PostgreSQL URL; unset opens PGlite. */
  url?: string;
  /** PGlite directory; 'memory://' for an in-memory database (tests). */
  dataDir?: string;
  /** Apply the pending migrations on open (default true); false opens the schema as it is (a backup before an upgrade). */
  migrate?: boolean;
  /**
   * PGlite only: start from this data directory tarball (PGlite's `dumpDataDir()`) instead of an
   * empty cluster. Skips initdb, the slow part of opening PGlite; tests open a migrated template
   * this way (tests/setup/db.ts).
   */
  loadDataDir?: Blob;
}

/**
 * Opens a database and applies the migrations (unless `migrate: false`). Prefer `getDb()`, which opens
 * it once per process (PGlite must never be opened twice on one directory).
 * @throws when the server is unreachable or a migration fails.
 */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzle(pool, { schema });
    if (opts.migrate !== false) await migrateLocked(pool, () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }));
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the search's spelling match (docs/decisions/031-search.md); its files load with the WASM module.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const db = drizzle(client, { schema });
  if (opts.migrate !== false) await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', pglite: client, close: () => client.close() };
}

/** Serialises migrations across processes sharing one PostgreSQL (web + workers, parallel test files). */
async function migrateLocked(pool: import('pg').Pool, run: () => Promise<void>): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(727274)');
    await run();
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    conn.release();
  }
}

/**
 * The process's database, opened on first use from the config:
 * PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pglite.
 */
export function getDb(): Promise<DbHandle> {
  return singleton('db', () => {
    const e = env();
    return openDb(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR, 'pglite') });
  });
}

/** Replaces the process's database (tests open an in-memory PGlite or a PostgreSQL URL). */
export function setDb(handle: Promise<DbHandle>): void {
  setSingleton('db', handle);
}

/** A database or an open transaction on it. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
