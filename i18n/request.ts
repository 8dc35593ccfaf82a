import { cookies, headers } from 'next/headers';
import { interfaceLocaleOf } from '@/lib/accept-language';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/constants';
import { APP_TIME_ZONE, formatLocale } from '@/lib/i18n-locale';

/** True when `v` is one of the interface locales (en, hi, he). */
function isLocale(v: string | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

/**
 * next-intl request config without locale routing: the interface language is
 * the `NEXT_LOCALE` cookie (SPEC.md section 4 "Language": English default,
 * Hindi, Hinglish; persisted). Without one (or with an unknown value) the
 * phone's Accept-Language decides: Hindi for hi, else English.
 *
 * The wire code picks the message catalogue; next-intl's `locale` is its
 * BCP 47 tag (lib/i18n-locale.ts: en-IN, hi-IN, en-IN-x-hinglish), since
 * next-intl formats the ICU arguments of messages (`#`, plural rules) in it
 * and `he` is Hebrew to Intl. Code that needs the wire code reads it with
 * `useInterfaceLang()` / `getInterfaceLang()`.
 */
export default getRequestConfig(async () => {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  // Without a choice yet, the phone's language (Hindi for hi, else English: lib/accept-language.ts).
  const locale: Locale = isLocale(value) ? value : interfaceLocaleOf((await headers()).get('accept-language'));
  return {
    locale: formatLocale(locale),
    timeZone: APP_TIME_ZONE,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
