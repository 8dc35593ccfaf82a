import { getDb } from '@/lib/db/client';
import { DatabaseLockedError, lockEmbeddedDbForScript } from '@/lib/db/operator-db';
import { logger } from '@/lib/logger';
import { startWorker } from '@/server/worker';
import { startStarterLibrary } from '@/server/starter-library';

/**
 * `npm run library:make`: makes (or finishes) the starter library without
 * the web server, with the job worker in this process so the reels are
 * transcoded and ready when it exits. STARTER_LIBRARY_LIMIT limits the count.
 * Ctrl-C stops cleanly; the next run resumes (cached MP4s are reused).
 * On the embedded database it holds the directory's lock for its run
 * (docs/decisions/030): with a server running there it exits 1 at once,
 * saying so (the server makes the library itself on first start).
 */
async function main(): Promise<number> {
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockEmbeddedDbForScript();
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    process.stderr.write(`library:make: ${err.message}. A running server makes or finishes the starter library itself `
      + '(unless STARTER_LIBRARY=false).\n');
    return 1;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  process.once('SIGTERM', () => controller.abort(new Error('terminated')));
  try {
    const stopWorker = await startWorker();
    try {
      await startStarterLibrary({ signal: controller.signal });
    } finally {
      await stopWorker();
      await (await getDb()).close();
    }
  } finally {
    await releaseLock();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    logger().fatal({ err }, 'library:make failed');
    process.exit(1);
  },
);
