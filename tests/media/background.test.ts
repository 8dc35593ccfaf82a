import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { releaseLease, takeLease } from '@/features/starter-library/server/make-library';
import { startBackground } from '@/server/background';

/**
 * What runs beside the web server stops when asked: the starter library
 * first (its render cut, ffmpeg killed, nothing half-written, no reel started
 * after it), then the job worker, and stop() resolves once both have. What a
 * killed maker left half-written is removed by the next one.
 */

/** Live (not zombie) child processes of this process named `name`, read from /proc. */
function children(name: string): number[] {
  const pids: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(fs.readFileSync(`/proc/${d}/stat`, 'utf8'));
      if (m && m[1] === name && m[2] !== 'Z' && Number(m[3]) === process.pid) pids.push(Number(d));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function waitFor(what: string, probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(process.platform !== 'linux')('startBackground stop()', () => {
  it('stops the starter library in the middle of a render, then the worker', async () => {
    const { db } = await getDb();
    const libraryDir = path.join(env().DATA_DIR, 'library');
    const files = () => (fs.existsSync(libraryDir) ? fs.readdirSync(libraryDir) : []);
    // What a maker killed earlier left half-written: the next maker removes it.
    const stalePart = path.join(libraryDir, 'killed-reel-en-0123456789.mp4.part.mp4');
    const stalePicture = path.join(env().DATA_DIR, 'media', 'library', 'topic-killed-0123456789.png.tmp');
    for (const f of [stalePart, stalePicture]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, 'partial');
    }
    const stop = await startBackground({ worker: true, starterLibrary: { limit: 2 } });
    let stopping: Promise<void> | undefined;
    try {
      // The first reel's ffmpeg is writing its MP4.
      await waitFor('the first render', () => files().some((n) => n.endsWith('.part.mp4') && n !== path.basename(stalePart)), 170_000);
      expect(fs.existsSync(stalePart)).toBe(false);
      expect(fs.existsSync(stalePicture)).toBe(false);
      expect(children('ffmpeg').length).toBeGreaterThan(0);
    } finally {
      stopping = stop();
    }
    await stopping;
    expect(stop()).toBe(stopping);

    expect(children('ffmpeg')).toEqual([]);
    // Neither a partial nor a finished MP4: the render was cut and cleaned up.
    expect(files().filter((n) => n.endsWith('.mp4'))).toEqual([]);
    // No reel was handed to the ingest.
    expect(await db.select().from(contentItems).where(like(contentItems.source_key, 'starter:%'))).toEqual([]);
    // The lease was given back: the next start (any process) makes the library at once.
    expect(await takeLease(db, 'next-start', 60_000)).toBe(true);
    await releaseLease(db, 'next-start');
  });
});
