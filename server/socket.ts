import 'server-only';
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { isAllowedOrigin } from '@/lib/http/request-info';
import { logger } from '@/lib/logger';
import { onShutdown } from '@/lib/shutdown';
import { attachChatSocket, type SocketChatDeps } from './chat-socket';

/**
 * socket.io on the HTTP server (path /socket.io) with the assistant's chat
 * events (server/chat-socket.ts). Connection state recovery is on so a
 * reconnect loses no message. Only the site's own origin and
 * CHAT_EMBED_ORIGINS may connect from a browser (a WebSocket is not bound by
 * CORS, so the handshake's Origin is checked here).
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
