import 'server-only';
import { PROCESSING_TIMEOUT_MESSAGE } from './transcode';

/**
 * Why a reel ended `failed`, as a code an interface can translate.
 * content_items.failure_reason holds one English sentence (the transcode's
 * message for the uploader, or a job's internal error after its last
 * attempt); the sentences the media code writes for the uploader are
 * recognised here, so no second column is needed and old rows read the same.
 * Everything else (ffmpeg's output, a missing source's path...) is
 * `processing_failed`: it is for the logs and the jobs table, not for the
 * uploader.
 */

/** The reasons an uploader is told apart; the studio shows `studio.failure.<code>`. */
export const REEL_FAILURE_CODES = ['video_too_long', 'processing_timeout', 'processing_failed'] as const;
export type ReelFailureCode = (typeof REEL_FAILURE_CODES)[number];

export interface ReelFailure {
  code: ReelFailureCode;
  /** video_too_long: the limit the video broke, seconds (VIDEO_MAX_DURATION_S when it failed). */
  max_duration_s?: number;
}

/** videoTooLongMessage's two forms (lib/media/probe.ts), with the limit captured. */
const TOO_LONG = /^This video is (?:longer than \d+ seconds|\d+ seconds long)\. Videos can be at most (\d+) seconds\.$/;

/**
 * The code of a failed reel's failure_reason, with the limit for
 * `video_too_long` (read from the sentence, so it is the limit of the day it
 * failed). Unknown, internal or missing reasons are `processing_failed`.
 * Sources of the sentences: videoTooLongMessage (lib/media/probe.ts) and
 * PROCESSING_TIMEOUT_MESSAGE (lib/media/transcode.ts).
 */
export function reelFailureOf(reason: string | null | undefined): ReelFailure {
  const text = reason?.trim() ?? '';
  const tooLong = TOO_LONG.exec(text);
  if (tooLong) return { code: 'video_too_long', max_duration_s: Number(tooLong[1]) };
  if (text === PROCESSING_TIMEOUT_MESSAGE) return { code: 'processing_timeout' };
  return { code: 'processing_failed' };
}

/**
 * The failure_reason an uploader may read: the sentence written for them
 * (known codes), else null (internal errors stay in the logs).
 */
export function uploaderFailureReason(reason: string | null | undefined): string | null {
  return reelFailureOf(reason).code === 'processing_failed' ? null : (reason?.trim() ?? null);
}
