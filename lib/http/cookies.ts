import { parse } from 'hono/utils/cookie';

/*
 * Reading a Cookie header, in one place and with a library's parser (Hono's,
 * the one `getCookie(c, name)` uses inside a route): split on `;`, names and
 * values trimmed, surrounding double quotes removed, percent-escapes
 * decoded, the first of two same-named cookies wins, a pair whose value has
 * characters a cookie may not hold is skipped.
 */

/**
 * The value of cookie `name` in a Cookie header, or null when the header is
 * missing or holds no (valid) cookie of that name. An empty value is ''.
 */
export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parse(cookieHeader, name)[name] ?? null;
}

/**
 * The Cookie header `cookieHeader` as it reads once the browser has stored
 * `setCookie` (a Set-Cookie value, `name=value; Path=...`): every other pair
 * kept as it was written (order and encoding), any pair of that name
 * replaced by the new `name=value` at the end. For handing a cookie issued
 * on the response to the code that renders the same request.
 */
export function withSetCookie(cookieHeader: string | undefined, setCookie: string): string {
  const pair = setCookie.split(';')[0].trim();
  const name = pair.slice(0, pair.indexOf('=') + 1);
  const others = (cookieHeader ?? '').split(';').map((c) => c.trim())
    .filter((c) => c && !c.startsWith(name));
  return [...others, pair].join('; ');
}
