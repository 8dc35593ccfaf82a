import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import { logger } from '@/lib/logger';
import type { ClientLog, ClientLogLevel } from '../schemas';

/**
 * The logging client's lines (SPEC.md section 7) written to the server log:
 * a pino child logger `{ component: 'client' }` with the visitor id (and the
 * user id when signed in), never personal data: e-mail addresses and
 * phone-like digit runs in any text are masked before anything is written,
 * whatever the browser already did.
 */

export type ClientLogKind = 'error' | 'event_error' | 'log';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Eight or more digits, maybe with spaces or dashes and a leading + (as lib/analytics/log-client.ts masks them). */
const PHONE = /\+?\d[\d\s-]{6,}\d/g;

/** Masks e-mail addresses and phone-like digit runs in `text`. Pure. */
export function redact(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[number]');
}

/**
 * Writes one client log line. `errorLog` is logged at its level (default
 * error), `eventError` at warn, `logger` at its level (default info).
 * @param kind which endpoint it came through.
 */
export function writeClientLog(principal: Principal, kind: ClientLogKind, line: ClientLog): void {
  const level: ClientLogLevel = line.level ?? (kind === 'error' ? 'error' : kind === 'event_error' ? 'warn' : 'info');
  const context: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(line.context ?? {})) context[redact(k)] = typeof v === 'string' ? redact(v) : v;
  const log = logger().child({ component: 'client', kind, visitorId: principal.visitorId, ...(principal.userId ? { userId: principal.userId } : {}) });
  log[level]({ context, ...(line.stack ? { stack: redact(line.stack) } : {}) }, redact(line.message));
}
