import { createFormatter, type DateTimeFormatOptions } from 'next-intl';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/lib/constants';

/**
 * The one place where the interface language (SPEC.md section 4 "Language":
 * `en`, `hi`, `he`) becomes a BCP 47 locale, for Intl and for next-intl.
 *
 * `he` is the SPEC's code for Hinglish, but to Intl it is the ISO code for
 * Hebrew: dates, times, relative times and amounts formatted with it come
 * out in Hebrew script with right-to-left marks ("‏0 ‏₹"), and plural rules
 * are Hebrew's. So `he` never reaches Intl: Hinglish is Indian English with a
 * private-use subtag, `en-IN-x-hinglish` (Latin script, lakh grouping,
 * "pm", English plural rules; Intl resolves it to en-IN), and its Hindi
 * words come from messages/he.json. The subtag keeps it apart from English
 * where one tag must name one language (next-intl's locale).
 *
 * `he` stays what the wire, the cookie and the message catalogue's file
 * name use. next-intl's `locale` is the BCP 47 tag (i18n/request.ts), so the
 * ICU arguments inside messages (`#`, plural categories) are formatted in
 * it too; code that needs the wire code reads it with `useInterfaceLang()` /
 * `getInterfaceLang()`, never next-intl's `useLocale()` / `getLocale()`
 * (ESLint enforces it).
 */

/** The BCP 47 locale of each interface language, for Intl formatters and next-intl. */
export const FORMAT_LOCALES = { en: 'en-IN', hi: 'hi-IN', he: 'en-IN-x-hinglish' } as const satisfies Record<Locale, string>;

/** A BCP 47 locale Intl formats with: one of {@link FORMAT_LOCALES}' values. */
export type FormatLocale = (typeof FORMAT_LOCALES)[Locale];

/** The audience is in India; a fixed zone keeps server and client output equal. */
export const APP_TIME_ZONE = 'Asia/Kolkata';

function isLocale(v: string | null | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

/**
 * The BCP 47 locale for Intl formatters and next-intl of an interface
 * language: en -> en-IN, hi -> hi-IN, he (Hinglish) -> en-IN-x-hinglish.
 * Anything else (unknown, empty) is the default language's locale.
 */
export function formatLocale(lang: string | null | undefined): FormatLocale {
  return FORMAT_LOCALES[isLocale(lang) ? lang : DEFAULT_LOCALE];
}

/**
 * The interface language (wire code en, hi, he) of a locale: one of
 * {@link FORMAT_LOCALES}' tags (what next-intl's `useLocale()` returns) or a
 * wire code itself; anything else is the default language.
 */
export function interfaceLangOf(locale: string | null | undefined): Locale {
  if (isLocale(locale)) return locale;
  for (const l of LOCALES) if (FORMAT_LOCALES[l] === locale) return l;
  return DEFAULT_LOCALE;
}

/**
 * The `<html lang>` of an interface language (or of its locale tag). Hinglish is Hindi written in
 * Latin letters (`hi-Latn`), so the browser's own UI (native video controls,
 * spell check, hyphenation) is never Hebrew.
 */
export function htmlLang(lang: string | null | undefined): string {
  const l = interfaceLangOf(lang);
  return l === 'he' ? 'hi-Latn' : l;
}

/**
 * Times of day: one convention across the three languages, the 12-hour
 * clock as Indians read it ("3:30 pm" in en-IN and Hinglish, "3:30 pm" in
 * hi-IN too), in India time. Pass to `format.dateTime(date, TIME_FORMAT)`.
 */
export const TIME_FORMAT = { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } as const satisfies DateTimeFormatOptions;

/** A date with its time of day, in the {@link TIME_FORMAT} convention: "28 Nov 2026, 3:30 pm". */
export const DATE_TIME_FORMAT = {
  day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hourCycle: 'h12',
} as const satisfies DateTimeFormatOptions;

/** A date alone: "28 Nov 2026". */
export const DATE_FORMAT = { day: 'numeric', month: 'short', year: 'numeric' } as const satisfies DateTimeFormatOptions;

/**
 * A next-intl formatter (dateTime, relativeTime, number, list) that formats
 * in the mapped locale of `lang` and India time. For server code and tests;
 * components use `useAppFormatter()`.
 * @param lang interface language (en, hi, he); unknown -> English.
 * @param now reference time for relativeTime when none is passed per call.
 */
export function createAppFormatter(lang: string | null | undefined, now?: Date) {
  return createFormatter({ locale: formatLocale(lang), timeZone: APP_TIME_ZONE, now });
}

/** One Intl.NumberFormat per locale and fraction mode, as amounts are shown in lists. */
const inrFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of rupees as Indians read it: symbol first, lakh grouping, no
 * paise unless there are some ("₹1,50,000", "₹99.50"), in every interface
 * language (Latin digits in Hindi too). Non-finite input shows as ₹0.
 * @param amount rupees (not paise).
 * @param lang interface language (en, hi, he).
 */
export function formatInr(amount: number, lang: string | null | undefined): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const paise = Math.round(value * 100) % 100 !== 0;
  const locale = formatLocale(lang);
  const key = `${locale}|${paise}`;
  let nf = inrFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: 'currency', currency: 'INR', currencyDisplay: 'symbol',
      minimumFractionDigits: paise ? 2 : 0, maximumFractionDigits: paise ? 2 : 0,
    });
    inrFormats.set(key, nf);
  }
  return nf.format(value);
}
