import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { interfaceLocaleOf } from '@/lib/accept-language';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/constants';

/** `?lang=` of the read side: en, hi or he (Hinglish). Unknown values are a 422 naming `lang`. */
export const askerLangParam = z.enum(LOCALES, { error: 'lang must be one of en, hi, he' }).optional();

/** A read endpoint's query that takes only `lang`. */
export const langOnlyQuerySchema = z.strictObject({ lang: askerLangParam });

/**
 * The language names and texts are answered in (the feed's rule without
 * "all"): the explicit `lang` when given, else the interface language the
 * person chose (the NEXT_LOCALE cookie), else what Accept-Language gives a new
 * visitor's interface (i18n/request.ts, lib/accept-language.ts).
 */
export function askerLangOf(explicit: string | null | undefined, localeCookie: string | null | undefined,
  acceptLanguage: string | null | undefined): Locale {
  const isLocale = (v: string | null | undefined): v is Locale => !!v && (LOCALES as readonly string[]).includes(v);
  if (isLocale(explicit)) return explicit;
  if (isLocale(localeCookie)) return localeCookie;
  return interfaceLocaleOf(acceptLanguage);
}

/** askerLangOf for a Hono request: `?lang=`, the NEXT_LOCALE cookie, Accept-Language. */
export function askerLang(c: Context): Locale {
  return askerLangOf(c.req.query('lang'), getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'));
}
