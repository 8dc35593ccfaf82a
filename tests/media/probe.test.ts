import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '@/lib/media/ffmpeg';
import { probeFile } from '@/lib/media/probe';
import { transcodeToHls } from '@/lib/media/transcode';
import { ffprobeJson, makeClip } from '../fixtures/clips';

/** probeFile on sources a phone or an editor produces, and the ladder that follows. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-probe-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('probeFile', () => {
  it('reads a rotated phone video as portrait, and the renditions come out portrait', async () => {
    const landscape = await makeClip(path.join(tmp, 'sensor.mp4'), { width: 640, height: 360, durationS: 2 });
    const phone = path.join(tmp, 'phone.mp4');
    // Phones store the sensor's landscape frames plus a 90 degree display rotation.
    await runFfmpeg(['-y', '-v', 'error', '-i', landscape, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', phone]);
    const probe = await probeFile(phone);
    expect([probe.width, probe.height, probe.hasAudio]).toEqual([360, 640, true]);
    expect(probe.durationS).toBeCloseTo(2, 0);

    const out = path.join(tmp, 'phone-hls');
    const result = await transcodeToHls({ input: phone, outDir: out, probe, maxDurationS: 90 });
    expect(result.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['240x426', '360x640']);
    const seg = await ffprobeJson(path.join(out, '360', 'seg_00000.ts'));
    const v = seg.streams.find((s) => s.codec_type === 'video')!;
    expect([v.width, v.height]).toEqual([360, 640]);
    const poster = await ffprobeJson(path.join(out, 'poster.jpg'));
    expect([poster.streams[0].width, poster.streams[0].height]).toEqual([360, 640]);
  });

  it('reads an MPEG-TS source (where the npm ffprobe crashes, through ffmpeg)', async () => {
    const mp4 = await makeClip(path.join(tmp, 'src.mp4'), { width: 320, height: 568, durationS: 2 });
    const ts = path.join(tmp, 'src.ts');
    await runFfmpeg(['-y', '-v', 'error', '-i', mp4, '-c', 'copy', ts]);
    const probe = await probeFile(ts);
    expect([probe.width, probe.height, probe.hasAudio]).toEqual([320, 568, true]);
    expect(probe.durationS).toBeGreaterThan(1.5);
    expect(probe.durationS).toBeLessThan(2.5);
  });
});
