import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import { consumeLimit } from '@/lib/http/rate-limit';
import type { ChatLanguage } from '../schemas';
import { messageInEachLanguage } from './answer';

/**
 * The chat's rate limits (lib/http/rate-limit.ts `chat`): 30 messages per
 * 10 minutes per visitor and IP_LIMIT_CHAT (default 300) per IP, then a 429
 * in the one error shape, said in the asker's language.
 */

/** The 429 message, in the asker's language (messages/*.json "assistant.rateLimited"). */
export const RATE_LIMITED_MESSAGE = messageInEachLanguage('assistant.rateLimited');

/**
 * Counts one chat message of `principal` from `clientIp`.
 * @throws ApiError 429 `rate_limited` (message in `language`, Retry-After in seconds).
 */
export async function consumeChatMessage(principal: Principal, clientIp: string, language: ChatLanguage): Promise<void> {
  await consumeLimit('chat', principal, clientIp, RATE_LIMITED_MESSAGE[language]);
}
