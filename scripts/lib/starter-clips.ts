import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './ensure-build';
import { startTestServer } from './test-server';

/** The starter library's MP4s for the test server: made once into .data/bench-starter, the `count` newest. */
export function starterClips(count: number): string {
  const dataDir = path.resolve('.data/bench-starter');
  const libDir = path.join(dataDir, 'library');
  process.stderr.write(`Making (or checking) ${count} starter reels in ${dataDir} (library:make)...\n`);
  const res = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/make-library.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, STARTER_LIBRARY_LIMIT: String(count), LOG_LEVEL: 'warn' },
  });
  if (res.status !== 0) throw new Error(`library:make failed (exit ${res.status})`);
  const mp4s = fs.readdirSync(libDir).filter((n) => n.endsWith('.mp4') && !n.endsWith('.part.mp4'))
    .map((n) => ({ n, t: fs.statSync(path.join(libDir, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t).slice(0, count);
  const pick = path.join(dataDir, 'bench-clips');
  fs.rmSync(pick, { recursive: true, force: true });
  fs.mkdirSync(pick, { recursive: true });
  for (const { n } of mp4s) fs.copyFileSync(path.join(libDir, n), path.join(pick, n));
  return pick;
}

/** Where a browser benchmark points: a server it started, or one named by BASE_URL. */
export interface BenchTarget {
  baseURL: string;
  /** What the feed holds, for the report's first line. */
  clipsNote: string;
  /** Stops the server the benchmark started (nothing for BASE_URL). */
  stop: () => Promise<void>;
}

/**
 * The server a browser benchmark measures: BASE_URL when set; else the
 * built app (built first when its sources changed) on a fresh test server
 * holding `clips` reels from CLIPS_DIR, or from the starter library.
 */
export async function benchTarget(clips: number): Promise<BenchTarget> {
  const given = process.env.BASE_URL;
  if (given) return { baseURL: given, clipsNote: 'BASE_URL', stop: async () => {} };
  ensureBuild();
  const clipsDir = process.env.CLIPS_DIR ?? starterClips(clips);
  const server = await startTestServer(clips, clipsDir);
  return {
    baseURL: server.baseURL,
    clipsNote: process.env.CLIPS_DIR ? `CLIPS_DIR=${clipsDir}` : `starter library (${clips} reels)`,
    stop: () => server.stop(),
  };
}
