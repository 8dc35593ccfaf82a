'use client';

import { useMemo } from 'react';
import { createFormatter, useLocale, useNow, useTimeZone } from 'next-intl';
import { formatInr, formatLocale } from '@/lib/i18n-locale';

/**
 * next-intl's formatter (dateTime, relativeTime, number, list) for the
 * current interface language, formatting in its mapped BCP 47 locale
 * (lib/i18n-locale.ts: Hinglish `he` -> en-IN, never Hebrew) and the app's
 * time zone. Use it instead of `useFormatter()`, which formats with the raw
 * `he`.
 */
export function useAppFormatter() {
  const lang = useLocale();
  const timeZone = useTimeZone();
  const now = useNow();
  return useMemo(() => createFormatter({ locale: formatLocale(lang), timeZone, now }), [lang, timeZone, now]);
}

/** {@link formatInr} bound to the interface language: rupees -> "₹1,50,000". */
export function useFormatInr(): (amount: number) => string {
  const lang = useLocale();
  return useMemo(() => (amount: number) => formatInr(amount, lang), [lang]);
}
