'use client';

import { useMemo } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that reads next-intl's locale tag and maps it back.
import { createFormatter, useLocale, useNow, useTimeZone } from 'next-intl';
import type { Locale } from '@/lib/constants';
import { formatInr, formatLocale, interfaceLangOf } from '@/lib/i18n-locale';

/**
 * The interface language as the wire and the cookie name it (SPEC.md
 * section 4 "Language": en, hi, he). next-intl's own `useLocale()` answers
 * the BCP 47 tag it formats with (lib/i18n-locale.ts: `en-IN-x-hinglish`
 * for `he`), which is never sent to the API.
 */
export function useInterfaceLang(): Locale {
  return interfaceLangOf(useLocale());
}

/**
 * next-intl's formatter (dateTime, relativeTime, number, list) for the
 * current interface language, formatting in its mapped BCP 47 locale
 * (lib/i18n-locale.ts: Hinglish `he` -> en-IN-x-hinglish, never Hebrew) and
 * the app's time zone.
 */
export function useAppFormatter() {
  const lang = useInterfaceLang();
  const timeZone = useTimeZone();
  const now = useNow();
  return useMemo(() => createFormatter({ locale: formatLocale(lang), timeZone, now }), [lang, timeZone, now]);
}

/** {@link formatInr} bound to the interface language: rupees -> "₹1,50,000". */
export function useFormatInr(): (amount: number) => string {
  const lang = useInterfaceLang();
  return useMemo(() => (amount: number) => formatInr(amount, lang), [lang]);
}
