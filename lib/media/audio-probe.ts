import 'server-only';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../http/errors';
import { MediaTimeoutError, MediaToolError, runFfprobe } from './ffmpeg';

/**
 * What ffprobe says about a short recording (a voice question): its
 * length and codec. Only audio is accepted: a file with a picture stream
 * (a video) or none that plays is refused.
 */
export interface AudioProbe {
  /** Seconds: the longest of the container's duration, the last packet's end and, for PCM, bytes / byte rate. */
  durationS: number;
  codec: string;
  formatName: string;
}

/** Wall-clock limit of one probe, ms: reading a recording of 1 MB takes milliseconds; longer is a crafted file. */
export const AUDIO_PROBE_TIMEOUT_MS = 10_000;

const unreadable = () => new ApiError(422, 'audio_unreadable', 'This recording could not be read. Please record your question again.');

interface ProbeJson {
  streams?: Array<{ codec_type?: string; codec_name?: string; duration?: string; bit_rate?: string; disposition?: { attached_pic?: number } }>;
  format?: { duration?: string; format_name?: string };
}

async function ffprobe(args: string[]): Promise<string> {
  try {
    return (await runFfprobe(['-v', 'error', ...args], { timeoutMs: AUDIO_PROBE_TIMEOUT_MS })).stdout;
  } catch (err) {
    if (err instanceof MediaToolError || err instanceof MediaTimeoutError) throw unreadable();
    throw err;
  }
}

const num = (s: string | undefined) => {
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * Probes `bytes` (a whole recording, already bounded by the caller) from a
 * private temporary file that is removed afterwards. The length is the
 * longest of three readings, so a container whose header understates it
 * (a WAV whose data size lies, a browser's WebM without a duration) cannot
 * pass for a shorter recording.
 * @throws ApiError 422 `audio_unreadable` when ffprobe cannot read it
 * (within AUDIO_PROBE_TIMEOUT_MS), it holds no audio stream, holds a
 * picture stream, or lasts no time at all.
 */
export async function probeAudio(bytes: Buffer): Promise<AudioProbe> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sr-audio-'));
  const file = path.join(dir, 'recording');
  try {
    await fs.writeFile(file, bytes, { mode: 0o600 });
    let json: ProbeJson;
    try {
      json = JSON.parse(await ffprobe(['-print_format', 'json', '-show_format', '-show_streams', file])) as ProbeJson;
    } catch (err) {
      if (err instanceof SyntaxError) throw unreadable();
      throw err;
    }
    const streams = json.streams ?? [];
    const audio = streams.find((s) => s.codec_type === 'audio');
    if (!audio || streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)) throw unreadable();
    let end = 0;
    const packets = await ffprobe(['-select_streams', 'a:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file]);
    for (const line of packets.split('\n')) {
      const [pts, dur] = line.split(',').map(Number);
      if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(dur) ? dur : 0));
    }
    const codec = audio.codec_name ?? '';
    // Uncompressed audio lasts its bytes over its byte rate, whatever its header claims.
    const pcm = codec.startsWith('pcm_') && num(audio.bit_rate) > 0 ? (bytes.length * 8) / num(audio.bit_rate) : 0;
    const durationS = Math.max(num(json.format?.duration), num(audio.duration), end, pcm);
    if (durationS <= 0) throw unreadable();
    return { durationS, codec, formatName: json.format?.format_name ?? '' };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
