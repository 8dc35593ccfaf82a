import 'server-only';
import { logger } from '@/lib/logger';
import { singleton } from '@/lib/singleton';

/**
 * Clean-up to run when the process stops (SIGINT/SIGTERM in
 * server/index.ts): connections opened on first use, such as the Redis
 * clients of the chat rate limiter and the socket.io adapter, register here
 * so that a stop closes them instead of cutting them.
 */
const hooks = () => singleton('shutdown_hooks', () => [] as Array<{ name: string; run: () => Promise<unknown> | unknown }>);

/** Registers `run` (a close/quit) under `name`, for `runShutdownHooks`. */
export function onShutdown(name: string, run: () => Promise<unknown> | unknown): void {
  hooks().push({ name, run });
}

/**
 * Runs every registered hook once, latest first, each at most `timeoutMs`
 * (milliseconds, default 2000); a hook that fails or hangs is logged and
 * skipped, never stopping the others.
 */
export async function runShutdownHooks(timeoutMs = 2000): Promise<void> {
  const list = hooks().splice(0).reverse();
  for (const h of list) {
    try {
      await Promise.race([Promise.resolve().then(h.run), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref())]);
    } catch (err) {
      logger().warn({ err, hook: h.name }, 'shutdown hook failed');
    }
  }
}
