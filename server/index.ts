import http from 'node:http';
import path from 'node:path';
import { parse } from 'node:url';
import next from 'next';
import { getRequestListener } from '@hono/node-server';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { runShutdownHooks } from '@/lib/shutdown';
import { frameAncestorsPolicy, isEmbedPath } from '@/lib/http/frame-ancestors';
import { getDb } from '@/lib/db/client';
import { initMediaSigning } from '@/lib/storage/signing';
import { buildApi, isApiPath } from './api';
import { attachSocket } from './socket';
import { ensureViewerCookie } from './viewer-cookie';
import { handleMediaRequest } from './media';
import { serveBrotliAsset } from './static-brotli';
import { startBackground } from './background';
import { syncKnowledge } from '@/features/assistant/server/knowledge';
import { warmAnswers } from '@/features/assistant/server/answer';

/**
 * The composition root (ARCHITECTURE.md "Shape"): one port; each request
 * goes to the media files, the Hono API, socket.io or Next, in that order.
 */
async function main() {
  const e = env();
  const log = logger();
  const dev = e.NODE_ENV === 'development';
  await getDb();
  await initMediaSigning();
  // The assistant's question bank and suggestions: data files -> database, before the first chat.
  await syncKnowledge().catch((err: unknown) => {
    // A broken data file must not take the reels down: the last good sync's rows keep answering.
    log.error({ err }, 'assistant knowledge sync failed; answering from the stored rows');
  });
  await warmAnswers().catch((err: unknown) => log.error({ err }, 'assistant index warm-up failed'));

  const nextApp = next({ dev, dir: process.cwd(), hostname: 'localhost', port: e.PORT });
  const nextHandler = nextApp.getRequestHandler();
  const distDir = path.join(process.cwd(), '.next');
  const api = buildApi();
  const apiListener = getRequestListener(api.fetch);
  await nextApp.prepare();

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/media/')) {
      handleMediaRequest(req, res);
      return;
    }
    if (isApiPath(url)) {
      void apiListener(req, res);
      return;
    }
    if (!dev && serveBrotliAsset(req, res, distDir)) return;
    ensureViewerCookie(req, res);
    // Only the embeddable assistant may be framed, and only by the configured origins.
    if (isEmbedPath(url)) res.setHeader('Content-Security-Policy', frameAncestorsPolicy(e.CHAT_EMBED_ORIGINS));
    void nextHandler(req, res, parse(url, true));
  });
  attachSocket(server);
  const nextUpgrade = nextApp.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/socket.io/')) void nextUpgrade(req, socket, head);
  });
  server.listen(e.PORT, e.HOST, () => {
    log.info({ port: e.PORT }, `ready on http://localhost:${e.PORT}`);
  });

  const stopBackground = await startBackground();
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    server.close();
    await stopBackground();
    await runShutdownHooks();
    const db = await getDb();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  logger().fatal({ err }, 'start-up failed');
  process.exit(1);
});
