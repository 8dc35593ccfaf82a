import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import { logger } from '@/lib/logger';
import { redactDeep, redactText } from '@/lib/redact';
import type { ClientLog, ClientLogLevel } from '../schemas';

/**
 * The logging client's lines (SPEC.md section 7) written to the server log:
 * a pino child logger tagged `{ source: 'client', component: 'client' }`
 * with the visitor id (and the user id when signed in). Anyone may post
 * here, so a line can neither shout nor leak: its level is capped at warn
 * (error and fatal are the server's own alarms), and every string in it
 * (message, stack, context keys and values) goes through lib/redact.ts
 * first, whatever the browser already masked.
 */

export type ClientLogKind = 'error' | 'event_error' | 'log';

/** The highest level a browser's line is written at. */
const CLIENT_LEVEL_CAP = 'warn' satisfies ClientLogLevel;

/**
 * The level a client line is written at: what it asked for (default error
 * for `errorLog`, warn for `eventError`, info for `logger`), with error and
 * fatal lowered to warn. Pure.
 */
export function clientLineLevel(kind: ClientLogKind, asked: ClientLogLevel | undefined): ClientLogLevel {
  const level = asked ?? (kind === 'error' ? 'error' : kind === 'event_error' ? 'warn' : 'info');
  return level === 'error' || level === 'fatal' ? CLIENT_LEVEL_CAP : level;
}

/**
 * Writes one client log line, redacted and capped (see the module comment).
 * A line that asked for more than warn keeps what it asked for as
 * `clientLevel`, so an error in the browser is still told from a warning.
 * @param kind which endpoint it came through.
 */
export function writeClientLog(principal: Principal, kind: ClientLogKind, line: ClientLog): void {
  const asked = line.level ?? (kind === 'error' ? 'error' : undefined);
  const level = clientLineLevel(kind, line.level);
  const log = logger().child({
    source: 'client', component: 'client', kind, visitorId: principal.visitorId,
    ...(principal.userId ? { userId: principal.userId } : {}),
  });
  log[level]({
    context: redactDeep(line.context ?? {}),
    ...(line.stack ? { stack: redactText(line.stack) } : {}),
    ...(asked && asked !== level ? { clientLevel: asked } : {}),
  }, redactText(line.message));
}
