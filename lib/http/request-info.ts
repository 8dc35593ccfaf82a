import 'server-only';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { env, type Env } from '../env';

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

/** Hostnames a fresh machine answers on without configuration (`npm start` on localhost). */
const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A Host value split into its lowercased hostname (no trailing dot; an IPv6
 * literal keeps its brackets) and port ('' when none); null when it is not a
 * host at all (a path, userinfo, spaces...).
 */
export function splitHost(host: string): { hostname: string; port: string } | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!m || Number(m[2] ?? 0) > 65535) return null;
  return { hostname: m[1].replace(/\.$/, ''), port: m[2] ?? '' };
}

/**
 * Which Host values this server answers for (the rule of lib/env.ts
 * ALLOWED_HOSTS): the listed ones (plus PUBLIC_URL's host); with only
 * PUBLIC_URL, any (no URL is ever made from the Host then); in production
 * with neither, only localhost, 127.0.0.1 and [::1]; otherwise (development,
 * tests) any.
 */
export type HostPolicy =
  | { kind: 'any' }
  | { kind: 'local-only' }
  | { kind: 'listed'; hosts: ReadonlyArray<{ hostname: string; port: string }> };

/** The host policy of a configuration (see HostPolicy). Pure. */
export function hostPolicyOf(e: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): HostPolicy {
  if (e.ALLOWED_HOSTS.length > 0) {
    const listed = [...e.ALLOWED_HOSTS, ...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).host] : [])];
    return { kind: 'listed', hosts: listed.map(splitHost).filter((h) => h !== null) };
  }
  if (e.PUBLIC_URL || e.NODE_ENV !== 'production') return { kind: 'any' };
  return { kind: 'local-only' };
}

/**
 * True when `host` (a Host header value, `name[:port]`) passes `policy`. A
 * listed entry without a port matches the name on any port; with one, only
 * that port. A missing or malformed host passes only the `any` policy.
 */
export function isHostAllowed(host: string | undefined, policy: HostPolicy): boolean {
  if (policy.kind === 'any') return true;
  const h = host === undefined ? null : splitHost(host);
  if (!h) return false;
  if (policy.kind === 'local-only') return LOCAL_HOSTNAMES.has(h.hostname);
  return policy.hosts.some((e) => e.hostname === h.hostname && (e.port === '' || e.port === h.port));
}

/** Each configuration's policy, made once (env() is one object per process; tests swap it). */
const policies = new WeakMap<Env, HostPolicy>();

/**
 * True when this server answers for the host a request names: its Host
 * (with TRUST_PROXY, X-Forwarded-Host: the same check, so a forwarded
 * header cannot smuggle a host past it) and, for an absolute-form target
 * (`GET http://host/path`), that URL's host too.
 * @param target the request target (`req.url`).
 */
export function requestHostAllowed(headers: IncomingHttpHeaders, target: string): boolean {
  const e = env();
  let policy = policies.get(e);
  if (!policy) policies.set(e, policy = hostPolicyOf(e));
  if (policy.kind === 'any') return true;
  if (!isHostAllowed(hostOf(headers), policy)) return false;
  if (target.startsWith('/') || target === '*') return true;
  try {
    return isHostAllowed(new URL(target).host, policy);
  } catch {
    return false;
  }
}

/**
 * The start-up line about which hosts are answered, or null when there is
 * nothing to say: in production without PUBLIC_URL or ALLOWED_HOSTS, what
 * to set so the site answers on its own domain.
 */
export function hostPolicyNotice(e: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): string | null {
  if (hostPolicyOf(e).kind !== 'local-only') return null;
  return 'Neither PUBLIC_URL nor ALLOWED_HOSTS is set: only requests to localhost, 127.0.0.1 and [::1] are answered, '
    + 'any other Host gets 421 host_not_allowed. Set PUBLIC_URL=https://<your domain> (share links and previews use it) '
    + 'or ALLOWED_HOSTS=<your domain>[,www.<your domain>].';
}

/**
 * The public origin for absolute URLs made for other people (Open Graph
 * tags, canonical links): PUBLIC_URL's when set, else the request's own,
 * whose host the request listener has already checked against ALLOWED_HOSTS
 * (requestHostAllowed). Null without a Host header.
 */
export function publicOriginOf(headers: IncomingHttpHeaders, encrypted: boolean): string | null {
  const configured = env().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  return requestOriginOf(headers, encrypted);
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
