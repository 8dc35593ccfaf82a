import 'server-only';
import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Logger } from 'pino';
import { env } from '@/lib/env';
import { onShutdown } from '@/lib/shutdown';
import { embeddedDbPaths, lockEmbeddedDb } from '@/lib/db/operator-db';
import { operatorOperations } from './operator-operations';

/**
 * The server's side of operator commands on the embedded database
 * (docs/decisions/030): it alone opens `<DATA_DIR>/pglite`, holding its lock
 * from before the open until after the close, and runs the commands'
 * operations for them on a Unix domain socket in `<DATA_DIR>/run` (a 0700
 * folder; the socket 0600): HTTP, `POST /op/<name>` with a JSON body, answer
 * `{ result }` (200) or `{ error }` (422 for the operation's refusal); an
 * operation's Blob result (a backup) is answered as its bytes
 * (application/octet-stream with its content-length).
 * Whoever can connect is the server's own user (or root): the file system
 * is the authentication.
 */

/** The largest operation body, bytes (a customers file of some 100,000 rows). */
const MAX_OPERATION_BYTES = 64 * 1024 * 1024;
/** Longest Unix socket path Linux takes (sun_path holds 108 bytes with the NUL). */
const MAX_SOCKET_PATH_BYTES = 107;

/** The embedded database's guard for the server process's life. */
export interface EmbeddedDbGuard {
  /** Opens the operator socket; call once the database is open and migrated. */
  serve(): Promise<void>;
  /** Frees the directory; call after the database is closed. */
  release(): Promise<void>;
}

/**
 * On the embedded database (DATABASE_URL unset), takes the PGlite
 * directory's lock before anything opens it; with PostgreSQL, does nothing.
 * @throws DatabaseLockedError when another live process (a second server,
 *   or a command working without a server) holds it: the server must not start.
 */
export async function guardEmbeddedDb(log: Logger): Promise<EmbeddedDbGuard> {
  const e = env();
  if (e.DATABASE_URL) return { serve: async () => undefined, release: async () => undefined };
  const paths = embeddedDbPaths(e.DATA_DIR);
  const release = await lockEmbeddedDb(e.DATA_DIR, (err) => {
    log.error({ err, lock: paths.lock }, 'the lock on the database directory was lost; another process may open it');
  });
  return {
    release,
    async serve() {
      if (Buffer.byteLength(paths.socket) > MAX_SOCKET_PATH_BYTES) {
        log.warn({ socket: paths.socket }, 'DATA_DIR is too long a path for the operator socket: operator commands will be refused while the server runs');
        return;
      }
      fs.mkdirSync(paths.runDir, { recursive: true, mode: 0o700 });
      fs.chmodSync(paths.runDir, 0o700);
      // We hold the lock, so a socket file here is a dead server's.
      fs.rmSync(paths.socket, { force: true });
      const server = http.createServer((req, res) => void answer(req, res, log));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(paths.socket, () => {
          server.off('error', reject);
          resolve();
        });
      });
      fs.chmodSync(paths.socket, 0o600);
      onShutdown('operator socket', () => new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }));
    },
  };
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, log: Logger): Promise<void> {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const name = /^\/op\/([a-z-]+)$/.exec(req.url ?? '')?.[1];
  if (req.method !== 'POST' || !name || !Object.hasOwn(operatorOperations, name)) {
    send(404, { error: 'no such operation' });
    req.resume();
    return;
  }
  let input: unknown;
  try {
    input = JSON.parse(await readBody(req));
  } catch (err) {
    send(400, { error: err instanceof Error ? err.message : 'bad body' });
    return;
  }
  const started = Date.now();
  try {
    const run = operatorOperations[name as keyof typeof operatorOperations] as (i: unknown) => Promise<unknown>;
    const result = await run(input);
    if (result instanceof Blob) {
      // Bytes (a database backup): sized, so the command can tell a whole answer from one cut short.
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': result.size });
      await pipeline(Readable.fromWeb(result.stream() as WebReadableStream<Uint8Array>), res);
      log.info({ op: name, ms: Date.now() - started, bytes: result.size }, 'operator command run through the socket');
      return;
    }
    log.info({ op: name, ms: Date.now() - started }, 'operator command run through the socket');
    send(200, { result });
  } catch (err) {
    log.warn({ op: name, err }, 'operator command refused');
    // Headers already sent: the bytes stopped mid-way, and the cut connection tells the command so.
    if (res.headersSent) res.destroy();
    else send(422, { error: err instanceof Error ? err.message : String(err) });
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_OPERATION_BYTES) {
        reject(new Error(`operation body over ${MAX_OPERATION_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
