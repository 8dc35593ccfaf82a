import 'server-only';
import { env } from '@/lib/env';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { visitorFromCookieHeader } from '@/lib/auth/visitor';
import { withSetCookie } from '@/lib/http/cookies';
import { errorBody } from '@/lib/http/errors';
import { ensurePageDevice, issueVisitor } from '@/lib/http/principal';
import { clientIp, hostOf, isHttps } from '@/lib/http/request-info';
import { DATA_POLICY, baseSecurityHeaders, isEmbedPath, newNonce, pagePolicy } from '@/lib/http/security-headers';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/http/app';
import { logger } from '@/lib/logger';
import { isApiPath } from './api';
import { handleMediaRequest } from './media';
import { serveBrotliAsset } from './static-brotli';
import { isTusPath } from './uploads';
import { firstReelStarter } from '@/features/reels/lib/first-reel-starter';
import { hlsConfig } from '@/features/reels/components/load-hls';
import { HELD_SCRIPTS_MAX_MS, holdsScripts } from '@/lib/http/held-scripts';
import { HLS_VENDOR_PATH, serveHlsVendor } from './vendor-hls';
import { preparePageLanguage } from './page-language';
import { preparePageResponse } from './page-response';
import { hostRefusal, pageMethodRefusal, refusedMethod, targetRefusal, type Refusal } from './request-checks';
import { healthProbeOf, type Health } from './health';
import { timeRequest } from './http-metrics';

/** The head script of the pages that open with a reel: plays it through hls.js' own build before the page's scripts. */
const FIRST_REEL_STARTER = firstReelStarter({
  hlsSrc: HLS_VENDOR_PATH, hlsConfig: { ...hlsConfig(null, true) }, maxHoldMs: HELD_SCRIPTS_MAX_MS,
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;

export interface ListenerParts {
  /** The Hono API's node listener. */
  api: Handler;
  /** Resumable uploads (tus, server/uploads.ts); without it those paths go to the API. */
  uploads?: Handler;
  /** Next's request handler (pages and their assets). */
  next: Handler;
  /** Next's build folder (`.next`), for the brotli assets. */
  distDir: string;
  dev: boolean;
  /** Origins of media on S3 (Content-Security-Policy media-src and connect-src). */
  mediaOrigins: readonly string[];
  /** CHAT_EMBED_ORIGINS: who may frame /chat/external/*. */
  embedOrigins: readonly string[];
  /** The probes (server/health.ts); without them /healthz and /readyz go to Next like any page. */
  health?: Health;
}

/** The path kinds http_request_duration_seconds needs to label a request the API did not (server/http-metrics.ts). */
const pathKindOf = (url: string) => ({ api: isApiPath(url), tus: isTusPath(url) });

/**
 * A page request's visitor: a first visit gets the signed cookie on its
 * response, and the request's Cookie header is extended so server
 * components already see it. Past the per-IP limit of new visitors the page
 * is still served, without an id (it can read, not count).
 */
async function ensurePageVisitor(req: http.IncomingMessage, res: http.ServerResponse, https: boolean): Promise<void> {
  if (visitorFromCookieHeader(req.headers.cookie)) return;
  let cookie: string;
  try {
    cookie = (await issueVisitor(clientIp(req), https)).setCookie;
  } catch {
    return;
  }
  res.appendHeader('Set-Cookie', cookie);
  req.headers.cookie = withSetCookie(req.headers.cookie, cookie);
}

/** Answers a refused request (server/request-checks.ts) in the one error shape; a HEAD gets the headers only. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, r: Refusal): void {
  const body = JSON.stringify(errorBody(r.code, r.message));
  res.setHeader('Content-Security-Policy', DATA_POLICY);
  res.writeHead(r.status, {
    ...r.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

let hostWarned = false;

/**
 * Says once per process which host was refused, so an operator whose own
 * domain is missing from ALLOWED_HOSTS (or who set neither it nor
 * PUBLIC_URL) finds out from the log; later refusals stay quiet (scanners
 * send any Host).
 */
function warnHostOnce(host: string | undefined): void {
  if (hostWarned) return;
  hostWarned = true;
  logger().warn({ host: (host ?? '').slice(0, 100) },
    'refused a request for a host this server does not answer for (421); set PUBLIC_URL or ALLOWED_HOSTS if it is yours');
}

/**
 * The answer to a CONNECT (Node's 'connect' event, which otherwise just
 * drops the connection): 405 in the one error shape, then the connection
 * is closed. Nothing here is a proxy.
 */
export function refuseConnect(_req: http.IncomingMessage, socket: Duplex): void {
  const body = JSON.stringify(errorBody('method_not_allowed', 'This server is not a proxy.'));
  socket.end([
    'HTTP/1.1 405 Method Not Allowed', 'Allow: GET, HEAD', 'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body,
  ].join('\r\n'));
}

/**
 * The one port's request listener (ARCHITECTURE.md "Shape"): every answer
 * gets the security headers (lib/http/security-headers.ts); what no
 * handler may see is refused next, in the one error shape
 * (server/request-checks.ts): TRACE and TRACK (405), a path that does not
 * percent-decode or a NUL in the path or query (400), a Host this server
 * does not answer for (421), except that the probes /healthz and
 * /readyz are answered before the Host check (GET and HEAD only); then media
 * files, resumable uploads (tus owns their bodies, so they come before the
 * API's body limit), the API, brotli build assets, and Next for the rest,
 * which takes GET and HEAD only (405 with Allow otherwise). Pages get a
 * fresh CSP nonce, which Next reads from the request's CSP header and puts
 * on its scripts. Next's answers are compressed here (server/page-response.ts),
 * and the pages that open with a reel hold their scripts until its first
 * frame (lib/http/held-scripts.ts). A request that fails before any handler answers (a
 * malformed escape in its path) is a 400 in the one error shape, never a
 * thrown error inside the listener. Every request is timed for
 * http_request_duration_seconds (server/http-metrics.ts).
 */
export function createRequestListener(parts: ListenerParts): http.RequestListener {
  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const https = isHttps(req);
    for (const [k, v] of Object.entries(baseSecurityHeaders(url, https))) res.setHeader(k, v);
    const method = req.method ?? 'GET';
    const api = isApiPath(url) || isTusPath(url);
    const early = refusedMethod(method, api) ?? targetRefusal(url);
    if (early) {
      refuse(req, res, early);
      return;
    }
    // The probes come before the Host check: a load balancer or the kubelet
    // probes the instance's own address (Host: 10.0.3.7:3000), which
    // ALLOWED_HOSTS rightly does not list. Answering any Host is safe here:
    // the answers hold no personal data, set no cookie and depend on no host.
    // They also skip the visitor cookie and the rate limits (a probe is no visitor).
    const probe = parts.health ? healthProbeOf(url) : null;
    if (probe && parts.health) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      const wrongMethod = pageMethodRefusal(method);
      if (wrongMethod) refuse(req, res, wrongMethod);
      else await parts.health.handle(probe, req, res);
      return;
    }
    const refusal = hostRefusal(req.headers, url);
    if (refusal) {
      if (refusal.code === 'host_not_allowed') warnHostOnce(hostOf(req.headers));
      refuse(req, res, refusal);
      return;
    }
    if (url.startsWith('/media/')) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      handleMediaRequest(req, res);
      return;
    }
    if (parts.uploads && isTusPath(url)) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      await parts.uploads(req, res);
      return;
    }
    if (isApiPath(url)) {
      res.setHeader('Content-Security-Policy', DATA_POLICY);
      await parts.api(req, res);
      return;
    }
    // Pages take GET and HEAD only (Next's dev tools POST to their own /__nextjs_* paths).
    const pageRefusal = parts.dev && url.startsWith('/__nextjs') ? null : pageMethodRefusal(method);
    if (pageRefusal) {
      refuse(req, res, pageRefusal);
      return;
    }
    if (serveHlsVendor(req, res)) return;
    if (!parts.dev && serveBrotliAsset(req, res, parts.distDir)) return;
    let nonce: string | undefined;
    if (!url.startsWith('/_next/')) {
      await ensurePageVisitor(req, res, https);
      ensurePageDevice(req, res, https); // the device mark (sr_dev), which outlives logout
      preparePageLanguage(req, res, https); // ?hl= sets the language; the layout learns the path
      nonce = newNonce();
      const csp = pagePolicy({
        nonce,
        // Only the embeddable assistant may be framed, and only by the configured origins.
        frameAncestors: isEmbedPath(url) ? parts.embedOrigins : 'none',
        mediaOrigins: parts.mediaOrigins,
        dev: parts.dev,
        https,
        googleSignIn: Boolean(env().GOOGLE_CLIENT_ID),
      });
      res.setHeader('Content-Security-Policy', csp);
      req.headers['content-security-policy'] = csp;
    }
    // A page that opens with a reel holds its scripts until the first frame (not in dev: its scripts reload live).
    const hold = !parts.dev && nonce !== undefined && req.method === 'GET' && !req.headers.rsc && holdsScripts(url);
    await preparePageResponse(req, res, { hold, nonce, starter: FIRST_REEL_STARTER });
    await parts.next(req, res);
  }

  return (req, res) => {
    timeRequest(req, res, pathKindOf);
    route(req, res).catch((err: unknown) => {
      const status = err instanceof URIError ? 400 : 500;
      if (status === 500) logger().error({ err, method: req.method }, 'request failed before a handler');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify(status === 400
        ? errorBody('bad_request', 'The request path is not valid.')
        : errorBody('internal_error', INTERNAL_ERROR_MESSAGE));
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  };
}
