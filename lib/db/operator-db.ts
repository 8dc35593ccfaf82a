import 'server-only';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import lockfile from 'proper-lockfile';
import { env } from '../env';
import { getDb } from './client';

/**
 * Operator commands (`npm run user:grant`, `leads:export`,
 * `customers:import`) on the live data (docs/decisions/030). PGlite is one
 * process's database: only the process holding the lock on
 * `<DATA_DIR>/pglite` opens that directory. A running server holds it and
 * runs the commands' operations for them on a Unix socket in DATA_DIR
 * (server/operator-socket.ts); with no server, a command takes the lock and
 * opens the directory itself. With DATABASE_URL every process uses
 * PostgreSQL directly, as before.
 */

/** The lock's staleness, ms (proper-lockfile's default): a lock its holder stopped refreshing this long ago is free. */
export const LOCK_STALE_MS = 10_000;

/** How long a command waits for the server's answer without a byte, ms (an import of many rows takes a while). */
const SERVER_IDLE_TIMEOUT_MS = 120_000;

/** Where the embedded database and its guards live under `dataDir`. */
export interface EmbeddedDbPaths {
  /** The PGlite directory (lib/db/client.ts getDb). */
  pgliteDir: string;
  /** The lock (a directory made by proper-lockfile), beside the PGlite directory. */
  lock: string;
  /** Folder of mode 0700 holding the operator socket: only the server's user can reach it. */
  runDir: string;
  /** The server's operator socket (HTTP over a Unix domain socket, mode 0600). */
  socket: string;
}

/** The paths of the embedded database under `dataDir` (resolved against the working directory). */
export function embeddedDbPaths(dataDir: string): EmbeddedDbPaths {
  const root = path.resolve(dataDir);
  const runDir = path.join(root, 'run');
  return { pgliteDir: path.join(root, 'pglite'), lock: path.join(root, 'pglite.lock'), runDir, socket: path.join(runDir, 'operator.sock') };
}

/** Another live process (a server, or a command working without one) holds the PGlite directory. */
export class DatabaseLockedError extends Error {
  constructor(readonly paths: EmbeddedDbPaths) {
    super(`another process holds the database at ${paths.pgliteDir} (lock ${paths.lock}): a server or an operator command is using it; `
      + `stop it first (a lock left by a crashed process frees itself within ${LOCK_STALE_MS / 1000} s)`);
    this.name = 'DatabaseLockedError';
  }
}

/** A command that can neither reach the server's socket nor take the lock: it must not open the directory. */
export class OperatorRefusedError extends Error {
  constructor(readonly paths: EmbeddedDbPaths) {
    super(`the server at ${path.dirname(paths.pgliteDir)} holds the database but does not answer on ${paths.socket}; `
      + 'stop it or wait until it is ready');
    this.name = 'OperatorRefusedError';
  }
}

/**
 * Takes the exclusive lock on `<dataDir>/pglite` (proper-lockfile: an
 * atomic mkdir of `<dataDir>/pglite.lock`, refreshed every 5 s while held;
 * a lock not refreshed for LOCK_STALE_MS is taken over). Held by the server
 * for its whole life, by a command for its run.
 * @param onCompromised called if the lock is lost while held (its folder
 *   removed, or the process stalled past LOCK_STALE_MS); default: ignore.
 * @returns the release function (idempotent).
 * @throws DatabaseLockedError when a live holder has it; the file system's error otherwise.
 */
export async function lockEmbeddedDb(dataDir: string, onCompromised: (err: Error) => void = () => undefined): Promise<() => Promise<void>> {
  const paths = embeddedDbPaths(dataDir);
  fs.mkdirSync(path.dirname(paths.lock), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(paths.pgliteDir, { lockfilePath: paths.lock, realpath: false, stale: LOCK_STALE_MS, retries: 0, onCompromised });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(paths);
    throw err;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await release().catch((err: unknown) => {
      // Already taken over or removed: nothing of ours is left to free.
      if ((err as NodeJS.ErrnoException).code !== 'ERELEASED' && (err as NodeJS.ErrnoException).code !== 'ENOTACQUIRED') throw err;
    });
  };
}

/** The server answered the operation with a refusal (the operation's own error, e.g. "no user with this phone number"). */
export class OperatorOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorOperationError';
  }
}

/** The server's answer on the operator socket: `answered: false` when no server listens there. */
export type SocketAnswer<O> = { answered: true; result: O } | { answered: false };

/**
 * Sends operation `name` with `input` (JSON) to the server on `socketPath`
 * (POST /op/<name>; server/operator-socket.ts) and reads its JSON answer.
 * @returns `{ answered: true, result }`, or `{ answered: false }` when no
 *   server listens there (no socket file, or connection refused).
 * @throws OperatorOperationError with the operation's message when it failed
 *   in the server; Error for any other answer or a transport failure.
 */
export function callOperatorSocket<O>(socketPath: string, name: string, input: unknown): Promise<SocketAnswer<O>> {
  return requestOperatorSocket(socketPath, name, input, async (res) => {
    if (!String(res.headers['content-type']).startsWith('application/json')) {
      res.resume();
      throw new Error(`the server's operator socket answered ${name} with ${String(res.headers['content-type'])}, not JSON`);
    }
    return (JSON.parse((await readAll(res)).toString('utf8')) as { result: O }).result;
  });
}

/**
 * Like callOperatorSocket, for an operation that answers with bytes (a
 * Blob in server/operator-operations.ts, sent as application/octet-stream
 * with its content-length): `onBody` consumes the body as it arrives.
 * @returns `onBody`'s result, or `{ answered: false }` when no server listens.
 * @throws as callOperatorSocket; Error when the body ends short of its
 *   content-length (the server stopped mid-way); `onBody`'s own error.
 */
export function callOperatorSocketForStream<R>(socketPath: string, name: string, input: unknown,
  onBody: (body: Readable, bytes: number) => Promise<R>): Promise<SocketAnswer<R>> {
  return requestOperatorSocket(socketPath, name, input, async (res) => {
    const length = Number(res.headers['content-length']);
    if (res.headers['content-type'] !== 'application/octet-stream' || !Number.isSafeInteger(length)) {
      res.resume();
      throw new Error(`the server's operator socket answered ${name} without a sized octet-stream body`);
    }
    let received = 0;
    // pipeline, not pipe: a body cut off mid-way (the server stopped) fails the consumer's reads instead of leaving them waiting.
    const body = pipeline(res, new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    }), () => undefined);
    const result = await onBody(body, length);
    if (received !== length) throw new Error(`the server's answer to ${name} ended after ${received} of ${length} bytes`);
    return result;
  });
}

/** POSTs the operation and hands a 200 answer to `onOk`; other statuses become errors (their JSON `error`). */
function requestOperatorSocket<T>(socketPath: string, name: string, input: unknown,
  onOk: (res: http.IncomingMessage) => Promise<T>): Promise<SocketAnswer<T>> {
  const body = JSON.stringify(input ?? null);
  return new Promise((resolve, reject) => {
    const req = http.request({
      socketPath, method: 'POST', path: `/op/${encodeURIComponent(name)}`, timeout: SERVER_IDLE_TIMEOUT_MS,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      if (res.statusCode === 200) {
        onOk(res).then((result) => resolve({ answered: true, result }), (err: unknown) => {
          req.destroy();
          reject(err instanceof SyntaxError ? new Error(`the server's operator socket answered 200 without JSON`) : err);
        });
        return;
      }
      readAll(res).then((buf) => {
        let error: string | undefined;
        try {
          error = (JSON.parse(buf.toString('utf8')) as { error?: string }).error;
        } catch {
          reject(new Error(`the server's operator socket answered ${res.statusCode} without JSON`));
          return;
        }
        if (res.statusCode === 422) reject(new OperatorOperationError(error ?? 'refused'));
        else reject(new Error(`the server's operator socket answered ${res.statusCode}: ${error ?? ''}`));
      }, reject);
    });
    req.on('timeout', () => req.destroy(new Error(`the server's operator socket sent nothing for ${SERVER_IDLE_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // No server there (never started, stopped, or a stale socket file): the caller tries the lock.
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve({ answered: false });
      else reject(err);
    });
    req.end(body);
  });
}

function readAll(res: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** How a command reached the data, for its caller's log. */
export type OperatorRoute = 'postgres' | 'server' | 'lock';

/**
 * Runs an operator command's operation on the live data:
 * - DATABASE_URL set: `local(input)` on PostgreSQL (getDb), as every process;
 * - else a server answers on `<DATA_DIR>/run/operator.sock`: the server runs
 *   operation `name` (the same function as `local`) and its effect is
 *   visible through its API at once;
 * - else the command takes the directory's lock, runs `local(input)` on the
 *   PGlite directory it opens, closes it and releases the lock.
 * The database opened here is closed before returning.
 * @param remote how the command asks the server (default: callOperatorSocket
 *   with `name` and `input`; callOperatorSocketForStream for a byte answer).
 * @returns the operation's result and the route taken.
 * @throws OperatorRefusedError when the lock is held but nobody answers on
 *   the socket (a server starting up, a stalled process, another command);
 *   OperatorOperationError (from the server) or the operation's own error.
 */
export async function runOperatorCommand<I, O>(name: string, input: I, local: (input: I) => Promise<O>,
  remote: (socketPath: string) => Promise<SocketAnswer<O>> = (socketPath) => callOperatorSocket<O>(socketPath, name, input),
): Promise<{ result: O; route: OperatorRoute }> {
  const e = env();
  if (e.DATABASE_URL) {
    try {
      return { result: await local(input), route: 'postgres' };
    } finally {
      await (await getDb()).close();
    }
  }
  const paths = embeddedDbPaths(e.DATA_DIR);
  const viaServer = await remote(paths.socket);
  if (viaServer.answered) return { result: viaServer.result, route: 'server' };
  let release: () => Promise<void>;
  try {
    release = await lockEmbeddedDb(e.DATA_DIR);
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new OperatorRefusedError(paths);
    throw err;
  }
  try {
    return { result: await local(input), route: 'lock' };
  } finally {
    try {
      await (await getDb()).close();
    } finally {
      await release();
    }
  }
}

/**
 * For a script that opens the database itself and has no operation on the
 * server's socket (`media:import`, `library:make`: they run the job worker
 * in their own process): on the embedded database takes the PGlite
 * directory's lock for the script's run, so it never opens the directory
 * beside a server or another command; with DATABASE_URL does nothing.
 * @returns the release function (idempotent): call it after the database is closed.
 * @throws DatabaseLockedError when a live process holds the directory
 *   (its message says to stop the server first).
 */
export async function lockEmbeddedDbForScript(): Promise<() => Promise<void>> {
  const e = env();
  if (e.DATABASE_URL) return async () => undefined;
  return lockEmbeddedDb(e.DATA_DIR);
}
