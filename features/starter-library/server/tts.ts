import 'server-only';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Offline narration with text2wav (espeak-ng compiled to WebAssembly).
 *
 * Why a worker thread: each text2wav call instantiates espeak-ng's Emscripten
 * module, which (1) adds `uncaughtException` and `unhandledRejection`
 * listeners to `process` (the latter calls abort(), which would take the
 * whole server down on any stray rejection), (2) prints "wasm streaming
 * compile failed" warnings, and (3) runs for a few hundred ms of CPU per
 * sentence. In a worker those stay in the worker, the warnings go to a pipe
 * we drop, and the server's event loop keeps answering.
 */

/** PCM audio: signed 16-bit little-endian samples. */
export interface Pcm {
  sampleRate: number;
  channels: number;
  /** Raw sample bytes (no header). */
  data: Buffer;
}

export interface TtsRequest {
  text: string;
  /** espeak-ng voice: 'en' or 'hi'. */
  voice: 'en' | 'hi';
  /** Words per minute (espeak's default is 175). */
  speed: number;
}

/** Time one synthesis batch may take before the worker is stopped, ms (a sentence takes well under 1 s). */
const TTS_TIMEOUT_MS = 120_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const text2wav = require(workerData.modulePath);
(async () => {
  const out = [];
  for (const r of workerData.requests) {
    out.push(await text2wav(r.text, { voice: r.voice, speed: r.speed }));
  }
  parentPort.postMessage({ wavs: out }, out.map((u) => u.buffer));
})().catch((err) => parentPort.postMessage({ error: String((err && err.stack) || err) }));
`;

/**
 * Speaks each text with its voice and returns one WAV file (RIFF bytes) per
 * request, in order. Runs in a worker thread (see the module comment).
 * Aborting `opts.signal` stops the worker at once.
 * @throws Error when the text is empty or starts with '-' (espeak would read
 *   it as an option), or when synthesis fails or takes over 120 s; the
 *   signal's reason when aborted.
 */
export async function synthesize(requests: TtsRequest[], opts: { signal?: AbortSignal } = {}): Promise<Buffer[]> {
  for (const r of requests) {
    if (!r.text.trim()) throw new Error('cannot speak an empty text');
    if (r.text.trimStart().startsWith('-')) throw new Error(`text must not start with '-': ${r.text}`);
  }
  if (requests.length === 0) return [];
  opts.signal?.throwIfAborted();
  const modulePath = createRequire(import.meta.url).resolve('text2wav');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { modulePath, requests: requests.map((r) => ({ ...r, text: r.text.trim() })) },
    stdout: true,
    stderr: true,
  });
  // espeak's console noise must be read off the pipes or the worker may block on a full pipe.
  let stderrTail = '';
  worker.stdout.resume();
  worker.stderr.setEncoding('utf8');
  worker.stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-2000);
  });
  let onAbort: (() => void) | undefined;
  try {
    const wavs = await new Promise<Uint8Array[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`text2wav took over ${TTS_TIMEOUT_MS} ms`)), TTS_TIMEOUT_MS);
      onAbort = () => {
        clearTimeout(timer);
        const r = opts.signal?.reason;
        reject(r instanceof Error ? r : new Error(String(r ?? 'aborted')));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (m: { wavs?: Uint8Array[]; error?: string }) => {
        clearTimeout(timer);
        if (m.wavs) resolve(m.wavs);
        else reject(new Error(`text2wav failed: ${m.error ?? 'unknown error'}`));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`text2wav worker exited (${code}) before answering: ${stderrTail.trim().slice(-300)}`));
      });
    });
    return wavs.map((w) => Buffer.from(w.buffer, w.byteOffset, w.byteLength));
  } finally {
    if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}

/**
 * Reads a PCM WAV file (RIFF, format 1, 16-bit). text2wav writes 22,050 Hz
 * mono; espeak streams may leave the RIFF/data sizes at a placeholder, so the
 * data chunk runs to the end of the file when its size does not fit.
 * @throws Error when the bytes are not 16-bit PCM WAV.
 */
export function parseWav(wav: Buffer): Pcm {
  if (wav.length < 12 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let off = 12;
  let fmt: { channels: number; sampleRate: number; bits: number; format: number } | null = null;
  while (off + 8 <= wav.length) {
    const id = wav.toString('ascii', off, off + 4);
    const size = wav.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      fmt = {
        format: wav.readUInt16LE(body),
        channels: wav.readUInt16LE(body + 2),
        sampleRate: wav.readUInt32LE(body + 4),
        bits: wav.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.format !== 1 || fmt.bits !== 16) throw new Error('WAV is not 16-bit PCM');
      const end = size > 0 && body + size <= wav.length ? body + size : wav.length;
      const usable = end - body - ((end - body) % (2 * fmt.channels));
      return { sampleRate: fmt.sampleRate, channels: fmt.channels, data: wav.subarray(body, body + usable) };
    }
    off = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Duration of PCM audio, seconds. */
export function pcmDurationS(pcm: Pcm): number {
  return pcm.data.length / (2 * pcm.channels * pcm.sampleRate);
}

/**
 * Lays clips on a silent track at the given start times (seconds) and
 * returns one PCM track `totalS` long. Clips must share rate and channels.
 * @throws Error when the formats differ or a clip would run past the end.
 */
export function mixTimeline(clips: { pcm: Pcm; startS: number }[], totalS: number): Pcm {
  const first = clips[0]?.pcm;
  const sampleRate = first?.sampleRate ?? 22_050;
  const channels = first?.channels ?? 1;
  const frameBytes = 2 * channels;
  const out = Buffer.alloc(Math.round(totalS * sampleRate) * frameBytes);
  for (const { pcm, startS } of clips) {
    if (pcm.sampleRate !== sampleRate || pcm.channels !== channels) throw new Error('clips differ in sample rate or channels');
    const at = Math.round(startS * sampleRate) * frameBytes;
    if (at + pcm.data.length > out.length) throw new Error('clip runs past the end of the timeline');
    pcm.data.copy(out, at);
  }
  return { sampleRate, channels, data: out };
}

/** A 16-bit PCM WAV file of `pcm`. */
export function encodeWav(pcm: Pcm): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(pcm.channels, 22);
  header.writeUInt32LE(pcm.sampleRate, 24);
  header.writeUInt32LE(pcm.sampleRate * pcm.channels * 2, 28);
  header.writeUInt16LE(pcm.channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.data.length, 40);
  return Buffer.concat([header, pcm.data]);
}

/**
 * Cuts leading and trailing near-silence (espeak pads each sentence), keeping
 * `marginS` of it, so caption changes line up with the voice.
 */
export function trimSilence(pcm: Pcm, threshold = 256, marginS = 0.04): Pcm {
  const frameBytes = 2 * pcm.channels;
  const frames = pcm.data.length / frameBytes;
  const loud = (f: number) => {
    for (let c = 0; c < pcm.channels; c++) {
      if (Math.abs(pcm.data.readInt16LE(f * frameBytes + c * 2)) > threshold) return true;
    }
    return false;
  };
  let start = 0;
  while (start < frames && !loud(start)) start++;
  if (start === frames) return pcm;
  let end = frames - 1;
  while (end > start && !loud(end)) end--;
  const margin = Math.round(marginS * pcm.sampleRate);
  const from = Math.max(0, start - margin);
  const to = Math.min(frames, end + 1 + margin);
  return { ...pcm, data: pcm.data.subarray(from * frameBytes, to * frameBytes) };
}
