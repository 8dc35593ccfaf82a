import 'server-only';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import cliProgress from 'cli-progress';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { ingestVideoFile } from '@/features/reels/server/ingest';
import { libraryStatus, makeLibrary, retireReplacedReels, type MakeProgress } from '@/features/starter-library/server/make-library';

/**
 * Composes the starter-library generator with the reels ingest (a feature
 * never imports another; server/ wires them). Runs in the background after
 * the server listens (server/background.ts) and from `npm run library:make`.
 */

/** How often the reels' status is read while the worker transcodes, ms. */
const POLL_MS = 2000;
/** Stop watching after this long without a reel changing state (no worker running anywhere), ms. */
const STALL_MS = 30 * 60_000;

interface Counts extends MakeProgress {
  ready: number;
  failed: number;
}

/** Terminal progress bar on a TTY (stderr), pino lines otherwise. */
function progressReporter(total: number) {
  const log = logger().child({ component: 'starter-library' });
  const tty = process.stderr.isTTY === true;
  const bar = tty
    ? new cliProgress.SingleBar({
      format: 'Starter library |{bar}| {ready}/{total} ready · {made} made · {ingested} ingested{failedText}',
      hideCursor: true,
      stream: process.stderr,
    }, cliProgress.Presets.shades_classic)
    : null;
  let last = '';
  bar?.start(total, 0, { ready: 0, made: 0, ingested: 0, failedText: '' });
  return {
    update(c: Counts) {
      if (bar) {
        bar.update(c.ready, { ...c, failedText: c.failed ? ` · ${c.failed} failed` : '' });
        return;
      }
      const line = `${c.made}/${c.ingested}/${c.ready}/${c.failed}`;
      if (line !== last) {
        last = line;
        log.info({ total: c.total, made: c.made, ingested: c.ingested, ready: c.ready, failed: c.failed }, 'starter library progress');
      }
    },
    stop() {
      bar?.stop();
    },
  };
}

export interface StarterLibraryOptions {
  /** Reels to make; default env STARTER_LIBRARY_LIMIT, unset = all. */
  limit?: number;
  /**
   * Aborting stops it promptly: no reel is started after it, a render in
   * progress is cut (ffmpeg and the speech worker killed, the partial MP4
   * removed), the lease is given back, and the call rejects with the reason.
   */
  signal?: AbortSignal;
}

/**
 * Makes the starter library (the reels not yet in the database), then
 * watches until every one of them is `ready` or `failed`, showing "made /
 * ingested / ready". Safe to call on every start: existing reels are
 * skipped, and with several processes on one database only the lease holder
 * renders. Reels join the feed as the worker finishes them.
 * @throws Error when the database cannot be reached; the signal's reason when aborted.
 */
export async function startStarterLibrary(opts: StarterLibraryOptions = {}): Promise<void> {
  const e = env();
  const log = logger().child({ component: 'starter-library' });
  opts.signal?.throwIfAborted();
  const { db } = await getDb();
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const limit = opts.limit ?? e.STARTER_LIBRARY_LIMIT;
  let counts: Counts = { total: 0, made: 0, ingested: 0, ready: 0, failed: 0 };
  let reporter: ReturnType<typeof progressReporter> | null = null;
  const started = Date.now();
  // Reels become ready while later ones are still being rendered: keep the
  // "ready" figure live during rendering too.
  const readyPoll = setInterval(() => {
    libraryStatus(db).then((s) => {
      if (!reporter) return;
      counts = { ...counts, ready: s.ready, failed: s.failed };
      reporter.update(counts);
    }).catch(() => undefined);
  }, POLL_MS);
  try {
    const result = await makeLibrary({
      db,
      dataDir: e.DATA_DIR,
      ingest: ingestVideoFile,
      limit,
      holder,
      signal: opts.signal,
      onProgress: (p) => {
        reporter ??= progressReporter(p.total);
        counts = { ...counts, ...p };
        reporter.update(counts);
      },
    });
    clearInterval(readyPoll);
    if (!result.ran) return;
    reporter ??= progressReporter(result.sourceKeys.length);
    let lastChange = Date.now();
    let lastKey = '';
    for (;;) {
      // An earlier version's reel leaves the feed once its replacement is ready, also for the last ones made.
      await retireReplacedReels(db);
      const s = await libraryStatus(db, result.sourceKeys);
      counts = { ...counts, total: result.sourceKeys.length, ingested: s.ingested, ready: s.ready, failed: s.failed };
      reporter.update(counts);
      const key = `${s.ingested}/${s.ready}/${s.failed}`;
      if (key !== lastKey) {
        lastKey = key;
        lastChange = Date.now();
      }
      if (s.ready + s.failed >= s.ingested) break;
      if (Date.now() - lastChange > STALL_MS) {
        log.warn({ ...s }, 'starter library: no reel changed state for 30 minutes; is a worker running?');
        break;
      }
      await sleep(POLL_MS, undefined, { signal: opts.signal });
    }
    reporter.stop();
    const renderMs = result.renderMs;
    log.info({
      total: counts.total,
      ready: counts.ready,
      failed: counts.failed,
      rendered: result.rendered,
      errors: result.errors.length,
      meanRenderMs: renderMs.length ? Math.round(renderMs.reduce((a, b) => a + b, 0) / renderMs.length) : null,
      elapsedMs: Date.now() - started,
    }, 'starter library done');
  } finally {
    clearInterval(readyPoll);
    reporter?.stop();
  }
}
