import pino, { type Logger } from 'pino';
import { env } from './env';

const g = globalThis as unknown as { __srLogger?: Logger };

/** The process's pino logger: JSON lines (ARCHITECTURE.md decision 10), shared through globalThis. */
export function logger(): Logger {
  g.__srLogger ??= pino({ level: env().LOG_LEVEL, base: { app: 'suryareels' } });
  return g.__srLogger;
}
