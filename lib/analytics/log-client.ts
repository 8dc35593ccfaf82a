import { LOG_API_TIMEOUT_MS } from '../constants';
import { apiFetch } from '../http/client';
import type { ClientEventPush } from './event-types';

/**
 * The logging client of SPEC.md section 7: a second client with a 10 s
 * timeout that reports to POST /api/errorLog (errors: the global handler,
 * error boundaries), /api/eventError (an event given up after its retries)
 * and /api/logger (information). Best effort: a failed log call is
 * dropped, never retried, never shown. Never personal data: only the page
 * path (no query), messages with anything that looks like a phone number or
 * an e-mail address masked, and bounded sizes. At most LOG_BUDGET calls
 * per page load, and the same message at most once, so a render loop cannot
 * flood the server.
 */

export const LOG_PATHS = { error: '/api/errorLog', eventError: '/api/eventError', info: '/api/logger' } as const;
/** Most log calls one page load makes. */
export const LOG_BUDGET = 30;

const MESSAGE_MAX = 2000;
const STACK_MAX = 8000;

/** Context values the logs take: short scalars only. */
export type LogContext = Record<string, string | number | boolean | null | undefined>;

let sent = 0;
const seen = new Set<string>();

/**
 * Masks e-mail addresses and phone-like digit runs (8+ characters of digits,
 * spaces, dashes, a leading +) that stand alone (not inside an id). Pure.
 */
export function scrub(text: string): string {
  return text
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/(?<![\w-])\+?\d[\d\s-]{6,}\d(?![\w-])/g, '[number]');
}

function cleanContext(ctx: LogContext | undefined): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  if (!ctx) return out;
  for (const [k, v] of Object.entries(ctx).slice(0, 20)) {
    if (v === undefined) continue;
    out[k.slice(0, 60)] = typeof v === 'string' ? scrub(v).slice(0, 500) : v;
  }
  return out;
}

function pagePath(): string | null {
  return typeof window === 'undefined' ? null : window.location.pathname.slice(0, 500);
}

function post(path: string, body: Record<string, unknown>, dedupeKey: string): void {
  if (typeof window === 'undefined') return;
  if (sent >= LOG_BUDGET || seen.has(dedupeKey)) return;
  sent += 1;
  seen.add(dedupeKey);
  apiFetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: LOG_API_TIMEOUT_MS,
    keepalive: true,
  }).catch(() => undefined);
}

/** The message and stack of anything thrown. */
export function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * Reports an error to POST /api/errorLog: `{ message, stack?, context }`
 * with the page path added to the context. Never throws.
 * @param context e.g. `{ type: 'GLOBAL_WINDOW_ERROR' }` (SPEC.md section 8 tracked failures), `{ boundary: 'feed' }`.
 */
export function logError(error: unknown, context?: LogContext): void {
  try {
    const { message, stack } = describeError(error);
    const m = scrub(message).slice(0, MESSAGE_MAX);
    post(LOG_PATHS.error, {
      message: m || 'unknown error',
      ...(stack ? { stack: scrub(stack).slice(0, STACK_MAX) } : {}),
      context: cleanContext({ path: pagePath(), ...context }),
    }, `e:${m}`);
  } catch {
    // Logging must never break the page.
  }
}

/**
 * Reports an event the queue gave up on (SPEC.md section 7: after 5
 * retries) to POST /api/eventError: `{ message, context: { event_type,
 * ingest_id, retries, path } }`. The event's own fields stay out. Never throws.
 */
export function logEventError(event: ClientEventPush, error: unknown, retries: number): void {
  try {
    const m = scrub(describeError(error).message).slice(0, MESSAGE_MAX) || 'event send failed';
    post(LOG_PATHS.eventError, {
      message: m,
      context: cleanContext({
        event_type: event.event_type, ingest_id: event.payload.ingest_id ?? null, retries, path: pagePath(),
      }),
    }, `v:${event.payload.ingest_id ?? m}`);
  } catch {
    // Logging must never break the page.
  }
}

/** Sends an information line to POST /api/logger: `{ level: 'info', message, context }`. Never throws. */
export function logInfo(message: string, context?: LogContext): void {
  try {
    const m = scrub(message).slice(0, MESSAGE_MAX);
    post(LOG_PATHS.info, { level: 'info', message: m, context: cleanContext({ path: pagePath(), ...context }) }, `i:${m}`);
  } catch {
    // Logging must never break the page.
  }
}

/** Forgets the per-page budget and the messages already sent (tests). */
export function resetLogBudget(): void {
  sent = 0;
  seen.clear();
}
