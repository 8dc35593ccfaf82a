import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, options, topics, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { runFfmpeg, runFfprobe } from '@/lib/media/ffmpeg';
import { ingestVideoFile } from '@/features/reels/server/ingest';
import { estimateDurationS, libraryReels } from '@/features/starter-library/data/library';
import { renderReel, type RenderResult } from '@/features/starter-library/server/render';
import {
  cachedReelPath, libraryStatus, makeLibrary, releaseLease, takeLease,
} from '@/features/starter-library/server/make-library';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-starter-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

interface Probe {
  streams: { codec_type: string; width?: number; height?: number }[];
  format: { duration: string };
}

async function probe(file: string): Promise<Probe> {
  const { stdout } = await runFfprobe(['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

/** Silences of the file's audio track as [start, end] seconds (ffmpeg silencedetect). */
async function silences(file: string): Promise<[number, number][]> {
  const { stderr } = await runFfmpeg(['-i', file, '-af', 'silencedetect=n=-40dB:d=0.2', '-f', 'null', '-']);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((s, i) => [s, ends[i] ?? Infinity]);
}

async function frameHash(file: string, atS: number): Promise<string> {
  const png = path.join(out, `frame-${atS}.png`);
  await runFfmpeg(['-y', '-ss', atS.toFixed(2), '-i', file, '-frames:v', '1', png]);
  return createHash('sha256').update(fs.readFileSync(png)).digest('hex');
}

describe('starter library: one reel rendered for real', () => {
  // The Hindi inverter reel: Devanagari on screen, the Hindi voice, one of the shorter scripts.
  const reel = libraryReels().find((r) => r.sourceKey === 'starter:v2:inverter-types:hi')!;
  const file = path.join(out, 'reel.mp4');
  let result: RenderResult;

  it('renders a 720x1280 MP4 with narration, 15-60 s, as long as its narration timeline', async () => {
    const t0 = Date.now();
    result = await renderReel(reel, { outFile: file });
    // A figure for the report, not an assertion (ARCHITECTURE.md "Testing": no timed assertions).
    process.stderr.write(`starter reel render: ${Date.now() - t0} ms for ${result.durationS.toFixed(1)} s of video\n`);
    const p = await probe(file);
    const video = p.streams.find((s) => s.codec_type === 'video');
    expect(video?.width).toBe(720);
    expect(video?.height).toBe(1280);
    expect(p.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    const duration = Number(p.format.duration);
    expect(duration).toBeGreaterThanOrEqual(15);
    expect(duration).toBeLessThanOrEqual(60);
    expect(Math.abs(duration - result.durationS)).toBeLessThan(0.25);
    // Speech fills most of the reel; the rest is the pauses between sentences.
    expect(result.narrationS).toBeGreaterThan(duration * 0.6);
    expect(result.narrationS).toBeLessThan(duration);
    // The data test's duration estimate stays close to the real thing.
    expect(Math.abs(estimateDurationS(reel) - duration) / duration).toBeLessThan(0.2);
    expect(fs.existsSync(`${file}.vtt`)).toBe(true);
  });

  it('changes the caption while the voice pauses, and shows a different card for each sentence', async () => {
    const quiet = await silences(file);
    const changes = result.timeline.cues.slice(1).map((c) => c.showStartS);
    for (const t of changes) {
      expect(quiet.some(([s, e]) => s - 0.05 <= t && t <= e + 0.05), `caption change at ${t}s falls in a pause`).toBe(true);
    }
    const mids = result.timeline.cues.slice(0, 3).map((c) => (c.showStartS + c.showEndS) / 2);
    const hashes = await Promise.all(mids.map((m) => frameHash(file, m)));
    expect(new Set(hashes).size).toBe(3);
  });
});

describe('makeLibrary through the real ingest', () => {
  it('creates the taxonomy, the team owner and one reel, and a second run adds nothing', async () => {
    const { db } = await getDb();
    const dataDir = env().DATA_DIR;
    const first = await makeLibrary({ db, dataDir, ingest: ingestVideoFile, limit: 1, holder: 'test-a' });
    expect(first.ran).toBe(true);
    expect(first.errors).toEqual([]);
    expect(first.rendered).toBe(1);

    expect(await db.select().from(topics)).toHaveLength(4);
    expect(await db.select().from(categories)).toHaveLength(9);
    expect(await db.select().from(options)).toHaveLength(9);
    const [hot] = await db.select().from(topics).where(eq(topics.slug, 'subsidy-and-money'));
    expect(hot?.type_tag).toBe('HOT');
    expect(hot?.pic).toMatch(/^\/media\/library\/topic-subsidy-and-money-[0-9a-f]{10}\.png$/);
    expect(fs.existsSync(path.join(dataDir, 'media', 'library', path.basename(hot!.pic!)))).toBe(true);

    const rows = await db.select().from(contentItems).where(like(contentItems.source_key, 'starter:v2:%'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.source_key).toBe('starter:v2:subsidy-3kw:en');
    expect(row!.lang).toBe('en');
    expect(row!.is_tldr).toBe(true);
    expect(row!.sources).toContain('[5] SolarQuarter, 8 Jul 2025, MNRE amends PM Surya Ghar CFA process');
    const [owner] = await db.select().from(users).where(eq(users.id, row!.user_id!));
    expect(owner?.name).toBe('Surya Reels team');
    const [opt] = await db.select().from(options).where(eq(options.id, row!.option_id));
    expect(opt?.name).toBe('How much subsidy for 3 kW?');
    expect(await libraryStatus(db, first.sourceKeys)).toEqual({ ingested: 1, ready: 0, failed: 0 });

    const cached = cachedReelPath(dataDir, libraryReels()[0]!);
    const mtime = fs.statSync(cached).mtimeMs;
    const second = await makeLibrary({ db, dataDir, ingest: ingestVideoFile, limit: 1, holder: 'test-b' });
    expect(second.rendered).toBe(0);
    expect(await db.select().from(contentItems).where(like(contentItems.source_key, 'starter:v2:%'))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.username, 'surya-reels-team'))).toHaveLength(1);
    expect(await db.select().from(topics)).toHaveLength(4);
    expect(fs.statSync(cached).mtimeMs).toBe(mtime);
  });

  it('lets one process at a time make the library; a lease whose holder went quiet expires', async () => {
    const { db } = await getDb();
    const now = Date.now();
    expect(await takeLease(db, 'proc-a', 60_000, now)).toBe(true);
    expect(await takeLease(db, 'proc-b', 60_000, now)).toBe(false);
    expect(await takeLease(db, 'proc-a', 60_000, now + 1000)).toBe(true);
    expect(await takeLease(db, 'proc-b', 60_000, now + 120_000)).toBe(true);
    const skipped = await makeLibrary({ db, dataDir: env().DATA_DIR, ingest: ingestVideoFile, limit: 1, holder: 'proc-c' });
    expect(skipped.ran).toBe(false);
    await releaseLease(db, 'proc-b');
    expect(await takeLease(db, 'proc-c', 60_000, now)).toBe(true);
    await releaseLease(db, 'proc-c');
  });
});
