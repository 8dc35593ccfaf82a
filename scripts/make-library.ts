import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { startWorker } from '@/server/worker';
import { startStarterLibrary } from '@/server/starter-library';

/**
 * `npm run library:make`: makes (or finishes) the starter library without
 * the web server, with the job worker in this process so the reels are
 * transcoded and ready when it exits. STARTER_LIBRARY_LIMIT limits the count.
 * Ctrl-C stops cleanly; the next run resumes (cached MP4s are reused).
 */
async function main() {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  process.once('SIGTERM', () => controller.abort(new Error('terminated')));
  const stopWorker = await startWorker();
  try {
    await startStarterLibrary({ signal: controller.signal });
  } finally {
    await stopWorker();
    await (await getDb()).close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    logger().fatal({ err }, 'library:make failed');
    process.exit(1);
  },
);
