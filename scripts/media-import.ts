import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { and, eq, inArray } from 'drizzle-orm';

/**
 * `npm run media:import -- <files or folders> --topic NAME --category NAME --option NAME --lang en|hi|he [--description TEXT]`
 *
 * Imports videos as reels of one option through the same pipeline as an
 * upload (probe, refusals, durable transcode job). Creates the topic,
 * category and option by name when missing, runs the job worker in this
 * process, draws a progress bar per video until every job has ended, then
 * prints a summary. Exit codes: 0 all ready, 1 some refused or failed,
 * 2 bad arguments. Re-running on the same files returns the same reels
 * (the idempotency key is the file's SHA-256 and the option).
 */

const USAGE = `Usage: npm run media:import -- <files or folders...> --topic NAME --category NAME --option NAME --lang en|hi|he [--description TEXT]

  <files or folders>  video files, or folders whose video files are imported (not recursive)
  --topic NAME        topic name (created when missing; slug made from the name)
  --category NAME     category name within the topic (created when missing)
  --option NAME       option name within the category (created when missing)
  --lang en|hi|he     spoken language of the videos (he = Hinglish)
  --description TEXT  description of every reel (default: the file name)
`;

/** Extensions picked up from a folder; files named explicitly are tried whatever their name. */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mov', '.webm', '.mkv', '.avi', '.3gp', '.mpg', '.mpeg', '.ts']);

interface Args {
  files: string[];
  topic: string;
  category: string;
  option: string;
  lang: 'en' | 'hi' | 'he';
  description?: string;
}

class UsageError extends Error {}

function parseCli(argv: string[]): Args {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        topic: { type: 'string' },
        category: { type: 'string' },
        option: { type: 'string' },
        lang: { type: 'string' },
        description: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const v = parsed.values;
  if (v.help) throw new UsageError('');
  for (const name of ['topic', 'category', 'option', 'lang'] as const) {
    if (!v[name]?.trim()) throw new UsageError(`--${name} is required`);
  }
  if (!['en', 'hi', 'he'].includes(v.lang!)) throw new UsageError(`--lang must be en, hi or he (got "${v.lang}")`);
  if (parsed.positionals.length === 0) throw new UsageError('give at least one video file or folder');
  const files: string[] = [];
  for (const p of parsed.positionals) {
    const abs = path.resolve(p);
    if (!fs.existsSync(abs)) throw new UsageError(`no such file or folder: ${p}`);
    if (fs.statSync(abs).isDirectory()) {
      const found = fs.readdirSync(abs).filter((n) => VIDEO_EXTENSIONS.has(path.extname(n).toLowerCase())).sort();
      if (found.length === 0) throw new UsageError(`no video files in ${p}`);
      files.push(...found.map((n) => path.join(abs, n)));
    } else {
      files.push(abs);
    }
  }
  return {
    files: [...new Set(files)],
    topic: v.topic!.trim(),
    category: v.category!.trim(),
    option: v.option!.trim(),
    lang: v.lang as Args['lang'],
    description: v.description,
  };
}

/** URL slug of a topic name; names without Latin letters or digits (e.g. Devanagari) get a stable hash. */
function slugify(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || `topic-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    fs.createReadStream(file).on('data', (c) => h.update(c)).on('end', () => resolve(h.digest('hex'))).on('error', reject);
  });
}

interface Progress {
  /** `fraction` 0..1, or null to keep the current one. */
  update(file: string, fraction: number | null, state: string): void;
  stop(): void;
}

/**
 * One bar per video on a terminal (cli-progress); on a pipe or a CI log,
 * one line per change of state instead (cli-progress draws nothing there).
 */
function makeProgress(files: string[]): Progress {
  const width = Math.min(40, Math.max(...files.map((f) => path.basename(f).length)));
  const label = (f: string) => path.basename(f).slice(0, width).padEnd(width);
  if (!process.stderr.isTTY) {
    const last = new Map<string, string>();
    return {
      update(file, _fraction, state) {
        if (last.get(file) === state) return;
        last.set(file, state);
        process.stderr.write(`${label(file)}  ${state}\n`);
      },
      stop() {},
    };
  }
  const multi = new cliProgress.MultiBar({
    format: ' {bar} {percentage}% | {name} | {state}',
    hideCursor: true,
    clearOnComplete: false,
    stopOnComplete: false,
  }, cliProgress.Presets.shades_classic);
  const bars = new Map<string, cliProgress.SingleBar>();
  let stopped = false;
  return {
    update(file, fraction, state) {
      let bar = bars.get(file);
      if (!bar) {
        bar = multi.create(100, 0, { name: label(file), state });
        bars.set(file, bar);
      }
      if (fraction === null) bar.update({ state });
      else bar.update(Math.round(fraction * 100), { state });
    },
    stop() {
      if (!stopped) multi.stop();
      stopped = true;
    },
  };
}

type Outcome =
  | { file: string; state: 'refused'; reason: string }
  | { file: string; state: 'queued'; contentId: string };

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseCli(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) process.stderr.write(`error: ${err.message}\n\n`);
    process.stderr.write(USAGE);
    return 2;
  }
  // Log lines would tear the progress bars; warnings and errors still show.
  process.env.LOG_LEVEL ??= 'warn';

  // Imported here, after LOG_LEVEL is settled: env() and the logger read it once.
  const { getDb } = await import('@/lib/db/client');
  const { categories, contentItems, options, topics } = await import('@/lib/db/schema');
  const { jobEvents } = await import('@/lib/jobs/queue');
  const { ApiError } = await import('@/lib/http/errors');
  const { ingestVideoFile } = await import('@/features/reels/server/ingest');
  const { startWorker } = await import('@/server/worker');
  const { DatabaseLockedError, lockEmbeddedDbForScript } = await import('@/lib/db/operator-db');

  // The embedded database is one process's (docs/decisions/030): hold its lock while this run opens it.
  let releaseLock: () => Promise<void>;
  try {
    releaseLock = await lockEmbeddedDbForScript();
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    process.stderr.write(`media:import: ${err.message}. This import opens the database itself (it runs the transcoding here): `
      + 'stop the server, import, then start it again.\n');
    return 1;
  }
  let handle: Awaited<ReturnType<typeof getDb>>;
  try {
    handle = await getDb();
  } catch (err) {
    await releaseLock();
    process.stderr.write(`Could not open the database: ${(err as Error).message}\n`);
    return 1;
  }
  const { db } = handle;

  // Topic > category > option by name, made when missing (unique constraints make concurrent runs safe).
  const optionId = await db.transaction(async (tx) => {
    let [topic] = await tx.select().from(topics).where(eq(topics.name, args.topic));
    if (!topic) {
      const base = slugify(args.topic);
      for (let n = 1; !topic; n++) {
        [topic] = await tx.insert(topics).values({ name: args.topic, slug: n === 1 ? base : `${base}-${n}` })
          .onConflictDoNothing().returning();
      }
    }
    await tx.insert(categories).values({ topic_id: topic.id, name: args.category }).onConflictDoNothing();
    const [category] = await tx.select().from(categories)
      .where(and(eq(categories.topic_id, topic.id), eq(categories.name, args.category)));
    await tx.insert(options).values({ category_id: category.id, name: args.option }).onConflictDoNothing();
    const [option] = await tx.select().from(options)
      .where(and(eq(options.category_id, category.id), eq(options.name, args.option)));
    return option.id;
  });

  const stopWorker = await startWorker();
  const progress = makeProgress(args.files);
  const outcomes: Outcome[] = [];
  const fileOf = new Map<string, string>();
  const onProgress = (e: { payload: unknown; fraction: number }) => {
    const file = fileOf.get((e.payload as { contentId?: string }).contentId ?? '');
    if (file) progress.update(file, e.fraction, 'transcoding');
  };
  jobEvents().on('progress', onProgress);

  let exitCode = 0;
  try {
    for (const file of args.files) {
      progress.update(file, 0, 'checking');
      try {
        const sourceKey = `import:${await sha256File(file)}:${optionId}`;
        const description = args.description
          ?? path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').trim();
        const { contentId } = await ingestVideoFile({ filePath: file, optionId, description, lang: args.lang, sourceKey });
        fileOf.set(contentId, file);
        progress.update(file, 0, 'queued');
        outcomes.push({ file, state: 'queued', contentId });
      } catch (err) {
        const reason = err instanceof ApiError ? `${err.code}: ${err.message}` : (err as Error).message;
        progress.update(file, 0, `refused (${err instanceof ApiError ? err.code : 'error'})`);
        outcomes.push({ file, state: 'refused', reason });
      }
    }

    // Until every job has ended: status from the database, so jobs another worker took count too.
    const ids = outcomes.flatMap((o) => (o.state === 'queued' ? [o.contentId] : []));
    let rows: Array<{ id: string; status: string; failure_reason: string | null }> = [];
    for (;;) {
      rows = ids.length === 0 ? [] : await db
        .select({ id: contentItems.id, status: contentItems.status, failure_reason: contentItems.failure_reason })
        .from(contentItems).where(inArray(contentItems.id, ids));
      for (const r of rows) {
        const file = fileOf.get(r.id)!;
        if (r.status === 'ready') progress.update(file, 1, 'ready');
        if (r.status === 'failed') progress.update(file, null, 'failed');
      }
      if (rows.every((r) => r.status !== 'processing')) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    progress.stop();

    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines: string[] = [];
    let ready = 0;
    let failed = 0;
    for (const o of outcomes) {
      const name = path.relative(process.cwd(), o.file) || o.file;
      if (o.state === 'refused') {
        failed += 1;
        lines.push(`  refused  ${name}: ${o.reason}`);
        continue;
      }
      const r = byId.get(o.contentId);
      if (r?.status === 'ready') {
        ready += 1;
        lines.push(`  ready    ${name} -> ${o.contentId}`);
      } else {
        failed += 1;
        lines.push(`  failed   ${name} -> ${o.contentId}: ${r?.failure_reason ?? 'reel was deleted'}`);
      }
    }
    process.stdout.write(`\nImported into ${args.topic} > ${args.category} > ${args.option} (${args.lang}):\n${lines.join('\n')}\n`);
    process.stdout.write(`${ready} ready, ${failed} failed\n`);
    exitCode = failed > 0 ? 1 : 0;
  } finally {
    progress.stop();
    jobEvents().off('progress', onProgress);
    await stopWorker();
    await handle.close();
    await releaseLock();
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`media:import failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
