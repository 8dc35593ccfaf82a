import 'server-only';
import { isUniqueViolation } from '@/lib/db/errors';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { contentItems, jobs, options } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { enqueue, PermanentJobError, type JobHandler } from '@/lib/jobs/queue';
import { probeFile, probeUpload } from '@/lib/media/probe';
import { transcodeToHls, VideoRefusedError } from '@/lib/media/transcode';
import { cleanStaleStaging, getStorage } from '@/lib/storage/storage';
import { contentPrefix } from '@/lib/storage/media-storage';
import { isUuid } from '@/lib/uuid';
import { invalidateFeedCache } from './feed';

/**
 * Reel ingest (ARCHITECTURE.md decision 5):
 * probe the file, refuse what the spec refuses before anything is stored,
 * keep the source under DATA_DIR/uploads/<contentId>/, add the reel as
 * `processing` and a durable `transcode` job in one transaction. The job
 * makes the HLS ladder, stores it under `content/<contentId>/`, and turns
 * the reel `ready` at the end of the feed order, or `failed` with a reason.
 */

/** Job kind of the HLS transcode. */
export const TRANSCODE_JOB = 'transcode';

export interface TranscodePayload {
  contentId: string;
}

export interface IngestInput {
  /** Path of the video on this machine (an upload's temp file or an imported file). It is copied, never moved. */
  filePath: string;
  optionId: string;
  description: string;
  lang: 'en' | 'hi' | 'he';
  isTldr?: boolean;
  /** The uploader (content_items.user_id); null for the starter library and imports. */
  userId?: string | null;
  /** Review state of the new reel: 'Pending' for studio uploads; default 'Approved' (starter library, media:import). */
  reviewStatus?: 'Pending' | 'Approved';
  /**
   * Refuse the file when a reel with the same SHA-256 is already published
   * (Approved) or waiting for review (Pending) and not failed: studio uploads
   * set it. Generated and imported reels are keyed by `sourceKey` instead.
   */
  refuseDuplicate?: boolean;
  /** Sources of the facts stated, one per line. */
  sources?: string;
  /** Idempotency key of the caller (import, generator): the same key returns the same reel. */
  sourceKey?: string;
}

const LANGS = new Set(['en', 'hi', 'he']);

/** DATA_DIR/uploads/<contentId>: the kept source until the transcode succeeds. */
export function uploadDir(contentId: string): string {
  return path.resolve(env().DATA_DIR, 'uploads', contentId);
}

function workDirRoot(): string {
  return path.resolve(env().DATA_DIR, 'work');
}

/** A transcode attempt's work folder: `<contentId>-<jobId>-<attempt>` under DATA_DIR/work. */
const WORK_DIR = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-(\d+)-(\d+)$/i;

/**
 * Start-up clean-up of what killed transcodes left behind: media storage's
 * staging (cleanStaleStaging: a reel cut off between the two renames of its
 * publish gets its previous files back) and the work folders under
 * DATA_DIR/work of attempts that are no longer running. An attempt counts as
 * running while its job is `running` with that attempt number under a lease
 * that has not passed (database clock), so the work of a live worker in
 * another process sharing DATA_DIR is kept. Removals are logged.
 * server/worker.ts calls it before the worker claims jobs.
 * @throws Error when the database cannot be read.
 */
export async function cleanStaleMedia(db: Db): Promise<{ removed: string[]; restored: string[] }> {
  const log = logger().child({ component: 'transcode' });
  const { removed, restored } = await cleanStaleStaging();
  const root = workDirRoot();
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const attempts = names.flatMap((name) => {
    const m = WORK_DIR.exec(name);
    return m ? [{ name, jobId: Number(m[2]), attempt: Number(m[3]) }] : [];
  });
  const live = new Set<string>();
  if (attempts.length > 0) {
    const rows = await db.select({ id: jobs.id, attempts: jobs.attempts }).from(jobs).where(and(
      inArray(jobs.id, [...new Set(attempts.map((a) => a.jobId))]),
      eq(jobs.status, 'running'),
      gt(jobs.locked_until, sql`now()`),
    ));
    for (const r of rows) live.add(`${r.id}-${r.attempts}`);
  }
  const stale: string[] = [];
  for (const a of attempts) {
    if (live.has(`${a.jobId}-${a.attempt}`)) continue;
    const full = path.join(root, a.name);
    try {
      await fs.rm(full, { recursive: true, force: true });
      stale.push(full);
    } catch (err) {
      log.warn({ err, path: full }, 'could not remove a stale transcode work folder');
    }
  }
  if (stale.length > 0) log.info({ removed: stale }, 'stale transcode work folders removed');
  return { removed: [...removed, ...stale], restored };
}

function sourceExtension(filePath: string): string {
  const ext = path.extname(filePath).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.bin';
}

async function contentIdForKey(sourceKey: string): Promise<string | null> {
  const { db } = await getDb();
  const [row] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.source_key, sourceKey));
  return row?.id ?? null;
}

/**
 * The 409 of a file uploaded before: carries the existing reel's id so the
 * answer can link to it (`/content/<id>`).
 */
export class DuplicateVideoError extends ApiError {
  constructor(public readonly contentId: string) {
    super(409, 'duplicate_video', `This video has already been uploaded: /content/${contentId}`);
    this.name = 'DuplicateVideoError';
  }
}

/**
 * Copies `from` to `to` and returns the SHA-256 (hex) of the bytes, read once.
 * @throws Error from the file system.
 */
async function copyHashing(from: string, to: string): Promise<string> {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to));
  return hash.digest('hex');
}

/**
 * Ingests one video file as a reel of `optionId`. Nothing is stored when the
 * file is refused. A `sourceKey` seen before returns that reel's id (re-runs
 * of an import or generator never duplicate).
 * @returns the new (or existing) content id; the reel is `processing` until its transcode job ends.
 * @throws ApiError 404 `option_not_found`; 422 `validation_failed` for a bad lang;
 *   422 `file_unreadable` when the path cannot be read; 413 `file_too_large`,
 *   422 `no_video_stream`, 422 `video_too_long` (SPEC.md sections 5 and 8);
 *   DuplicateVideoError (409 `duplicate_video`, with the existing reel's id) when
 *   `refuseDuplicate` is set and the file's SHA-256 matches a published or pending reel.
 */
export async function ingestVideoFile(input: IngestInput): Promise<{ contentId: string }> {
  const { db } = await getDb();
  if (input.sourceKey) {
    const existing = await contentIdForKey(input.sourceKey);
    if (existing) return { contentId: existing };
  }
  if (!LANGS.has(input.lang)) throw new ApiError(422, 'validation_failed', 'lang must be one of en, hi, he');
  if (!isUuid(input.optionId)) throw new ApiError(404, 'option_not_found', 'This option does not exist.');
  const [option] = await db.select({ id: options.id }).from(options).where(eq(options.id, input.optionId));
  if (!option) throw new ApiError(404, 'option_not_found', 'This option does not exist.');
  try {
    const stat = await fs.stat(input.filePath);
    if (!stat.isFile()) throw new Error('not a file');
  } catch {
    throw new ApiError(422, 'file_unreadable', 'The video file could not be read.');
  }

  await probeUpload(input.filePath, env().VIDEO_MAX_DURATION_S);

  const contentId = randomUUID();
  const dir = uploadDir(contentId);
  await fs.mkdir(dir, { recursive: true });
  try {
    const contentHash = await copyHashing(input.filePath, path.join(dir, `source${sourceExtension(input.filePath)}`));
    await db.transaction(async (tx) => {
      if (input.refuseDuplicate) {
        // One transaction at a time per hash, so two uploads of one file at once cannot both pass.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${contentHash}))`);
        const [dup] = await tx.select({ id: contentItems.id }).from(contentItems).where(and(
          eq(contentItems.content_hash, contentHash),
          inArray(contentItems.review_status, ['Approved', 'Pending']),
          ne(contentItems.status, 'failed'),
        )).limit(1);
        if (dup) throw new DuplicateVideoError(dup.id);
      }
      await tx.insert(contentItems).values({
        id: contentId,
        option_id: input.optionId,
        user_id: input.userId ?? null,
        description: input.description,
        sources: input.sources ?? '',
        lang: input.lang,
        is_tldr: input.isTldr ?? false,
        status: 'processing',
        review_status: input.reviewStatus ?? 'Approved',
        content_hash: contentHash,
        source_key: input.sourceKey ?? null,
        media_key: contentPrefix(contentId),
      });
      await enqueue(TRANSCODE_JOB, { contentId } satisfies TranscodePayload, { db: tx });
    });
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    // Two runs with one sourceKey at once: the loser answers with the winner's reel.
    if (input.sourceKey && isUniqueViolation(err)) {
      const existing = await contentIdForKey(input.sourceKey);
      if (existing) return { contentId: existing };
    }
    throw err;
  }
  logger().debug({ contentId, optionId: input.optionId }, 'reel ingested; transcode queued');
  return { contentId };
}

async function findSource(contentId: string): Promise<string> {
  const dir = uploadDir(contentId);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const name = names.find((n) => n.startsWith('source'));
  if (!name) throw new Error(`source video is missing (${dir})`);
  return path.join(dir, name);
}

/**
 * Ends a processing reel as `failed` with `reason` (content_items.failure_reason,
 * shown to the uploader) and removes whatever of its media storage holds, so a
 * failed reel leaves no half-written segments behind.
 * @returns whether the reel was processing (and is now failed).
 */
async function failReel(contentId: string, reason: string): Promise<boolean> {
  const { db } = await getDb();
  const ended = await db.update(contentItems)
    .set({ status: 'failed', failure_reason: reason })
    .where(and(eq(contentItems.id, contentId), eq(contentItems.status, 'processing')))
    .returning({ id: contentItems.id });
  if (ended.length > 0) {
    // The reel is failed either way; storage that cannot delete now leaves files no reel points to.
    await getStorage().deletePrefix(contentPrefix(contentId)).catch((err: unknown) => {
      logger().error({ err, contentId }, 'media of a failed reel could not be removed');
    });
  }
  return ended.length > 0;
}

/**
 * The `transcode` job: source -> HLS ladder, poster and thumbnail -> storage,
 * then the reel becomes `ready` and takes the next feed position
 * (`feed_seq = nextval(...)`, so a reel that becomes ready later is appended
 * and paging never repeats or skips). ffmpeg reads at most
 * VIDEO_MAX_DURATION_S (+1 s) of the source under a wall-clock limit; a
 * source that turns out longer than the limit (its header lied) or too slow
 * to process is refused at once, without retries (PermanentJobError): the
 * job and the reel end `failed` with the uploader's message (last_error,
 * failure_reason) and the source is removed. After the last failed attempt
 * of any other error the reel is `failed` with the reason. Either way its
 * media prefix is emptied (onFinalFailure) and the attempt's work folder
 * removed. server/worker.ts registers it.
 */
export const transcodeJobHandler: JobHandler<TranscodePayload> = {
  async run({ contentId }, ctx) {
    const log = logger().child({ contentId, jobId: ctx.job.id });
    const { db } = await getDb();
    const [row] = await db.select({ status: contentItems.status }).from(contentItems).where(eq(contentItems.id, contentId));
    if (!row || row.status !== 'processing') {
      log.info({ status: row?.status ?? 'deleted' }, 'transcode skipped: reel is not processing');
      return;
    }
    const source = await findSource(contentId);
    const probe = await probeFile(source);

    const root = workDirRoot();
    await fs.mkdir(root, { recursive: true });
    // An attempt whose worker died left its folder behind; it is of no use now.
    for (const name of await fs.readdir(root)) {
      if (name.startsWith(`${contentId}-`)) await fs.rm(path.join(root, name), { recursive: true, force: true });
    }
    const work = path.join(root, `${contentId}-${ctx.job.id}-${ctx.job.attempts}`);
    try {
      let result: Awaited<ReturnType<typeof transcodeToHls>>;
      try {
        result = await transcodeToHls({
          input: source, outDir: work, probe, maxDurationS: env().VIDEO_MAX_DURATION_S, signal: ctx.signal, onProgress: ctx.progress,
        });
      } catch (err) {
        if (!(err instanceof VideoRefusedError) || ctx.signal.aborted) throw err;
        // A retry would decode the same bytes again, and the source is of no further use. The job
        // ends failed with the uploader's message; onFinalFailure fails the reel with it.
        await fs.rm(uploadDir(contentId), { recursive: true, force: true });
        log.warn({ code: err.code, probedS: probe.durationS }, 'reel refused by its transcode');
        throw new PermanentJobError(err.message, { cause: err });
      }
      ctx.signal.throwIfAborted();
      const storage = getStorage();
      const prefix = contentPrefix(contentId);
      await storage.putDirectory(work, prefix);
      const updated = await db.update(contentItems).set({
        status: 'ready',
        ready_at: sql`now()`,
        feed_seq: sql`nextval(pg_get_serial_sequence('content_items', 'feed_seq'))`,
        duration_s: result.durationS,
        width: result.width,
        height: result.height,
        renditions: result.renditions.map((r) => r.name),
        media_key: prefix,
        failure_reason: null,
      }).where(and(eq(contentItems.id, contentId), eq(contentItems.status, 'processing')))
        .returning({ id: contentItems.id });
      if (updated.length === 0) {
        const [still] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.id, contentId));
        // Deleted while we worked: its media would be orphaned.
        if (!still) await storage.deletePrefix(prefix);
        log.info('transcode finished but the reel is no longer processing');
        return;
      }
      // This process's feed shows the new reel at once; other processes within the feed cache's TTL.
      invalidateFeedCache();
      await fs.rm(uploadDir(contentId), { recursive: true, force: true });
      log.debug({ renditions: result.renditions.map((r) => r.name), durationS: result.durationS }, 'reel ready');
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  },

  async onFinalFailure({ contentId }, reason) {
    await failReel(contentId, reason);
    logger().warn({ contentId, reason }, 'reel failed');
  },
};
