import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '@/lib/media/ffmpeg';
import { NARRATION_WPM, TIMELINE_PAUSES_S, spokenText, type LibraryReel } from '../data/library';
import { REEL_WIDTH, sceneSvg, scenesOf, svgToPng } from './frames';
import { REEL_FPS, buildTimeline, toWebVtt, type Timeline } from './subtitles';
import { encodeWav, mixTimeline, parseWav, pcmDurationS, synthesize, trimSilence } from './tts';

/**
 * Renders one starter reel to an MP4: narration by text2wav, one still frame
 * per narrated sentence (title card, caption cards, end card) timed from the
 * WAV durations, a progress bar drawn by ffmpeg, H.264 + AAC.
 *
 * This is the source file that goes through the upload pipeline
 * (`ingestVideoFile`); the worker makes the HLS ladder from it.
 */

export interface RenderResult {
  /** Length of the MP4, seconds. */
  durationS: number;
  /** Sum of the spoken sentences (silences trimmed), seconds. */
  narrationS: number;
  timeline: Timeline;
}

export interface RenderOptions {
  /** Where the MP4 goes; written to a temporary name and renamed, so a file there is always complete. */
  outFile: string;
  /** ffmpeg threads; the default 2 suits this product's 2-core target while the worker transcodes. */
  threads?: number;
  /** Aborting stops the speech worker and kills ffmpeg; the call rejects with the reason and leaves no file. */
  signal?: AbortSignal;
}

/**
 * Renders `reel` to `opts.outFile` (720x1280, 25 fps, H.264 veryfast + AAC)
 * and writes its captions beside it as `<outFile>.vtt`.
 * @throws Error from text2wav, resvg or ffmpeg (MediaToolError) on failure;
 *   no file is left at `outFile` then.
 */
export async function renderReel(reel: LibraryReel, opts: RenderOptions): Promise<RenderResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-reel-'));
  try {
    const wavs = await synthesize(reel.narration.map((n) => ({
      text: spokenText(n.line),
      voice: reel.voice,
      speed: NARRATION_WPM[reel.voice],
    })), { signal: opts.signal });
    opts.signal?.throwIfAborted();
    const clips = wavs.map((w) => trimSilence(parseWav(w)));
    const durations = clips.map(pcmDurationS);
    const timeline = buildTimeline(durations, TIMELINE_PAUSES_S);
    const audio = mixTimeline(clips.map((pcm, i) => ({ pcm, startS: timeline.cues[i]!.audioStartS })), timeline.totalS);
    const wavFile = path.join(work, 'narration.wav');
    fs.writeFileSync(wavFile, encodeWav(audio));

    const scenes = scenesOf(reel);
    const frameFiles: string[] = [];
    for (const [i, scene] of scenes.entries()) {
      const file = path.join(work, `frame-${String(i).padStart(2, '0')}.png`);
      fs.writeFileSync(file, svgToPng(await sceneSvg(scene)));
      frameFiles.push(file);
    }
    opts.signal?.throwIfAborted();

    // Each still is decoded once and repeated in memory by the loop filter, already in yuv420p:
    // `-loop 1` would decode and convert the PNG again for every frame (about twice the time).
    const inputs: string[] = [];
    const chains: string[] = [];
    timeline.cues.forEach((cue, i) => {
      const frames = Math.round((cue.showEndS - cue.showStartS) * REEL_FPS);
      inputs.push('-framerate', String(REEL_FPS), '-i', frameFiles[i]!);
      chains.push(`[${i}:v]format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/${REEL_FPS}/TB[s${i}]`);
    });
    inputs.push('-i', wavFile);
    const n = frameFiles.length;
    const total = timeline.totalS.toFixed(3);
    const accent = reel.accent.replace('#', '0x');
    // The bar slides in from the left over the whole reel: the only motion, cheap to encode.
    const filter = [
      ...chains,
      `${Array.from({ length: n }, (_, i) => `[s${i}]`).join('')}concat=n=${n}:v=1:a=0[bg]`,
      `color=c=${accent}:s=${REEL_WIDTH}x8:r=${REEL_FPS}:d=${total}[bar]`,
      `[bg][bar]overlay=x='-w+W*t/${total}':y=H-h:eval=frame:shortest=1[v]`,
    ].join(';');
    fs.mkdirSync(path.dirname(opts.outFile), { recursive: true });
    const part = `${opts.outFile}.part.mp4`;
    await runFfmpeg([
      '-y', ...inputs,
      '-filter_complex', filter,
      '-map', '[v]', '-map', `${n}:a`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '23',
      '-pix_fmt', 'yuv420p', '-r', String(REEL_FPS), '-g', String(REEL_FPS * 2),
      '-threads', String(opts.threads ?? 2),
      '-c:a', 'aac', '-b:a', '96k', '-ar', '44100',
      '-t', total,
      '-movflags', '+faststart',
      part,
    ], { signal: opts.signal });
    fs.writeFileSync(`${opts.outFile}.vtt`, toWebVtt(timeline.cues, reel.narration.map((x) => x.line.text)));
    fs.renameSync(part, opts.outFile);
    return { durationS: timeline.totalS, narrationS: durations.reduce((a, b) => a + b, 0), timeline };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(`${opts.outFile}.part.mp4`, { force: true });
  }
}
