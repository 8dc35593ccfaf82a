import 'server-only';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Db } from '@/lib/db/client';
import { jobQueueDepth } from '@/lib/jobs/queue';
import { metrics, setScrapeSources } from '@/lib/metrics';
import { derivationLagSeconds } from '@/features/events/server/derive';

/**
 * The Prometheus endpoint: a small node:http server of its own (not the one
 * port), so /metrics is never public: it binds to METRICS_HOST (loopback by
 * default) on METRICS_PORT. Started by server/index.ts and server/worker.ts.
 * Each process serves its own numbers: several processes on one machine
 * (web processes of a cluster, workers) each need their own METRICS_PORT,
 * or 0 for none; a port in use is logged and the process goes on without.
 */

/**
 * A server answering `GET /metrics` (and HEAD) with `registry`'s text
 * exposition (`registry.contentType`), 404 for any other path and 405 for
 * other methods. Not listening yet.
 */
export function createMetricsServer(registry: Registry = metrics().registry): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('GET /metrics\n');
      return;
    }
    registry.metrics().then((text) => {
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    }, () => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
    });
  });
}

export interface MetricsServerOptions {
  /** METRICS_PORT; 0 starts nothing. */
  port: number;
  /** METRICS_HOST. */
  host: string;
  log: Pick<Logger, 'info' | 'warn'>;
  registry?: Registry;
}

/**
 * Starts the metrics server on `host:port`.
 * @returns the listening server and close(), or null when the port is 0 or
 *   cannot be bound (in use, not permitted: logged as a warning; the process
 *   runs on without metrics). Never throws.
 */
export async function startMetricsServer(opts: MetricsServerOptions): Promise<{ server: http.Server; close: () => Promise<void> } | null> {
  if (opts.port === 0) return null;
  const server = createMetricsServer(opts.registry);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    opts.log.warn({ err, port: opts.port, host: opts.host },
      'metrics server not started (is another process on this machine using METRICS_PORT? give each its own port, or 0)');
    return null;
  }
  // A connection closed by a scraper mid-answer must not take the process down.
  server.on('error', (err) => opts.log.warn({ err }, 'metrics server error'));
  server.unref();
  const port = (server.address() as AddressInfo).port;
  opts.log.info({ port, host: opts.host }, `metrics on http://${opts.host}:${port}/metrics`);
  return {
    server,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Points the database-backed gauges (job queue depth, derivation lag) at `db`; read on each scrape. */
export function readMetricsFrom(db: Db): void {
  setScrapeSources({
    jobQueueDepth: () => jobQueueDepth(db),
    derivationLagSeconds: () => derivationLagSeconds(db),
  });
}
