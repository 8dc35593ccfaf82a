import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { sql } from 'drizzle-orm';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import { MIGRATIONS_DIR, getDb, type DbHandle } from '@/lib/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { onShutdown } from '@/lib/shutdown';
import { getStorage } from '@/lib/storage/storage';
import type { LocalStorage } from '@/lib/storage/local';
import type { S3Storage } from '@/lib/storage/s3';
import { TimeoutError, withTimeout } from '@/lib/timeout';

/**
 * Liveness and readiness probes for load balancers and orchestrators:
 * - `GET /healthz`: the process answers (no I/O): 200 `{"status":"ok"}`.
 * - `GET /readyz`: whether this process should get traffic: 503
 *   `{"status":"starting"}` until server/index.ts has finished starting,
 *   503 `{"status":"draining"}` once a stop signal began a graceful stop
 *   (server/graceful.ts), else each check run (database, migrations,
 *   media_storage, and redis when REDIS_URL is set): 200
 *   `{"status":"ready","checks":{...}}` when all pass, 503
 *   `{"status":"unready","checks":{...}}` naming the failing ones.
 * Results are cached READINESS_CACHE_MS so frequent probes cannot hammer
 * the database. Answers hold no personal data: a failing check says
 * "timed out", an error code or a migration tag, never an error's text
 * (a driver's message may name a user or a host); the full error goes to
 * the log. The request listener routes these paths before the Host check,
 * the visitor cookie and the rate limits (server/request-listener.ts).
 */

/** Where the process is in its life: readiness says 503 unless `ready`. */
export type ServingState = 'starting' | 'ready' | 'draining';

/** One check's outcome in the /readyz answer; `ms` is its run time (database only). */
export interface CheckResult { ok: boolean; ms?: number; error?: string }

/** The /readyz body. */
export type ReadinessBody =
  | { status: 'starting' | 'draining' }
  | { status: 'ready' | 'unready'; checks: Record<string, CheckResult> };

/** A readiness check: resolves when the dependency is usable; throws (ideally a CheckFailed) when not. */
export type ReadinessCheck = () => Promise<void>;

/** The checks /readyz runs, by the name its answer gives them. */
export interface ReadinessChecks {
  database: ReadinessCheck;
  migrations: ReadinessCheck;
  media_storage: ReadinessCheck;
  /** Only when REDIS_URL is set. */
  redis?: ReadinessCheck;
}

/** A check's failure whose message is safe to show in the /readyz answer. */
export class CheckFailed extends Error {}

/** How long a readiness result is reused, ms. */
export const READINESS_CACHE_MS = 1000;
/** How long one check may take before it counts as failed, ms. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;
/** Checks whose run time the answer reports. */
const TIMED: ReadonlySet<string> = new Set(['database']);

/** What the answer says of a failure: the CheckFailed's message, a timeout, an error code, else just "failed". */
function shownError(err: unknown): string {
  if (err instanceof CheckFailed || err instanceof TimeoutError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code)) return `failed (${code})`;
  return 'failed';
}

/** The database answers `select 1` (through `getDb()` unless a handle is given). */
export function databaseCheck(handle: () => Promise<DbHandle> = getDb): ReadinessCheck {
  return async () => {
    const { db } = await handle();
    await db.execute(sql`select 1`);
  };
}

/** One entry of drizzle-kit's journal (drizzle/meta/_journal.json). */
export interface JournalEntry { tag: string; when: number }

/** The migrations this build ships, from drizzle-kit's journal in MIGRATIONS_DIR. */
export async function readJournal(dir: string = MIGRATIONS_DIR): Promise<JournalEntry[]> {
  const text = await fs.readFile(path.join(dir, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries.map((e) => ({ tag: e.tag, when: Number(e.when) }));
}

/**
 * Every migration of the journal is applied: drizzle's migrator records each
 * one it applies in `drizzle.__drizzle_migrations` with `created_at` = the
 * journal entry's `when` (drizzle-orm's pg migrator, used by lib/db/client.ts
 * openDb), so an entry whose `when` is missing there is not applied.
 * @throws CheckFailed naming the tags not applied, or saying the table is missing.
 */
export function migrationsCheck(
  handle: () => Promise<DbHandle> = getDb, journal: () => Promise<JournalEntry[]> = readJournal,
): ReadinessCheck {
  let shipped: Promise<JournalEntry[]> | null = null;
  return async () => {
    shipped ??= journal().catch((err: unknown) => {
      shipped = null;
      throw err;
    });
    const [entries, { db }] = await Promise.all([shipped, handle()]);
    let applied: Set<number>;
    try {
      const res = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ created_at: unknown }> };
      applied = new Set(res.rows.map((r) => Number(r.created_at)));
    } catch (err) {
      if ((err as { code?: unknown }).code === '42P01' || (err as { code?: unknown }).code === '3F000') {
        throw new CheckFailed('no migrations table');
      }
      throw err;
    }
    const pending = entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
    if (pending.length > 0) throw new CheckFailed(`not applied: ${pending.join(', ')}`);
  };
}

/** Folder, inside local storage, of the readiness probe files; S3 key prefix of the probe objects. */
export const HEALTH_PREFIX = 'health';

/**
 * Media storage takes a write: local storage writes and deletes a probe file
 * under `<root>/health/` (the directory exists and is writable, the disk
 * takes a write); S3 puts and deletes a tiny object under `health/`.
 */
export function mediaStorageCheck(storage: () => LocalStorage | S3Storage = getStorage): ReadinessCheck {
  return async () => {
    const s = storage();
    const name = `probe-${os.hostname().replace(/[^A-Za-z0-9_-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
    if (s.kind === 'local') {
      const dir = path.join(s.root, HEALTH_PREFIX);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      await fs.writeFile(file, 'ok', { flag: 'wx' });
      await fs.unlink(file);
      return;
    }
    const Key = `${HEALTH_PREFIX}/${name}`;
    await s.client.send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: 'ok', ContentType: 'text/plain' }));
    await s.client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key }));
  };
}

/**
 * Redis answers PING, on a client of its own (created on the first check,
 * so a process never probed opens nothing; closed by `close()` and at
 * shutdown). A down Redis fails the check within the check timeout.
 */
export function redisCheck(url: string): { check: ReadinessCheck; close: () => Promise<void> } {
  let client: Redis | null = null;
  let warned = false;
  const close = async () => {
    const c = client;
    client = null;
    if (!c) return;
    if (c.status === 'ready') await c.quit().catch(() => c.disconnect());
    else c.disconnect();
  };
  return {
    check: async () => {
      if (!client) {
        client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: READINESS_CHECK_TIMEOUT_MS });
        // Errors surface through the check's answer; one log line, not one per retry.
        client.on('error', (err) => {
          if (warned) return;
          warned = true;
          logger().warn({ err }, 'readiness Redis client error');
        });
        client.on('ready', () => {
          warned = false;
        });
        onShutdown('readiness Redis', close);
      }
      const answer = await client.ping();
      if (answer !== 'PONG') throw new CheckFailed('unexpected answer to PING');
    },
    close,
  };
}

/**
 * The product's readiness checks from the config: the process's database,
 * its migrations, its media storage, and Redis when REDIS_URL is set.
 * @returns the checks and close() (the Redis probe's client).
 */
export function defaultReadinessChecks(): { checks: ReadinessChecks; close: () => Promise<void> } {
  const url = env().REDIS_URL;
  const redis = url ? redisCheck(url) : null;
  return {
    checks: {
      database: databaseCheck(),
      migrations: migrationsCheck(),
      media_storage: mediaStorageCheck(),
      ...(redis ? { redis: redis.check } : {}),
    },
    close: async () => {
      await redis?.close();
    },
  };
}

export interface HealthOptions {
  checks: ReadinessChecks;
  /** Reuse of a result, ms (default READINESS_CACHE_MS). */
  cacheMs?: number;
  /** Per-check timeout, ms (default READINESS_CHECK_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** The probes of one process: its serving state and the /healthz and /readyz answers. */
export interface Health {
  /** Where the process is: starting until markReady, draining after markDraining. */
  state(): ServingState;
  /** Start-up is done (server/index.ts: listening, background started). */
  markReady(): void;
  /** A graceful stop began: /readyz says draining from now on (it never goes back). */
  markDraining(): void;
  /** The /readyz status code and body (checks run at most once per cacheMs). */
  readiness(): Promise<{ status: 200 | 503; body: ReadinessBody }>;
  /** Answers a GET or HEAD of `probe` (the listener has checked the method). */
  handle(probe: HealthProbe, req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
}

/** The two probe paths. */
export type HealthProbe = 'healthz' | 'readyz';

/** Which probe `url` (a request target) asks for, or null: exactly `/healthz` or `/readyz`, any query. */
export function healthProbeOf(url: string): HealthProbe | null {
  const q = url.indexOf('?');
  const p = q < 0 ? url : url.slice(0, q);
  if (p === '/healthz') return 'healthz';
  if (p === '/readyz') return 'readyz';
  return null;
}

/** Creates the probes of a process, in state `starting`. */
export function createHealth(opts: HealthOptions): Health {
  const cacheMs = opts.cacheMs ?? READINESS_CACHE_MS;
  const timeoutMs = opts.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  let state: ServingState = 'starting';
  let cached: { at: number; value: Promise<{ status: 200 | 503; body: ReadinessBody }> } | null = null;
  const failing = new Set<string>();

  async function runChecks(): Promise<{ status: 200 | 503; body: ReadinessBody }> {
    const entries = Object.entries(opts.checks).filter((e): e is [string, ReadinessCheck] => typeof e[1] === 'function');
    const results = await Promise.all(entries.map(async ([name, check]): Promise<[string, CheckResult]> => {
      const t0 = performance.now();
      try {
        await withTimeout(check(), timeoutMs);
        if (failing.delete(name)) logger().info({ check: name }, 'readiness check passes again');
        return [name, TIMED.has(name) ? { ok: true, ms: Math.round(performance.now() - t0) } : { ok: true }];
      } catch (err) {
        // Logged when a check starts failing, not on every probe.
        if (!failing.has(name)) logger().warn({ err, check: name }, 'readiness check failed');
        failing.add(name);
        return [name, { ok: false, error: shownError(err) }];
      }
    }));
    const checks = Object.fromEntries(results);
    const ok = results.every(([, r]) => r.ok);
    return { status: ok ? 200 : 503, body: { status: ok ? 'ready' : 'unready', checks } };
  }

  const health: Health = {
    state: () => state,
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markDraining() {
      state = 'draining';
    },
    async readiness() {
      if (state !== 'ready') return { status: 503, body: { status: state } };
      // An answer is reused cacheMs after it settled; probes arriving while checks run share them.
      if (!cached || Date.now() - cached.at >= cacheMs) {
        const entry = { at: Infinity, value: runChecks() };
        cached = entry;
        void entry.value.finally(() => {
          entry.at = Date.now();
        });
      }
      return cached.value;
    },
    async handle(probe, req, res) {
      const { status, body } = probe === 'healthz'
        ? { status: 200, body: { status: 'ok' } }
        : await health.readiness();
      const text = JSON.stringify(body);
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    },
  };
  return health;
}
