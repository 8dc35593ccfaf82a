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
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const headers: IncomingHttpHeaders = incoming?.headers ?? Object.fromEntries(c.req.raw.headers.entries());
  const encrypted = incoming ? Boolean((incoming.socket as TLSSocket | undefined)?.encrypted) : c.req.url.startsWith('https:');
  return publicOriginOf(headers, encrypted) ?? new URL(c.req.url).origin;
}
