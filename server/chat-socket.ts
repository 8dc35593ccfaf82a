import 'server-only';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { chatRequestSchema } from '@/features/assistant/schemas';
import { prepareChat } from '@/features/assistant/server/chat';
import { chatOptionsFor, type ChatDeps } from '@/features/assistant/server/routes';
import { visitorPrincipal, type Principal } from '@/lib/auth/principal';
import { resolveCredentials } from '@/lib/auth/resolve';
import { newVisitorId } from '@/lib/auth/visitor';
import { ApiError } from '@/lib/http/errors';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/http/app';
import { DEFAULT_JSON_LIMITS, checkJsonValue } from '@/lib/http/json-guard';
import { clientIp } from '@/lib/http/request-info';
import { parseOrThrow } from '@/lib/http/validate';
import { logger } from '@/lib/logger';

/**
 * The assistant over socket.io: the
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

/**
 * The caller of a socket: the signed-in user of the handshake's session
 * cookie, else the visitor of its signed cookie or of the token in the
 * handshake's `auth` (a page framed by another site has no cookie of ours);
 * never minted here.
 */
export async function socketPrincipalOf(req: IncomingMessage, auth: unknown): Promise<Principal> {
  const token = (auth as { token?: unknown } | null)?.token;
  const { principal } = await resolveCredentials({
    cookieHeader: req.headers.cookie,
    visitorToken: typeof token === 'string' ? token : undefined,
  });
  // A handshake without the cookie the page load gave may connect, but its
  // messages are refused (prepareChat: visitor_required), so a client that
  // drops its cookie cannot reset its chat limit.
  return principal ?? visitorPrincipal(newVisitorId(), true);
}

/** What the socket layer needs: the chat options and the lookup of related reels. */
export type SocketChatDeps = ChatDeps;

/**
 * Adds the chat handlers to `io`. The caller is resolved once per
 * connection from the handshake (socket.data survives connection state
 * recovery, when middlewares are skipped).
 * @returns drain(): resolves when every answer in flight has been sent (shutdown).
 */
export function attachChatSocket(io: Server, deps: SocketChatDeps): { drain(): Promise<void> } {
  io.use((socket, next) => {
    socketPrincipalOf(socket.request, socket.handshake.auth).then((p) => {
      socket.data.principal = p;
      socket.data.clientIp = clientIp(socket.request);
      next();
    }, (err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
  });

  // Messages of one socket are answered one after another, so chunks of two answers never interleave.
  const queues = new Map<string, Promise<void>>();

  io.on('connection', (socket) => {
    socket.on('chat', (payload: unknown) => {
      const id = socket.id;
      const prev = queues.get(id) ?? Promise.resolve();
      const next = prev.then(() => answer(io, socket, payload, deps));
      queues.set(id, next);
      void next.finally(() => {
        if (queues.get(id) === next) queues.delete(id);
      });
    });
  });

  return {
    async drain() {
      while (queues.size > 0) await Promise.allSettled([...queues.values()]);
    },
  };
}

async function answer(io: Server, socket: Socket, payload: unknown, deps: SocketChatDeps): Promise<void> {
  // Through the room, not the socket: see the file comment (recovery replays only broadcasts).
  const out = () => io.to(socket.id);
  const principal = socket.data.principal as Principal;
  try {
    // The same guard as an API body: socket.io has parsed the JSON, the guard checks its text and shape.
    checkJsonValue(payload, DEFAULT_JSON_LIMITS, 'chat');
    const req = parseOrThrow(chatRequestSchema, payload);
    const prepared = await prepareChat(principal, socket.data.clientIp as string, req, chatOptionsFor(deps, principal));
    const chatId = prepared.chatId;
    out().emit('chat_start', { chat_id: chatId });
    const result = await prepared.run((text) => {
      out().emit('chat_chunk', { chat_id: chatId, text });
    });
    out().emit('chat_end', result);
  } catch (err) {
    if (err instanceof ApiError) {
      out().emit('chat_error', { code: err.code, message: err.message, retry_after: err.retryAfterS });
      return;
    }
    logger().error({ err, socket: socket.id }, 'chat over socket failed');
    out().emit('chat_error', { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE });
  }
}
