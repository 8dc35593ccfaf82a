import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getDb, openDb, setDb, type DbHandle } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ingestVideoFile, uploadDir } from '@/features/reels/server/ingest';
import { makeClip } from '../fixtures/clips';
import { makeOption } from '../fixtures/taxonomy';
import { logMsg, spawnTsx } from '../fixtures/spawn';

/**
 * A worker process killed half-way through a transcode (SIGKILL to it and
 * its ffmpeg: a crash, not a shutdown) leaves its job `running` under a
 * lease; a worker started afterwards takes the job once the lease has
 * passed and the reel becomes ready. Run on a file-based PGlite and, where
 * DATABASE_URL is set, on PostgreSQL.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-crash-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const backends = [
  { name: 'file-based PGlite', url: undefined as string | undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.DATABASE_URL }] : []),
];

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(backends)('a worker killed mid-transcode ($name)', ({ url }) => {
  it('leaves the job to a restarted worker, which makes the reel ready', async () => {
    const dataDir = env().DATA_DIR;
    const pgliteDir = path.join(dataDir, 'pglite');
    // Long enough to kill while ffmpeg is still writing segments.
    const clip = await makeClip(path.join(tmp, `crash-${url ? 'pg' : 'pglite'}.mp4`), { width: 360, height: 640, durationS: 16 });

    const open = () => openDb(url ? { url } : { dataDir: pgliteDir });
    const original = getDb();
    let handle: DbHandle = await open();
    setDb(Promise.resolve(handle));
    let option: Awaited<ReturnType<typeof makeOption>>;
    let contentId: string;
    try {
      option = await makeOption(handle.db);
      ({ contentId } = await ingestVideoFile({ filePath: clip, optionId: option.optionId, description: 'crash', lang: 'en' }));
    } finally {
      setDb(original);
    }
    // PGlite allows one process per directory: hand it to the worker processes.
    if (!url) await handle.close();

    const childEnv = { DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'debug' };
    const args = ['--lease-ms', '1500', '--poll-ms', '100'];
    const first = spawnTsx('tests/fixtures/worker-child.ts', args, childEnv);
    try {
      await first.waitForLine((l) => logMsg(l) === 'job started', 60_000);
      const workRoot = path.join(dataDir, 'work');
      await waitFor('the first segments', () => fs.existsSync(workRoot) && fs.readdirSync(workRoot, { recursive: true })
        .map(String).some((f) => f.endsWith('seg_00001.ts')), 60_000);
    } finally {
      first.crash();
    }
    expect((await first.exited).signal).toBe('SIGKILL');
    // Killed before the end: nothing reached storage, the source is still there.
    expect(fs.existsSync(path.join(dataDir, 'media', 'content', contentId))).toBe(false);
    expect(fs.readdirSync(uploadDir(contentId))).toHaveLength(1);

    const second = spawnTsx('tests/fixtures/worker-child.ts', args, childEnv);
    try {
      await second.waitForLine((l) => logMsg(l) === 'reel ready', 150_000);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    if (!url) handle = await open();
    try {
      const [reel] = await handle.db.select().from(contentItems).where(eq(contentItems.id, contentId));
      expect(reel.status).toBe('ready');
      expect(reel.renditions).toEqual([240, 360]);
      const [job] = await handle.db.select().from(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
      // Attempt 1 died with its worker; attempt 2 finished.
      expect(job).toMatchObject({ status: 'done', attempts: 2 });
      const media = path.join(dataDir, 'media', 'content', contentId);
      expect(fs.existsSync(path.join(media, 'master.m3u8'))).toBe(true);
      expect(fs.existsSync(path.join(media, 'poster.jpg'))).toBe(true);
      expect(fs.existsSync(uploadDir(contentId))).toBe(false);
      expect(fs.readdirSync(path.join(dataDir, 'work'))).toEqual([]);
    } finally {
      await handle.db.delete(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
      await option.remove(handle.db);
      await handle.close();
    }
  });
});
