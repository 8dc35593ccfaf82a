import 'server-only';
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { isAllowedOrigin } from '@/lib/http/request-info';
import { logger } from '@/lib/logger';
import { metrics } from '@/lib/metrics';
import { NOTIFICATION_EVENT, setNotificationEmitter, userRoom } from '@/lib/notifications/notify';
import type { Principal } from '@/lib/auth/principal';
import { onShutdown } from '@/lib/shutdown';
import { attachChatSocket, type SocketChatDeps } from './chat-socket';

/**
 * socket.io on the HTTP server (path /socket.io) with the assistant's chat
 * events (server/chat-socket.ts). Connection state recovery is on so a
 * reconnect loses no message. Only the site's own origin and
 * CHAT_EMBED_ORIGINS may connect from a browser (a WebSocket is not bound by
 * CORS, so the handshake's Origin is checked here).
 *
 * A signed-in user's sockets join the room `user:<userId>`, where stored
 * notifications are pushed live (event "notification", lib/notifications/notify.ts).
 */

export interface ChatSocketServer {
  io: Server;
  /** Resolves when every chat answer in flight has been sent (graceful shutdown). */
  drain(): Promise<void>;
}

/**
 * A socket.io server on `server`. With REDIS_URL, the Redis Streams
 * adapter: unlike the pub/sub adapter it keeps connection state recovery
 * working across several processes.
 * @param deps related-reel lookup and chat options (tests and the bench set pacing and model).
 */
export function createSocketServer(server: http.Server, deps: SocketChatDeps): ChatSocketServer {
  const io = new Server(server, {
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
    serveClient: false,
    // Other upgrades (Next's hot reload in development) are handed on by server/index.ts.
    destroyUpgrade: false,
    allowRequest: (req, callback) => {
      const ok = isAllowedOrigin(req.headers, Boolean((req.socket as TLSSocket).encrypted));
      callback(ok ? null : 'origin not allowed', ok);
    },
  });
  const redisUrl = env().REDIS_URL;
  if (redisUrl) useRedisAdapter(io, redisUrl);
  io.on('connection', (socket) => {
    logger().debug({ id: socket.id, recovered: socket.recovered }, 'socket connected');
    metrics().socketConnections.inc();
    socket.once('disconnect', () => metrics().socketConnections.dec());
    // The principal was resolved in the handshake (server/chat-socket.ts); a visitor joins no user room.
    const userId = (socket.data.principal as Principal | undefined)?.userId;
    if (userId) void socket.join(userRoom(userId));
  });
  // Through the adapter: with Redis, the user's sockets on other processes get it too.
  setNotificationEmitter((userId, payload) => {
    io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, payload);
  });
  const chat = attachChatSocket(io, deps);
  return { io, drain: chat.drain };
}

function useRedisAdapter(io: Server, url: string): void {
  const client = new Redis(url);
  client.on('error', (err) => logger().warn({ err }, 'socket.io Redis error'));
  onShutdown('socket.io Redis adapter', () => client.quit());
  io.adapter(createAdapter(client));
}
