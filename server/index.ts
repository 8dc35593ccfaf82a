import http from 'node:http';
import path from 'node:path';
import { parse } from 'node:url';
import next from 'next';
import { getRequestListener } from '@hono/node-server';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { runShutdownHooks } from '@/lib/shutdown';
import { getDb } from '@/lib/db/client';
import { initMediaSigning } from '@/lib/storage/signing';
import { newVisitorId, visitorFromCookieHeader, visitorSetCookie } from '@/lib/auth/visitor';
import { consumeLimit } from '@/lib/http/rate-limit';
import { clientIp, isHttps } from '@/lib/http/request-info';
import {
  DATA_POLICY, baseSecurityHeaders, isEmbedPath, newNonce, pagePolicy, s3MediaOrigins,
} from '@/lib/http/security-headers';
import { errorBody } from '@/lib/http/errors';
import { VIEWER_COOKIE } from '@/lib/constants';
import { buildApi, isApiPath } from './api';
import { createSocketServer } from './socket';
import { handleMediaRequest } from './media';
import { serveBrotliAsset } from './static-brotli';
import { startBackground } from './background';
import { handleStopSignals } from './graceful';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { syncKnowledge } from '@/features/assistant/server/knowledge';
import { warmAnswers } from '@/features/assistant/server/answer';

/**
 * The composition root (ARCHITECTURE.md "Shape"): one port; each request
 * gets the security headers, then goes to the media files, the Hono API,
 * socket.io or Next, in that order.
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
  const apiListener = getRequestListener(buildApi().fetch);
  const mediaOrigins = s3MediaOrigins({
    bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, forcePathStyle: e.S3_FORCE_PATH_STYLE,
  });
  await nextApp.prepare();

  /**
   * A page request's visitor: a first visit gets the signed cookie on its
   * response, and the request's Cookie header is extended so server
   * components already see it. Past the per-IP limit of new visitors the
   * page is still served, without an id (it can read, not count).
   */
  async function ensurePageVisitor(req: http.IncomingMessage, res: http.ServerResponse, https: boolean): Promise<void> {
    if (visitorFromCookieHeader(req.headers.cookie)) return;
    try {
      await consumeLimit('visitor', null, clientIp(req));
    } catch {
      return;
    }
    const id = newVisitorId();
    const cookie = visitorSetCookie(id, https);
    res.appendHeader('Set-Cookie', cookie);
    const pair = cookie.split(';')[0];
    const others = (req.headers.cookie ?? '').split(';').filter((c) => c.trim() && !c.trim().startsWith(`${VIEWER_COOKIE}=`));
    req.headers.cookie = [...others.map((c) => c.trim()), pair].join('; ');
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const https = isHttps(req);
    for (const [k, v] of Object.entries(baseSecurityHeaders(url, https))) res.setHeader(k, v);
    if (url.startsWith('/media/')) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      handleMediaRequest(req, res);
      return;
    }
    if (isApiPath(url)) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      await apiListener(req, res);
      return;
    }
    if (!dev && serveBrotliAsset(req, res, distDir)) return;
    if (!url.startsWith('/_next/')) {
      await ensurePageVisitor(req, res, https);
      const csp = pagePolicy({
        nonce: newNonce(),
        // Only the embeddable assistant may be framed, and only by the configured origins.
        frameAncestors: isEmbedPath(url) ? e.CHAT_EMBED_ORIGINS : 'none',
        mediaOrigins, dev, https,
      });
      res.setHeader('Content-Security-Policy', csp);
      // Next reads the nonce from the request's CSP and puts it on its scripts.
      req.headers['content-security-policy'] = csp;
    }
    await nextHandler(req, res, parse(url, true));
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      // A request the router cannot even read (a malformed escape in its path) is the client's error.
      const status = err instanceof URIError ? 400 : 500;
      if (status === 500) log.error({ err, method: req.method }, 'request failed before a handler');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify(status === 400
        ? errorBody('bad_request', 'The request path is not valid.')
        : errorBody('internal_error', 'Something went Wrong. Please try again Later.'));
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  const sockets = createSocketServer(server, { findReels: listReadyReelsForTopics });
  const nextUpgrade = nextApp.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/socket.io/')) void nextUpgrade(req, socket, head);
  });
  server.listen(e.PORT, e.HOST, () => {
    log.info({ port: e.PORT }, `ready on http://localhost:${e.PORT}`);
  });

  const stopBackground = await startBackground();
  handleStopSignals({
    server,
    graceMs: e.SHUTDOWN_GRACE_S * 1000,
    log,
    drainSockets: sockets.drain,
    closeSockets: () => new Promise<void>((resolve) => {
      sockets.io.close(() => resolve());
    }),
    stopBackground,
    closeResources: async () => {
      await runShutdownHooks();
      await (await getDb()).close();
    },
  });
}

main().catch((err) => {
  logger().fatal({ err }, 'start-up failed');
  process.exit(1);
});
