import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import { metrics } from '@/lib/metrics';
import type { Principal } from '@/lib/auth/principal';
import { SESSION_EVENTS, type SessionEventType } from '@/lib/events/contract';
import type { SessionEventBody, SessionEventKind } from '../schemas';
import { groupCommitOf } from './group-commit';

/**
 * Session pings (POST /auth/api/v1/session_event; SPEC.md section 7, and
 * section 9 "session refresh id"): each is one row of the append-only
 * `events` table, written through the same group commit as event pushes
 * and with the same idempotency (the client's `ingest_id`, unique in the
 * table). The staff insights read them as sessions per day and time per
 * session (features/insights/server/queries.ts getSessionInsights), from
 * the server's clock (`created_at`), never from a time the client claims.
 */

const TYPE_OF: Record<SessionEventKind, SessionEventType> = {
  start: SESSION_EVENTS.start,
  heartbeat: SESSION_EVENTS.heartbeat,
  end: SESSION_EVENTS.end,
};

/**
 * Stores one session ping of `principal` (a visitor, or a signed-in user
 * under the home visitor), durably, once per ingest id. The row keeps the
 * event type (SESSION_START, SESSION_HEARTBEAT or SESSION_END), the
 * visitor, the user and `payload: {session_id}`; nothing else is kept.
 * @param ping a validated sessionEventSchema body (features/events/schemas.ts).
 * @returns duplicate: true when this ingest id was stored before (the answer is still a 202).
 * @throws Error from the database (a 500).
 */
export async function recordSessionEvent(principal: Principal, ping: SessionEventBody): Promise<{ duplicate: boolean }> {
  const { db } = await getDb();
  const type = TYPE_OF[ping.type];
  const stored = await groupCommitOf(db).add({
    ingest_id: ping.ingest_id ?? randomUUID(),
    event_type: type,
    viewer_id: principal.visitorId,
    user_id: principal.userId,
    payload: { session_id: ping.session_id },
  });
  metrics().eventsIngested.inc({ event_type: type, result: stored.duplicate ? 'duplicate' : 'stored' });
  return stored;
}
