import 'server-only';
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
import { s3MediaOrigins } from '@/lib/http/security-headers';
import { hostPolicyNotice } from '@/lib/http/request-info';
import { buildApi } from './api';
import { createRequestListener, refuseConnect } from './request-listener';
import { createSocketServer } from './socket';
import { startBackground } from './background';
import { handleStopSignals, trackResponses } from './graceful';
import { createHealth, defaultReadinessChecks } from './health';
import { readMetricsFrom, startMetricsServer } from './metrics-server';
import { createUploadHandler } from './uploads';
import { warmHlsVendor } from './vendor-hls';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { syncKnowledge } from '@/features/assistant/server/knowledge';
import { refreshSearchIndex } from '@/features/reels/server/search-index';
import { warmAnswers } from '@/features/assistant/server/answer';
import { smsProviderFromEnv, warnIfConsoleSms } from '@/features/auth/server/sms';
import { guardEmbeddedDb } from './operator-socket';

/**
 * The composition root (ARCHITECTURE.md "Shape"): one port; each request
 * goes to the media files, the Hono API, socket.io or Next
 * (server/request-listener.ts).
 */
async function main() {
  const e = env();
  const log = logger();
  const dev = e.NODE_ENV === 'development';
  // /readyz answers 503 starting until the end of main() (server/health.ts).
  const readiness = defaultReadinessChecks();
  const health = createHealth({ checks: readiness.checks });
  const metricsServer = await startMetricsServer({ port: e.METRICS_PORT, host: e.METRICS_HOST, log });
  // Embedded database: this process alone opens it, and runs operator commands for them (docs/decisions/030).
  const embeddedDb = await guardEmbeddedDb(log);
  await getDb();
  await embeddedDb.serve();
  readMetricsFrom((await getDb()).db);
  await initMediaSigning();
  // Sign-in codes: refuse to start with a half-configured SMS gateway; say loudly when codes only go to this log.
  smsProviderFromEnv();
  warnIfConsoleSms();
  // Production without PUBLIC_URL or ALLOWED_HOSTS answers only on localhost: say what to set.
  const hostNotice = hostPolicyNotice(e);
  if (hostNotice) log.warn(hostNotice);
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

  const server = http.createServer(createRequestListener({
    api: apiListener,
    uploads: createUploadHandler().handle,
    next: (req, res) => nextHandler(req, res, parse(req.url ?? '/', true)),
    distDir, dev, mediaOrigins, embedOrigins: e.CHAT_EMBED_ORIGINS, health,
  }));
  // From the first request on, so a stop can close every keep-alive connection after its answer.
  trackResponses(server);
  // CONNECT bypasses the request listener: answer it 405 instead of dropping the connection.
  server.on('connect', refuseConnect);
  const sockets = createSocketServer(server, { findReels: listReadyReelsForTopics });
  const nextUpgrade = nextApp.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => {
    if (!req.url?.startsWith('/socket.io/')) void nextUpgrade(req, socket, head);
  });
  // The first reel's starter asks for hls.js' own build on every feed page's first visit.
  void warmHlsVendor().catch((err: unknown) => log.error({ err }, 'hls.js build for the first reel unavailable'));
  // Search documents of rows written while no server ran (a migration's backfill, a script): made now, in the
  // background, so the first search does not wait for them (docs/decisions/031-search.md).
  void getDb().then(({ db }) => refreshSearchIndex(db)).catch((err: unknown) => log.error({ err }, 'search index refresh failed'));
  const listening = new Promise<void>((resolve) => {
    server.listen(e.PORT, e.HOST, () => {
      log.info({ port: e.PORT }, `ready on http://localhost:${e.PORT}`);
      resolve();
    });
  });

  const stopBackground = await startBackground();
  handleStopSignals({
    server,
    graceMs: e.SHUTDOWN_GRACE_S * 1000,
    // Readiness says draining first; the listener closes READINESS_DRAIN_MS later.
    announceDraining: health.markDraining,
    drainMs: e.READINESS_DRAIN_MS,
    log,
    drainSockets: sockets.drain,
    closeSockets: () => new Promise<void>((resolve) => {
      sockets.io.close(() => resolve());
    }),
    stopBackground,
    closeResources: async () => {
      await metricsServer?.close();
      await readiness.close();
      await runShutdownHooks();
      await (await getDb()).close();
      await embeddedDb.release();
    },
  });
  await listening;
  health.markReady();
}

main().catch((err) => {
  logger().fatal({ err }, 'start-up failed');
  process.exit(1);
});
