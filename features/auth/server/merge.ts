import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';

/**
 * The visitor becomes the user (docs/api/accounts.md "Sessions"): every row
 * a device's visitor owns moves to the user's home visitor, inside the
 * caller's transaction. Running it again moves nothing (the visitor owns
 * nothing any more), so a retried sign-in is harmless.
 */

/** A reel whose counts changed, for the count caches. */
export interface CountChange {
  reel: string;
  option: string;
}

/** What a merge moved, per table (rows). */
export interface MergeReport {
  reactions: number;
  views: number;
  progress: number;
  chats: number;
  leads: number;
  events: number;
  /** Reels whose like or view count went down because both visitors had liked or viewed them. */
  changed: CountChange[];
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown): Row[] => ((r as { rows?: Row[] }).rows ?? (r as Row[]));

/**
 * Moves everything `fromViewer` owns to `homeViewer`:
 * - likes: a reel liked by both stays liked once; its like_count and its
 *   option's total_reaction go down by one for each such double;
 * - views: one per reel (view_count down by one for a double);
 * - watch progress: the furthest `content_watched`, the longer length, and
 *   `watched`/`vid_watched` if either had them;
 * - chats (with all their messages), leads (an idempotency key both used is
 *   kept apart by suffixing the moved one), events.
 * The caller holds the home user's row lock (sign-in), so two merges into
 * one user run one after another.
 */
export async function mergeVisitorInto(tx: DbOrTx, fromViewer: string, homeViewer: string): Promise<MergeReport> {
  const report: MergeReport = { reactions: 0, views: 0, progress: 0, chats: 0, leads: 0, events: 0, changed: [] };
  if (fromViewer === homeViewer) return report;
  // Most sign-ins come from a visitor with little or nothing: one look before a dozen statements.
  const [owns] = rowsOf(await tx.execute(sql`select
    exists (select 1 from reactions where viewer_id = ${fromViewer}) or exists (select 1 from views where viewer_id = ${fromViewer})
    or exists (select 1 from watch_progress where viewer_id = ${fromViewer}) or exists (select 1 from chats where viewer_id = ${fromViewer})
    or exists (select 1 from leads where viewer_id = ${fromViewer}) or exists (select 1 from events where viewer_id = ${fromViewer}) as any`));
  if (!owns?.any) return report;
  await tx.execute(sql`insert into viewers (id) values (${homeViewer}) on conflict do nothing`);

  // Likes both visitors gave: one stays, the counts lose the double.
  const doubles = rowsOf(await tx.execute(sql`
    delete from reactions f using reactions h
    where f.viewer_id = ${fromViewer} and h.viewer_id = ${homeViewer}
      and h.content_id = f.content_id and h.kind = f.kind
    returning f.content_id, f.kind`));
  const likeDoubles = doubles.filter((r) => r.kind === 'like').map((r) => String(r.content_id));
  if (likeDoubles.length > 0) {
    const changed = rowsOf(await tx.execute(sql`
      update content_items set like_count = greatest(like_count - 1, 0)
      where id in (${sql.join(likeDoubles.map((id) => sql`${id}::uuid`), sql`, `)})
      returning id, option_id`));
    for (const r of changed) {
      await tx.execute(sql`update options set total_reaction = greatest(total_reaction - 1, 0) where id = ${String(r.option_id)}::uuid`);
      report.changed.push({ reel: String(r.id), option: String(r.option_id) });
    }
  }
  report.reactions = rowsOf(await tx.execute(sql`
    update reactions set viewer_id = ${homeViewer} where viewer_id = ${fromViewer} returning 1`)).length;

  // Views: one per viewer per reel.
  const viewDoubles = rowsOf(await tx.execute(sql`
    delete from views f using views h
    where f.viewer_id = ${fromViewer} and h.viewer_id = ${homeViewer} and h.content_id = f.content_id
    returning f.content_id`)).map((r) => String(r.content_id));
  if (viewDoubles.length > 0) {
    const changed = rowsOf(await tx.execute(sql`
      update content_items set view_count = greatest(view_count - 1, 0)
      where id in (${sql.join(viewDoubles.map((id) => sql`${id}::uuid`), sql`, `)})
      returning id, option_id`));
    for (const r of changed) {
      if (!report.changed.some((c) => c.reel === String(r.id))) report.changed.push({ reel: String(r.id), option: String(r.option_id) });
    }
  }
  report.views = rowsOf(await tx.execute(sql`
    update views set viewer_id = ${homeViewer} where viewer_id = ${fromViewer} returning 1`)).length;

  // Watch progress: keep the furthest of the two.
  await tx.execute(sql`
    update watch_progress h set
      content_watched = greatest(h.content_watched, f.content_watched),
      content_length = greatest(h.content_length, f.content_length),
      watched = h.watched or f.watched,
      vid_watched = h.vid_watched or f.vid_watched,
      updated_at = greatest(h.updated_at, f.updated_at)
    from watch_progress f
    where f.viewer_id = ${fromViewer} and h.viewer_id = ${homeViewer} and h.content_id = f.content_id`);
  await tx.execute(sql`
    delete from watch_progress f using watch_progress h
    where f.viewer_id = ${fromViewer} and h.viewer_id = ${homeViewer} and h.content_id = f.content_id`);
  report.progress = rowsOf(await tx.execute(sql`
    update watch_progress set viewer_id = ${homeViewer} where viewer_id = ${fromViewer} returning 1`)).length;

  report.chats = rowsOf(await tx.execute(sql`
    update chats set viewer_id = ${homeViewer} where viewer_id = ${fromViewer} returning 1`)).length;

  // Leads: an idempotency key is per visitor; one both used is kept apart.
  report.leads = rowsOf(await tx.execute(sql`
    update leads f set viewer_id = ${homeViewer},
      idempotency_key = case when exists (
        select 1 from leads h where h.viewer_id = ${homeViewer} and h.idempotency_key = f.idempotency_key
      ) then f.idempotency_key || '~' || ${fromViewer} else f.idempotency_key end
    where f.viewer_id = ${fromViewer} returning 1`)).length;

  report.events = rowsOf(await tx.execute(sql`
    update events set viewer_id = ${homeViewer} where viewer_id = ${fromViewer} returning 1`)).length;
  return report;
}
