import { z } from 'zod';

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
