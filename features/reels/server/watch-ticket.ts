import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import { env } from '@/lib/env';
import { purposeKey } from '@/lib/storage/signing';

/**
 * Watch tickets: the server's own evidence that a viewer was sent a reel,
 * and when. Every feed item carries one (`watch_ticket`); VIDEO_VIEW hands
 * it back, and a view counts only when the ticket is this viewer's, for
 * this reel, at least VIEW_THRESHOLD_S (3 s) old by the server's clock and
 * not older than a media URL lives (MEDIA_URL_TTL_S). What the client says
 * it watched (`content_watched`) no longer decides anything: a client can
 * claim any number, but it cannot make a ticket, nor make one older.
 *
 * A ticket is `<issue unix seconds>.<base64url of the first 16 bytes of
 * HMAC-SHA256(purposeKey('watch-ticket'), visitorId + "." + contentId + "." + issueS)>`.
 * The issue second is rounded up, so the age computed at redemption is never
 * more than the time that really passed.
 */

/** Bytes of the HMAC kept in a ticket (128 bits). */
const MAC_BYTES = 16;
const TICKET_RE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
/** Longest ticket text (12 digits, a dot, 22 characters). */
export const WATCH_TICKET_MAX_CHARS = 35;

function mac(visitorId: string, contentId: string, issuedS: number): Buffer {
  return createHmac('sha256', purposeKey('watch-ticket'))
    .update(`${visitorId}.${contentId}.${issuedS}`).digest().subarray(0, MAC_BYTES);
}

/** The issue time of a ticket made at `nowMs`: unix seconds, rounded up. */
export function ticketIssueS(nowMs = Date.now()): number {
  return Math.ceil(nowMs / 1000);
}

/**
 * The ticket of `contentId` for `visitorId`, issued at `issuedS`.
 * @param issuedS unix seconds (default now, rounded up); tests pass a past
 * second to make a ticket that is already old enough.
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function issueWatchTicket(visitorId: string, contentId: string, issuedS = ticketIssueS()): string {
  return `${issuedS}.${mac(visitorId, contentId, issuedS).toString('base64url')}`;
}

export type WatchTicketCheck =
  | { ok: true; issuedS: number }
  | { ok: false; reason: 'missing' | 'invalid' | 'too_early' | 'expired' };

/**
 * Checks a ticket handed back with VIDEO_VIEW: made by this server for this
 * visitor and this reel (constant-time comparison), issued at least
 * VIEW_THRESHOLD_S seconds before `nowMs` and at most MEDIA_URL_TTL_S
 * seconds before. A ticket of another visitor or reel, an altered one, or
 * one from the future fails.
 * @param nowMs the server clock, ms (tests).
 */
export function verifyWatchTicket(ticket: unknown, visitorId: string, contentId: string, nowMs = Date.now()): WatchTicketCheck {
  if (typeof ticket !== 'string' || ticket === '') return { ok: false, reason: 'missing' };
  const m = TICKET_RE.exec(ticket);
  if (!m) return { ok: false, reason: 'invalid' };
  const issuedS = Number(m[1]);
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(visitorId, contentId, issuedS);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const ageS = nowMs / 1000 - issuedS;
  if (ageS < VIEW_THRESHOLD_S) return { ok: false, reason: 'too_early' };
  if (ageS > env().MEDIA_URL_TTL_S) return { ok: false, reason: 'expired' };
  return { ok: true, issuedS };
}
