import 'server-only';
import fs from 'node:fs/promises';
import { ApiError } from '../http/errors';
import { MAX_UPLOAD_BYTES } from '../constants';
import { MediaTimeoutError, MediaToolError, runFfmpeg, runFfprobe } from './ffmpeg';

/**
 * What the pipeline needs to know about a source video, read with ffprobe's
 * JSON output. ARCHITECTURE.md decision 5: a video must have a video stream,
 * weigh at most 200 MB and last at most VIDEO_MAX_DURATION_S.
 */
export interface VideoProbe {
  /** Seconds. */
  durationS: number;
  /** Display size in pixels: sample aspect ratio and rotation applied (what a viewer sees). */
  width: number;
  height: number;
  /** Frames per second (average), 0 when unknown. */
  fps: number;
  hasAudio: boolean;
  /** Bytes. */
  sizeBytes: number;
  videoCodec: string;
  formatName: string;
}

/** The exact message of SPEC.md section 8 for a file over 200 MB. */
export const FILE_TOO_LARGE_MESSAGE = 'Oops! It seems like your video file is too large for upload(Max Limit 200MB).';

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

interface FfprobeJson {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string; size?: string };
}

/**
 * Wall-clock limit of one ffprobe (or ffmpeg input description) run, ms.
 * Reading headers and packets of a 200 MB file takes seconds; a file that
 * keeps the demuxer busy longer is treated as unreadable.
 */
export const PROBE_TIMEOUT_MS = 60_000;

const noVideo = () =>
  new ApiError(422, 'no_video_stream', 'This file has no video in it. Please choose a video file.');

/**
 * Formats whose "video stream" is not a reel: single pictures (image2,
 * *_pipe) and text rendered as ANSI art (ffmpeg's `tty` demuxer picks up
 * .txt files).
 */
const NOT_VIDEO_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|apng|tty)(,|$)/;

function ratio(s: string | undefined): number {
  if (!s) return 0;
  const [a, b] = s.split(/[:/]/);
  const n = Number(a);
  const d = b === undefined ? 1 : Number(b);
  return Number.isFinite(n) && Number.isFinite(d) && d !== 0 ? n / d : 0;
}

function rotationOf(v: FfprobeStream): number {
  const fromSide = v.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const raw = fromSide ?? (v.tags?.rotate ? Number(v.tags.rotate) : 0);
  return ((Math.round(raw) % 360) + 360) % 360;
}

/**
 * Reads duration, display size, frame rate and audio presence of a file,
 * without the size and duration limits (the transcode job calls this again
 * on an accepted upload).
 * @throws ApiError 422 `no_video_stream` when ffprobe cannot read the file (within PROBE_TIMEOUT_MS) or it holds no moving picture.
 */
export async function probeFile(filePath: string): Promise<VideoProbe> {
  const stat = await fs.stat(filePath);
  let json: FfprobeJson;
  try {
    const { stdout } = await runFfprobe(
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath], { timeoutMs: PROBE_TIMEOUT_MS },
    );
    json = JSON.parse(stdout) as FfprobeJson;
  } catch (err) {
    // The npm ffprobe build crashes (SIGSEGV) on every MPEG-TS file on some machines;
    // ffmpeg's own description of its input is the fallback.
    if (err instanceof MediaToolError && err.exitCode === null) json = await probeJsonViaFfmpeg(filePath);
    // ffprobe exits non-zero on anything it cannot demux (a text file, a truncated upload).
    else if (err instanceof MediaToolError || err instanceof MediaTimeoutError || err instanceof SyntaxError) throw noVideo();
    else throw err;
  }
  const formatName = json.format?.format_name ?? '';
  const video = (json.streams ?? []).find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  if (!video || NOT_VIDEO_FORMATS.test(formatName)) throw noVideo();
  const hasAudio = (json.streams ?? []).some((s) => s.codec_type === 'audio');

  const sar = ratio(video.sample_aspect_ratio) || 1;
  let width = Math.round((video.width ?? 0) * sar);
  let height = video.height ?? 0;
  const rot = rotationOf(video);
  if (rot === 90 || rot === 270) [width, height] = [height, width];

  let durationS = Number(json.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(durationS) || durationS <= 0) durationS = await durationFromPackets(filePath);
  if (!Number.isFinite(durationS) || durationS <= 0) throw noVideo();

  return {
    durationS,
    width,
    height,
    fps: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate),
    hasAudio,
    sizeBytes: stat.size,
    videoCodec: video.codec_name ?? '',
    formatName,
  };
}

/** Some containers (e.g. browser-recorded WebM) carry no duration: read the last video packet's end instead. */
async function durationFromPackets(filePath: string): Promise<number> {
  const { stdout } = await runFfprobe([
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', filePath,
  ], { timeoutMs: PROBE_TIMEOUT_MS }).catch((err: unknown) => {
    if (err instanceof MediaToolError || err instanceof MediaTimeoutError) throw noVideo();
    throw err;
  });
  let end = 0;
  for (const line of stdout.split('\n')) {
    const [pts, dur] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(dur) ? dur : 0));
  }
  return end;
}

/**
 * Containers round durations and AAC adds priming samples, so a clip
 * recorded to exactly the limit can probe a few hundredths over it. The
 * transcode applies the same slack to what it measured (lib/media/transcode.ts).
 */
export const DURATION_SLACK_S = 0.25;

/**
 * The uploader's message for a video over the limit, with its length when
 * known (seconds, rounded) or without it when only "longer than the limit"
 * is known (the transcode stops reading at the limit). SPEC.md section 5.
 */
export function videoTooLongMessage(maxDurationS: number, durationS?: number): string {
  const known = durationS === undefined
    ? `This video is longer than ${maxDurationS} seconds.`
    : `This video is ${Math.round(durationS)} seconds long.`;
  return `${known} Videos can be at most ${maxDurationS} seconds.`;
}

/**
 * Probes an upload and applies the limits of SPEC.md section 5: size first
 * (cheap, and a 2 GB file should not reach ffprobe), then the video stream,
 * then the duration.
 * @param maxDurationS longest accepted video, seconds (env VIDEO_MAX_DURATION_S, default 90).
 * @throws ApiError 413 `file_too_large` over MAX_UPLOAD_BYTES (200 MB) with SPEC.md section 8's message;
 *   422 `no_video_stream`; 422 `video_too_long` naming the limit.
 */
export async function probeUpload(filePath: string, maxDurationS: number): Promise<VideoProbe> {
  const stat = await fs.stat(filePath);
  if (stat.size > MAX_UPLOAD_BYTES) throw new ApiError(413, 'file_too_large', FILE_TOO_LARGE_MESSAGE);
  const probe = await probeFile(filePath);
  if (probe.durationS > maxDurationS + DURATION_SLACK_S) {
    throw new ApiError(422, 'video_too_long', videoTooLongMessage(maxDurationS, probe.durationS));
  }
  return probe;
}

/**
 * The parts of ffprobe's JSON that probeFile reads, taken from the input
 * description ffmpeg prints for `ffmpeg -i FILE` (stderr), e.g.
 * `Stream #0:0[0x100]: Video: h264 (Main) (...), yuv420p(progressive), 720x1280 [SAR 1:1 DAR 9:16], 30 fps`.
 */
export function parseFfmpegInputLog(log: string): FfprobeJson & {
  streams: Array<FfprobeStream & { profile?: string; pix_fmt?: string }>;
} {
  const formatName = /^Input #0, (.+?), from '/m.exec(log)?.[1];
  const dur = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(log);
  const streams: Array<FfprobeStream & { profile?: string; pix_fmt?: string }> = [];
  const lines = log.split('\n');
  lines.forEach((line, i) => {
    const m = /^\s*Stream #0:\d+\S*: (Video|Audio|Subtitle|Data): (\w+)(?: \(([^)]*)\))?(.*)$/.exec(line);
    if (!m) return;
    const [, type, codec, profile, rest] = m;
    const s: FfprobeStream & { profile?: string; pix_fmt?: string } = { codec_type: type.toLowerCase(), codec_name: codec };
    if (type === 'Video') {
      s.profile = profile;
      const size = /, (\d+)x(\d+)/.exec(rest);
      if (size) [s.width, s.height] = [Number(size[1]), Number(size[2])];
      s.pix_fmt = /, ([a-z0-9_]+)(?:\(|,|$)/.exec(rest.replace(/^ \([^)]*\)/, ''))?.[1];
      const sar = /\[SAR (\d+:\d+)/.exec(rest);
      if (sar) s.sample_aspect_ratio = sar[1];
      const fps = /, ([\d.]+)(k?) fps/.exec(rest);
      if (fps) s.avg_frame_rate = String(Number(fps[1]) * (fps[2] ? 1000 : 1));
      s.disposition = { attached_pic: /\(attached pic\)/.test(rest) ? 1 : 0 };
      // Rotation is printed in the stream's metadata or side data lines below it.
      for (const next of lines.slice(i + 1, i + 8)) {
        if (/^\s*Stream #/.test(next)) break;
        const rot = /rotate\s*:\s*(-?\d+)|rotation of (-?[\d.]+) degrees/.exec(next);
        if (rot) s.side_data_list = [{ rotation: Number(rot[1] ?? rot[2]) }];
      }
    }
    streams.push(s);
  });
  return {
    streams,
    format: {
      format_name: formatName,
      duration: dur ? String(Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3])) : undefined,
    },
  };
}

async function probeJsonViaFfmpeg(filePath: string): Promise<FfprobeJson> {
  // Without an output ffmpeg exits 1 after describing the input; that description is all we want.
  const log = await runFfmpeg(['-i', filePath], { timeoutMs: PROBE_TIMEOUT_MS }).then((r) => r.stderr, (err: unknown) => {
    if (err instanceof MediaToolError) return err.stderr;
    if (err instanceof MediaTimeoutError) throw noVideo();
    throw err;
  });
  if (!/^Input #0/m.test(log)) throw noVideo();
  return parseFfmpegInputLog(log);
}
