import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, events, views, watchProgress } from '@/lib/db/schema';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import { PLAYER_EVENTS, type EventPush } from '../schemas';
import { contentNotFound, visibleReel } from './feed';
import { ensureViewer, type DbOrTx } from './viewers';
import { forgetViewer } from './feed-cache';
import type { Principal } from '@/lib/auth/principal';

/**
 * Event pushes (SPEC.md section 7 "Event pushes") and what the player's
 * events change (issue "Reels end to end"): every event is kept in `events`;
 * VIDEO_VIEW after VIEW_THRESHOLD_S (3 s) of playback counts one view per
 * viewer per reel; VIDEO_PROGRESS marks the reel watched and keeps the
 * furthest position; VIDEO_COMPLETE marks it played to the end (vidWatched).
 */

const PLAYER_EVENT_TYPES = new Set<string>(Object.values(PLAYER_EVENTS));

/**
 * Stores one event and applies its effect, in one transaction.
 * @param principal the caller (lib/auth/principal.ts); its visitor id keys likes and progress.
 * @param ev a validated envelope (`eventSchema`); positions are seconds.
 * @throws ApiError 422 `validation_failed` when a player event has no
 * `payload.content_id` or the payload holds a NUL character; 404 `content_not_found` when its reel is unknown
 * or not ready (nothing is stored then).
 */
export async function recordEvent(principal: Principal, ev: EventPush): Promise<void> {
  const viewerId = principal.visitorId;
  const { db } = await getDb();
  const p = ev.payload;
  const isPlayer = PLAYER_EVENT_TYPES.has(ev.event_type);
  // jsonb cannot hold U+0000; such a payload is the client's error, not a 500.
  if (JSON.stringify(p).includes('\\u0000')) {
    throw new ApiError(422, 'validation_failed', 'payload: must not contain NUL characters');
  }
  if (isPlayer && !p.content_id) {
    throw new ApiError(422, 'validation_failed', `payload.content_id: required for ${ev.event_type}`);
  }
  await db.transaction(async (tx) => {
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
    if (!isPlayer) return;
    const contentId = p.content_id!;
    const watchedS = p.content_watched ?? 0;
    if (ev.event_type === PLAYER_EVENTS.view) {
      if (watchedS < VIEW_THRESHOLD_S) return;
      const counted = await tx.insert(views).values({ viewer_id: viewerId, content_id: contentId })
        .onConflictDoNothing().returning({ content_id: views.content_id });
      if (counted.length > 0) {
        await tx.update(contentItems).set({ view_count: sql`${contentItems.view_count} + 1` })
          .where(eq(contentItems.id, contentId));
      }
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, false);
    } else if (ev.event_type === PLAYER_EVENTS.progress) {
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, false);
    } else if (ev.event_type === PLAYER_EVENTS.complete) {
      await saveProgress(tx, viewerId, contentId, watchedS, p.content_length, true);
    }
  });
  // The viewer's watched flags changed; view counts may lag by the shared cache's TTL.
  if (isPlayer) forgetViewer(db, viewerId);
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
