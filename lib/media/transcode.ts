import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HLS_RENDITIONS, HLS_SEGMENT_S } from '../constants';
import { MediaTimeoutError, runFfmpeg } from './ffmpeg';
import { DURATION_SLACK_S, videoTooLongMessage, type VideoProbe } from './probe';

/**
 * The HLS ladder of ARCHITECTURE.md decision 5: 240p, 360p and 720p H.264 +
 * AAC renditions with ~2 s segments whose keyframes line up across
 * renditions (so a player can switch at any segment boundary), a master
 * playlist, a poster and a thumbnail.
 *
 * Segments are MPEG-TS rather than fMP4: every native HLS player (old iOS
 * Safari, Android's) and hls.js play TS, each TS segment carries its own
 * codec configuration (no init segment to fetch or cache-miss), and the
 * ffmpeg 4.x build shipped through npm has a less mature fMP4 HLS muxer.
 * The cost is a few percent of container overhead at these bitrates.
 */

/** One rung of the ladder, named by its short side ("720p" = 720 px on the short side). */
export interface RenditionPlan {
  /** Short-side pixels: the rung's name and its folder (`720/index.m3u8`). */
  name: number;
  /** Output frame size in pixels (even numbers; portrait stays portrait: 720p portrait = 720x1280). */
  width: number;
  height: number;
  /** Target video bitrate, bits/s; maxrate and bufsize derive from it. */
  videoBitrate: number;
  /** AAC bitrate, bits/s. */
  audioBitrate: number;
  /** H.264 level_idc (30 = 3.0, 31 = 3.1...) chosen for the frame size and rate. */
  level: number;
}

export interface RenditionResult extends RenditionPlan {
  /** Peak bits/s over ~one target duration of segments (Apple HLS authoring spec, BANDWIDTH). */
  bandwidth: number;
  /** Mean bits/s over the whole rendition (AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  /** RFC 6381 codecs string read from the encoded stream, e.g. `avc1.4d401f,mp4a.40.2`. */
  codecs: string;
  /** Relative path of the media playlist, e.g. `360/index.m3u8`. */
  playlist: string;
  /** Segment durations, seconds, in order. */
  segmentDurationsS: number[];
}

export interface HlsResult {
  /** Lowest first, as in the master playlist. */
  renditions: RenditionResult[];
  /** Size of the top rendition, pixels (the poster is the 360p rung: posterPlan). */
  width: number;
  height: number;
  /** Playable length, seconds (sum of the top rendition's segments). */
  durationS: number;
}

/**
 * Video bitrates of the named rungs, bits/s; other heights interpolate
 * between them. The 240p rung is the data saver's only rendition and every
 * reel's first segments: 160 kbps keeps a minute of it (with 48 kbps audio)
 * under 2 MB (docs/decisions/028-data-use.md).
 */
const VIDEO_BITRATES: Record<number, number> = { 240: 160_000, 360: 600_000, 720: 1_800_000 };
/**
 * AAC bitrate of a rung, bits/s: 96 kbps from 720p, 64 kbps at 360p, 48 kbps
 * below (speech; every rung stays stereo at 48 kHz, so a switch between
 * rungs never changes the audio configuration).
 */
function audioBitrateFor(name: number): number {
  return name >= 720 ? 96_000 : name >= 360 ? 64_000 : 48_000;
}
/** Highest output frame rate: bounds the H.264 level and the CPU spent per reel. */
const MAX_FPS = 30;
/** A top rung barely above the one below it costs a full encode for no visible gain. */
const MIN_TOP_STEP = 1.2;
/** Thumbnail width, pixels (feed cards and share previews); smaller sources keep their width. */
export const THUMB_WIDTH = 180;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

function videoBitrateFor(name: number): number {
  const known = Object.keys(VIDEO_BITRATES).map(Number).sort((a, b) => a - b);
  if (VIDEO_BITRATES[name]) return VIDEO_BITRATES[name];
  if (name < known[0]) return Math.max(120_000, Math.round(VIDEO_BITRATES[known[0]] * (name / known[0]) ** 2));
  for (let i = 1; i < known.length; i++) {
    const lo = known[i - 1];
    const hi = known[i];
    if (name <= hi) {
      const t = (name - lo) / (hi - lo);
      return Math.round(VIDEO_BITRATES[lo] + t * (VIDEO_BITRATES[hi] - VIDEO_BITRATES[lo]));
    }
  }
  return VIDEO_BITRATES[known[known.length - 1]];
}

/** H.264 Annex A limits: [level_idc, max frame size in macroblocks, max macroblocks per second]. */
const LEVELS: Array<[number, number, number]> = [
  [30, 1620, 40_500],
  [31, 3600, 108_000],
  [32, 5120, 216_000],
  [40, 8192, 245_760],
  [42, 8704, 522_240],
];

function levelFor(width: number, height: number, fps: number): number {
  const mbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const rate = mbs * (fps > 0 ? fps : MAX_FPS);
  return (LEVELS.find(([, fs, mbps]) => mbs <= fs && rate <= mbps) ?? LEVELS[LEVELS.length - 1])[0];
}

/** Output frame rate: the source's, capped at MAX_FPS (0 when the source does not say). */
export function outputFps(probe: Pick<VideoProbe, 'fps'>): number {
  return probe.fps > 0 ? Math.min(probe.fps, MAX_FPS) : 0;
}

/**
 * The renditions to make for a source of `width` x `height` display pixels:
 * the 240/360/720 rungs (HLS_RENDITIONS) measured on the short side, never
 * upscaled: rungs above the source are skipped and the top one is
 * min(720, source short side); at least one rendition always.
 */
export function planLadder(probe: Pick<VideoProbe, 'width' | 'height' | 'fps'>): RenditionPlan[] {
  const short = Math.min(probe.width, probe.height);
  const long = Math.max(probe.width, probe.height);
  const portrait = probe.height > probe.width;
  const top = evenDown(Math.min(Math.max(...HLS_RENDITIONS), short));
  const names: number[] = HLS_RENDITIONS.filter((r) => r <= short);
  const below = names.filter((n) => n < top);
  if (!names.includes(top) && (below.length === 0 || top >= below[below.length - 1] * MIN_TOP_STEP)) names.push(top);
  const fps = outputFps(probe);
  return names.map((name) => {
    const longSide = even((long * name) / short);
    const width = portrait ? name : longSide;
    const height = portrait ? longSide : name;
    return {
      name,
      width,
      height,
      videoBitrate: videoBitrateFor(name),
      audioBitrate: audioBitrateFor(name),
      level: levelFor(width, height, fps),
    };
  });
}

/**
 * Seconds of source read past the duration limit. ffmpeg stops reading
 * there (`-t`), whatever the container's header claims, and a source that
 * really is longer comes out longer than the limit plus DURATION_SLACK_S,
 * which is how the transcode tells it from one that merely ends near it.
 */
export const DURATION_CAP_TOLERANCE_S = 1;

/**
 * Wall-clock allowance of the ladder's ffmpeg per second of (capped) video,
 * ms: ten times real time, several times what three veryfast renditions of
 * a phone video need on a busy 2-core machine.
 */
export const TRANSCODE_MS_PER_VIDEO_S = 10_000;
const MIN_TRANSCODE_TIMEOUT_MS = 60_000;
/** The poster and thumbnail decode one frame; this is very generous. */
const STILLS_TIMEOUT_MS = 60_000;

/** Longest stretch of source read by any transcode, seconds: the limit plus DURATION_CAP_TOLERANCE_S. */
export function durationCapS(maxDurationS: number): number {
  return maxDurationS + DURATION_CAP_TOLERANCE_S;
}

/**
 * Wall-clock limit of the ladder's ffmpeg for a duration limit, ms:
 * proportional to it (TRANSCODE_MS_PER_VIDEO_S per second of durationCapS),
 * at least a minute. 910 000 ms (about 15 min) for the default 90 s.
 */
export function transcodeTimeoutMs(maxDurationS: number): number {
  return Math.max(MIN_TRANSCODE_TIMEOUT_MS, Math.ceil(durationCapS(maxDurationS) * TRANSCODE_MS_PER_VIDEO_S));
}

/**
 * The source breaks a rule the upload's probe could not see (its header
 * lied about the length, or it is too heavy to process in time). A retry
 * would end the same way: the reel fails at once with `message`, which is
 * written for the uploader.
 */
export class VideoRefusedError extends Error {
  constructor(
    public readonly code: 'video_too_long' | 'processing_timeout',
    message: string,
  ) {
    super(message);
    this.name = 'VideoRefusedError';
  }
}

/** Reason stored for a reel whose transcode ran past its wall-clock limit. */
export const PROCESSING_TIMEOUT_MESSAGE = 'This video took too long to process. Please upload a shorter or smaller video.';

export interface TranscodeOptions {
  input: string;
  /** Empty or missing folder that receives master.m3u8, <name>/index.m3u8, segments, poster.jpg, thumb.jpg. */
  outDir: string;
  probe: VideoProbe;
  /**
   * Longest accepted video, seconds (env VIDEO_MAX_DURATION_S). ffmpeg reads
   * at most durationCapS of the source; a longer source is refused.
   */
  maxDurationS: number;
  /** Wall-clock limit of the ladder's ffmpeg, ms; default transcodeTimeoutMs(maxDurationS). */
  timeoutMs?: number;
  /** Fraction done, 0..1, as ffmpeg reports it. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg. */
  signal?: AbortSignal;
}

/**
 * Encodes the whole ladder in one ffmpeg process (the decode and the
 * `split` are shared, which matters on a 2-core machine), then writes the
 * master playlist with measured bandwidths, a poster (360p rung size, the
 * frame at 1 s, or the first frame of a clip under 2 s) and a 180 px wide
 * thumbnail.
 *
 * The probe's duration is the container's word and a crafted file can
 * patch it, so nothing here trusts it: ffmpeg reads at most
 * durationCapS(maxDurationS) seconds of the source and is killed after
 * `timeoutMs`, and the length of what came out (the sum of the segments)
 * decides. SPEC.md section 5 (VIDEO_MAX_DURATION_S).
 * @throws VideoRefusedError `video_too_long` when the output runs past the
 *   limit plus DURATION_SLACK_S (the source goes on), `processing_timeout`
 *   when ffmpeg runs past its time; MediaToolError when ffmpeg fails; the
 *   abort reason when aborted. `outDir` may hold partial files then.
 */
export async function transcodeToHls(opts: TranscodeOptions): Promise<HlsResult> {
  const { input, outDir, probe } = opts;
  const plans = planLadder(probe);
  await fs.mkdir(outDir, { recursive: true });
  for (const p of plans) await fs.mkdir(path.join(outDir, String(p.name)), { recursive: true });

  const fps = outputFps(probe);
  const gop = Math.round((fps || MAX_FPS) * HLS_SEGMENT_S);
  const pre = probe.fps > MAX_FPS ? `fps=${MAX_FPS},` : '';
  const labels = plans.map((_, i) => `[s${i}]`).join('');
  const graph = [
    `[0:v:0]${pre}split=${plans.length}${labels}`,
    ...plans.map((p, i) => `[s${i}]scale=${p.width}:${p.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`),
  ].join(';');

  const cap = durationCapS(opts.maxDurationS).toFixed(3);
  // `-t` before `-i`: ffmpeg stops reading the source at the cap, whatever its header says.
  const args = ['-y', '-progress', 'pipe:1', '-nostats', '-t', cap, '-i', input];
  // Every rendition gets audio, so players never switch between audio and silence-less variants.
  // The silence lasts up to the cap and `-shortest` ends it with the picture: the probe's
  // duration may be a lie, the picture's real end is not.
  if (!probe.hasAudio) {
    args.push('-f', 'lavfi', '-t', cap, '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000');
  }
  args.push('-filter_complex', graph);
  plans.forEach((p, i) => {
    const dir = path.join(outDir, String(p.name));
    args.push(
      '-map', `[v${i}]`, '-map', probe.hasAudio ? '0:a:0' : '1:a:0',
      // Phone videos carry GPS position and device names in metadata; a public reel should not.
      '-map_metadata', '-1', '-map_chapters', '-1',
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level:v', (p.level / 10).toFixed(1),
      '-pix_fmt', 'yuv420p',
      '-b:v', String(p.videoBitrate), '-maxrate', String(Math.round(p.videoBitrate * 1.25)),
      '-bufsize', String(p.videoBitrate * 2),
      '-g', String(gop), '-sc_threshold', '0',
      // Keyframes at every 2 s of source time, identical in all renditions: segment boundaries line up.
      '-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_S})`,
      '-c:a', 'aac', '-b:a', String(p.audioBitrate), '-ac', '2', '-ar', '48000',
      '-max_muxing_queue_size', '1024',
      ...(probe.hasAudio ? [] : ['-shortest']),
      '-f', 'hls', '-hls_time', String(HLS_SEGMENT_S), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
      '-hls_flags', 'independent_segments', '-hls_segment_type', 'mpegts',
      '-hls_segment_filename', path.join(dir, 'seg_%05d.ts'),
      path.join(dir, 'index.m3u8'),
    );
  });

  const total = Math.min(probe.durationS, Number(cap));
  await refuseOnTimeout(runFfmpeg(args, {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? transcodeTimeoutMs(opts.maxDurationS),
    onStdoutLine: (line) => {
      const m = /^out_time_(?:ms|us)=(\d+)/.exec(line);
      // ffmpeg's out_time_ms is in microseconds despite its name.
      if (m && opts.onProgress && total > 0) opts.onProgress(Math.min(0.99, Number(m[1]) / 1e6 / total));
    },
  }));

  const renditions: RenditionResult[] = [];
  for (const p of plans) renditions.push(await measureRendition(outDir, p));
  const lengthOf = (r: RenditionResult) => Math.round(r.segmentDurationsS.reduce((a, b) => a + b, 0) * 1000) / 1000;
  // Output reaching the cap means the source went on past it: the header lied about the length.
  if (Math.max(...renditions.map(lengthOf)) > opts.maxDurationS + DURATION_SLACK_S) {
    throw new VideoRefusedError('video_too_long', videoTooLongMessage(opts.maxDurationS));
  }
  await fs.writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist(renditions, fps));

  const top = plans[plans.length - 1];
  await refuseOnTimeout(makeStills(input, outDir, posterPlan(plans), probe, cap, opts.signal));
  opts.onProgress?.(1);

  const durationS = lengthOf(renditions[renditions.length - 1]);
  return { renditions, width: top.width, height: top.height, durationS };
}

/** A media tool killed for time is a refusal of the source (VideoRefusedError `processing_timeout`). */
async function refuseOnTimeout<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    if (err instanceof MediaTimeoutError) throw new VideoRefusedError('processing_timeout', PROCESSING_TIMEOUT_MESSAGE);
    throw err;
  }
}

/** Short side of the poster, pixels: the 360p rung (or the top one when the source is smaller). */
export const POSTER_SHORT_SIDE = 360;

/**
 * The poster is shown only until the first frame, which starts at the
 * lowest rendition: a 360p poster (about a third of a 720p one's bytes)
 * reaches a 1.6 Mbps phone sooner and looks no worse than that first frame.
 */
export function posterPlan(plans: RenditionPlan[]): RenditionPlan {
  return plans.find((p) => p.name >= POSTER_SHORT_SIDE) ?? plans[plans.length - 1];
}

async function makeStills(
  input: string, outDir: string, size: RenditionPlan, probe: VideoProbe, cap: string, signal?: AbortSignal,
) {
  const at = probe.durationS >= 2 ? 1 : 0;
  const thumbWidth = Math.min(THUMB_WIDTH, size.width);
  const thumbHeight = even((thumbWidth * size.height) / size.width);
  await runFfmpeg([
    '-y', '-ss', String(at), '-t', cap, '-i', input,
    '-filter_complex',
    `[0:v:0]split=2[p][t];[p]scale=${size.width}:${size.height},setsar=1[po];[t]scale=${thumbWidth}:${thumbHeight},setsar=1[th]`,
    '-map_metadata', '-1',
    '-map', '[po]', '-frames:v', '1', '-q:v', '4', '-pix_fmt', 'yuvj420p', path.join(outDir, 'poster.jpg'),
    '-map', '[th]', '-frames:v', '1', '-q:v', '4', '-pix_fmt', 'yuvj420p', path.join(outDir, 'thumb.jpg'),
  ], { signal, timeoutMs: STILLS_TIMEOUT_MS });
}

/** Parses a media playlist into its segment URIs and EXTINF durations (seconds). */
export function parseMediaPlaylist(text: string): { targetDurationS: number; segments: Array<{ uri: string; durationS: number }> } {
  const segments: Array<{ uri: string; durationS: number }> = [];
  let targetDurationS = HLS_SEGMENT_S;
  let pending: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDurationS = Number(line.slice(22));
    else if (line.startsWith('#EXTINF:')) pending = parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, durationS: pending });
      pending = null;
    }
  }
  return { targetDurationS, segments };
}

async function measureRendition(outDir: string, p: RenditionPlan): Promise<RenditionResult> {
  const dir = path.join(outDir, String(p.name));
  const { targetDurationS, segments } = parseMediaPlaylist(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  if (segments.length === 0) throw new Error(`rendition ${p.name} has no segments`);
  const sizes = await Promise.all(segments.map(async (s) => (await fs.stat(path.join(dir, s.uri))).size));
  const durations = segments.map((s) => s.durationS);
  const totalBits = sizes.reduce((a, b) => a + b, 0) * 8;
  const totalS = durations.reduce((a, b) => a + b, 0);
  const averageBandwidth = Math.ceil(totalBits / totalS);
  // Apple HLS authoring spec: peak over runs of segments lasting 0.5-1.5 target durations,
  // so a 0.2 s tail segment holding one keyframe does not pass for the peak.
  let peak = 0;
  for (let i = 0; i < segments.length; i++) {
    let bits = 0;
    let dur = 0;
    for (let j = i; j < segments.length; j++) {
      bits += sizes[j] * 8;
      dur += durations[j];
      if (dur > 1.5 * targetDurationS) break;
      if (dur >= 0.5 * targetDurationS) peak = Math.max(peak, bits / dur);
    }
  }
  const codecs = `${await avcCodecString(path.join(dir, segments[0].uri))},mp4a.40.2`;
  return {
    ...p,
    bandwidth: Math.ceil(Math.max(peak, averageBandwidth)),
    averageBandwidth,
    codecs,
    playlist: `${p.name}/index.m3u8`,
    segmentDurationsS: durations,
  };
}

/**
 * `avc1.PPCCLL` from the first SPS of an MPEG-TS segment (profile_idc,
 * constraint flags, level_idc), so CODECS states what was really encoded.
 * @throws Error when the segment holds no H.264 SPS.
 */
export async function avcCodecString(tsFile: string): Promise<string> {
  const buf = await fs.readFile(tsFile);
  const es = videoElementaryStream(buf);
  for (let i = 0; i + 6 < es.length; i++) {
    if (es[i] === 0 && es[i + 1] === 0 && es[i + 2] === 1 && (es[i + 3] & 0x1f) === 7) {
      const hex = (n: number) => n.toString(16).padStart(2, '0');
      return `avc1.${hex(es[i + 4])}${hex(es[i + 5])}${hex(es[i + 6])}`;
    }
  }
  throw new Error(`no H.264 SPS in ${tsFile}`);
}

/** Concatenated payloads of the H.264 stream's TS packets (PID found through the PAT and PMT). */
function videoElementaryStream(buf: Buffer): Buffer {
  const PACKET = 188;
  const payloadOf = (off: number): Buffer | null => {
    if (buf[off] !== 0x47) return null;
    const afc = (buf[off + 3] >> 4) & 0x3;
    let start = off + 4;
    if (afc === 2) return null;
    if (afc === 3) start += 1 + buf[off + 4];
    return start < off + PACKET ? buf.subarray(start, off + PACKET) : null;
  };
  const pidOf = (off: number) => ((buf[off + 1] & 0x1f) << 8) | buf[off + 2];
  const pusi = (off: number) => (buf[off + 1] & 0x40) !== 0;
  let pmtPid = -1;
  let videoPid = -1;
  const chunks: Buffer[] = [];
  for (let off = 0; off + PACKET <= buf.length; off += PACKET) {
    const pid = pidOf(off);
    const payload = payloadOf(off);
    if (!payload) continue;
    if (pid === 0 && pusi(off) && pmtPid < 0) {
      // PAT: pointer field, 8-byte section header, then 4-byte program entries.
      const s = payload.subarray(1 + payload[0]);
      const sectionLen = ((s[1] & 0x0f) << 8) | s[2];
      for (let i = 8; i + 4 <= 3 + sectionLen - 4; i += 4) {
        const program = (s[i] << 8) | s[i + 1];
        if (program !== 0) { pmtPid = ((s[i + 2] & 0x1f) << 8) | s[i + 3]; break; }
      }
    } else if (pid === pmtPid && pusi(off) && videoPid < 0) {
      const s = payload.subarray(1 + payload[0]);
      const sectionLen = ((s[1] & 0x0f) << 8) | s[2];
      const infoLen = ((s[10] & 0x0f) << 8) | s[11];
      for (let i = 12 + infoLen; i + 5 <= 3 + sectionLen - 4;) {
        const type = s[i];
        const epid = ((s[i + 1] & 0x1f) << 8) | s[i + 2];
        const esInfo = ((s[i + 3] & 0x0f) << 8) | s[i + 4];
        if (type === 0x1b) { videoPid = epid; break; }
        i += 5 + esInfo;
      }
    } else if (pid === videoPid) {
      chunks.push(payload);
      // The SPS leads the first access unit; a few KB is plenty.
      if (chunks.length > 64) break;
    }
  }
  return Buffer.concat(chunks);
}

/**
 * The master playlist: one EXT-X-STREAM-INF per rendition, lowest first (a
 * player that starts on the first entry starts fast), with measured
 * BANDWIDTH and AVERAGE-BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS.
 */
export function masterPlaylist(renditions: RenditionResult[], fps: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.name - b.name)) {
    const attrs = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `RESOLUTION=${r.width}x${r.height}`,
      ...(fps > 0 ? [`FRAME-RATE=${fps.toFixed(3)}`] : []),
      `CODECS="${r.codecs}"`,
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, r.playlist);
  }
  return `${lines.join('\n')}\n`;
}
