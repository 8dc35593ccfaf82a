import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, events, views, watchProgress } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { EVENT_PAYLOAD_MAX_BYTES, PLAYER_EVENTS, type EventPush } from '../schemas';
import { contentNotFound, visibleReel } from './feed';
import { ensureViewer, type DbOrTx } from './viewers';
import { countsChanged, forgetViewer } from './feed-cache';
import { verifyWatchTicket } from './watch-ticket';
import type { Principal } from '@/lib/auth/principal';

/**
 * Event pushes (SPEC.md section 7 "Event pushes") and what the player's
 * events change: every accepted event is kept in `events`; VIDEO_VIEW counts
 * one view per viewer per reel when it hands back a valid watch ticket
 * (./watch-ticket.ts: this viewer's, this reel's, issued at least 3 s
 * earlier by the server's clock); VIDEO_PROGRESS marks the reel watched and
 * keeps the furthest position; VIDEO_COMPLETE marks it played to the end
 * (vidWatched). Progress and completion change only the sender's own state,
 * so they need no ticket.
 *
 * A VIDEO_VIEW whose ticket is missing, forged, another viewer's or reel's,
 * too early or expired is still a 202 and is kept (with the ticket it
 * brought, for later analysis), but counts no view. Answering it alike means
 * the player's queue does not retry what a retry cannot fix (it re-sends a
 * failed push five times), a tab left open past a ticket's life produces no
 * errors, and a forger learns nothing from the answer.
 */

const PLAYER_EVENT_TYPES = new Set<string>(Object.values(PLAYER_EVENTS));

/**
 * Stores one event and applies its effect, in one transaction.
 * @param principal the caller (lib/auth/principal.ts); its visitor id keys views and progress.
 * @param ev a validated envelope (`eventSchema`, whose `event_type` is one of EVENT_TYPES);
 * positions are seconds.
 * @returns whether a view was counted (false for every event but a first valid VIDEO_VIEW).
 * @throws ApiError 413 `payload_too_large` when the payload's JSON is over
 * EVENT_PAYLOAD_MAX_BYTES (8 KB); 422 `validation_failed` when a player event
 * has no `payload.content_id`; 404 `content_not_found` when its reel is
 * unknown or not ready. Nothing is stored then.
 */
export async function recordEvent(principal: Principal, ev: EventPush): Promise<{ viewCounted: boolean }> {
  const viewerId = principal.visitorId;
  const p = ev.payload;
  if (Buffer.byteLength(JSON.stringify(p)) > EVENT_PAYLOAD_MAX_BYTES) {
    throw new ApiError(413, 'payload_too_large', `payload: at most ${EVENT_PAYLOAD_MAX_BYTES} bytes of JSON`);
  }
  const isPlayer = PLAYER_EVENT_TYPES.has(ev.event_type);
  if (isPlayer && !p.content_id) {
    throw new ApiError(422, 'validation_failed', `payload.content_id: required for ${ev.event_type}`);
  }
  const { db } = await getDb();
  // Checked before the transaction: a pure function of the request and the clock.
  const ticket = ev.event_type === PLAYER_EVENTS.view ? verifyWatchTicket(p.watch_ticket, viewerId, p.content_id!) : null;
  const viewCounted = await db.transaction(async (tx) => {
    if (isPlayer) {
      const [reel] = await tx.select({ id: contentItems.id }).from(contentItems)
        .where(and(eq(contentItems.id, p.content_id!), visibleReel)).limit(1);
      if (!reel) throw contentNotFound();
      // Views and progress reference the viewer row.
      await ensureViewer(viewerId, tx);
    }
    await tx.insert(events).values({
      event_type: ev.event_type, viewer_id: viewerId, content_id: p.content_id ?? null, payload: ev.payload,
    });
    if (!isPlayer) return false;
    const contentId = p.content_id!;
    const watchedS = p.content_watched ?? 0;
    let counted = false;
    if (ev.event_type === PLAYER_EVENTS.view) {
      if (ticket?.ok) {
        const first = await tx.insert(views).values({ viewer_id: viewerId, content_id: contentId })
          .onConflictDoNothing().returning({ content_id: views.content_id });
        if (first.length > 0) {
          await tx.update(contentItems).set({ view_count: sql`${contentItems.view_count} + 1` })
            .where(eq(contentItems.id, contentId));
          counted = true;
        }
      }
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, false);
    } else if (ev.event_type === PLAYER_EVENTS.progress) {
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, false);
    } else if (ev.event_type === PLAYER_EVENTS.complete) {
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, true);
    }
    return counted;
  });
  if (ticket && !ticket.ok) {
    logger().debug({ viewerId, contentId: p.content_id, reason: ticket.reason }, 'view not counted: watch ticket refused');
  }
  if (viewCounted) countsChanged({ reel: p.content_id! });
  // The viewer's watched flags changed (here; other processes within VIEWER_STATE_TTL_MS).
  if (isPlayer) forgetViewer(db, viewerId);
  return { viewCounted };
}

/** Upserts watch progress: watched stays true, the position only grows, vid_watched never goes back. */
async function saveProgress(
  tx: DbOrTx, viewerId: string, contentId: string, watchedS: number, lengthS: number | undefined, complete: boolean,
): Promise<void> {
  await tx.insert(watchProgress).values({
    viewer_id: viewerId,
    content_id: contentId,
    content_length: lengthS ?? 0,
    content_watched: complete && lengthS ? Math.max(watchedS, lengthS) : watchedS,
    watched: true,
    vid_watched: complete,
  }).onConflictDoUpdate({
    target: [watchProgress.viewer_id, watchProgress.content_id],
    set: {
      watched: true,
      vid_watched: sql`${watchProgress.vid_watched} or excluded.vid_watched`,
      content_watched: sql`greatest(${watchProgress.content_watched}, excluded.content_watched)`,
      content_length: sql`case when excluded.content_length > 0 then excluded.content_length else ${watchProgress.content_length} end`,
      updated_at: sql`now()`,
    },
  });
}
