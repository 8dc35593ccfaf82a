import 'server-only';
import pino, { type Logger, type LoggerOptions } from 'pino';
import { env } from './env';
import { singleton } from './singleton';

/**
 * Keys whose values are personal data or credentials wherever they appear
 * in a log object, at the top level or one level down (`{ context: { phone } }`):
 * pino replaces them with '[redacted]' before the line is written. A safety
 * net for known names; text from outside (the browser's log lines) is also
 * masked by content (lib/redact.ts).
 */
const SECRET_KEYS = [
  'phone', 'phone_number', 'phoneE164', 'mobile', 'email', 'upi', 'upi_id', 'vpa', 'password', 'otp',
  'token', 'access_token', 'refresh_token', 'id_token', 'authorization', 'cookie',
];

/** pino's redact paths of SECRET_KEYS, and the request headers that carry credentials. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`),
  'headers["set-cookie"]', '*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]',
];

/** The options of the process's logger at `level`: the app's name on every line, REDACT_PATHS censored. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, base: { app: 'suryareels' }, redact: { paths: [...REDACT_PATHS], censor: '[redacted]' } };
}

/** The process's pino logger: JSON lines (ARCHITECTURE.md decision 10), shared through globalThis. */
export function logger(): Logger {
  return singleton('logger', () => pino(loggerOptions(env().LOG_LEVEL)));
}
