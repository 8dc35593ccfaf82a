import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { logger } from '@/lib/logger';

/**
 * Group commit of event rows (docs/decisions/011): requests hand their row to
 * one per-process batcher. A free writer (at most MAX_IN_FLIGHT INSERTs run
 * at once) takes what has queued in this turn of the event loop; rows that
 * arrive while every writer is busy gather, and the first writer to finish
 * takes up to GROUP_MAX_ROWS of them as one multi-row
 * `INSERT ... ON CONFLICT (ingest_id) DO NOTHING RETURNING ingest_id`
 * (one round trip and one WAL flush for all of them). So a quiet server
 * writes a push at once, and a busy one batches as much as its database's
 * commit time lets arrive (a timer would only add latency). It resolves each
 * request only once that statement has committed: an answered 202 is
 * durable. A row whose ingest id was stored before (or twice in one group)
 * resolves as a duplicate.
 */

/** Most rows in one INSERT. */
export const GROUP_MAX_ROWS = 500;
/** Most INSERTs in flight at once; rows arriving while all are busy join the next group. */
const MAX_IN_FLIGHT = 2;

export type EventRow = typeof events.$inferInsert & { ingest_id: string };

interface Pending {
  row: EventRow;
  resolve: (r: { duplicate: boolean }) => void;
  reject: (err: unknown) => void;
}

/** One batcher per database handle. */
export class GroupCommit {
  private queue: Pending[] = [];
  private timer: NodeJS.Immediate | null = null;
  private inFlight = 0;
  /** Groups written so far and rows in them (the bench reports the mean group size). */
  readonly stats = { groups: 0, rows: 0 };

  constructor(private readonly db: Db) {}

  /**
   * Queues `row` and resolves once it is committed.
   * @returns duplicate: true when a row with its ingest id was already stored.
   * @throws Error when the database refuses the group (every row of it fails alike).
   */
  add(row: EventRow): Promise<{ duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      // A free writer takes the group after this turn of the event loop (the rows of this turn join it);
      // while every writer is busy, rows gather and the writer that finishes first takes them.
      if (this.inFlight < MAX_IN_FLIGHT) this.timer ??= setImmediate(() => {
        this.timer = null;
        this.kick();
      });
    });
  }

  private kick(): void {
    while (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      const group = this.queue.splice(0, GROUP_MAX_ROWS);
      this.inFlight++;
      void this.write(group).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.kick();
      });
    }
  }

  private async write(group: Pending[]): Promise<void> {
    try {
      // One parameter whatever the group's size: the rows as a JSON array (cheaper to build than a 500-row VALUES).
      const rows = group.map(({ row: r }) => ({
        i: r.ingest_id, t: r.event_type, v: r.viewer_id ?? null, u: r.user_id ?? null, c: r.content_id ?? null,
        p: r.partner_id ?? null, k: r.campaign ?? null, a: r.ab_view ?? null, o: r.view_ok ?? false, d: r.payload,
      }));
      const res = await this.db.execute<{ ingest_id: string }>(sql`
        insert into events (ingest_id, event_type, viewer_id, user_id, content_id, partner_id, campaign, ab_view, view_ok, payload)
        select x.i, x.t, x.v, x.u, x.c, x.p, x.k, x.a, x.o, x.d
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(i uuid, t text, v text, u uuid, c uuid, p text, k text, a text, o boolean, d jsonb)
        on conflict (ingest_id) do nothing
        returning ingest_id::text as ingest_id`);
      const inserted = (res as unknown as { rows: Array<{ ingest_id: string }> }).rows;
      this.stats.groups++;
      this.stats.rows += group.length;
      const fresh = new Set(inserted.map((r) => r.ingest_id));
      for (const p of group) {
        // The first of two rows with one ingest id in a group takes the insert; the second is a duplicate.
        const isNew = fresh.delete(p.row.ingest_id);
        p.resolve({ duplicate: !isNew });
      }
    } catch (err) {
      logger().error({ err, rows: group.length }, 'event group insert failed');
      for (const p of group) p.reject(err);
    }
  }
}

const batchers = new WeakMap<Db, GroupCommit>();

/** The batcher of `db` (made on first use; tests swap databases). */
export function groupCommitOf(db: Db): GroupCommit {
  let b = batchers.get(db);
  if (!b) {
    b = new GroupCommit(db);
    batchers.set(db, b);
  }
  return b;
}
