import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import { ingestVideoFile } from '@/features/reels/server/ingest';
import { makeClip } from '../fixtures/clips';
import { useTempOption } from '../fixtures/taxonomy';

/**
 * Refusals of SPEC.md sections 5 and 8: a file that is not a video, one
 * over 200 MB, one longer than VIDEO_MAX_DURATION_S. Each is refused with
 * its code and message, and nothing is stored: no reel row, no job, no
 * upload copy, no media.
 */

const fixture = useTempOption('sr-refuse-');
const { tmp } = fixture;

/** Files under a folder of DATA_DIR, recursively ([] when the folder does not exist). */
function filesUnder(sub: string): string[] {
  const dir = path.join(env().DATA_DIR, sub);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String);
}

async function expectNothingStored() {
  const { db } = await getDb();
  expect(await db.select().from(contentItems).where(eq(contentItems.option_id, fixture.optionId))).toEqual([]);
  expect(await db.select().from(jobs)).toEqual([]);
  expect(filesUnder('uploads')).toEqual([]);
  expect(filesUnder('media')).toEqual([]);
}

describe('ingestVideoFile refusals', () => {
  it('refuses a 95 s clip with video_too_long naming the 90 s limit', async () => {
    expect(env().VIDEO_MAX_DURATION_S).toBe(90);
    // Tiny and at 5 fps: a long clip that is still quick to make.
    const clip = await makeClip(path.join(tmp, 'long.mp4'), { width: 64, height: 112, durationS: 95, fps: 5, audio: false });
    const err = await ingestVideoFile({ filePath: clip, optionId: fixture.optionId, description: 'too long', lang: 'en' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, code: 'video_too_long' });
    expect((err as Error).message).toContain('90 seconds');
    await expectNothingStored();
  });

  it('refuses a text file with no_video_stream', async () => {
    const file = path.join(tmp, 'notes.txt');
    fs.writeFileSync(file, 'Rooftop solar saves money.\n'.repeat(50));
    await expect(ingestVideoFile({ filePath: file, optionId: fixture.optionId, description: 'text', lang: 'en' }))
      .rejects.toMatchObject({ status: 422, code: 'no_video_stream' });
    // The same bytes under a video name are still not a video.
    const disguised = path.join(tmp, 'notes.mp4');
    fs.copyFileSync(file, disguised);
    await expect(ingestVideoFile({ filePath: disguised, optionId: fixture.optionId, description: 'text', lang: 'en' }))
      .rejects.toMatchObject({ status: 422, code: 'no_video_stream' });
    await expectNothingStored();
  });

  it('refuses a still image with no_video_stream', async () => {
    const clip = await makeClip(path.join(tmp, 'frame-src.mp4'), { width: 64, height: 64, durationS: 1, audio: false });
    const { runFfmpeg } = await import('@/lib/media/ffmpeg');
    const jpg = path.join(tmp, 'still.jpg');
    await runFfmpeg(['-y', '-v', 'error', '-i', clip, '-frames:v', '1', jpg]);
    await expect(ingestVideoFile({ filePath: jpg, optionId: fixture.optionId, description: 'jpg', lang: 'en' }))
      .rejects.toMatchObject({ status: 422, code: 'no_video_stream' });
    await expectNothingStored();
  });

  it('refuses a file over 200 MB with file_too_large and the spec message', async () => {
    const big = path.join(tmp, 'big.mp4');
    // A sparse file: 200 MB + 1 byte on paper, nothing on disk.
    fs.closeSync(fs.openSync(big, 'w'));
    fs.truncateSync(big, MAX_UPLOAD_BYTES + 1);
    const err = await ingestVideoFile({ filePath: big, optionId: fixture.optionId, description: 'big', lang: 'en' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 413, code: 'file_too_large' });
    expect((err as Error).message).toBe('Oops! It seems like your video file is too large for upload(Max Limit 200MB).');
    await expectNothingStored();
  });

  it('refuses a path that does not exist with file_unreadable', async () => {
    await expect(ingestVideoFile({ filePath: path.join(tmp, 'missing.mp4'), optionId: fixture.optionId, description: 'x', lang: 'en' }))
      .rejects.toMatchObject({ status: 422, code: 'file_unreadable' });
    await expectNothingStored();
  });
});
