import type http from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { onShutdown } from '@/lib/shutdown';
import { singleton } from '@/lib/singleton';
import type { ChatOptions } from '@/features/assistant/server/chat';
import { attachChatSocket } from './chat-socket';

/**
 * Mounts socket.io on the HTTP server (path /socket.io) with the assistant's
 * chat events (server/chat-socket.ts). Connection state recovery is on so a
 * reconnect loses no message.
 */
export function attachSocket(server: http.Server): Server {
  return singleton('io', () => createSocketServer(server));
}

/**
 * A socket.io server on `server` (attachSocket keeps one per process; tests
 * and the bench make their own). With REDIS_URL, the Redis Streams adapter:
 * unlike the pub/sub adapter it keeps connection state recovery working
 * across several processes.
 * @param chat chat options for tests and the bench (chunk pacing, model).
 */
export function createSocketServer(server: http.Server, chat: Omit<ChatOptions, 'findReels'> = {}): Server {
  const io = new Server(server, {
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
    serveClient: false,
    // Other upgrades (Next's hot reload in development) are handed on by server/index.ts.
    destroyUpgrade: false,
  });
  const redisUrl = env().REDIS_URL;
  if (redisUrl) useRedisAdapter(io, redisUrl);
  io.on('connection', (socket) => {
    logger().debug({ id: socket.id, recovered: socket.recovered }, 'socket connected');
  });
  attachChatSocket(io, chat);
  return io;
}

function useRedisAdapter(io: Server, url: string): void {
  const client = new Redis(url);
  client.on('error', (err) => logger().warn({ err }, 'socket.io Redis error'));
  onShutdown('socket.io Redis adapter', () => client.quit());
  io.adapter(createAdapter(client));
}
