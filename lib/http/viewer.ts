import { createMiddleware } from 'hono/factory';
import { getCookie, setCookie } from 'hono/cookie';
import { customAlphabet } from 'nanoid';
import { DEVICE_ID_LENGTH, VIEWER_COOKIE } from '../constants';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A random alphanumeric id of `DEVICE_ID_LENGTH` (20) characters. SPEC.md section 9. */
export const newViewerId = customAlphabet(ALNUM, DEVICE_ID_LENGTH);
const VIEWER_ID_RE = new RegExp(`^[0-9A-Za-z]{${DEVICE_ID_LENGTH}}$`);

/** True when `id` has the shape of a viewer id. */
export function isViewerId(id: string | undefined | null): id is string {
  return !!id && VIEWER_ID_RE.test(id);
}

export type ViewerVars = { viewerId: string; viewerIsNew: boolean };

/**
 * Middleware: resolves the anonymous viewer from the httpOnly cookie, or
 * makes one on the first visit and sets the cookie (one year). The id is
 * `c.var.viewerId`; it is written to the database lazily by the services
 * that need it (`ensureViewer`), so a bot's single GET writes nothing.
 */
export function viewer() {
  return createMiddleware<{ Variables: ViewerVars }>(async (c, next) => {
    let id = getCookie(c, VIEWER_COOKIE);
    const isNew = !isViewerId(id);
    if (isNew) {
      id = newViewerId();
      setCookie(c, VIEWER_COOKIE, id, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 365 * 24 * 3600,
        secure: c.req.url.startsWith('https:'),
      });
    }
    c.set('viewerId', id as string);
    c.set('viewerIsNew', isNew);
    await next();
  });
}
