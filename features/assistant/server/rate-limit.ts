import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { onShutdown } from '@/lib/shutdown';
import { singleton } from '@/lib/singleton';
import type { ChatLanguage } from '../schemas';
import { messageInEachLanguage } from './answer';

/**
 * The chat's rate limit (issue "The AI assistant", Interfaces: "Per viewer:
 * at most 30 messages per 10 minutes (then a 429 in the one error shape,
 * said in the user's language)"). rate-limiter-flexible, in memory by
 * default; in Redis when REDIS_URL is set, so several web processes share
 * one count (with an in-memory fallback while Redis is unreachable).
 */

/** Messages per window per viewer. */
export const CHAT_MESSAGES_PER_WINDOW = 30;
/** The window, seconds (10 minutes). */
export const CHAT_WINDOW_S = 10 * 60;

/** The 429 message, in the asker's language (messages/*.json "assistant.rateLimited"). */
export const RATE_LIMITED_MESSAGE = messageInEachLanguage('assistant.rateLimited');

function chatLimiter(): RateLimiterAbstract {
  return singleton('assistant_chat_limiter', () => {
    const opts = { keyPrefix: 'chat_msg', points: CHAT_MESSAGES_PER_WINDOW, duration: CHAT_WINDOW_S };
    const memory = new RateLimiterMemory(opts);
    const url = env().REDIS_URL;
    if (!url) return memory;
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', (err) => logger().warn({ err }, 'rate limit Redis error'));
    onShutdown('chat rate limit Redis', () => client.quit());
    return new RateLimiterRedis({ ...opts, storeClient: client, insuranceLimiter: memory });
  });
}

/**
 * Counts one chat message of `viewerId`.
 * @throws ApiError 429 `rate_limited` (message in `language`) past 30
 * messages in 10 minutes.
 */
export async function consumeChatMessage(viewerId: string, language: ChatLanguage): Promise<void> {
  try {
    await chatLimiter().consume(viewerId, 1);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new ApiError(429, 'rate_limited', RATE_LIMITED_MESSAGE[language]);
    // The store itself failed (the insurance limiter normally covers Redis):
    // let the message through rather than lock everyone out.
    logger().error({ err }, 'chat rate limit store failed');
  }
}
