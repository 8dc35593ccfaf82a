import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from './env';
import { singleton } from './singleton';

/** The process's pino logger: JSON lines (ARCHITECTURE.md decision 10), shared through globalThis. */
export function logger(): Logger {
  return singleton('logger', () => pino({ level: env().LOG_LEVEL, base: { app: 'suryareels' } }));
}
