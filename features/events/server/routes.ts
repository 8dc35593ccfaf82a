import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { jsonContentType } from '@/lib/http/app';
import { principal, requireVisitor, sameOrigin } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import { body } from '@/lib/http/validate';
import { EVENT_BODY_LIMITS, eventSchema } from '@/lib/events/contract';
import { CLIENT_LOG_BODY_LIMITS, clientLogSchema } from '../schemas';
import { ingestEvent, type IngestHooks } from './ingest';
import { writeClientLog } from './client-log';

/**
 * The event pipeline's endpoints (SPEC.md section 7 "Event pushes" and the
 * logging client), mounted by server/api.ts, which hands in what the ingest
 * needs of the reels feature.
 */

/** The middleware of every write: JSON only, same origin, a visitor the server issued. */
const write = [jsonContentType(), sameOrigin(), principal(), requireVisitor()] as const;

/**
 * POST /auth/api/v1/events for visitors and signed-in users alike (the
 * principal says which): 202 `{ ok: true }`, plus `duplicate: true` when the
 * ingest id was stored before. The answer comes once the row is committed.
 */
export function eventRoutes(hooks: IngestHooks) {
  return new Hono<ApiEnv>()
    // POST /auth/api/v1/events - append a known event push (JSON only, payload <= 8 KB), once per ingest_id
    .post('/auth/api/v1/events', ...write, rateLimit('events'), body(eventSchema, EVENT_BODY_LIMITS), async (c) => {
      const { duplicate } = await ingestEvent(c.get('principal'), c.req.valid('json'), hooks);
      return c.json(duplicate ? { ok: true as const, duplicate: true as const } : { ok: true as const }, 202);
    });
}

/** The middleware of the three log endpoints. */
const logWrite = [...write, rateLimit('logs'), body(clientLogSchema, CLIENT_LOG_BODY_LIMITS)] as const;

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
