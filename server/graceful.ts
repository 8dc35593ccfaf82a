import 'server-only';
import type http from 'node:http';
import type { Logger } from 'pino';

/**
 * Stopping without losing work (SIGTERM from a deploy, SIGINT from a
 * terminal): say "draining" on /readyz first and keep serving for
 * READINESS_DRAIN_MS, so a load balancer polling it stops sending new
 * requests; then stop accepting, let in-flight requests and socket answers
 * finish within a grace period, stop background work, then close the
 * database. A second signal exits at once.
 */

export interface StopParts {
  server: http.Server;
  /** Resolves when every socket answer in flight has been sent. */
  drainSockets?: () => Promise<void>;
  /** Closes the socket server (after draining). */
  closeSockets?: () => Promise<void>;
  /** Stops the job worker and the starter library. */
  stopBackground?: () => Promise<void>;
  /** Other clean-up (Redis clients), then the database, in this order. */
  closeResources?: () => Promise<void>;
  /** How long in-flight work may take, ms (SHUTDOWN_GRACE_S); counted from the end of the drain wait. */
  graceMs: number;
  /** Called first, before anything closes: readiness says draining from then on (server/health.ts markDraining). */
  announceDraining?: () => void;
  /** How long to keep serving after announcing, before the listener closes, ms (READINESS_DRAIN_MS); default 0. */
  drainMs?: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Responses being written, per server (see trackResponses). */
const inFlight = new WeakMap<http.Server, Set<http.ServerResponse>>();

/**
 * Starts keeping the responses in progress on `server`, so a stop can mark
 * them `Connection: close` (their keep-alive connection then ends with
 * them instead of taking another request).
 */
export function trackResponses(server: http.Server): void {
  if (inFlight.has(server)) return;
  const set = new Set<http.ServerResponse>();
  inFlight.set(server, set);
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    set.add(res);
    res.on('close', () => set.delete(res));
  });
}

/** Resolves after `ms`, or when `p` settles, whichever is first; true when `p` settled. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops the server gracefully (see the file comment): announces draining,
 * waits `drainMs` while still serving, then closes the listener. Requests already
 * being answered complete; idle keep-alive connections are closed at once,
 * and responses written while stopping carry `Connection: close`. Whatever
 * is still open when the grace period ends is cut.
 * @returns true when everything finished within the grace period.
 */
export async function gracefulStop(parts: StopParts): Promise<boolean> {
  const { server, log } = parts;
  parts.announceDraining?.();
  if (parts.drainMs && parts.drainMs > 0) {
    log.info({ drainMs: parts.drainMs }, 'draining: readiness says so; still serving until the load balancer has seen it');
    await new Promise((resolve) => setTimeout(resolve, parts.drainMs));
  }
  const deadline = Date.now() + parts.graceMs;
  const left = () => Math.max(0, deadline - Date.now());
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  for (const res of inFlight.get(server) ?? []) closeAfter(res);
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => closeAfter(res));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const socketsDrained = parts.drainSockets ? parts.drainSockets() : Promise.resolve();
  let inTime = await within(Promise.all([closed, socketsDrained]), left());
  if (!inTime) {
    log.warn({ graceMs: parts.graceMs }, 'grace period over: closing the connections still open');
    server.closeAllConnections();
  }
  await parts.closeSockets?.().catch((err: unknown) => log.error({ err }, 'closing sockets failed'));
  if (parts.stopBackground) {
    inTime = (await within(parts.stopBackground(), Math.max(left(), 2000))) && inTime;
  }
  await parts.closeResources?.().catch((err: unknown) => log.error({ err }, 'closing resources failed'));
  return inTime;
}

/**
 * Installs SIGTERM/SIGINT handlers: the first runs `gracefulStop` and exits
 * 0 (1 when the grace period was exceeded); a second signal exits 1 at once.
 */
export function handleStopSignals(parts: StopParts, exit: (code: number) => void = (c) => process.exit(c)): void {
  trackResponses(parts.server);
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      parts.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    parts.log.info({ signal, graceMs: parts.graceMs }, 'shutting down');
    gracefulStop(parts).then((inTime) => exit(inTime ? 0 : 1), (err: unknown) => {
      parts.log.error({ err }, 'shutdown failed');
      exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
