import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { waitForJob } from '@/lib/jobs/queue';
import { contentItems, jobs } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { runFfmpeg } from '@/lib/media/ffmpeg';
import { probeFile } from '@/lib/media/probe';
import { transcodeTimeoutMs, transcodeToHls, VideoRefusedError } from '@/lib/media/transcode';
import { getStorage } from '@/lib/storage/storage';
import { contentPrefix } from '@/lib/storage/media-storage';
import { ingestVideoFile, transcodeJobHandler, uploadDir } from '@/features/reels/server/ingest';
import { startWorker } from '@/server/worker';
import { makeClip, waitForReel } from '../fixtures/clips';
import { useTempOption } from '../fixtures/taxonomy';

/**
 * VIDEO_MAX_DURATION_S (SPEC.md section 5) against a container that lies
 * about its length: the upload's probe believes the header, so the
 * transcode reads at most the limit (+1 s) under a wall-clock limit and
 * refuses a source whose output reaches past the limit. The job and the
 * reel fail at once with the uploader's message and nothing of it stays in
 * storage.
 */

const fixture = useTempOption('sr-duration-');
const { tmp } = fixture;
let stopWorker: () => Promise<void>;

const TOO_LONG = 'This video is longer than 90 seconds. Videos can be at most 90 seconds.';

beforeAll(async () => {
  stopWorker = await startWorker({ pollMs: 50, leaseMs: 10_000, concurrency: 1 });
});

afterAll(async () => {
  await stopWorker?.();
});

/** Reads an EBML variable-length integer at `at`: its byte length and value (marker bit removed when `value`). */
function vint(buf: Buffer, at: number, keepMarker: boolean): { length: number; value: number } {
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`bad EBML vint at ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i];
  return { length, value };
}

/** Offset of the first child element `id` inside [from, to), walking siblings; -1 when absent. */
function findChild(buf: Buffer, from: number, to: number, id: number): { dataAt: number; size: number } | null {
  let at = from;
  while (at < to) {
    const el = vint(buf, at, true);
    const size = vint(buf, at + el.length, false);
    const dataAt = at + el.length + size.length;
    if (el.value === id) return { dataAt, size: size.value };
    at = dataAt + size.value;
  }
  return null;
}

/**
 * Overwrites the Segment Info's Duration (EBML id 0x4489, a float in
 * TimecodeScale units, ms by default) of a Matroska file: the container now
 * claims `durationMs` while every frame is still there.
 */
function patchMatroskaDuration(file: string, durationMs: number): void {
  const buf = fs.readFileSync(file);
  const header = findChild(buf, 0, buf.length, 0x1a45dfa3);
  if (!header) throw new Error('not EBML');
  const segment = findChild(buf, header.dataAt + header.size, buf.length, 0x18538067);
  if (!segment) throw new Error('no Segment');
  // ffmpeg writes the Segment with its real size; an unknown size (all ones) would run to the end.
  const segmentEnd = Math.min(buf.length, segment.dataAt + segment.size);
  const info = findChild(buf, segment.dataAt, segmentEnd, 0x1549a966);
  if (!info) throw new Error('no Segment Info');
  const duration = findChild(buf, info.dataAt, info.dataAt + info.size, 0x4489);
  if (!duration) throw new Error('no Duration');
  if (duration.size === 8) buf.writeDoubleBE(durationMs, duration.dataAt);
  else if (duration.size === 4) buf.writeFloatBE(durationMs, duration.dataAt);
  else throw new Error(`Duration of ${duration.size} bytes`);
  fs.writeFileSync(file, buf);
}

/** A tiny, quick Matroska clip (64x112 at 5 fps, optional 8 kHz sine) of `durationS` seconds. */
async function makeMatroska(file: string, durationS: number, audio: boolean): Promise<string> {
  const args = ['-y', '-v', 'error', '-f', 'lavfi', '-i', `testsrc=s=64x112:r=5:d=${durationS}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=8000:duration=${durationS}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '10');
  if (audio) args.push('-c:a', 'aac', '-b:a', '16k');
  await runFfmpeg([...args, file]);
  return file;
}

/** Files under DATA_DIR/<sub>/<name>, recursively ([] when absent). */
function filesUnder(...parts: string[]): string[] {
  const dir = path.join(env().DATA_DIR, ...parts);
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
}

describe('transcode job: a container that lies about its length', () => {
  it.each([
    ['with audio', 150, true],
    ['without audio (silence is added)', 100, false],
  ])('refuses %s: %i s of Matroska whose header says 3 s fails with the reason, no ready reel, no media left', async (
    _label, realS, audio,
  ) => {
    expect(env().VIDEO_MAX_DURATION_S).toBe(90);
    const file = await makeMatroska(path.join(tmp, `lying-${realS}.mkv`), realS, audio);
    expect((await probeFile(file)).durationS).toBeGreaterThan(realS - 1);
    patchMatroskaDuration(file, 3000);
    // What the upload's limit sees now: 3 s.
    const probed = await probeFile(file);
    expect(probed.durationS).toBeGreaterThan(2.9);
    expect(probed.durationS).toBeLessThan(3.1);

    const { contentId } = await ingestVideoFile({ filePath: file, optionId: fixture.optionId, description: 'lying header', lang: 'en' });
    const row = await waitForReel(contentId, 150_000);
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe(TOO_LONG);
    expect(row.ready_at).toBeNull();

    const { db } = await getDb();
    expect(await db.select().from(contentItems)
      .where(sql`${contentItems.option_id} = ${fixture.optionId} and ${contentItems.status} = 'ready'`)).toEqual([]);
    // Refused at once: one attempt, no retries decoding the same bytes again, and the job row
    // says failed with the same reason as the reel.
    const [queued] = await db.select().from(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
    const job = await waitForJob(queued.id, { timeoutMs: 30_000, intervalMs: 50 });
    expect(job.attempts).toBe(1);
    expect(job.max_attempts).toBe(3);
    expect(job.status).toBe('failed');
    expect(job.last_error).toBe(TOO_LONG);
    // Nothing half-written in media storage, no kept source, no work folder.
    expect(filesUnder('media', 'content', contentId)).toEqual([]);
    expect(fs.existsSync(uploadDir(contentId))).toBe(false);
    expect(filesUnder('work').filter((n) => n.startsWith(contentId))).toEqual([]);

    await db.delete(jobs).where(eq(jobs.id, job.id));
    await db.delete(contentItems).where(eq(contentItems.id, contentId));
  });

  it('still makes a reel of an honest clip as long as the limit', async () => {
    const file = await makeMatroska(path.join(tmp, 'honest-90.mkv'), 90, true);
    const { contentId } = await ingestVideoFile({ filePath: file, optionId: fixture.optionId, description: 'honest 90 s', lang: 'en' });
    const row = await waitForReel(contentId, 150_000);
    expect(row.failure_reason).toBeNull();
    expect(row.status).toBe('ready');
    expect(row.duration_s).toBeGreaterThan(89);
    expect(row.duration_s).toBeLessThanOrEqual(90.25);
    const { db } = await getDb();
    await db.delete(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
    await db.delete(contentItems).where(eq(contentItems.id, contentId));
  });
});

describe('transcode job: final failure', () => {
  it('removes whatever a failed attempt left in media storage and stores the reason', async () => {
    const { db } = await getDb();
    const [reel] = await db.insert(contentItems).values({
      option_id: fixture.optionId, description: 'half published', lang: 'en', status: 'processing', media_key: 'x',
    }).returning();
    // An attempt died half-way through publishing: some segments are in storage.
    const half = path.join(tmp, 'half');
    fs.mkdirSync(path.join(half, '240'), { recursive: true });
    fs.writeFileSync(path.join(half, '240', 'seg_00000.ts'), 'partial');
    await getStorage().putDirectory(half, contentPrefix(reel.id));
    expect(filesUnder('media', 'content', reel.id)).not.toEqual([]);

    const reason = 'ffmpeg exited with 1: broken';
    await transcodeJobHandler.onFinalFailure!({ contentId: reel.id }, reason, {
      id: 0, kind: 'transcode', payload: { contentId: reel.id }, status: 'failed', attempts: 3, max_attempts: 3,
      run_at: new Date(), locked_by: null, locked_until: null, last_error: reason,
    });
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, reel.id));
    expect(row).toMatchObject({ status: 'failed', failure_reason: reason });
    expect(filesUnder('media', 'content', reel.id)).toEqual([]);
    await db.delete(contentItems).where(eq(contentItems.id, reel.id));
  });
});

describe('transcodeToHls wall-clock limit', () => {
  it('is proportional to the duration limit: about 15 minutes for 90 s', () => {
    expect(transcodeTimeoutMs(90)).toBe(910_000);
    expect(transcodeTimeoutMs(180)).toBe(1_810_000);
  });

  it('kills ffmpeg past its time and refuses the source as processing_timeout', async () => {
    const clip = await makeClip(path.join(tmp, 'slow.mp4'), { width: 720, height: 1280, durationS: 4 });
    const outDir = path.join(tmp, 'slow-hls');
    const started = Date.now();
    const err = await transcodeToHls({ input: clip, outDir, probe: await probeFile(clip), maxDurationS: 90, timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VideoRefusedError);
    expect(err).toMatchObject({ code: 'processing_timeout' });
    // Killed, not waited for (the stills after the ladder were never made).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(outDir, 'poster.jpg'))).toBe(false);
    expect(fs.existsSync(path.join(outDir, 'master.m3u8'))).toBe(false);
  });
});
