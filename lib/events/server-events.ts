import 'server-only';
import { createHash } from 'node:crypto';
import type { DbOrTx } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { SERVER_EVENTS } from './contract';

/**
 * Events only the server writes, for the sign-in, lead and deal stages of
 * the funnel (lib/events/contract.ts SERVER_EVENTS; docs/decisions/011).
 * They go into the same append-only `events` table as client pushes and are
 * folded by the same derivation worker (features/events/server/derive.ts).
 */

export type ServerEventType = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

/** Namespace of the server events' name-based ingest ids (a fixed random UUID). */
const NAMESPACE = Buffer.from('6f0c1f5e4b8a4c1d9e2a7b3c5d6e8f90', 'hex');

/**
 * A name-based UUID (RFC 9562 version 5: SHA-1 of a namespace and `name`),
 * so the same server event (`type` of the same entity) always has the same
 * ingest id and a retry is stored once.
 */
export function serverIngestId(type: string, key: string): string {
  const h = createHash('sha1').update(NAMESPACE).update(`${type}:${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export interface ServerEventInput {
  type: ServerEventType;
  /** The visitor the stage belongs to (the device that signed in; the lead's visitor; the referee's home visitor). */
  viewerId: string;
  userId?: string | null;
  /** The entity id that makes the event unique (a sign-in session, a lead id, a referral id). */
  ingestKey: string;
  /** Partner whose form or link the stage happened through, when known. */
  partnerId?: string | null;
  /** Anything worth keeping (ids only, never personal data). */
  payload?: Record<string, unknown>;
}

/**
 * Appends one server event, once per (`type`, `ingestKey`): the ingest id is
 * derived from both (serverIngestId), and a second call is a no-op. Pass the
 * caller's transaction so the event commits with what it records.
 * @returns true when this call stored it, false when it was stored before.
 * @throws Error from the database (the caller's transaction then rolls back).
 */
export async function emitServerEvent(db: DbOrTx, e: ServerEventInput): Promise<boolean> {
  const rows = await db.insert(events).values({
    ingest_id: serverIngestId(e.type, e.ingestKey),
    event_type: e.type,
    viewer_id: e.viewerId,
    user_id: e.userId ?? null,
    partner_id: e.partnerId ?? null,
    payload: { source: 'server', key: e.ingestKey, ...(e.payload ?? {}) },
  }).onConflictDoNothing({ target: events.ingest_id }).returning({ id: events.id });
  return rows.length > 0;
}
