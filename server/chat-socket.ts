import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { parse, serialize } from 'hono/utils/cookie';
import { chatRequestSchema } from '@/features/assistant/schemas';
import type { ChatOptions } from '@/features/assistant/server/chat';
import { prepareChat } from '@/features/assistant/server/chat';
import { VIEWER_COOKIE } from '@/lib/constants';
import { ApiError } from '@/lib/http/errors';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/http/app';
import { zodError } from '@/lib/http/validate';
import { isViewerId, newViewerId } from '@/lib/http/viewer';
import { logger } from '@/lib/logger';
import { chatOptions } from './chat-http';

/**
 * The assistant over socket.io (issue "The AI assistant", Interfaces): the
 * client emits "chat" {message, language, chat_id?, topic?}; the server
 * emits "chat_start" {chat_id} once the message is accepted, "chat_chunk"
 * {chat_id, text} while composing, then "chat_end" {chat_id, answer,
 * matched, category, suggestions, related, sources}, or "chat_error" {code,
 * message} in the one error shape's terms.
 *
 * Every event goes out through the socket's own room (`io.to(socket.id)`),
 * not `socket.emit`: with connection state recovery (server/socket.ts) only
 * broadcast packets are kept for a disconnected socket and replayed when it
 * comes back with the same id, so a reconnect mid-answer loses nothing.
 * "chat_start" gives the client an offset to recover from before the first
 * chunk.
 */

/** Where a handshake request keeps the viewer id it was given (no cookie yet). */
const GIVEN_VIEWER = Symbol('sr_given_viewer');
type HandshakeRequest = IncomingMessage & { [GIVEN_VIEWER]?: string };

/** The viewer of a handshake: its `sr_vid` cookie, or the id given with its first response. */
function viewerOf(req: HandshakeRequest): string | undefined {
  const id = parse(req.headers.cookie ?? '')[VIEWER_COOKIE];
  return isViewerId(id) ? id : req[GIVEN_VIEWER];
}

/**
 * Adds the chat handlers to `io`. A connection without a viewer cookie gets
 * one (Set-Cookie on the handshake's first response), as an API request
 * would.
 * @param opts chat options for tests and the bench (chunk pacing, model);
 * related reels are always composed from the reels feature.
 */
export function attachChatSocket(io: Server, opts: Omit<ChatOptions, 'findReels'> = {}): void {
  io.engine.on('initial_headers', (headers: Record<string, string | string[]>, req: HandshakeRequest) => {
    if (viewerOf(req)) return;
    const id = newViewerId();
    req[GIVEN_VIEWER] = id;
    headers['set-cookie'] = serialize(VIEWER_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600 });
  });

  io.use((socket, next) => {
    // socket.data survives connection state recovery (the middleware is skipped then).
    socket.data.viewerId = viewerOf(socket.request as HandshakeRequest) ?? newViewerId();
    next();
  });

  // Messages of one socket are answered one after another, so chunks of two answers never interleave.
  const queues = new Map<string, Promise<void>>();

  io.on('connection', (socket) => {
    socket.on('chat', (payload: unknown) => {
      const id = socket.id;
      const prev = queues.get(id) ?? Promise.resolve();
      const next = prev.then(() => answer(io, socket, payload, opts));
      queues.set(id, next);
      void next.finally(() => {
        if (queues.get(id) === next) queues.delete(id);
      });
    });
  });
}

async function answer(io: Server, socket: Socket, payload: unknown, opts: Omit<ChatOptions, 'findReels'>): Promise<void> {
  // Through the room, not the socket: see the file comment (recovery replays only broadcasts).
  const out = () => io.to(socket.id);
  const viewerId = socket.data.viewerId as string;
  try {
    const parsed = chatRequestSchema.safeParse(payload);
    if (!parsed.success) throw zodError(parsed.error);
    const prepared = await prepareChat(viewerId, parsed.data, chatOptions(viewerId, opts));
    const chatId = prepared.chatId;
    out().emit('chat_start', { chat_id: chatId });
    const result = await prepared.run((text) => {
      out().emit('chat_chunk', { chat_id: chatId, text });
    });
    out().emit('chat_end', result);
  } catch (err) {
    if (err instanceof ApiError) {
      out().emit('chat_error', { code: err.code, message: err.message });
      return;
    }
    logger().error({ err, socket: socket.id }, 'chat over socket failed');
    out().emit('chat_error', { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE });
  }
}
