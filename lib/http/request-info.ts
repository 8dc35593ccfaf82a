import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { env } from '../env';

/**
 * What a request says about where it came from: the client's address, the
 * scheme and host it was made to. Forwarded headers (X-Forwarded-For, -Host,
 * -Proto) are believed only with TRUST_PROXY=true, since any client can send
 * them; otherwise the socket and the Host header are the truth.
 */

/** Header value as one string (Node joins repeated headers into an array for some). */
function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The address of the client: the socket's peer, or with TRUST_PROXY the
 * last X-Forwarded-For entry (the address our proxy saw; entries before it
 * are whatever the client wrote). 'unknown' when there is no socket (tests
 * calling the Hono app directly).
 */
export function clientIpOf(headers: IncomingHttpHeaders, socketAddress: string | undefined): string {
  if (env().TRUST_PROXY) {
    const xff = one(headers['x-forwarded-for']);
    if (xff) {
      const parts = xff.split(',').map((s) => s.trim()).filter(Boolean);
      const last = parts[parts.length - 1];
      if (last) return last;
    }
  }
  return socketAddress ?? 'unknown';
}

/** True when the request reached us over TLS, or (TRUST_PROXY) the proxy says it did. */
export function isHttpsOf(headers: IncomingHttpHeaders, encrypted: boolean): boolean {
  if (env().TRUST_PROXY) {
    const proto = one(headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
    if (proto) return proto === 'https';
  }
  return encrypted;
}

/** The host the request was made to: Host, or (TRUST_PROXY) X-Forwarded-Host. */
export function hostOf(headers: IncomingHttpHeaders): string | undefined {
  if (env().TRUST_PROXY) {
    const fwd = one(headers['x-forwarded-host'])?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  return one(headers.host);
}

/** `scheme://host` of the request, or null without a Host header. */
export function requestOriginOf(headers: IncomingHttpHeaders, encrypted: boolean): string | null {
  const host = hostOf(headers);
  if (!host) return null;
  return `${isHttpsOf(headers, encrypted) ? 'https' : 'http'}://${host}`;
}

/** Client address of a node:http request. */
export function clientIp(req: IncomingMessage): string {
  return clientIpOf(req.headers, req.socket?.remoteAddress);
}

/** True when a node:http request is https (see isHttpsOf). */
export function isHttps(req: IncomingMessage): boolean {
  return isHttpsOf(req.headers, Boolean((req.socket as TLSSocket | undefined)?.encrypted));
}

/**
 * True when a browser request's Origin may change state here: the request's
 * own origin, PUBLIC_URL's origin, or one of CHAT_EMBED_ORIGINS. A request
 * without Origin is allowed unless Sec-Fetch-Site says cross-site: browsers
 * send Origin on every POST, so its absence means a non-browser client, which
 * CSRF cannot use.
 */
export function isAllowedOrigin(headers: IncomingHttpHeaders, encrypted: boolean): boolean {
  const origin = one(headers.origin);
  if (!origin || origin === 'null') {
    if (origin === 'null') return false;
    return one(headers['sec-fetch-site']) !== 'cross-site';
  }
  const e = env();
  if (origin === requestOriginOf(headers, encrypted)) return true;
  if (e.PUBLIC_URL && origin === new URL(e.PUBLIC_URL).origin) return true;
  return e.CHAT_EMBED_ORIGINS.includes(origin);
}
