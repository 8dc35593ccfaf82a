import type { IncomingMessage, ServerResponse } from 'node:http';
import { serialize, parse } from 'hono/utils/cookie';
import { VIEWER_COOKIE } from '@/lib/constants';
import { isViewerId, newViewerId } from '@/lib/http/viewer';

/**
 * Gives a page request a viewer id before Next renders it: a first visit
 * gets the httpOnly cookie on the response, and the request's Cookie header
 * is extended so server components already see the id (SPEC.md section 9).
 */
export function ensureViewerCookie(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  if (url.startsWith('/_next/') || url.startsWith('/socket.io/')) return;
  const cookies = parse(req.headers.cookie ?? '');
  if (isViewerId(cookies[VIEWER_COOKIE])) return;
  const id = newViewerId();
  res.appendHeader('Set-Cookie', serialize(VIEWER_COOKIE, id, {
    httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 3600,
  }));
  req.headers.cookie = `${req.headers.cookie ? `${req.headers.cookie}; ` : ''}${VIEWER_COOKIE}=${id}`;
}
