import 'server-only';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { uploadReservations } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';

/**
 * What one user's unfinished resumable uploads may hold at once. Every tus
 * creation reserves its declared Upload-Length (upload_reservations) until
 * the upload finishes, is terminated or expires, so nobody can pin
 * gigabytes of disk for a day with uploads they never send. A reservation
 * past its expires_at never counts, even before the hourly clean-up
 * removes it.
 */

export interface UploadLimits {
  /** Unfinished uploads one user may have open (env UPLOAD_MAX_OPEN_PER_USER, default 3). */
  maxOpenPerUser: number;
  /** Declared bytes those uploads may add up to (env UPLOAD_MAX_RESERVED_BYTES_PER_USER, default 600 MB). */
  maxReservedBytesPerUser: number;
}

/** The limits of this process's environment. */
export function uploadLimits(): UploadLimits {
  const e = env();
  return { maxOpenPerUser: e.UPLOAD_MAX_OPEN_PER_USER, maxReservedBytesPerUser: e.UPLOAD_MAX_RESERVED_BYTES_PER_USER };
}

/**
 * First key of the two-key advisory lock that serialises one user's
 * reservations (the second is the user id's hash): its own namespace, apart
 * from the one-key locks elsewhere.
 */
const RESERVATION_LOCK = 0x75706c64; // "upld"

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Reserves room for a new upload of `bytes` (its declared Upload-Length)
 * for `userId`, lasting `ttlMs` from now (database clock). One transaction
 * per user at a time (advisory transaction lock), so parallel creations
 * cannot all read the same count and overshoot the limits.
 * @throws ApiError 429 `upload_limit` when the user already has
 *   `limits.maxOpenPerUser` unexpired reservations; 413 `upload_limit` when
 *   their bytes plus `bytes` would pass `limits.maxReservedBytesPerUser`.
 */
export async function reserveUpload(input: {
  uploadId: string; userId: string; bytes: number; ttlMs: number; limits?: UploadLimits;
}): Promise<void> {
  const limits = input.limits ?? uploadLimits();
  const { db } = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESERVATION_LOCK}, hashtext(${input.userId}))`);
    const [open] = await tx.select({
      n: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)::text`,
    }).from(uploadReservations).where(and(
      eq(uploadReservations.user_id, input.userId),
      gt(uploadReservations.expires_at, sql`now()`),
    ));
    if (Number(open.n) >= limits.maxOpenPerUser) {
      throw new ApiError(429, 'upload_limit',
        `You can have at most ${limits.maxOpenPerUser} unfinished uploads at a time. Finish or cancel one to start another.`);
    }
    if (Number(open.bytes) + input.bytes > limits.maxReservedBytesPerUser) {
      throw new ApiError(413, 'upload_limit',
        `Your unfinished uploads can add up to at most ${megabytes(limits.maxReservedBytesPerUser)}. Finish or cancel one to start another.`);
    }
    await tx.insert(uploadReservations).values({
      upload_id: input.uploadId,
      user_id: input.userId,
      bytes: input.bytes,
      expires_at: sql`now() + (${Math.round(input.ttlMs)}::int * interval '1 millisecond')`,
    });
  });
}

/** Frees the room of an upload that finished, was terminated or was never created. Unknown ids are fine. */
export async function releaseUpload(uploadId: string): Promise<void> {
  const { db } = await getDb();
  await db.delete(uploadReservations).where(eq(uploadReservations.upload_id, uploadId));
}

/**
 * Deletes every reservation past its expires_at (they count for nothing
 * already; this keeps the table small). The reservations of uploads whose
 * files expire go with the files (server/uploads.ts).
 * @returns how many rows were deleted.
 */
export async function releaseExpiredUploads(): Promise<number> {
  const { db } = await getDb();
  const gone = await db.delete(uploadReservations).where(lte(uploadReservations.expires_at, sql`now()`))
    .returning({ id: uploadReservations.upload_id });
  return gone.length;
}
