import 'server-only';
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { logger } from '../logger';
import { metrics, type JobDepthRow } from '../metrics';
import { singleton } from '../singleton';

/**
 * Durable jobs in PostgreSQL (ARCHITECTURE.md decisions 5 and 6), on PGlite
 * and node-postgres alike. A worker claims one job with
 * `FOR UPDATE SKIP LOCKED` and holds it under a lease (`locked_until`) that
 * a heartbeat renews while the handler runs; when a worker dies the lease
 * runs out and another worker takes the job again. A failed attempt is
 * retried with exponential back-off until `max_attempts` (3), then the job
 * ends `failed` with the reason in `last_error` and the handler's
 * `onFinalFailure` runs. A handler that knows a retry cannot help throws
 * PermanentJobError: the job ends `failed` at once, whatever attempts are
 * left. All times come from the database clock, so workers on different
 * machines agree on leases.
 */

/** Anything that runs SQL: the database or a transaction inside it. */
export type SqlExecutor = Pick<Db, 'execute'>;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  status: JobStatus;
  /** Attempts started so far, this one included while running. */
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now (database clock). */
  delayMs?: number;
  /** Attempts before the job fails for good; the table's default is 3. */
  maxAttempts?: number;
  /** Enqueue inside this transaction, so the job exists only if the caller's rows do. */
  db?: SqlExecutor;
}

export interface JobContext<P = unknown> {
  job: JobRow<P>;
  /** Aborted when the worker stops or loses the lease: stop work (kill child processes) promptly. */
  signal: AbortSignal;
  /** Reports progress, fraction 0..1 (shown by the import CLI). */
  progress(fraction: number): void;
}

/**
 * Thrown by a job handler when the job can never succeed (the input breaks a
 * rule, the work itself is refused), so a retry would only repeat the same
 * failure. The worker ends the job `failed` at once with this message as
 * `last_error` (no retry, whatever attempts are left) and runs the handler's
 * `onFinalFailure` with the same message. Write the message for whoever
 * reads last_error (and the handler's own failure record): it is stored as
 * is, cut at 2000 characters.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface JobHandler<P = unknown> {
  /**
   * Does the work; a throw is a failed attempt (retried with back-off), a
   * PermanentJobError fails the job at once.
   */
  run(payload: P, ctx: JobContext<P>): Promise<void>;
  /** Runs once when the last attempt has failed (or one threw PermanentJobError), with the reason stored in last_error. */
  onFinalFailure?(payload: P, reason: string, job: JobRow<P>): Promise<void>;
}

export interface WorkerOptions {
  /** Handlers by job kind; the worker claims only these kinds. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler has its own payload type
  handlers: Record<string, JobHandler<any>>;
  /** Jobs run at once in this worker. Default 1. */
  concurrency?: number;
  /** Lease length, ms; renewed every third of it. Default 30 000. */
  leaseMs?: number;
  /** Sleep between claims when idle, ms. Default 1000. */
  pollMs?: number;
  /** First retry delay, ms; doubles per attempt. Default 5000. */
  backoffBaseMs?: number;
  /** Name in locked_by; default host-pid-random. */
  workerId?: string;
  /** Database to use; default getDb(). */
  db?: Db;
}

export interface JobWorker {
  readonly id: string;
  /** Stops claiming, aborts running jobs and hands them back to the queue without counting the attempt. */
  stop(): Promise<void>;
}

/** Process-wide job events: enqueued, started, progress, done, retry, failed (each with jobId, kind, payload). */
export interface JobEventMap {
  enqueued: [{ jobId: number; kind: string; payload: unknown }];
  started: [{ jobId: number; kind: string; payload: unknown; attempt: number; workerId: string }];
  progress: [{ jobId: number; kind: string; payload: unknown; fraction: number }];
  done: [{ jobId: number; kind: string; payload: unknown }];
  retry: [{ jobId: number; kind: string; payload: unknown; error: string; delayMs: number }];
  failed: [{ jobId: number; kind: string; payload: unknown; error: string }];
}

/** The process's job event emitter (the import CLI draws its progress bars from it). */
export function jobEvents(): EventEmitter<JobEventMap> {
  return singleton('jobEvents', () => {
    const e = new EventEmitter<JobEventMap>();
    e.setMaxListeners(100);
    return e;
  });
}

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
async function rows<T>(db: SqlExecutor, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

function toJob<P>(r: Record<string, unknown>): JobRow<P> {
  const date = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(r.id),
    kind: String(r.kind),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as P,
    status: r.status as JobStatus,
    attempts: Number(r.attempts),
    max_attempts: Number(r.max_attempts),
    run_at: date(r.run_at) as Date,
    locked_by: (r.locked_by as string | null) ?? null,
    locked_until: date(r.locked_until),
    last_error: (r.last_error as string | null) ?? null,
  };
}

/**
 * Adds a job. Payloads are JSON.
 * @returns the job id.
 */
export async function enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<number> {
  const db = opts.db ?? (await getDb()).db;
  const delay = Math.max(0, Math.round(opts.delayMs ?? 0));
  const [row] = await rows<Record<string, unknown>>(db, sql`
    insert into jobs (kind, payload, max_attempts, run_at)
    values (${kind}, ${JSON.stringify(payload)}::jsonb, ${opts.maxAttempts ?? 3},
            now() + (${delay}::int * interval '1 millisecond'))
    returning id`);
  const jobId = Number(row.id);
  jobEvents().emit('enqueued', { jobId, kind, payload });
  return jobId;
}

/** One job by id, or null. */
export async function getJob<P = unknown>(id: number, db?: SqlExecutor): Promise<JobRow<P> | null> {
  const d = db ?? (await getDb()).db;
  const [r] = await rows<Record<string, unknown>>(d, sql`select * from jobs where id = ${id}`);
  return r ? toJob<P>(r) : null;
}

const kindList = (kinds: string[]) => sql.join(kinds.map((k) => sql`${k}`), sql`, `);

/**
 * Claims the next due job of `kinds` for `workerId`: a queued job whose
 * run_at has come, or a running one whose lease ran out (its worker died).
 * One statement, so it is atomic on PGlite's single connection too; on
 * PostgreSQL `SKIP LOCKED` lets concurrent claimers pass over each other.
 * @returns the claimed job (attempts already counted), or null.
 */
export async function claimJob(db: SqlExecutor, kinds: string[], workerId: string, leaseMs: number): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const [r] = await rows<Record<string, unknown>>(db, sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
      locked_until = now() + (${Math.round(leaseMs)}::int * interval '1 millisecond'), updated_at = now()
    where id = (
      select id from jobs
      where kind in (${kindList(kinds)})
        and ((status = 'queued' and run_at <= now())
          or (status = 'running' and locked_until < now() and attempts < max_attempts))
      order by run_at, id
      limit 1
      for update skip locked)
    returning *`);
  return r ? toJob(r) : null;
}

/** Ends running jobs whose worker died on their last attempt; returns them for their onFinalFailure hooks. */
async function reapExpired(db: SqlExecutor, kinds: string[]): Promise<JobRow[]> {
  const found = await rows<Record<string, unknown>>(db, sql`
    update jobs set status = 'failed', locked_by = null, locked_until = null, updated_at = now(),
      last_error = 'worker stopped during attempt ' || attempts || ' of ' || max_attempts
        || coalesce(' (earlier: ' || last_error || ')', '')
    where id in (
      select id from jobs
      where kind in (${kindList(kinds)}) and status = 'running' and locked_until < now() and attempts >= max_attempts
      for update skip locked)
    returning *`);
  return found.map((r) => toJob(r));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
}

class ShutdownSignal extends Error {
  constructor() {
    super('worker shutting down');
  }
}

/**
 * Starts a worker that claims and runs jobs of the kinds in
 * `opts.handlers`, `concurrency` at a time, until `stop()`.
 */
export function startJobWorker(opts: WorkerOptions): JobWorker {
  const log = logger().child({ component: 'jobs' });
  const kinds = Object.keys(opts.handlers);
  const concurrency = opts.concurrency ?? 1;
  const leaseMs = opts.leaseMs ?? 30_000;
  const pollMs = opts.pollMs ?? 1000;
  const backoffBaseMs = opts.backoffBaseMs ?? 5000;
  const id = opts.workerId ?? `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const events = jobEvents();
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let stopped = false;
  let wake: (() => void) | null = null;
  const poke = () => wake?.();
  events.on('enqueued', poke);

  const dbPromise = opts.db ? Promise.resolve(opts.db) : getDb().then((h) => h.db);

  async function finalFailure(db: Db, job: JobRow, reason: string) {
    metrics().jobFailures.inc({ kind: job.kind });
    events.emit('failed', { jobId: job.id, kind: job.kind, payload: job.payload, error: reason });
    try {
      await opts.handlers[job.kind]?.onFinalFailure?.(job.payload, reason, { ...job, status: 'failed', last_error: reason });
    } catch (err) {
      log.error({ err, jobId: job.id }, 'onFinalFailure hook failed');
    }
  }

  async function runJob(db: Db, job: JobRow) {
    const handler = opts.handlers[job.kind];
    const abort = new AbortController();
    let leaseLost = false;
    const beat = setInterval(() => {
      rows(db, sql`
        update jobs set locked_until = now() + (${Math.round(leaseMs)}::int * interval '1 millisecond'), updated_at = now()
        where id = ${job.id} and locked_by = ${id} and status = 'running' returning id`)
        .then((r) => {
          if (r.length === 0 && !abort.signal.aborted) {
            leaseLost = true;
            abort.abort(new Error('lease lost: another worker took this job'));
          }
        })
        .catch((err) => log.warn({ err, jobId: job.id }, 'heartbeat failed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    const started = performance.now();
    const timed = (outcome: 'done' | 'retry' | 'failed') =>
      metrics().jobDuration.observe({ kind: job.kind, outcome }, (performance.now() - started) / 1000);
    const done = (async () => {
      log.debug({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job started');
      events.emit('started', { jobId: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts, workerId: id });
      try {
        await handler.run(job.payload, {
          job,
          signal: abort.signal,
          progress: (fraction) => events.emit('progress', { jobId: job.id, kind: job.kind, payload: job.payload, fraction }),
        });
        clearInterval(beat);
        if (leaseLost) return;
        await rows(db, sql`
          update jobs set status = 'done', locked_by = null, locked_until = null, updated_at = now()
          where id = ${job.id} and locked_by = ${id} and status = 'running' returning id`);
        timed('done');
        log.debug({ jobId: job.id, kind: job.kind }, 'job done');
        events.emit('done', { jobId: job.id, kind: job.kind, payload: job.payload });
      } catch (err) {
        clearInterval(beat);
        if (leaseLost) {
          log.warn({ jobId: job.id }, 'job abandoned: lease lost');
          return;
        }
        if (abort.signal.reason instanceof ShutdownSignal) {
          // Not the job's fault: hand it back at once and do not count the attempt.
          await rows(db, sql`
            update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
              locked_by = null, locked_until = null, updated_at = now()
            where id = ${job.id} and locked_by = ${id} and status = 'running' returning id`);
          log.info({ jobId: job.id }, 'job handed back on shutdown');
          return;
        }
        const reason = errorText(err);
        const permanent = err instanceof PermanentJobError;
        if (!permanent && job.attempts < job.max_attempts) {
          const delayMs = backoffBaseMs * 2 ** (job.attempts - 1);
          await rows(db, sql`
            update jobs set status = 'queued', last_error = ${reason}, locked_by = null, locked_until = null,
              run_at = now() + (${Math.round(delayMs)}::int * interval '1 millisecond'), updated_at = now()
            where id = ${job.id} and locked_by = ${id} and status = 'running' returning id`);
          timed('retry');
          log.warn({ jobId: job.id, attempt: job.attempts, delayMs, error: reason }, 'job failed; will retry');
          events.emit('retry', { jobId: job.id, kind: job.kind, payload: job.payload, error: reason, delayMs });
        } else {
          const ended = await rows(db, sql`
            update jobs set status = 'failed', last_error = ${reason}, locked_by = null, locked_until = null, updated_at = now()
            where id = ${job.id} and locked_by = ${id} and status = 'running' returning id`);
          timed('failed');
          if (permanent) log.warn({ jobId: job.id, attempt: job.attempts, error: reason }, 'job failed for good: it cannot succeed');
          else log.error({ jobId: job.id, attempt: job.attempts, error: reason }, 'job failed for good');
          if (ended.length > 0) await finalFailure(db, job, reason);
        }
      }
    })().catch((err) => log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        clearInterval(beat);
        running.delete(job.id);
        poke();
      });
    running.set(job.id, { abort, done });
  }

  const loop = (async () => {
    const db = await dbPromise;
    log.info({ workerId: id, kinds, concurrency, leaseMs }, 'job worker started');
    while (!stopped) {
      let claimed = false;
      try {
        if (running.size < concurrency) {
          for (const job of await reapExpired(db, kinds)) {
            log.error({ jobId: job.id, error: job.last_error }, 'job failed for good: worker lost');
            await finalFailure(db, job, job.last_error ?? 'worker lost');
          }
          if (stopped) break;
          const job = await claimJob(db, kinds, id, leaseMs);
          if (job) {
            claimed = true;
            await runJob(db, job);
          }
        }
      } catch (err) {
        log.error({ err }, 'job claim failed');
      }
      if (claimed || stopped) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    id,
    async stop() {
      stopped = true;
      events.off('enqueued', poke);
      poke();
      await loop.catch(() => undefined);
      for (const r of running.values()) r.abort.abort(new ShutdownSignal());
      await Promise.all([...running.values()].map((r) => r.done));
      log.info({ workerId: id }, 'job worker stopped');
    },
  };
}

/**
 * Jobs waiting or running, per kind and state (`queued`, `running`): the
 * job_queue_depth gauge (lib/metrics.ts), read on each Prometheus scrape.
 * Done and failed jobs are not counted (job_failures_total counts failures).
 */
export async function jobQueueDepth(db: SqlExecutor): Promise<JobDepthRow[]> {
  const r = await rows<{ kind: string; status: string; n: number | string }>(db, sql`
    select kind, status, count(*)::int as n from jobs where status in ('queued', 'running') group by kind, status`);
  return r.map((x) => ({ kind: x.kind, state: x.status, count: Number(x.n) }));
}

/** Waits until job `id` is done or failed; polls every `intervalMs`. For scripts and tests. */
export async function waitForJob(id: number, opts: { timeoutMs?: number; intervalMs?: number; db?: SqlExecutor } = {}): Promise<JobRow> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10 * 60_000);
  for (;;) {
    const job = await getJob(id, opts.db);
    if (!job) throw new Error(`job ${id} does not exist`);
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${opts.timeoutMs} ms`);
    await sleep(opts.intervalMs ?? 200);
  }
}
