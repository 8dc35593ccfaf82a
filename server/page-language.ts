import 'server-only';
import type http from 'node:http';
import { LOCALE_COOKIE } from '@/lib/constants';
import { cookieValue, withSetCookie } from '@/lib/http/cookies';
import { isPrivatePage } from '@/lib/http/private-pages';
import { PAGE_PATH_HEADER, urlLanguageOf } from '@/lib/url-language';

/** How long a language named by a URL is kept: a year, as the language switch keeps it (components/ui/language-switch.tsx). */
const LOCALE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Prepares a page request for its language and indexing
 * (docs/decisions/029-language-per-url.md):
 * - a URL naming a language (`?hl=hi`, lib/url-language.ts) sets the
 *   `NEXT_LOCALE` cookie on the answer and in the request's own Cookie
 *   header, so this render (i18n/request.ts) and the person's next pages
 *   are in it; the same attributes as the switch's cookie (readable by the
 *   page, which rewrites it when the person picks another language);
 * - the page's path goes to the root layout in {@link PAGE_PATH_HEADER}
 *   (overwriting any the client sent);
 * - a private page (lib/http/private-pages.ts) is answered with
 *   `X-Robots-Tag: noindex, nofollow`.
 * @param req a page request (not an API, media or `/_next/` asset request).
 * @param https whether the request came over HTTPS (the cookie is then `Secure`).
 */
export function preparePageLanguage(req: http.IncomingMessage, res: http.ServerResponse, https: boolean): void {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  req.headers[PAGE_PATH_HEADER] = pathname;
  if (isPrivatePage(pathname)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  const lang = urlLanguageOf(url);
  if (!lang || cookieValue(req.headers.cookie, LOCALE_COOKIE) === lang) return;
  const cookie = `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=${LOCALE_MAX_AGE_S}; SameSite=Lax${https ? '; Secure' : ''}`;
  res.appendHeader('Set-Cookie', cookie);
  req.headers.cookie = withSetCookie(req.headers.cookie, cookie);
}
