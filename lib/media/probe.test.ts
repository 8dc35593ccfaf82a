import { describe, expect, it } from 'vitest';
import { parseFfmpegInputLog } from './probe';

describe('parseFfmpegInputLog', () => {
  it('reads format, duration, video size, profile, pixel format, frame rate and audio of an MPEG-TS segment', () => {
    const log = `Input #0, mpegts, from 'seg_00001.ts':
  Duration: 00:00:02.06, start: 3.408000, bitrate: 940 kb/s
  Program 1
    Stream #0:0[0x100]: Video: h264 (Main) ([27][0][0][0] / 0x001B), yuv420p(progressive), 720x1280 [SAR 1:1 DAR 9:16], 30 fps, 30 tbr, 90k tbn, 60 tbc
    Stream #0:1[0x101]: Audio: aac (LC) ([15][0][0][0] / 0x000F), 48000 Hz, stereo, fltp, 4 kb/s
At least one output file must be specified`;
    const j = parseFfmpegInputLog(log);
    expect(j.format).toEqual({ format_name: 'mpegts', duration: '2.06' });
    expect(j.streams[0]).toMatchObject({
      codec_type: 'video', codec_name: 'h264', profile: 'Main', pix_fmt: 'yuv420p', width: 720, height: 1280,
      sample_aspect_ratio: '1:1', avg_frame_rate: '30',
    });
    expect(j.streams[1]).toMatchObject({ codec_type: 'audio', codec_name: 'aac' });
  });

  it('reads the rotation of a phone video', () => {
    const log = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'phone.mp4':
  Duration: 00:00:10.00, start: 0.000000, bitrate: 8000 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, 7900 kb/s, 29.97 fps, 29.97 tbr, 90k tbn (default)
    Metadata:
      rotate          : 90
    Side data:
      displaymatrix: rotation of -90.00 degrees`;
    const j = parseFfmpegInputLog(log);
    // +90 (tag) and -90 (display matrix) are both a quarter turn: width and height swap.
    expect(Math.abs(j.streams[0].side_data_list?.[0].rotation ?? 0)).toBe(90);
    expect(j.streams[0].avg_frame_rate).toBe('29.97');
  });
});
