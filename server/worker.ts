import 'server-only';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/db/client';
import { DatabaseLockedError, lockEmbeddedDbForScript } from '@/lib/db/operator-db';
import { startJobWorker, type WorkerOptions } from '@/lib/jobs/queue';
import { mediaTools } from '@/lib/media/ffmpeg';
import { TRANSCODE_JOB, cleanStaleMedia, transcodeJobHandler } from '@/features/reels/server/ingest';
import { LEAD_WEBHOOK_JOB, leadWebhookJobHandler, resumeLeadDelivery } from '@/features/leads/server/leads';
import { configureDerivation, startDerivationLoop } from '@/features/events/server/derive';
import { countsChanged } from '@/features/reels/server/feed-cache';
import { readMetricsFrom, startMetricsServer } from './metrics-server';

/** Options of startWorker: those of the job queue's worker, less the handlers, which are the product's. */
export type StartWorkerOptions = Omit<WorkerOptions, 'handlers'>;

/**
 * Starts the job worker with every job handler of the product (the reel
 * `transcode`; the CRM `lead_webhook` in a worker of its own). Runs
 * inside the web process (server/background.ts) or alone
 * (`tsx server/worker.ts`) so web and workers scale separately
 * (ARCHITECTURE.md "Shape"). Before claiming, it puts right what a crash
 * left in media storage and DATA_DIR/work (cleanStaleMedia).
 * @returns stop(): stops claiming and hands running jobs back to the queue.
 */
export async function startWorker(opts: StartWorkerOptions = {}): Promise<() => Promise<void>> {
  const db = opts.db ?? (await getDb()).db;
  await cleanStaleMedia(db);
  const tools = mediaTools();
  logger().info({ ffmpeg: tools.source.ffmpeg, ffprobe: tools.source.ffprobe }, 'media tools resolved');
  const worker = startJobWorker({
    ...opts,
    handlers: { [TRANSCODE_JOB]: transcodeJobHandler },
    concurrency: opts.concurrency ?? env().WORKER_CONCURRENCY,
    db,
  });
  // CRM deliveries get their own worker, so a lead never waits behind a
  // minutes-long transcode (WORKER_CONCURRENCY is sized for media).
  const leadsWorker = startJobWorker({
    ...opts,
    handlers: { [LEAD_WEBHOOK_JOB]: leadWebhookJobHandler },
    workerId: opts.workerId ? `${opts.workerId}-leads` : undefined,
    concurrency: 2,
    db,
  });
  await resumeLeadDelivery({ db }); // leads left pending while no CRM URL was set
  return async () => {
    await Promise.all([worker.stop(), leadsWorker.stop()]);
  };
}

async function main() {
  const log = logger();
  const e = env();
  // On the embedded database a worker of its own must hold the directory's lock (docs/decisions/030):
  // beside a running server (which runs the jobs itself) it refuses at once rather than open PGlite twice.
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockEmbeddedDbForScript();
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    process.stderr.write(`worker: ${err.message}. On the embedded database the server runs the jobs itself; `
      + 'a separate worker needs DATABASE_URL (docs/ops/deploy.md).\n');
    process.exit(1);
  }
  // Job and derivation metrics of this process; a worker beside web processes on one machine needs its own METRICS_PORT.
  const metricsServer = await startMetricsServer({ port: e.METRICS_PORT, host: e.METRICS_HOST, log });
  readMetricsFrom((await getDb()).db);
  const stopJobs = await startWorker();
  // The event derivation too (docs/decisions/011), unless EVENT_DERIVATION=false; web processes may run it at once.
  // What it derives reaches the web processes' feed caches over Redis (REDIS_URL), else within their TTLs.
  configureDerivation({
    onViewsCounted: (reels) => reels.forEach((reel) => countsChanged({ reel })),
    onProgressChanged: (viewers) => viewers.forEach((viewer) => countsChanged({ reel: '', viewer })),
  });
  const stopDerivation = env().EVENT_DERIVATION ? startDerivationLoop((await getDb()).db) : null;
  const stop = async () => {
    await Promise.all([stopJobs(), stopDerivation?.()]);
  };
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    await stop();
    await metricsServer?.close();
    await (await getDb()).close();
    await releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

const entry = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (import.meta.url === entry) {
  main().catch((err) => {
    logger().fatal({ err }, 'worker start-up failed');
    process.exit(1);
  });
}
