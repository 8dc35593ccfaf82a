import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { guards } from '@/lib/http/guards';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body } from '@/lib/http/validate';
import { EVENT_BODY_LIMITS, eventSchema } from '@/lib/events/contract';
import { CLIENT_LOG_BODY_LIMITS, SESSION_EVENT_BODY_LIMITS, clientLogSchema, sessionEventSchema } from '../schemas';
import { ingestEvent, type IngestHooks } from './ingest';
import { recordSessionEvent } from './session-events';
import { writeClientLog } from './client-log';

/**
 * The event pipeline's endpoints (SPEC.md section 7 "Event pushes" and the
 * logging client), mounted by server/api.ts, which hands in what the ingest
 * needs of the reels feature.
 */

/** The API families of event pushes and the logging client (SPEC.md section 7). */
export const eventsPrefixes: readonly ApiPrefix[] = ['/auth/', '/api/'];

/**
 * POST /auth/api/v1/events and /auth/api/v1/session_event for visitors and
 * signed-in users alike (the principal says which): 202 `{ ok: true }`,
 * plus `duplicate: true` when the ingest id was stored before. The answer
 * comes once the row is committed.
 */
export function eventRoutes(hooks: IngestHooks) {
  return new Hono<ApiEnv>()
    // POST /auth/api/v1/events - append a known event push (JSON only, payload <= 8 KB), once per ingest_id
    .post('/auth/api/v1/events', guards.visitorWrite('events'), body(eventSchema, EVENT_BODY_LIMITS), async (c) => {
      const { duplicate } = await ingestEvent(c.get('principal'), c.req.valid('json'), hooks);
      return c.json(duplicate ? { ok: true as const, duplicate: true as const } : { ok: true as const }, 202);
    })
    // POST /auth/api/v1/session_event - a session start, heartbeat or end (JSON only, <= 1 KB), once per ingest_id;
    // the event pipeline's guard, limit and idempotency (navigator.sendBeacon sends it as an application/json Blob)
    .post('/auth/api/v1/session_event', guards.visitorWrite('events'), body(sessionEventSchema, SESSION_EVENT_BODY_LIMITS), async (c) => {
      const { duplicate } = await recordSessionEvent(c.get('principal'), c.req.valid('json'));
      return c.json(duplicate ? { ok: true as const, duplicate: true as const } : { ok: true as const }, 202);
    });
}

/** The middleware of the three log endpoints: a visitor's write, the log limit, a bounded log line. */
const logWrite = [guards.visitorWrite('logs'), body(clientLogSchema, CLIENT_LOG_BODY_LIMITS)] as const;

export const clientLogRoutes = new Hono<ApiEnv>()
  // POST /api/errorLog - a browser error (global handler, error boundary) into the server log; 204
  .post('/api/errorLog', ...logWrite, (c) => {
    writeClientLog(c.get('principal'), 'error', c.req.valid('json'));
    return c.body(null, 204);
  })
  // POST /api/eventError - an event push the browser gave up on after its retries; 204
  .post('/api/eventError', ...logWrite, (c) => {
    writeClientLog(c.get('principal'), 'event_error', c.req.valid('json'));
    return c.body(null, 204);
  })
  // POST /api/logger - an information line from the browser; 204
  .post('/api/logger', ...logWrite, (c) => {
    writeClientLog(c.get('principal'), 'log', c.req.valid('json'));
    return c.body(null, 204);
  });
