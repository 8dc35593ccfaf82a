import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/constants';

/** True when `v` is one of the interface locales (en, hi, he). */
function isLocale(v: string | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

/**
 * next-intl request config without locale routing: the interface language is
 * the `NEXT_LOCALE` cookie (SPEC.md section 4 "Language": English default,
 * Hindi, Hinglish; persisted). An unknown value falls back to English.
 */
export default getRequestConfig(async () => {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  const locale: Locale = isLocale(value) ? value : DEFAULT_LOCALE;
  return {
    locale,
    // The audience is in India; a fixed zone keeps server and client output equal.
    timeZone: 'Asia/Kolkata',
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
