import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { ChatRequest } from '@/features/assistant/schemas';
import { prepareChat, type ChatOptions } from '@/features/assistant/server/chat';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { logger } from '@/lib/logger';

/**
 * The assistant composed with the reels feature (a feature never imports
 * another, so server/ joins them): the related reels of an answer are the
 * viewer's ready reels of the entry's topics.
 */
export function chatOptions(viewerId: string, extra: Omit<ChatOptions, 'findReels'> = {}): ChatOptions {
  return {
    ...extra,
    findReels: (slugs, lang, limit) => listReadyReelsForTopics(viewerId, slugs, lang, limit),
  };
}

/** True when the client asked for the JSON form (`Accept: application/json`). */
function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').toLowerCase().includes('application/json');
}

/**
 * POST /recommendation-service/api/v1/chat/ answer (issue "The AI
 * assistant", Interfaces). With `Accept: application/json`: the JSON
 * ChatResult. Otherwise the answer as `text/plain` chunks while it is
 * composed, the chat id in `X-Chat-Id` (follow-ups, reels and sources need
 * the JSON form or the socket). Rate limit and chat are settled before the
 * first byte, so their errors are still the one error shape.
 * @throws ApiError 429 `rate_limited`.
 */
export async function chatResponse(c: Context, viewerId: string, req: ChatRequest, opts: Omit<ChatOptions, 'findReels'> = {}): Promise<Response> {
  const prepared = await prepareChat(viewerId, req, chatOptions(viewerId, opts));
  if (wantsJson(c)) return c.json(await prepared.run());
  c.header('Content-Type', 'text/plain; charset=utf-8');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  c.header('X-Chat-Id', prepared.chatId);
  return stream(c, async (s) => {
    let aborted = false;
    s.onAbort(() => {
      aborted = true;
    });
    await prepared.run(async (text) => {
      // A client that went away still gets its answer stored; only the writes stop.
      if (!aborted) await s.write(text);
    });
  }, async (err) => {
    // Headers are gone by now: the stream just ends, and the log has why.
    logger().error({ err, chatId: prepared.chatId }, 'streamed chat answer failed');
  });
}
