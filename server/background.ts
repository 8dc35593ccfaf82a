import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { startWorker } from './worker';
import { startStarterLibrary } from './starter-library';

/**
 * Starts what runs beside the web server: the job worker (unless
 * WORKER_ENABLED=false) and, on first start, the starter library. The server
 * answers at once; reels join the feed as their jobs finish.
 * @returns a function that stops them (waits for running jobs to yield).
 */
export async function startBackground(): Promise<() => Promise<void>> {
  const e = env();
  const stops: Array<() => Promise<void>> = [];
  if (e.WORKER_ENABLED) stops.push(await startWorker());
  if (e.STARTER_LIBRARY) {
    startStarterLibrary().catch((err) => logger().error({ err }, 'starter library failed'));
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
