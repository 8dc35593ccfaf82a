import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { parseMediaPlaylist } from '@/lib/media/transcode';
import { ingestVideoFile, uploadDir } from '@/features/reels/server/ingest';
import { startWorker } from '@/server/worker';
import { ffprobeJson, makeClip, waitForReel } from '../fixtures/clips';
import { useTempOption } from '../fixtures/taxonomy';

/**
 * The reel pipeline end to end on the real ffmpeg: ingest -> durable
 * transcode job -> HLS ladder, poster, thumbnail in storage -> reel ready.
 */

const fixture = useTempOption('sr-clips-');
const { tmp } = fixture;
let stopWorker: () => Promise<void>;

const mediaDir = (contentId: string) => path.join(env().DATA_DIR, 'media', 'content', contentId);

beforeAll(async () => {
  stopWorker = await startWorker({ pollMs: 50, leaseMs: 10_000, concurrency: 1 });
});

afterAll(async () => {
  await stopWorker?.();
});

describe('ingestVideoFile + transcode job', () => {
  it('turns a portrait 720x1280 clip into a 240/360/720 HLS ladder, poster and thumbnail, and marks the reel ready', async () => {
    const clip = await makeClip(path.join(tmp, 'portrait.mp4'), { width: 720, height: 1280, durationS: 5, fps: 25 });
    const { db } = await getDb();
    const { contentId } = await ingestVideoFile({
      filePath: clip, optionId: fixture.optionId, description: 'Portrait test reel', lang: 'en',
    });
    const [queued] = await db.select().from(contentItems).where(eq(contentItems.id, contentId));
    expect(queued.status === 'processing' || queued.status === 'ready').toBe(true);

    const row = await waitForReel(contentId);
    expect(row.failure_reason).toBeNull();
    expect(row.status).toBe('ready');
    expect(row.ready_at).toBeInstanceOf(Date);
    expect(row.renditions).toEqual([240, 360, 720]);
    expect(row.width).toBe(720);
    expect(row.height).toBe(1280);
    expect(row.duration_s).toBeGreaterThan(4.5);
    expect(row.duration_s).toBeLessThan(5.5);
    expect(row.media_key).toBe(`content/${contentId}`);

    const dir = mediaDir(contentId);
    const sizes: Record<number, [number, number]> = { 240: [240, 426], 360: [360, 640], 720: [720, 1280] };
    for (const [name, [w, h]] of Object.entries(sizes)) {
      const playlist = fs.readFileSync(path.join(dir, name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const { segments } = parseMediaPlaylist(playlist);
      expect(segments.length).toBeGreaterThanOrEqual(2);
      segments.forEach((s, i) => {
        expect(s.uri).toMatch(/^seg_\d{5}\.ts$/);
        if (i < segments.length - 1) {
          expect(s.durationS).toBeGreaterThanOrEqual(1);
          expect(s.durationS).toBeLessThanOrEqual(3);
        }
      });
      const probe = await ffprobeJson(path.join(dir, name, segments[0].uri));
      const v = probe.streams.find((s) => s.codec_type === 'video')!;
      const a = probe.streams.find((s) => s.codec_type === 'audio')!;
      expect(probe.format.format_name).toBe('mpegts');
      expect([v.codec_name, v.width, v.height, v.pix_fmt, v.profile]).toEqual(['h264', w, h, 'yuv420p', 'Main']);
      expect(a.codec_name).toBe('aac');
    }

    const master = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    const infs = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(infs).toHaveLength(3);
    // Lowest first, each with measured bandwidths, its size and the codecs actually encoded.
    expect(infs[0]).toMatch(/RESOLUTION=240x426/);
    expect(infs[1]).toMatch(/RESOLUTION=360x640/);
    expect(infs[2]).toMatch(/RESOLUTION=720x1280/);
    for (const inf of infs) {
      expect(inf).toMatch(/BANDWIDTH=\d+/);
      expect(inf).toMatch(/AVERAGE-BANDWIDTH=\d+/);
      expect(inf).toMatch(/CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"/);
    }
    expect(infs[2]).toContain('CODECS="avc1.4d401f,mp4a.40.2"');
    const bw = infs.map((l) => Number(/[:,]BANDWIDTH=(\d+)/.exec(l)![1]));
    expect(bw[0]).toBeLessThan(bw[1]);
    expect(bw[1]).toBeLessThan(bw[2]);
    expect(master.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['240/index.m3u8', '360/index.m3u8', '720/index.m3u8']);

    const poster = await ffprobeJson(path.join(dir, 'poster.jpg'));
    expect([poster.streams[0].codec_name, poster.streams[0].width, poster.streams[0].height]).toEqual(['mjpeg', 360, 640]);
    const thumb = await ffprobeJson(path.join(dir, 'thumb.jpg'));
    expect([thumb.streams[0].width, thumb.streams[0].height]).toEqual([180, 320]);

    // The source is removed after success, the job is done and no work folder is left.
    expect(fs.existsSync(uploadDir(contentId))).toBe(false);
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, 'transcode'));
    expect(job.status).toBe('done');
    expect(fs.readdirSync(path.join(env().DATA_DIR, 'work'))).toEqual([]);
  });

  it('never upscales: a 360x640 source without audio gets 240p and 360p only, each with an AAC track', async () => {
    const clip = await makeClip(path.join(tmp, 'small.mp4'), { width: 360, height: 640, durationS: 3, audio: false });
    const { contentId } = await ingestVideoFile({
      filePath: clip, optionId: fixture.optionId, description: 'Low-res reel', lang: 'hi',
    });
    const row = await waitForReel(contentId);
    expect(row.status).toBe('ready');
    expect(row.renditions).toEqual([240, 360]);
    expect([row.width, row.height]).toEqual([360, 640]);
    const dir = mediaDir(contentId);
    expect(fs.existsSync(path.join(dir, '720'))).toBe(false);
    const master = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8');
    expect(master).not.toContain('720');
    expect(master).toContain('RESOLUTION=360x640');
    for (const name of ['240', '360']) {
      const probe = await ffprobeJson(path.join(dir, name, 'seg_00000.ts'));
      expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    }
  });

  it('gives each newly ready reel the next feed position', async () => {
    const { db } = await getDb();
    const a = await ingestVideoFile({
      filePath: await makeClip(path.join(tmp, 'a.mp4'), { width: 160, height: 284, durationS: 1 }),
      optionId: fixture.optionId, description: 'A', lang: 'en',
    });
    const rowA = await waitForReel(a.contentId);
    const b = await ingestVideoFile({
      filePath: await makeClip(path.join(tmp, 'b.mp4'), { width: 160, height: 284, durationS: 1 }),
      optionId: fixture.optionId, description: 'B', lang: 'en',
    });
    const rowB = await waitForReel(b.contentId);
    expect(rowB.feed_seq).toBeGreaterThan(rowA.feed_seq);
    const ready = await db.select({ seq: contentItems.feed_seq }).from(contentItems).where(eq(contentItems.status, 'ready'));
    expect(Math.max(...ready.map((r) => r.seq))).toBe(rowB.feed_seq);
    // A source shorter than every rung still gets one rendition, at its own size.
    expect(rowA.renditions).toEqual([160]);
  });

  it('returns the existing reel for a sourceKey seen before', async () => {
    const clip = await makeClip(path.join(tmp, 'keyed.mp4'), { width: 160, height: 284, durationS: 1 });
    const first = await ingestVideoFile({
      filePath: clip, optionId: fixture.optionId, description: 'Keyed', lang: 'he', sourceKey: 'test:keyed',
    });
    const again = await ingestVideoFile({
      filePath: clip, optionId: fixture.optionId, description: 'Keyed', lang: 'he', sourceKey: 'test:keyed',
    });
    expect(again.contentId).toBe(first.contentId);
    const { db } = await getDb();
    const rows = await db.select().from(contentItems).where(eq(contentItems.source_key, 'test:keyed'));
    expect(rows).toHaveLength(1);
    await waitForReel(first.contentId);
  });

  it('refuses an unknown option with 404 option_not_found', async () => {
    const clip = path.join(tmp, 'portrait.mp4');
    for (const optionId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await expect(ingestVideoFile({ filePath: clip, optionId, description: 'x', lang: 'en' }))
        .rejects.toMatchObject({ status: 404, code: 'option_not_found' });
    }
  });
});
