import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, like, ne, notLike, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { categories, contentItems, options, settings, topics, users, type NameTranslations } from '@/lib/db/schema';
import { fillMissingTranslations } from '@/lib/localized';
import { logger } from '@/lib/logger';
import { OPTIONS, libraryReels, spokenText, type LibraryReel } from '../data/library';
import { CATEGORY_LABELS, SOURCE_KEY_PREFIX, STARTER_KEY_ROOT, TEAM_USER, TOPICS } from '../data/taxonomy';
import type { QuestionBankCategory } from '../data/types';
import { CATEGORY_SYMBOLS, TOPIC_SYMBOLS, iconSvg, ownerIconSvg, writePicture } from './pictures';
import { renderReel } from './render';

/**
 * Makes the starter library once and keeps it:
 * upserts the taxonomy and the team account, renders each reel that is not
 * in the database yet (MP4s cached under DATA_DIR/library/, so a crash
 * resumes where it stopped) and hands it to the same ingest as an upload.
 * The ingest is a parameter: a feature never imports another feature, and
 * server/starter-library.ts composes the two.
 */

/** The upload pipeline's entry (features/reels/server/ingest.ts `ingestVideoFile`). */
export type IngestFn = (input: {
  filePath: string;
  optionId: string;
  description: string;
  lang: 'en' | 'hi' | 'he';
  isTldr?: boolean;
  userId?: string | null;
  sources?: string;
  sourceKey?: string;
}) => Promise<{ contentId: string }>;

/** Ids of the library's rows, by the data's keys. */
export interface LibraryIds {
  /** By topic slug. */
  topics: Map<string, string>;
  /** By question-bank category name. */
  categories: Map<string, string>;
  /** By option key. */
  options: Map<string, string>;
  ownerId: string;
}

/**
 * Creates what is missing of the taxonomy and the team account, idempotently:
 * topics by slug, categories by (topic, name), options by (category, name),
 * the owner by username. Existing rows keep their values (an operator's edits
 * stay); only an empty `pic` and missing Hindi/Hinglish texts (`translations`)
 * are filled, so re-seeding an older database adds the translations without new rows. Pictures go to DATA_DIR/media/library/.
 */
export async function ensureTaxonomy(db: Db, dataDir: string): Promise<LibraryIds> {
  const ids: LibraryIds = { topics: new Map(), categories: new Map(), options: new Map(), ownerId: '' };
  const ownerPic = await writePicture(dataDir, 'owner-team', await ownerIconSvg());
  const [owner] = await db.insert(users)
    .values({ name: TEAM_USER.name, username: TEAM_USER.username, pic: ownerPic })
    .onConflictDoUpdate({ target: users.username, set: { pic: sql`coalesce(${users.pic}, excluded.pic)` } })
    .returning({ id: users.id });
  ids.ownerId = owner!.id;

  for (const [ti, t] of TOPICS.entries()) {
    const pic = await writePicture(dataDir, `topic-${t.slug}`, await iconSvg(TOPIC_SYMBOLS[t.slug] ?? 'sun', t.accent, 'night'));
    const [row] = await db.insert(topics)
      .values({ slug: t.slug, name: t.name, description: t.description, type_tag: t.typeTag, pic, sort_order: ti, translations: t.translations })
      .onConflictDoUpdate({ target: topics.slug, set: { pic: sql`coalesce(${topics.pic}, excluded.pic)` } })
      .returning({ id: topics.id, name: topics.name, translations: topics.translations });
    ids.topics.set(t.slug, row!.id);
    // A topic an operator renamed keeps its translations: the seed's would describe another name.
    if (row!.name === t.name) {
      const filled = fillMissingTranslations(row!.translations, t.translations);
      if (!isDeepStrictEqual(filled, row!.translations)) await db.update(topics).set({ translations: filled }).where(eq(topics.id, row!.id));
    }
    for (const [ci, name] of t.categories.entries()) {
      const cpic = await writePicture(dataDir, `category-${slugify(name)}`, await iconSvg(CATEGORY_SYMBOLS[name], t.accent));
      const [cat] = await db.insert(categories)
        .values({ topic_id: row!.id, name, pic: cpic, sort_order: ci, translations: categoryTranslations(name) })
        .onConflictDoUpdate({ target: [categories.topic_id, categories.name], set: { pic: sql`coalesce(${categories.pic}, excluded.pic)` } })
        .returning({ id: categories.id, translations: categories.translations });
      ids.categories.set(name, cat!.id);
      const filled = fillMissingTranslations(cat!.translations, categoryTranslations(name));
      if (!isDeepStrictEqual(filled, cat!.translations)) await db.update(categories).set({ translations: filled }).where(eq(categories.id, cat!.id));
    }
  }

  const perCategory = new Map<string, number>();
  for (const o of OPTIONS) {
    const categoryId = ids.categories.get(o.category);
    if (!categoryId) throw new Error(`option ${o.key}: category ${o.category} is in no topic`);
    const sortOrder = perCategory.get(o.category) ?? 0;
    perCategory.set(o.category, sortOrder + 1);
    const accent = TOPICS.find((t) => t.slug === o.topic)!.accent;
    const pic = await writePicture(dataDir, `option-${o.key}`, await iconSvg(CATEGORY_SYMBOLS[o.category], accent, 'outline'));
    const [row] = await db.insert(options)
      .values({ category_id: categoryId, name: o.name, pic, sort_order: sortOrder, translations: o.translations })
      .onConflictDoUpdate({ target: [options.category_id, options.name], set: { pic: sql`coalesce(${options.pic}, excluded.pic)` } })
      .returning({ id: options.id, translations: options.translations });
    ids.options.set(o.key, row!.id);
    const filled = fillMissingTranslations(row!.translations, o.translations);
    if (!isDeepStrictEqual(filled, row!.translations)) await db.update(options).set({ translations: filled }).where(eq(options.id, row!.id));
  }
  return ids;
}

/** A question-bank category's Hindi and Hinglish labels (the reels' CATEGORY_LABELS). */
function categoryTranslations(name: QuestionBankCategory): NameTranslations<'name'> {
  const l = CATEGORY_LABELS[name];
  return { hi: { name: l.hi }, he: { name: l.he } };
}

function slugify(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Where a reel's rendered MP4 is cached: DATA_DIR/library/<option>-<lang>-<hash>.mp4.
 * The hash covers what is drawn and said, so an edited script renders anew,
 * and the layout generation (`v`, 2 since the safe-area layout), so a new frame
 * layout never reuses an MP4 drawn with the old one.
 */
export function cachedReelPath(dataDir: string, reel: LibraryReel): string {
  const content = JSON.stringify({
    v: 2,
    n: reel.narration.map((x) => [x.kind, x.line.text, spokenText(x.line)]),
    l: reel.categoryLabel,
    t: reel.topicName,
    a: reel.accent,
  });
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return path.resolve(dataDir, 'library', `${reel.option.key}-${reel.lang}-${hash}.mp4`);
}

/** Counts of the library's reels in the database, by status. */
export interface LibraryStatus {
  /** Rows with a starter source key: ingested (any status). */
  ingested: number;
  ready: number;
  failed: number;
}

/** How far the library's reels (`sourceKeys`, default every starter key) have come. */
export async function libraryStatus(db: Db, sourceKeys?: string[]): Promise<LibraryStatus> {
  const where = sourceKeys ? inArray(contentItems.source_key, sourceKeys) : like(contentItems.source_key, `${SOURCE_KEY_PREFIX}%`);
  const rows = await db.select({ status: contentItems.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(contentItems).where(where).groupBy(contentItems.status);
  const by = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { ingested: rows.reduce((a, r) => a + r.n, 0), ready: by('ready'), failed: by('failed') };
}

const LEASE_KEY = 'starter_library_lease';

/**
 * Takes (or renews) the lease that lets one process make the library when
 * several share a database (web processes behind a load balancer). A lease
 * whose holder stopped renewing expires after `ttlMs`.
 * @returns true when `holder` holds the lease now.
 */
export async function takeLease(db: Db, holder: string, ttlMs: number, nowMs = Date.now()): Promise<boolean> {
  const rows = await db.insert(settings)
    .values({ key: LEASE_KEY, value: `${holder}|${nowMs + ttlMs}` })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value` },
      setWhere: sql`split_part(${settings.value}, '|', 1) = ${holder} or split_part(${settings.value}, '|', 2)::bigint < ${nowMs}`,
    })
    .returning({ value: settings.value });
  return rows.length === 1;
}

/** Gives the lease back when `holder` holds it. */
export async function releaseLease(db: Db, holder: string): Promise<void> {
  await db.delete(settings).where(and(eq(settings.key, LEASE_KEY), sql`split_part(${settings.value}, '|', 1) = ${holder}`));
}

/** Progress of a run, for a progress bar or log lines. */
export interface MakeProgress {
  /** Reels this run is responsible for (the limit applied). */
  total: number;
  /** Reels whose MP4 exists (rendered now, cached, or already ingested). */
  made: number;
  /** Reels in the database. */
  ingested: number;
}

export interface MakeLibraryOptions {
  db: Db;
  /** DATA_DIR: pictures go to media/library/, MP4s to library/. */
  dataDir: string;
  ingest: IngestFn;
  /** Make only the first `limit` reels of the making order (tests, CI); all when unset. */
  limit?: number;
  /** Lease holder id of this process. */
  holder: string;
  onProgress?: (p: MakeProgress) => void;
  signal?: AbortSignal;
}

export interface MakeLibraryResult {
  /** False when another process holds the lease and is making the library. */
  ran: boolean;
  /** Source keys of the reels this run covers (limit applied). */
  sourceKeys: string[];
  /** Reels rendered by this run. */
  rendered: number;
  /** Wall time of each render, ms. */
  renderMs: number[];
  /** Reels that failed to render or ingest, with the reason; the next run tries them again. */
  errors: { sourceKey: string; message: string }[];
}

/**
 * Removes the partial files a killed maker leaves: `<reel>.mp4.part.mp4`
 * under DATA_DIR/library (renderReel) and `<picture>.png.tmp` under
 * DATA_DIR/media/library (writePicture). Complete files are renamed into
 * place, so nothing else there is partial. Call only while holding the lease.
 */
export function removeStaleParts(dataDir: string): string[] {
  const removed: string[] = [];
  const sweep = (dir: string, suffix: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(suffix)) continue;
      const full = path.join(dir, name);
      fs.rmSync(full, { force: true });
      removed.push(full);
    }
  };
  sweep(path.resolve(dataDir, 'library'), '.part.mp4');
  sweep(path.resolve(dataDir, 'media', 'library'), '.png.tmp');
  if (removed.length > 0) logger().child({ component: 'starter-library' }).info({ removed }, 'partial starter files removed');
  return removed;
}

/** The reason a replaced starter reel carries (shown to its owner, the team account, in the studio). */
export const REPLACED_REASON = 'Replaced by a newer render of the starter library';

/**
 * Takes the starter reels of older generations (source key `starter:v<n>:` other
 * than SOURCE_KEY_PREFIX) out of the feed once the current generation's reel of
 * the same option and language is `ready`: review_status becomes Rejected with
 * REPLACED_REASON (the row, its views and likes stay). Until then the old reel
 * keeps playing, so an install never shows both or neither.
 * @returns ids of the reels retired now.
 */
export async function retireReplacedReels(db: Db): Promise<string[]> {
  const key = contentItems.source_key;
  const rows = await db.update(contentItems)
    .set({ review_status: 'Rejected', review_reason: REPLACED_REASON })
    .where(and(
      like(key, `${STARTER_KEY_ROOT}%`),
      notLike(key, `${SOURCE_KEY_PREFIX}%`),
      ne(contentItems.review_status, 'Rejected'),
      sql`exists (select 1 from content_items n where n.status = 'ready'
        and n.source_key = ${SOURCE_KEY_PREFIX} || split_part(${key}, ':', 3) || ':' || split_part(${key}, ':', 4))`,
    ))
    .returning({ id: contentItems.id });
  return rows.map((r) => r.id);
}

/** Lease length: well above one reel's render time, so a live maker never loses it. */
const LEASE_TTL_MS = 10 * 60_000;

/**
 * Makes the missing reels of the starter library one by one: skip when its
 * source key is in the database, else render (or reuse the cached MP4) and
 * ingest. A reel that fails is logged and left for the next run; the rest go on.
 * @throws Error only when the taxonomy cannot be written (database down).
 */
export async function makeLibrary(opts: MakeLibraryOptions): Promise<MakeLibraryResult> {
  const log = logger().child({ component: 'starter-library' });
  const all = libraryReels();
  const reels = opts.limit === undefined ? all : all.slice(0, Math.max(0, opts.limit));
  const result: MakeLibraryResult = { ran: false, sourceKeys: reels.map((r) => r.sourceKey), rendered: 0, renderMs: [], errors: [] };
  opts.signal?.throwIfAborted();
  if (!(await takeLease(opts.db, opts.holder, LEASE_TTL_MS))) {
    log.info('another process is making the starter library');
    return result;
  }
  result.ran = true;
  try {
    // Only the lease holder writes these files, so what is half-written now was left by a killed maker.
    removeStaleParts(opts.dataDir);
    const ids = await ensureTaxonomy(opts.db, opts.dataDir);
    const retire = async () => {
      const retired = await retireReplacedReels(opts.db);
      if (retired.length > 0) log.info({ retired: retired.length }, 'older starter reels replaced');
    };
    await retire();
    const existing = new Set((await opts.db.select({ key: contentItems.source_key }).from(contentItems)
      .where(inArray(contentItems.source_key, result.sourceKeys))).map((r) => r.key));
    const progress: MakeProgress = { total: reels.length, made: 0, ingested: 0 };
    for (const r of reels) {
      if (existing.has(r.sourceKey)) {
        progress.made++;
        progress.ingested++;
      }
    }
    opts.onProgress?.({ ...progress });

    for (const reel of reels) {
      if (existing.has(reel.sourceKey)) continue;
      opts.signal?.throwIfAborted();
      await takeLease(opts.db, opts.holder, LEASE_TTL_MS);
      const file = cachedReelPath(opts.dataDir, reel);
      try {
        if (!fs.existsSync(file)) {
          const t0 = Date.now();
          const r = await renderReel(reel, { outFile: file, signal: opts.signal });
          const ms = Date.now() - t0;
          result.rendered++;
          result.renderMs.push(ms);
          log.debug({ sourceKey: reel.sourceKey, durationS: r.durationS, renderMs: ms }, 'starter reel rendered');
        }
        progress.made++;
        opts.onProgress?.({ ...progress });
        await opts.ingest({
          filePath: file,
          optionId: ids.options.get(reel.option.key)!,
          description: reel.description,
          lang: reel.lang,
          isTldr: reel.isTldr,
          userId: ids.ownerId,
          sources: reel.sources,
          sourceKey: reel.sourceKey,
        });
        progress.ingested++;
        opts.onProgress?.({ ...progress });
        // Reels the worker finished while this one rendered replace their older generation now.
        await retire();
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        const message = err instanceof Error ? err.message : String(err);
        result.errors.push({ sourceKey: reel.sourceKey, message });
        log.error({ err, sourceKey: reel.sourceKey }, 'starter reel failed; the next run tries again');
      }
    }
    return result;
  } finally {
    await releaseLease(opts.db, opts.holder).catch(() => undefined);
  }
}
