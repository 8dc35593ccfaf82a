import { describe, expect, it } from 'vitest';
import { masterPlaylist, parseMediaPlaylist, planLadder, type RenditionResult } from './transcode';

const sizes = (w: number, h: number, fps = 30) => planLadder({ width: w, height: h, fps }).map((p) => `${p.name}:${p.width}x${p.height}`);

describe('planLadder', () => {
  it('measures rungs on the short side, so portrait stays portrait', () => {
    expect(sizes(720, 1280)).toEqual(['240:240x426', '360:360x640', '720:720x1280']);
    expect(sizes(1920, 1080)).toEqual(['240:426x240', '360:640x360', '720:1280x720']);
    expect(sizes(2160, 3840)).toEqual(['240:240x426', '360:360x640', '720:720x1280']);
  });

  it('never upscales: rungs above the source are skipped, the top is the source short side', () => {
    expect(sizes(360, 640)).toEqual(['240:240x426', '360:360x640']);
    expect(sizes(540, 960)).toEqual(['240:240x426', '360:360x640', '540:540x960']);
    expect(sizes(160, 284)).toEqual(['160:160x284']);
    // Barely above 360: a third encode would add nothing visible.
    expect(sizes(380, 676)).toEqual(['240:240x426', '360:360x640']);
  });

  it('keeps every dimension even (yuv420p) for odd sources', () => {
    for (const p of planLadder({ width: 333, height: 591, fps: 25 })) {
      expect(p.width % 2).toBe(0);
      expect(p.height % 2).toBe(0);
    }
  });

  it('picks bitrates that grow with size and an H.264 level that fits the frame', () => {
    const [a, b, c] = planLadder({ width: 720, height: 1280, fps: 60 });
    expect([a.videoBitrate, b.videoBitrate, c.videoBitrate]).toEqual([160_000, 600_000, 1_800_000]);
    expect([a.audioBitrate, b.audioBitrate, c.audioBitrate]).toEqual([48_000, 64_000, 96_000]);
    expect([a.level, b.level, c.level]).toEqual([30, 30, 31]);
  });
});

describe('parseMediaPlaylist', () => {
  it('reads target duration, segment names and EXTINF durations', () => {
    const text = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg_00000.ts\n#EXTINF:0.480000,\nseg_00001.ts\n#EXT-X-ENDLIST\n';
    expect(parseMediaPlaylist(text)).toEqual({
      targetDurationS: 2,
      segments: [{ uri: 'seg_00000.ts', durationS: 2 }, { uri: 'seg_00001.ts', durationS: 0.48 }],
    });
  });
});

describe('masterPlaylist', () => {
  it('lists renditions lowest first with BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS', () => {
    const r = (name: number, w: number, h: number, bw: number): RenditionResult => ({
      name, width: w, height: h, videoBitrate: 0, audioBitrate: 0, level: 30, bandwidth: bw, averageBandwidth: bw - 1,
      codecs: 'avc1.4d401e,mp4a.40.2', playlist: `${name}/index.m3u8`, segmentDurationsS: [2],
    });
    const text = masterPlaylist([r(360, 360, 640, 700_000), r(240, 240, 426, 350_000)], 25);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=350000,AVERAGE-BANDWIDTH=349999,RESOLUTION=240x426,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"',
      '240/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=700000,AVERAGE-BANDWIDTH=699999,RESOLUTION=360x640,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2"',
      '360/index.m3u8',
      '',
    ]);
  });
});
