import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getDb, type Db } from '@/lib/db/client';
import { startJobWorker } from '@/lib/jobs/queue';
import { mediaTools } from '@/lib/media/ffmpeg';
import { TRANSCODE_JOB, transcodeJobHandler } from '@/features/reels/server/ingest';

export interface StartWorkerOptions {
  /** Jobs at once; default env WORKER_CONCURRENCY. */
  concurrency?: number;
  /** Lease length, ms (default 30 000); a dead worker's job is taken again after it. */
  leaseMs?: number;
  /** Idle poll interval, ms (default 1000). */
  pollMs?: number;
  /** First retry delay, ms, doubling per attempt (default 5000). */
  backoffBaseMs?: number;
  workerId?: string;
  /** Database; default getDb(). */
  db?: Db;
}

/**
 * Starts the job worker with every job handler of the product (today the
 * reel `transcode`). Runs inside the web process (server/background.ts) or
 * alone (`tsx server/worker.ts`) so web and workers scale separately
 * (ARCHITECTURE.md "Shape").
 * @returns stop(): stops claiming and hands running jobs back to the queue.
 */
export async function startWorker(opts: StartWorkerOptions = {}): Promise<() => Promise<void>> {
  const db = opts.db ?? (await getDb()).db;
  const tools = mediaTools();
  logger().info({ ffmpeg: tools.source.ffmpeg, ffprobe: tools.source.ffprobe }, 'media tools resolved');
  const worker = startJobWorker({
    handlers: { [TRANSCODE_JOB]: transcodeJobHandler },
    concurrency: opts.concurrency ?? env().WORKER_CONCURRENCY,
    leaseMs: opts.leaseMs,
    pollMs: opts.pollMs,
    backoffBaseMs: opts.backoffBaseMs,
    workerId: opts.workerId,
    db,
  });
  return () => worker.stop();
}

async function main() {
  const log = logger();
  const stop = await startWorker();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    await stop();
    await (await getDb()).close();
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
