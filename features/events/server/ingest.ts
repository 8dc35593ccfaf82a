import 'server-only';
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { metrics } from '@/lib/metrics';
import type { Principal } from '@/lib/auth/principal';
import {
  CAMPAIGN_CODES, EVENT_PAYLOAD_MAX_BYTES, PLAYER_EVENTS, type CampaignCode, type EventPush,
} from '@/lib/events/contract';
import { groupCommitOf, type EventRow } from './group-commit';
import { isKnownPartner, reelTakesEvents } from './lookups';

/**
 * Event ingest (SPEC.md section 7 "Event pushes"; docs/decisions/011):
 * validate, resolve what the row keeps (campaign, partner, A/B view, whether
 * a VIDEO_VIEW's watch ticket held), and append the row through the group
 * commit. Nothing else is written here: views, progress, daily stats,
 * attribution and funnel steps are derived later by ./derive.ts, exactly once.
 */

/** What the ingest needs of the reels feature; server/api.ts hands it in (a feature never imports another). */
export interface IngestHooks {
  /**
   * True when the watch ticket a VIDEO_VIEW brought holds for this viewer and
   * reel (features/reels/server/watch-ticket.ts verifyWatchTicket: a pure
   * function of the ticket and the server clock).
   */
  viewTicketOk: (ticket: unknown, viewerId: string, contentId: string) => boolean;
  /** SQL condition on content_items of a reel that takes player events (lib/db/visible-reel.ts visibleReel). */
  visibleReel: SQL;
}

const PLAYER_EVENT_TYPES = new Set<string>(Object.values(PLAYER_EVENTS));
const CAMPAIGNS = new Set<string>(CAMPAIGN_CODES);

/**
 * The campaign an event counts for (SPEC.md section 9: only awa, con, dec):
 * `metadata.campaign_key`, else `utm_data.utm_campaign` when that is a code.
 * @returns the code, or null; `dropped` is the refused key (for the log).
 */
export function campaignOf(p: EventPush['payload']): { campaign: CampaignCode | null; dropped: string | null } {
  const key = p.metadata?.campaign_key;
  if (typeof key === 'string' && key !== '') {
    if (CAMPAIGNS.has(key)) return { campaign: key as CampaignCode, dropped: null };
    const utm = p.utm_data?.utm_campaign;
    if (utm && CAMPAIGNS.has(utm)) return { campaign: utm as CampaignCode, dropped: key };
    return { campaign: null, dropped: key };
  }
  const utm = p.utm_data?.utm_campaign;
  if (utm && CAMPAIGNS.has(utm)) return { campaign: utm as CampaignCode, dropped: null };
  return { campaign: null, dropped: null };
}

/** A campaign key safe to log: at most 40 characters of letters, digits, `-` and `_`. */
const loggable = (key: string) => key.slice(0, 40).replace(/[^A-Za-z0-9_-]/g, '?');

/**
 * Stores one event push for `principal` (a visitor, or a signed-in user whose
 * visitor is the home visitor), durably, once per ingest id.
 * - `payload.ingest_id` is the client's idempotency key; the server makes one when missing.
 * - A campaign key other than awa, con, dec is dropped (logged at info, the key only).
 * - `partner_id` is kept only when it names a partner (cached set), else dropped.
 * - `metadata.view` becomes the row's A/B view.
 * - VIDEO_VIEW: `view_ok` says whether its watch ticket held now (the view
 *   may then count once the derivation folds it); a refused ticket is still a 202.
 * @returns duplicate: true when this ingest id was stored before (still a 202).
 * @throws ApiError 413 `payload_too_large` (payload JSON over 8 KB,
 * EVENT_PAYLOAD_MAX_BYTES); 422 `validation_failed` for a player event
 * without `payload.content_id`; 404 `content_not_found` for a player event
 * on an unknown or hidden reel. Nothing is stored then.
 */
export async function ingestEvent(principal: Principal, ev: EventPush, hooks: IngestHooks): Promise<{ duplicate: boolean }> {
  const p = ev.payload;
  if (Buffer.byteLength(JSON.stringify(p)) > EVENT_PAYLOAD_MAX_BYTES) {
    throw new ApiError(413, 'payload_too_large', `payload: at most ${EVENT_PAYLOAD_MAX_BYTES} bytes of JSON`);
  }
  const viewerId = principal.visitorId;
  const { db } = await getDb();
  const isPlayer = PLAYER_EVENT_TYPES.has(ev.event_type);
  if (isPlayer) {
    if (!p.content_id) throw new ApiError(422, 'validation_failed', `payload.content_id: required for ${ev.event_type}`);
    if (!(await reelTakesEvents(db, p.content_id, hooks.visibleReel))) {
      throw new ApiError(404, 'content_not_found', 'This video is not available.');
    }
  }
  const { campaign, dropped } = campaignOf(p);
  const log = logger();
  if (dropped) log.info({ campaignKey: loggable(dropped), eventType: ev.event_type }, 'event campaign key ignored: not a campaign code');
  let partnerId = p.partner_id ?? null;
  if (partnerId && !(await isKnownPartner(db, partnerId))) {
    log.info({ partnerId, eventType: ev.event_type }, 'event partner id ignored: no such partner');
    partnerId = null;
  }
  const row: EventRow = {
    ingest_id: p.ingest_id ?? randomUUID(),
    event_type: ev.event_type,
    viewer_id: viewerId,
    user_id: principal.userId,
    content_id: p.content_id ?? null,
    partner_id: partnerId,
    campaign,
    ab_view: p.metadata?.view ?? null,
    view_ok: ev.event_type === PLAYER_EVENTS.view && hooks.viewTicketOk(p.watch_ticket, viewerId, p.content_id!),
    payload: p,
  };
  const stored = await groupCommitOf(db).add(row);
  metrics().eventsIngested.inc({ event_type: ev.event_type, result: stored.duplicate ? 'duplicate' : 'stored' });
  return stored;
}
