import 'server-only';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { singleton } from '../singleton';

/**
 * Where the media tools live and how to run them. ARCHITECTURE.md "Shape":
 * the system `ffmpeg`/`ffprobe` on PATH when present (an operator's build is
 * usually newer and may have hardware encoders), else the static builds
 * shipped by `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe`, so
 * the product needs nothing installed beside `npm install`.
 */

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where each path came from, for the start-up log. */
  source: { ffmpeg: 'system' | 'npm'; ffprobe: 'system' | 'npm' };
}

const requireCjs = createRequire(import.meta.url);

function onPath(name: string): boolean {
  // `-version` exits 0 on every ffmpeg build; ENOENT means it is not on PATH.
  const r = spawnSync(name, ['-version'], { stdio: 'ignore', timeout: 10_000 });
  return !r.error && r.status === 0;
}

function npmPath(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  const mod = requireCjs(pkg) as { path: string };
  return mod.path;
}

/**
 * The ffmpeg and ffprobe executables, resolved once per process.
 * @throws Error when neither a system binary nor the npm package is available.
 */
export function mediaTools(): MediaTools {
  return singleton('mediaTools', () => {
    const sysFfmpeg = onPath('ffmpeg');
    const sysFfprobe = onPath('ffprobe');
    return {
      ffmpeg: sysFfmpeg ? 'ffmpeg' : npmPath('@ffmpeg-installer/ffmpeg'),
      ffprobe: sysFfprobe ? 'ffprobe' : npmPath('@ffprobe-installer/ffprobe'),
      source: { ffmpeg: sysFfmpeg ? 'system' : 'npm', ffprobe: sysFfprobe ? 'system' : 'npm' },
    } satisfies MediaTools;
  });
}

/** Path (or PATH name) of the ffmpeg executable. */
export function ffmpegPath(): string {
  return mediaTools().ffmpeg;
}

export interface RunOptions {
  /** Aborting kills the tool (SIGKILL) and rejects with the abort reason. */
  signal?: AbortSignal;
  /** Called with each complete stdout line (ffmpeg `-progress pipe:1` output). */
  onStdoutLine?: (line: string) => void;
  /**
   * Wall-clock limit, ms: past it the tool is killed (SIGKILL) and the run
   * rejects with MediaTimeoutError. A crafted file can keep a decoder busy
   * far longer than its length suggests; nothing should hold a worker forever.
   */
  timeoutMs?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Error of a media tool that exited non-zero; `stderr` holds its last lines. */
export class MediaToolError extends Error {
  constructor(
    public readonly tool: string,
    public readonly exitCode: number | null,
    public readonly stderr: string,
  ) {
    const tail = stderr.trim().split('\n').slice(-4).join(' | ');
    super(`${tool} exited with ${exitCode ?? 'a signal'}: ${tail}`);
    this.name = 'MediaToolError';
  }
}

/** A media tool killed because it ran past its RunOptions.timeoutMs. */
export class MediaTimeoutError extends Error {
  constructor(
    public readonly tool: string,
    /** The limit that was passed, ms. */
    public readonly timeoutMs: number,
  ) {
    super(`${tool} was stopped after ${Math.round(timeoutMs / 1000)} s (time limit)`);
    this.name = 'MediaTimeoutError';
  }
}

// Stderr of a long transcode can be large; the tail is what explains a failure.
const STDERR_KEEP = 16 * 1024;

function run(bin: string, tool: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error(String(opts.signal.reason)));
      return;
    }
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (opts.onStdoutLine) {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const l of lines) opts.onStdoutLine(l);
      } else {
        stdout += chunk;
      }
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP * 2) stderr = stderr.slice(-STDERR_KEEP);
    });
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = opts.timeoutMs === undefined ? undefined : setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (timedOut && !opts.signal?.aborted) {
        reject(new MediaTimeoutError(tool, opts.timeoutMs ?? 0));
      } else if (opts.signal?.aborted) {
        const r = opts.signal.reason;
        reject(r instanceof Error ? r : new Error(String(r ?? 'aborted')));
      } else if (code === 0) {
        resolve({ stdout, stderr });
      } else {
        reject(new MediaToolError(tool, code, stderr));
      }
    });
  });
}

/**
 * Runs ffmpeg with `args` (no shell).
 * @throws MediaToolError on a non-zero exit; MediaTimeoutError past `opts.timeoutMs`.
 */
export function runFfmpeg(args: string[], opts?: RunOptions): Promise<RunResult> {
  return run(mediaTools().ffmpeg, 'ffmpeg', ['-hide_banner', '-nostdin', ...args], opts);
}

/**
 * Runs ffprobe with `args` (no shell).
 * @throws MediaToolError on a non-zero exit; MediaTimeoutError past `opts.timeoutMs`.
 */
export function runFfprobe(args: string[], opts?: RunOptions): Promise<RunResult> {
  return run(mediaTools().ffprobe, 'ffprobe', ['-hide_banner', ...args], opts);
}
