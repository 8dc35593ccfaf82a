import 'server-only';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { startWorker } from './worker';
import { startStarterLibrary, type StarterLibraryOptions } from './starter-library';
import { cleanExpiredUploads } from './uploads';
import { getDb } from '@/lib/db/client';
import { expireReferralRequests } from '@/features/referrals/server/requests';
import { releaseRewards } from '@/features/referrals/server/release';
import { purgeUninvitedContacts } from '@/features/referrals/server/contact-retention';
import { seedStarterDeals } from '@/features/referrals/server/starter-deals';
import { startDerivationLoop } from '@/features/events/server/derive';

/** How often abandoned resumable uploads are looked for, ms. */
const UPLOAD_CLEANUP_EVERY_MS = 60 * 60 * 1000;
/** How often unanswered referral requests are expired, held rewards past their hold released and old uninvited contacts deleted, ms. */
const REFERRAL_TICK_EVERY_MS = 10 * 60 * 1000;

export interface BackgroundOptions {
  /** Run the job worker in this process; default env WORKER_ENABLED. */
  worker?: boolean;
  /** Make the starter library; default env STARTER_LIBRARY. An object passes its options (e.g. a limit). */
  starterLibrary?: boolean | Omit<StarterLibraryOptions, 'signal'>;
  /** Run the event derivation loop in this process; default env EVENT_DERIVATION. */
  derivation?: boolean;
}

/**
 * Starts what runs beside the web server: the job worker (unless
 * WORKER_ENABLED=false) with the hourly removal of expired uploads and the
 * referral tick (requests past their time expire, rewards past their hold
 * become scratchable, contacts never invited are deleted after
 * CONTACT_RETENTION_DAYS; at start and every 10 minutes), the event derivation
 * loop (unless EVENT_DERIVATION=false; docs/decisions/011), and, on first start,
 * the starter library and the starter deals (docs/decisions/010). The server
 * answers at once; reels join the feed as their jobs finish.
 * @returns stop(), which resolves once both have stopped: first the starter
 *   library (no reel is started after it; a render in progress is aborted and
 *   its ffmpeg killed, its partial MP4 removed; the next start renders it
 *   again), then the worker (running jobs are handed back to the queue).
 *   Calling it again returns the same promise.
 */
export async function startBackground(opts: BackgroundOptions = {}): Promise<() => Promise<void>> {
  const e = env();
  const log = logger();
  const stopWorker = (opts.worker ?? e.WORKER_ENABLED) ? await startWorker() : null;
  // Events -> views, progress, daily stats, attribution, funnel (docs/decisions/011); other processes may run it too.
  const stopDerivation = (opts.derivation ?? e.EVENT_DERIVATION) ? startDerivationLoop((await getDb()).db) : null;
  // Unfinished tus uploads expire after 24 h: removed at start and hourly, by the process that runs the worker.
  let uploadCleanup: NodeJS.Timeout | null = null;
  if (stopWorker) {
    const clean = () => void cleanExpiredUploads().catch((err: unknown) => log.warn({ err }, 'expired upload clean-up failed'));
    clean();
    uploadCleanup = setInterval(clean, UPLOAD_CLEANUP_EVERY_MS);
    uploadCleanup.unref();
  }
  let referralTick: NodeJS.Timeout | null = null;
  if (stopWorker) {
    const tick = () => {
      void expireReferralRequests().catch((err: unknown) => log.warn({ err }, 'referral request expiry failed'));
      void releaseRewards().catch((err: unknown) => log.warn({ err }, 'reward release failed'));
      void purgeUninvitedContacts().catch((err: unknown) => log.warn({ err }, 'contact retention clean-up failed'));
    };
    tick();
    referralTick = setInterval(tick, REFERRAL_TICK_EVERY_MS);
    referralTick.unref();
  }
  const library = opts.starterLibrary ?? e.STARTER_LIBRARY;
  if (library) {
    // Sample deals (marked as such, editable by staff), so a fresh start shows the referral program working.
    try {
      await seedStarterDeals((await getDb()).db);
    } catch (err) {
      log.warn({ err }, 'starter deals not made');
    }
  }
  const controller = new AbortController();
  let libraryDone: Promise<void> = Promise.resolve();
  if (library) {
    libraryDone = startStarterLibrary({ ...(typeof library === 'object' ? library : {}), signal: controller.signal })
      .catch((err: unknown) => {
        if (controller.signal.aborted) log.info('starter library stopped; the next start resumes it');
        else log.error({ err }, 'starter library failed');
      });
  }
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= (async () => {
      controller.abort(new Error('background stopping'));
      if (uploadCleanup) clearInterval(uploadCleanup);
      if (referralTick) clearInterval(referralTick);
      await libraryDone;
      await stopWorker?.();
      await stopDerivation?.();
    })();
    return stopping;
  };
}
