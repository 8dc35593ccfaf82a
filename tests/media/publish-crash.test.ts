import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { claimJob, enqueue } from '@/lib/jobs/queue';
import { probeFile } from '@/lib/media/probe';
import { parseMediaPlaylist, transcodeToHls } from '@/lib/media/transcode';
import { LocalStorage } from '@/lib/storage/local';
import { contentPrefix } from '@/lib/storage/media-storage';
import { startWorker } from '@/server/worker';
import { makeClip } from '../fixtures/clips';
import { spawnTsx } from '../fixtures/spawn';

/**
 * Publishing a reel's files into local storage survives a crash: a process
 * killed (SIGKILL) between the two renames that swap a new copy in leaves
 * the complete previous set on disk, and the worker's start-up clean-up
 * puts it back under the reel's name and removes the leftovers.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-publish-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const mediaRoot = () => path.join(env().DATA_DIR, 'media');

/** A real HLS set (master playlist, renditions, segments, poster, thumbnail) of a fresh clip. */
async function hlsSet(name: string, spec: { width: number; height: number; durationS: number }): Promise<string> {
  const clip = await makeClip(path.join(tmp, `${name}.mp4`), spec);
  const outDir = path.join(tmp, name);
  await transcodeToHls({ input: clip, outDir, probe: await probeFile(clip), maxDurationS: 90 });
  return outDir;
}

/** Every file under `dir` by relative path, with its SHA-256: equal trees hold the same bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, rel);
    if (fs.statSync(full).isFile()) out[rel] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

/** What a player needs: every playlist the master names, every segment they name, poster and thumbnail. */
function missingFiles(dir: string): string[] {
  const missing: string[] = [];
  const has = (rel: string) => fs.existsSync(path.join(dir, rel)) && fs.statSync(path.join(dir, rel)).size > 0;
  for (const f of ['master.m3u8', 'poster.jpg', 'thumb.jpg']) if (!has(f)) missing.push(f);
  if (!has('master.m3u8')) return missing;
  const playlists = fs.readFileSync(path.join(dir, 'master.m3u8'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  if (playlists.length === 0) missing.push('(a rendition)');
  for (const p of playlists) {
    if (!has(p)) {
      missing.push(p);
      continue;
    }
    const { segments } = parseMediaPlaylist(fs.readFileSync(path.join(dir, p), 'utf8'));
    if (segments.length === 0) missing.push(`${p}: segments`);
    for (const s of segments) if (!has(path.posix.join(path.posix.dirname(p), s.uri))) missing.push(s.uri);
  }
  return missing;
}

/** Names in the reel's parent folder that belong to the reel: its folder and any staging siblings. */
const reelEntries = (contentId: string) =>
  fs.readdirSync(path.join(mediaRoot(), 'content')).filter((n) => n === contentId || n.startsWith(`${contentId}.`)).sort();

describe('publishing a reel into local storage', () => {
  it('keeps the complete old set when killed between the two renames, and start-up restores it', async () => {
    // Different ladders (one 160p rendition, then 240p + 360p), so a mix of the two would show.
    const oldSet = await hlsSet('old', { width: 160, height: 284, durationS: 2 });
    const newSet = await hlsSet('new', { width: 360, height: 640, durationS: 3 });
    expect(missingFiles(oldSet)).toEqual([]);
    expect(missingFiles(newSet)).toEqual([]);
    const contentId = randomUUID();
    const prefix = contentPrefix(contentId);
    const reelDir = path.join(mediaRoot(), prefix);
    await new LocalStorage(mediaRoot()).putDirectory(oldSet, prefix);
    expect(tree(reelDir)).toEqual(tree(oldSet));
    expect(reelEntries(contentId)).toEqual([contentId]);

    // A second publish of the reel (a retried transcode), killed at the worst moment.
    const child = spawnTsx('tests/fixtures/publish-child.ts', [mediaRoot(), prefix, newSet], { LOG_LEVEL: 'silent' });
    try {
      await child.waitForLine((l) => l === 'between renames', 60_000);
    } finally {
      child.crash();
    }
    expect((await child.exited).signal).toBe('SIGKILL');

    // The old set is whole on disk: under the reel's name, or moved aside under a name the start-up knows.
    const movedAside = reelEntries(contentId).filter((n) => n.startsWith(`${contentId}.old-`));
    const held = fs.existsSync(reelDir) ? reelDir : path.join(mediaRoot(), 'content', movedAside[0] ?? `${contentId}.old-(none)`);
    expect(fs.existsSync(held), `no complete copy of the reel after the kill: ${reelEntries(contentId).join(', ')}`).toBe(true);
    expect(tree(held)).toEqual(tree(oldSet));

    // Start-up: the worker's clean-up runs before it claims jobs.
    const stop = await startWorker({ pollMs: 50 });
    await stop();
    expect(reelEntries(contentId)).toEqual([contentId]);
    expect(missingFiles(reelDir)).toEqual([]);
    expect(tree(reelDir)).toEqual(tree(oldSet));

    // The job's next attempt publishes the new set over the restored one.
    await new LocalStorage(mediaRoot()).putDirectory(newSet, prefix);
    expect(tree(reelDir)).toEqual(tree(newSet));
    expect(reelEntries(contentId)).toEqual([contentId]);
    await new LocalStorage(mediaRoot()).deletePrefix(prefix);
    expect(reelEntries(contentId)).toEqual([]);
  });

  it('start-up removes half-deleted reels and the work folders of dead attempts, and keeps a running attempt\'s', async () => {
    const { db } = await getDb();
    const content = path.join(mediaRoot(), 'content');
    const halfDeleted = path.join(content, `${randomUUID()}.del-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(path.join(halfDeleted, '240'), { recursive: true });
    fs.writeFileSync(path.join(halfDeleted, '240', 'seg_00000.ts'), 'x');

    // A job that a live worker (another process sharing DATA_DIR) is running under its lease.
    const kind = `test-publish-${randomBytes(4).toString('hex')}`;
    const jobId = await enqueue(kind, {});
    const running = await claimJob(db, [kind], 'live-worker', 60_000);
    expect(running?.id).toBe(jobId);
    const work = path.join(env().DATA_DIR, 'work');
    const live = path.join(work, `${randomUUID()}-${jobId}-1`);
    const deadAttempt = path.join(work, `${randomUUID()}-${jobId}-0`);
    const goneJob = path.join(work, `${randomUUID()}-999999999-1`);
    for (const d of [live, deadAttempt, goneJob]) {
      fs.mkdirSync(path.join(d, '360'), { recursive: true });
      fs.writeFileSync(path.join(d, '360', 'seg_00000.ts'), 'x');
    }
    try {
      const stop = await startWorker({ pollMs: 50 });
      await stop();
      expect(fs.existsSync(halfDeleted)).toBe(false);
      expect(fs.existsSync(deadAttempt)).toBe(false);
      expect(fs.existsSync(goneJob)).toBe(false);
      expect(fs.existsSync(path.join(live, '360', 'seg_00000.ts'))).toBe(true);
    } finally {
      fs.rmSync(live, { recursive: true, force: true });
      await db.delete(jobs).where(eq(jobs.id, jobId));
    }
  });
});
