import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { getDb, openDb, type Db, type DbHandle } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import {
  claimJob, enqueue, getJob, jobEvents, PermanentJobError, startJobWorker, waitForJob, type JobHandler,
} from '@/lib/jobs/queue';
import { ingestVideoFile, uploadDir } from '@/features/reels/server/ingest';
import { startWorker } from '@/server/worker';
import { makeClip } from '../fixtures/clips';
import { useTempOption } from '../fixtures/taxonomy';
import { spawnTsx } from '../fixtures/spawn';

/**
 * Durable jobs (ARCHITECTURE.md decision 6): retries with back-off, leases
 * that outlive a dead worker, and claims that never hand one job to two
 * workers.
 */

const fixture = useTempOption('sr-jobs-');
const { tmp } = fixture;

const uniqueKind = (name: string) => `test-${name}-${randomBytes(4).toString('hex')}`;

describe('transcode job failures', () => {
  it('retries with exponential back-off, then ends failed with the reason on the job and the reel', async () => {
    const clip = await makeClip(path.join(tmp, 'gone.mp4'), { width: 160, height: 284, durationS: 1 });
    const { contentId } = await ingestVideoFile({ filePath: clip, optionId: fixture.optionId, description: 'gone', lang: 'en' });
    // The kept source disappears before any worker runs (disk cleaned, volume lost...).
    fs.rmSync(uploadDir(contentId), { recursive: true, force: true });

    const starts: number[] = [];
    const onStart = (e: { payload: unknown }) => {
      if ((e.payload as { contentId?: string }).contentId === contentId) starts.push(Date.now());
    };
    jobEvents().on('started', onStart);
    const stop = await startWorker({ pollMs: 20, leaseMs: 5000, backoffBaseMs: 300 });
    try {
      const { db } = await getDb();
      const [jobRow] = await db.select().from(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
      const job = await waitForJob(jobRow.id, { timeoutMs: 30_000, intervalMs: 50 });
      expect(job.status).toBe('failed');
      expect(job.attempts).toBe(3);
      expect(job.max_attempts).toBe(3);
      expect(job.last_error).toMatch(/source video is missing/);
      expect(starts).toHaveLength(3);
      // Back-off doubles: at least 300 ms, then at least 600 ms between attempts.
      expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(290);
      expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(590);

      const [reel] = await db.select().from(contentItems).where(eq(contentItems.id, contentId));
      expect(reel.status).toBe('failed');
      expect(reel.failure_reason).toMatch(/source video is missing/);
      expect(reel.ready_at).toBeNull();
    } finally {
      jobEvents().off('started', onStart);
      await stop();
    }
  });
});

/**
 * A handler's PermanentJobError on the first of three attempts: the job ends
 * `failed` at once with the error's message, runs no second attempt (no
 * worker may claim it again), and onFinalFailure runs once with that message.
 * A plain error of the same handler is still retried.
 */
async function expectPermanentFailure(db: Db): Promise<void> {
  const kind = uniqueKind('permanent');
  const message = 'This video is longer than 90 seconds. Videos can be at most 90 seconds.';
  const permanentId = await enqueue(kind, { permanent: true }, { db });
  const transientId = await enqueue(kind, { permanent: false }, { db, maxAttempts: 2 });
  const attempts: Array<[number, number]> = [];
  const finals: Array<[boolean, string, string]> = [];
  const handler: JobHandler<{ permanent: boolean }> = {
    run: async ({ permanent }, ctx) => {
      attempts.push([ctx.job.id, ctx.job.attempts]);
      if (permanent) throw new PermanentJobError(message, { cause: new Error('ffmpeg output 94.2 s') });
      throw new Error('disk briefly full');
    },
    onFinalFailure: async ({ permanent }, reason, job) => {
      finals.push([permanent, reason, job.status]);
    },
  };
  const worker = startJobWorker({ db, pollMs: 20, backoffBaseMs: 50, handlers: { [kind]: handler } });
  try {
    const permanent = await waitForJob(permanentId, { timeoutMs: 20_000, intervalMs: 20, db });
    expect(permanent).toMatchObject({ status: 'failed', attempts: 1, max_attempts: 3, last_error: message, locked_by: null });
    const transient = await waitForJob(transientId, { timeoutMs: 20_000, intervalMs: 20, db });
    expect(transient).toMatchObject({ status: 'failed', attempts: 2, last_error: 'disk briefly full' });
    // onFinalFailure of the permanent one may still be running when its row reads failed.
    await expect.poll(() => finals.length, { timeout: 5000 }).toBe(2);
  } finally {
    await worker.stop();
  }
  expect(attempts.filter(([id]) => id === permanentId)).toEqual([[permanentId, 1]]);
  expect(attempts.filter(([id]) => id === transientId)).toEqual([[transientId, 1], [transientId, 2]]);
  expect(finals).toContainEqual([true, message, 'failed']);
  expect(finals).toContainEqual([false, 'disk briefly full', 'failed']);
  // Nobody takes a permanently failed job again, attempts left or not.
  expect(await claimJob(db, [kind], 'another-worker', 60_000)).toBeNull();
  expect(await getJob(permanentId, db)).toMatchObject({ status: 'failed', attempts: 1 });
  await db.delete(jobs).where(eq(jobs.kind, kind));
}

describe('permanent failures', () => {
  it('PGlite: PermanentJobError fails the job at once with its message; onFinalFailure runs once; no retry', async () => {
    await expectPermanentFailure((await getDb()).db);
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL (DATABASE_URL)', () => {
    let pg: DbHandle;
    beforeAll(async () => {
      pg = await openDb({ url: process.env.DATABASE_URL });
    });
    afterAll(async () => {
      await pg?.close();
    });

    it('PermanentJobError fails the job at once with its message; onFinalFailure runs once; no retry', async () => {
      await expectPermanentFailure(pg.db);
    });
  });
});

describe('leases', () => {
  /**
   * The database clock, ms since the epoch (leases are on it, not on this
   * process's clock).
   */
  async function dbNowMs(db: Db): Promise<number> {
    const res = (await db.execute(sql`select extract(epoch from now()) * 1000 as ms`)) as unknown as { rows: Array<{ ms: unknown }> };
    return Number(res.rows[0].ms);
  }

  /**
   * A dead worker's lease runs out: its end is moved just before the database
   * clock's now, as if the lease's length had gone by with nobody renewing.
   * Waiting a real short lease out instead made the tests depend on how fast
   * a loaded machine gets from one statement to the next.
   */
  async function leaseRunsOut(db: Db, id: number): Promise<void> {
    await db.execute(sql`update jobs set locked_until = now() - interval '1 millisecond' where id = ${id}`);
  }

  it('takes a job again after the lease of a worker that stopped heartbeating', async () => {
    const { db } = await getDb();
    const kind = uniqueKind('lease');
    const id = await enqueue(kind, { n: 1 });
    // A worker claims the job and dies: nobody renews its lease.
    const before = Math.floor(await dbNowMs(db));
    const dead = await claimJob(db, [kind], 'dead-worker', 60_000);
    const after = await dbNowMs(db);
    expect(dead?.id).toBe(id);
    // The lease ends its length after the claim, on the database clock.
    expect(dead!.locked_until!.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(dead!.locked_until!.getTime()).toBeLessThanOrEqual(after + 60_000);
    // While it lasts, nobody else takes the job.
    expect(await claimJob(db, [kind], 'other', 60_000)).toBeNull();
    await leaseRunsOut(db, id);

    const ranBy: number[] = [];
    const worker = startJobWorker({
      db, pollMs: 20,
      handlers: { [kind]: { run: async (_p, ctx) => { ranBy.push(ctx.job.attempts); } } },
    });
    try {
      const job = await waitForJob(id, { timeoutMs: 10_000, intervalMs: 20 });
      expect(job.status).toBe('done');
      expect(job.attempts).toBe(2);
      expect(ranBy).toEqual([2]);
    } finally {
      await worker.stop();
    }
  });

  it('renews the lease while a long job runs, so nobody else takes it', async () => {
    const { db } = await getDb();
    const kind = uniqueKind('long');
    const id = await enqueue(kind, {});
    // Renewed every third of it: a heartbeat would have to be 2 s late for the other worker to
    // see the lease pass, where 300 ms once made a 200 ms stall of a loaded machine enough.
    const leaseMs = 3000;
    let runs = 0;
    const leaseEnds: Array<[number, number]> = [];
    const handler: JobHandler = {
      run: async (_p, ctx) => {
        runs += 1;
        const claimedUntil = ctx.job.locked_until!.getTime();
        // Outlive the lease taken at the claim by half its length, on the database clock, however slow the machine.
        while ((await dbNowMs(db)) < claimedUntil + leaseMs / 2) await new Promise((r) => setTimeout(r, 50));
        const row = await getJob(ctx.job.id, db);
        leaseEnds.push([claimedUntil, row!.locked_until!.getTime()]);
      },
    };
    const a = startJobWorker({ db, pollMs: 20, leaseMs, handlers: { [kind]: handler } });
    const b = startJobWorker({ db, pollMs: 20, leaseMs, handlers: { [kind]: handler } });
    try {
      const job = await waitForJob(id, { timeoutMs: 60_000, intervalMs: 20 });
      expect(job.status).toBe('done');
      expect(job.attempts).toBe(1);
      expect(runs).toBe(1);
      // The lease the job ran under was moved on past the one taken at the claim.
      expect(leaseEnds).toHaveLength(1);
      expect(leaseEnds[0][1]).toBeGreaterThan(leaseEnds[0][0]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('fails a job for good when its worker dies on the last attempt, and runs onFinalFailure', async () => {
    const { db } = await getDb();
    const kind = uniqueKind('lost');
    const id = await enqueue(kind, { tag: 'x' }, { maxAttempts: 1 });
    await claimJob(db, [kind], 'dead-worker', 60_000);
    await leaseRunsOut(db, id);
    const finals: string[] = [];
    const worker = startJobWorker({
      db, pollMs: 20,
      handlers: { [kind]: { run: async () => undefined, onFinalFailure: async (_p, reason) => { finals.push(reason); } } },
    });
    try {
      const job = await waitForJob(id, { timeoutMs: 10_000, intervalMs: 20 });
      expect(job.status).toBe('failed');
      expect(job.last_error).toMatch(/worker stopped during attempt 1 of 1/);
      expect(finals).toEqual([job.last_error]);
    } finally {
      await worker.stop();
    }
  });

  it('hands running jobs back on stop() without counting the attempt', async () => {
    const { db } = await getDb();
    const kind = uniqueKind('stop');
    const id = await enqueue(kind, {});
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const worker = startJobWorker({
      db, pollMs: 20,
      handlers: {
        [kind]: {
          run: (_p, ctx) => new Promise<void>((_resolve, reject) => {
            started();
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
          }),
        },
      },
    });
    await running;
    await worker.stop();
    const job = await getJob(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  });
});

describe('claims', () => {
  it('two workers on one PGlite connection run each of 20 jobs exactly once', async () => {
    const { db } = await getDb();
    const kind = uniqueKind('pglite-pair');
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await enqueue(kind, { i }));
    const seen: Array<[number, string]> = [];
    const make = (name: string) => startJobWorker({
      db, workerId: name, pollMs: 10, concurrency: 3,
      handlers: { [kind]: { run: async (_p, ctx) => { seen.push([ctx.job.id, name]); await new Promise((r) => setTimeout(r, 10)); } } },
    });
    const a = make('a');
    const b = make('b');
    try {
      for (const id of ids) await waitForJob(id, { timeoutMs: 20_000, intervalMs: 20 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(seen.map(([id]) => id).sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(seen.map(([, w]) => w))).toEqual(new Set(['a', 'b']));
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL (DATABASE_URL)', () => {
    let pg: DbHandle;
    const kind = uniqueKind('pg-pair');

    beforeAll(async () => {
      pg = await openDb({ url: process.env.DATABASE_URL });
    });

    afterAll(async () => {
      await pg?.db.delete(jobs).where(eq(jobs.kind, kind));
      await pg?.close();
    });

    it('two worker processes claiming at once never take the same job', async () => {
      const out = path.join(tmp, 'claims.txt');
      fs.writeFileSync(out, '');
      const ids: number[] = [];
      const env = { DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'silent' };
      const children = ['p1', 'p2'].map((name) => spawnTsx('tests/fixtures/noop-worker-child.ts', [kind, out, name], env));
      try {
        await Promise.all(children.map((c) => c.waitForLine((l) => l === 'ready', 30_000)));
        // Both processes are polling: the 20 jobs appear at once and both race for them.
        await pg.db.transaction(async (tx) => {
          for (let i = 0; i < 20; i++) ids.push(await enqueue(kind, { i }, { db: tx }));
        });
        const deadline = Date.now() + 30_000;
        for (;;) {
          const rows = await pg.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, ids));
          if (rows.every((r) => r.status === 'done')) break;
          if (Date.now() > deadline) throw new Error(`jobs not done: ${JSON.stringify(rows.filter((r) => r.status !== 'done'))}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        for (const c of children) c.child.kill('SIGTERM');
        await Promise.all(children.map((c) => c.exited));
      }
      const lines = fs.readFileSync(out, 'utf8').trim().split('\n').map((l) => l.split(' '));
      const handled = lines.map(([id]) => Number(id)).sort((x, y) => x - y);
      expect(handled).toEqual(ids);
      expect(new Set(lines.map(([, w]) => w))).toEqual(new Set(['p1', 'p2']));
    });
  });
});
