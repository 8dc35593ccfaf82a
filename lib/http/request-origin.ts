import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Context } from 'hono';
import { publicOriginOf } from './request-info';

/**
 * The origin (`scheme://host[:port]`) that absolute links made in answer to
 * request `c` use (share links, invites, QR codes): PUBLIC_URL's when set;
 * else the request's own scheme and host, believing X-Forwarded-Proto and
 * X-Forwarded-Host only with TRUST_PROXY (lib/http/request-info.ts, the rule
 * that also decides a cookie's `Secure`); else the URL the app was called
 * with (a test calling the Hono app with no Host header).
 */
export function requestOrigin(c: Context): string {
  return publicOriginOf(headersOf(c), encryptedOf(c)) ?? new URL(c.req.url).origin;
}

/** The node:http request under a Hono context, when served by @hono/node-server (undefined in tests calling the app). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** The request's headers as node:http gives them (lower-case names), or the Fetch request's when there is no node request. */
export function headersOf(c: Context): IncomingHttpHeaders {
  return incomingOf(c)?.headers ?? Object.fromEntries(c.req.raw.headers.entries());
}

/** True when the connection to this process is TLS (the socket's own, not a proxy's word); for a Fetch request, its URL's scheme. */
export function encryptedOf(c: Context): boolean {
  const req = incomingOf(c);
  if (req) return Boolean((req.socket as TLSSocket | undefined)?.encrypted);
  return c.req.url.startsWith('https:');
}
