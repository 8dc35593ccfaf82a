import { LOCALES, type Locale } from '@/lib/constants';

/*
 * A language per URL for the public, indexable pages
 * (docs/decisions/029-language-per-url.md): the English page is the bare
 * path, Hindi adds `?hl=hi`, Hinglish `?hl=he`. A person who navigates keeps
 * the cookie's language (links inside the app carry no `hl`); a URL that
 * names one sets it (server/request-listener.ts), so a crawler, a WhatsApp
 * link or a search result opens the language it names.
 */

/** The query parameter that names a page's interface language. */
export const URL_LANGUAGE_PARAM = 'hl';

/**
 * The hreflang of each interface language: Indian English, Hindi in
 * Devanagari, and Hinglish as Hindi in Latin letters (`he` is the wire's
 * code for Hinglish, never Hebrew; lib/i18n-locale.ts).
 */
export const HREFLANGS = { en: 'en-IN', hi: 'hi-IN', he: 'hi-Latn' } as const satisfies Record<Locale, string>;

/** The hreflang of the version a person's browser picks when none of the others fits. */
export const X_DEFAULT = 'x-default';

function isLocale(v: string | null | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

/**
 * The interface language a URL names with `?hl=`, or null when it names
 * none (no parameter, or an empty or unknown value; a fragment is not the query).
 * @param url an origin-relative path with its query (`/topic/x?hl=hi`) or an absolute URL.
 */
export function urlLanguageOf(url: string): Locale | null {
  const hash = url.indexOf('#');
  const target = hash < 0 ? url : url.slice(0, hash);
  const q = target.indexOf('?');
  if (q < 0) return null;
  const v = new URLSearchParams(target.slice(q + 1)).get(URL_LANGUAGE_PARAM);
  return isLocale(v) ? v : null;
}

/**
 * The URL of `path` in `lang`: the bare path for English, `?hl=hi` or
 * `?hl=he` added for the others. Any `hl` already on the path is replaced;
 * other query parameters are kept in their order.
 * @param path an origin-relative path, optionally with a query (`/share?lang=hi`).
 */
export function localizedPath(path: string, lang: Locale): string {
  const q = path.indexOf('?');
  const base = q < 0 ? path : path.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : path.slice(q + 1));
  params.delete(URL_LANGUAGE_PARAM);
  if (lang !== 'en') params.set(URL_LANGUAGE_PARAM, lang);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * The language versions of a page, for `<link rel="alternate" hreflang>`
 * and sitemaps: each interface language's URL under its hreflang, and the
 * bare path as x-default (a cookie-less visitor without a Hindi phone gets
 * English there). Every version lists the same set, so they are reciprocal.
 * @returns hreflang -> origin-relative URL (or absolute when `origin` is given).
 */
export function languageAlternates(path: string, origin?: string | URL): Record<string, string> {
  const abs = (p: string) => (origin ? new URL(p, origin).toString() : p);
  const out: Record<string, string> = {};
  for (const l of LOCALES) out[HREFLANGS[l]] = abs(localizedPath(path, l));
  out[X_DEFAULT] = abs(localizedPath(path, 'en'));
  return out;
}

/**
 * The request header through which the request listener hands a page's
 * path to the root layout (which Next gives no pathname), so `<html lang>`
 * can be the language of the page's main content. The listener always
 * overwrites it: a client's own value never reaches the layout.
 */
export const PAGE_PATH_HEADER = 'x-sr-page-path';
