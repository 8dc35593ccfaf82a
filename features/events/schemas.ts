import { z } from 'zod';
import { SESSION_ID_RE } from '@/lib/events/contract';

/**
 * Bodies of the logging client's endpoints (SPEC.md section 7 "Client
 * behaviour": POST /api/errorLog, /api/eventError, /api/logger; sent by
 * lib/analytics/log-client.ts): a message, maybe a stack and a level, and a
 * small context of scalars. Everything is bounded; unknown keys are a 422.
 */

export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** Longest message, characters. */
export const CLIENT_LOG_MESSAGE_MAX = 2000;
/** Longest stack, characters. */
export const CLIENT_LOG_STACK_MAX = 8000;
/** Most context entries; keys up to 60 characters, text values up to 500. */
export const CLIENT_LOG_CONTEXT_MAX = 20;

const contextSchema = z.record(
  z.string().min(1).max(60),
  z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
).refine((o) => Object.keys(o).length <= CLIENT_LOG_CONTEXT_MAX, `at most ${CLIENT_LOG_CONTEXT_MAX} entries`);

/** One log line from the browser. */
export const clientLogSchema = z.strictObject({
  message: z.string().min(1).max(CLIENT_LOG_MESSAGE_MAX),
  stack: z.string().max(CLIENT_LOG_STACK_MAX).optional(),
  level: z.enum(CLIENT_LOG_LEVELS).optional(),
  context: contextSchema.optional(),
});
export type ClientLog = z.infer<typeof clientLogSchema>;

/** The JSON guard's bounds of a log body: message, stack and context fit in 16 KB, two levels deep. */
export const CLIENT_LOG_BODY_LIMITS = { maxBytes: 16 * 1024, maxDepth: 3, maxNodes: 60 } as const;

/** The kinds of a session ping, as the client names them. */
export const SESSION_EVENT_KINDS = ['start', 'heartbeat', 'end'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

/**
 * Body of POST /auth/api/v1/session_event (SPEC.md section 7; section 9
 * "session refresh id"): what happened, the tab's session refresh id
 * (exactly 10 letters and digits), and the client's idempotency key (a
 * UUID, as an event push's `ingest_id`: the same ping sent twice is
 * stored once; the server makes one when it is missing). Unknown keys are a 422.
 */
export const sessionEventSchema = z.strictObject({
  type: z.enum(SESSION_EVENT_KINDS),
  session_id: z.string().regex(SESSION_ID_RE, 'a session id is 10 letters and digits'),
  ingest_id: z.uuid().optional(),
});
export type SessionEventBody = z.infer<typeof sessionEventSchema>;

/** The JSON guard's bounds of a session ping: three short fields, one level. */
export const SESSION_EVENT_BODY_LIMITS = { maxBytes: 1024, maxDepth: 2, maxNodes: 10 } as const;
