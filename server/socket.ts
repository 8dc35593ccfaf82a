import type http from 'node:http';
import { Server } from 'socket.io';
import { logger } from '@/lib/logger';
import { singleton } from '@/lib/singleton';

/**
 * Mounts socket.io on the HTTP server (path /socket.io). The assistant's
 * chat namespace is added by the issue that builds it; connection state
 * recovery is on so a reconnect loses no message.
 */
export function attachSocket(server: http.Server): Server {
  return singleton('io', () => {
    const io = new Server(server, {
      connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
      serveClient: false,
      // Other upgrades (Next's hot reload in development) are handed on by server/index.ts.
      destroyUpgrade: false,
    });
    io.on('connection', (socket) => {
      logger().debug({ id: socket.id }, 'socket connected');
    });
    return io;
  });
}
