import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../lib/media/ffmpeg';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Writes `count` portrait (720x1280) 12 s H.264 + AAC clips with a tone into `dir`. */
export function makeClips(dir: string, count: number): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const out = path.join(dir, `clip-${i + 1}.mp4`);
    const res = spawnSync(ffmpegPath(), ['-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=12',
      '-f', 'lavfi', '-i', `sine=frequency=${440 + i * 110}:duration=12`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`ffmpeg failed: ${res.stderr}`);
  }
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * The environment of a test server on `dataDir`: the caller's, with embedded
 * PGlite (DATABASE_URL dropped, so a test never touches a real database), no
 * starter library, warnings only; `extra` goes on top.
 */
export function testServerEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STARTER_LIBRARY: 'false', LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  return env;
}

/**
 * Makes a fresh data folder under the system temp folder and imports `clips`
 * generated clips (or the first `clips` MP4s of `sourceDir`, e.g. a starter
 * library's rendered reels) into it through the media pipeline
 * (`scripts/media-import.ts`), as topic "E2E Basics", category "Benefits".
 * @returns the data folder's path; the caller removes it.
 * @throws when ffmpeg or the import fails.
 */
export function prepareTestData(clips = 4, sourceDir?: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-e2e-'));
  try {
    const clipDir = path.join(dataDir, 'clips');
    if (sourceDir) {
      fs.mkdirSync(clipDir, { recursive: true });
      for (const f of fs.readdirSync(sourceDir).filter((n) => n.endsWith('.mp4')).sort().slice(0, clips)) {
        fs.copyFileSync(path.join(sourceDir, f), path.join(clipDir, f));
      }
    } else {
      makeClips(clipDir, clips);
    }
    const imp = spawnSync(tsx, ['scripts/media-import.ts', clipDir, '--topic', 'E2E Basics', '--category', 'Benefits',
      '--option', 'What does solar save?', '--lang', 'en', '--description', 'Test reel about rooftop solar savings'],
    { cwd: root, env: testServerEnv(dataDir), encoding: 'utf8' });
    if (imp.status !== 0) throw new Error(`media:import failed: ${imp.stdout}\n${imp.stderr}`);
    return dataDir;
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

export interface TestServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (built app, `server/index.ts`) as a child process on
 * a free port with a fresh data folder (`prepareTestData(clips, sourceDir)`).
 * Used by the phone benchmark; the end-to-end suite runs `scripts/e2e-server.ts`
 * instead. Assumes `next build` is done.
 * @throws when the import or the server start fails.
 */
export async function startTestServer(clips = 4, sourceDir?: string): Promise<TestServer> {
  const dataDir = prepareTestData(clips, sourceDir);
  const port = await freePort();
  const server = spawn(tsx, ['server/index.ts'], {
    cwd: root, env: testServerEnv(dataDir, { PORT: String(port), NODE_ENV: 'production' }), stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseURL}/reels`, server, 90_000);
  return {
    baseURL,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the end-to-end server (scripts/e2e-server.ts) copies its log for the tests to read. */
export function e2eLogFile(port: string): string {
  return path.join(os.tmpdir(), `suryareels-e2e-${port}.log`);
}
