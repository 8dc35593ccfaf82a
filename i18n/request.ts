import { cookies, headers } from 'next/headers';
import { interfaceLocaleOf } from '@/lib/accept-language';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@/lib/constants';
import { APP_TIME_ZONE } from '@/lib/i18n-locale';

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
 * next-intl's `locale` stays the wire code (en, hi, he): it picks the message
 * catalogue and is what `useLocale()` callers send to the API. next-intl 4
 * formats with that same locale and has no separate formatting locale, and
 * `he` is Hebrew to Intl; so dates, times, numbers and amounts are formatted
 * through lib/i18n-locale.ts (`useAppFormatter`, `formatInr`), which maps
 * `he` to en-IN. Messages only use plural/select with `#`, which format the
 * same under `he` (Latin digits; Hebrew's extra `two` category falls back to
 * `other`), as app/_lib/no-hebrew-formatting.test.tsx checks.
 */
export default getRequestConfig(async () => {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  // Without a choice yet, the phone's language (Hindi for hi, else English: lib/accept-language.ts).
  const locale: Locale = isLocale(value) ? value : interfaceLocaleOf((await headers()).get('accept-language'));
  return {
    locale,
    timeZone: APP_TIME_ZONE,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
