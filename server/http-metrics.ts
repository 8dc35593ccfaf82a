import 'server-only';
import type http from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { metrics, routePatternOf, setRoutePattern } from '@/lib/metrics';

/**
 * http_request_duration_seconds (lib/metrics.ts) for the one port: the
 * request listener (server/request-listener.ts) times every request from its
 * arrival to the end of its response and labels it with a route PATTERN, so
 * the label set stays bounded whatever URLs clients send: the API's matched
 * Hono route (recorded by apiRouteRecorder), a coarse pattern for pages and
 * files, `unmatched` for the rest.
 */

/** What kind of path the listener saw (it knows from server/api.ts and server/uploads.ts). */
export interface PathKind {
  /** An API path (server/api.ts isApiPath). */
  api: boolean;
  /** A resumable upload path (server/uploads.ts isTusPath). */
  tus: boolean;
}

/** Pages with a dynamic segment: the first segments that name them, and their pattern (app/ folders). */
const DYNAMIC_PAGES: ReadonlyArray<{ prefix: string; depth: number; pattern: string }> = [
  { prefix: '/content/', depth: 2, pattern: '/content/:id' },
  { prefix: '/topic/', depth: 2, pattern: '/topic/:id' },
  { prefix: '/share/', depth: 2, pattern: '/share/:slug' },
  { prefix: '/tldr/', depth: 2, pattern: '/tldr/:slug' },
  { prefix: '/invite/', depth: 2, pattern: '/invite/:code' },
  { prefix: '/chat/v1/', depth: 3, pattern: '/chat/v1/:slug' },
  { prefix: '/chat/external/', depth: 3, pattern: '/chat/external/:slug' },
  { prefix: '/rewards/deal/', depth: 3, pattern: '/rewards/deal/:id' },
  { prefix: '/studio/topic/', depth: 3, pattern: '/studio/topic/:id' },
];

/** Pages without a dynamic segment (app/ folders): their path is their pattern. */
const STATIC_PAGES: ReadonlySet<string> = new Set([
  '/', '/assistant', '/callback', '/explore', '/offline', '/privacy', '/profile', '/reels', '/rewards',
  '/rewards/invite', '/rewards/thanks', '/search', '/share', '/staff', '/staff/insights', '/studio', '/studio/partners',
  '/subsidy', '/terms', '/tldr', '/healthz', '/readyz', '/sw.js',
]);

/**
 * The route label of a request the API did not label: `/media/*` (HLS files,
 * posters), `/_next/*` (Next's build assets), `/vendor/*`, the tus uploads
 * `/uploader/api/v1/upload/*`, a page's pattern (`/content/:id`, `/reels`),
 * `page` for any other page path (Next's 404s, public files), and
 * `unmatched` for an API path no route answered.
 * @param url the request target (path and query, or an absolute URL).
 */
export function routeLabelOf(url: string, kind: PathKind): string {
  let p = url;
  if (!p.startsWith('/')) {
    try {
      p = new URL(url).pathname;
    } catch {
      return 'unmatched';
    }
  }
  const q = p.search(/[?#]/);
  if (q >= 0) p = p.slice(0, q);
  if (kind.tus) return '/uploader/api/v1/upload/*';
  if (kind.api) return 'unmatched';
  if (p.startsWith('/media/')) return '/media/*';
  if (p.startsWith('/_next/')) return '/_next/*';
  if (p.startsWith('/vendor/')) return '/vendor/*';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (STATIC_PAGES.has(p)) return p;
  for (const d of DYNAMIC_PAGES) {
    if (p.startsWith(d.prefix) && p.split('/').length === d.depth + 1) return d.pattern;
  }
  return 'page';
}

/** `2xx`..`5xx` for a status code; `other` outside 100-599. */
export function statusClassOf(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method as a label: one of the methods served, else `other` (clients may send any token). */
export function methodLabelOf(method: string | undefined): string {
  return method && METHODS.has(method) ? method : 'other';
}

/**
 * Starts timing `req`: when its response closes (sent, or cut by the
 * client), one observation goes to http_request_duration_seconds with the
 * route the API recorded, else routeLabelOf's.
 */
export function timeRequest(req: http.IncomingMessage, res: http.ServerResponse, kindOf: (url: string) => PathKind): void {
  const start = process.hrtime.bigint();
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const route = routePatternOf(req) ?? routeLabelOf(req.url ?? '/', kindOf(req.url ?? '/'));
    metrics().httpRequestDuration.observe({
      method: methodLabelOf(req.method), route, status_class: statusClassOf(res.statusCode),
    }, seconds);
  });
}

/**
 * Hono middleware (first on the API): after the request has been answered,
 * records the pattern of the route that answered it (`/feeds-server/api/v1/:id`)
 * on the node request, for timeRequest. A request only a catch-all
 * middleware saw (no route matched: the API's 404) is left unlabelled, so it
 * counts as `unmatched`. Without a node request (`app.request()` in tests)
 * it does nothing.
 */
export function apiRouteRecorder(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: http.IncomingMessage } | undefined)?.incoming;
    if (!incoming) return;
    const pattern = routePath(c);
    if (!pattern || pattern.endsWith('*')) return;
    setRoutePattern(incoming, pattern);
  };
}
