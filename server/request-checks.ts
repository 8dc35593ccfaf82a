import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiErrorCode } from '@/lib/http/error-codes';
import { requestHostAllowed } from '@/lib/http/request-info';

/**
 * What the request listener refuses before any handler sees a request
 * (server/request-listener.ts): a client's mistake is a 4xx in the one error
 * shape here, instead of a 500 from whichever handler would have tripped on
 * it (PostgreSQL rejects a NUL in a text parameter; decodeURIComponent throws
 * on a malformed escape; Next renders any method as GET).
 */

/** A refusal: its status, the one shape's code and message, and extra headers (Allow). */
export interface Refusal {
  status: 400 | 405 | 421;
  code: ApiErrorCode;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Methods nothing here takes, whatever the path: TRACE (and IIS's TRACK)
 * echo a request back, which only cross-site tracing wants; CONNECT makes a
 * tunnel (Node hands it to the server's 'connect' event: refuseConnect).
 */
export const REFUSED_METHODS: ReadonlySet<string> = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * Methods a page (anything Next answers) takes. The app has no server
 * actions (no 'use server' anywhere), so no page takes POST; Next would
 * otherwise render a PUT or DELETE as if it were a GET.
 */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];

/** Methods the API and the resumable uploads take at all (the Allow of a refused TRACE there). */
export const API_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The refusal of a method nothing takes (REFUSED_METHODS), or null.
 * @param api true for the API and upload paths (their Allow lists the API's methods).
 */
export function refusedMethod(method: string, api: boolean): Refusal | null {
  if (!REFUSED_METHODS.has(method)) return null;
  return notAllowed(api ? API_METHODS : PAGE_METHODS);
}

/** The refusal of a page request whose method is not GET or HEAD, or null. */
export function pageMethodRefusal(method: string): Refusal | null {
  return PAGE_METHODS.includes(method) ? null : notAllowed(PAGE_METHODS);
}

function notAllowed(allow: readonly string[]): Refusal {
  return {
    status: 405, code: 'method_not_allowed', message: `This address takes only ${allow.join(', ')}.`,
    headers: { Allow: allow.join(', ') },
  };
}

const BAD_TARGET: Refusal = { status: 400, code: 'bad_request', message: 'The request path is not valid.' };

/**
 * The refusal of a request target (`req.url`: a path with its query, or the
 * absolute form `http://host/path?query`), or null when it is fine: its path
 * must percent-decode (UTF-8, RFC 3986), and neither the path nor any query
 * parameter may hold a NUL, raw or as `%00` (PostgreSQL text cannot hold
 * one). A malformed escape in the query is left to the handlers, which keep
 * such a value as it came (Hono's and Next's query parsers do not throw).
 */
export function targetRefusal(target: string): Refusal | null {
  let rest = target;
  if (!target.startsWith('/')) {
    if (target === '*') return null;
    try {
      const u = new URL(target);
      rest = u.pathname + u.search;
    } catch {
      return BAD_TARGET;
    }
  }
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const query = q === -1 ? '' : rest.slice(q + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return BAD_TARGET;
  }
  if (decoded.includes('\0') || query.includes('\0') || query.includes('%00')) {
    return { status: 400, code: 'bad_request', message: 'The request may not contain a NUL character.' };
  }
  return null;
}

/** The refusal of a request for a host this server does not answer for (lib/http/request-info.ts requestHostAllowed), or null. */
export function hostRefusal(headers: IncomingHttpHeaders, target: string): Refusal | null {
  if (requestHostAllowed(headers, target)) return null;
  return { status: 421, code: 'host_not_allowed', message: 'This server does not answer for that host.' };
}
