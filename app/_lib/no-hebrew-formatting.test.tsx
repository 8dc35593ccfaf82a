import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { LOCALES, type Locale } from '@/lib/constants';
import {
  APP_TIME_ZONE, createAppFormatter, DATE_FORMAT, DATE_TIME_FORMAT, formatInr, formatLocale, TIME_FORMAT,
} from '@/lib/i18n-locale';
import { useAppFormatter, useFormatInr } from '@/lib/use-app-formatter';
import { formatCount } from '@/features/reels/lib/text';
import { renderWithApp } from '@/tests/fixtures/render';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';

/**
 * `he` is Hinglish here and Hebrew to Intl: nothing the app formats may come
 * out in Hebrew script or carry a bidi mark (which Intl adds for Hebrew
 * amounts, "‏0 ‏₹"). Every formatter the app uses runs in the three
 * interface languages and is checked for both.
 */
const HEBREW_OR_BIDI = /[\u0590-\u05FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
const MESSAGES = { en, hi, he } as const;

const NOON = new Date('2026-11-28T06:30:00Z');
const NOW = new Date(NOON.getTime() + 17 * 60_000);

/** Every formatting the app's components do (referrals, leads, notifications, insights, reels), as text. */
function allFormatted(lang: Locale): Record<string, string> {
  const f = createAppFormatter(lang, NOW);
  return {
    date: f.dateTime(NOON, DATE_FORMAT),
    dateTime: f.dateTime(NOON, DATE_TIME_FORMAT),
    time: f.dateTime(NOON, TIME_FORMAT),
    dateMedium: f.dateTime(NOON, { dateStyle: 'medium' }),
    callbackDay: f.dateTime(NOON, { weekday: 'long', day: 'numeric', month: 'long' }),
    insightsDay: f.dateTime(new Date('2026-11-24T00:00:00Z'), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    minutesAgo: f.relativeTime(NOON, NOW),
    hoursAgo: f.relativeTime(new Date(NOW.getTime() - 5 * 3600_000), NOW),
    daysAgo: f.relativeTime(new Date(NOW.getTime() - 3 * 86_400_000), NOW),
    inFuture: f.relativeTime(new Date(NOW.getTime() + 2 * 86_400_000), NOW),
    number: f.number(150000),
    percent: f.number(0.333, { style: 'percent', maximumFractionDigits: 1 }),
    seconds: f.number(45, { style: 'unit', unit: 'second', unitDisplay: 'short' }),
    minutes: f.number(6.7, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 }),
    hours: f.number(1.5, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }),
    inrZero: formatInr(0, lang),
    inrLakh: formatInr(150000, lang),
    inrPaise: formatInr(99.5, lang),
    compactCount: formatCount(1234, lang),
  };
}

type Tree = { [k: string]: string | Tree };

/** [key, message] of every message with ICU plural, select or number/date/time arguments. */
function icuMessages(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v !== 'string') return icuMessages(v, key);
    return /,\s*(plural|selectordinal|select|number|date|time)\b/.test(v) ? [[key, v]] : [];
  });
}

/** Values for every argument of `message`: `count` for plural ones, a plain word for the rest. */
function valuesFor(message: string, count: number): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name, type] of message.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
    values[name] = type === 'plural' || type === 'selectordinal' || type === 'number' ? count : type === 'select' ? 'other' : 'x';
  }
  return values;
}

describe('formatting in en, hi and he (Hinglish)', () => {
  it('the check itself catches what Intl makes of the raw code he', () => {
    const raw = new Intl.NumberFormat('he', { style: 'currency', currency: 'INR' }).format(0);
    expect(raw).toMatch(HEBREW_OR_BIDI);
    expect(new Intl.RelativeTimeFormat('he').format(-17, 'minute')).toMatch(HEBREW_OR_BIDI);
  });

  it.each(LOCALES)('no formatter writes Hebrew letters or bidi marks (%s)', (lang) => {
    for (const [name, text] of Object.entries(allFormatted(lang))) {
      expect({ name, text, hebrew: HEBREW_OR_BIDI.test(text) }).toEqual({ name, text, hebrew: false });
    }
  });

  it('Hinglish formats exactly as Indian English', () => {
    expect(allFormatted('he')).toEqual(allFormatted('en'));
    expect(allFormatted('he').minutesAgo).toBe('17 minutes ago');
    expect(allFormatted('he').inrLakh).toBe('₹1,50,000');
  });

  it.each(LOCALES)('every plural/select message renders without Hebrew for counts 0, 1, 2, 5, and 2 reads like 5 (%s)', (lang) => {
    const errors: string[] = [];
    // The locale next-intl is given in the app (i18n/request.ts): the BCP 47 tag, en-IN-x-hinglish for Hinglish.
    const t = createTranslator({
      locale: formatLocale(lang), messages: MESSAGES[lang], timeZone: APP_TIME_ZONE, onError: (e) => errors.push(e.message),
    });
    const messages = icuMessages(MESSAGES[lang] as Tree);
    expect(messages.length).toBeGreaterThan(10);
    for (const [key, message] of messages) {
      const out = Object.fromEntries([0, 1, 2, 5].map((n) => [n, (t as (k: string, v: object) => string)(key, valuesFor(message, n))]));
      for (const text of Object.values(out)) expect({ key, text, hebrew: HEBREW_OR_BIDI.test(text) }).toEqual({ key, text, hebrew: false });
      // Only Hebrew of these locales has a `two` category, and our messages have none: 2 must take the same branch as 5.
      if (/plural/.test(message)) expect({ key, two: out[2].replaceAll('2', 'N') }).toEqual({ key, two: out[5].replaceAll('5', 'N') });
    }
    expect(errors).toEqual([]);
  });

  it.each(LOCALES)('a count of a lakh or more inside a message has Indian grouping (%s)', (lang) => {
    const t = createTranslator({ locale: formatLocale(lang), messages: MESSAGES[lang], timeZone: APP_TIME_ZONE });
    const counted = icuMessages(MESSAGES[lang] as Tree).filter(([, m]) => /#/.test(m));
    expect(counted.length).toBeGreaterThan(5);
    for (const [key, message] of counted) {
      const text = (t as (k: string, v: object) => string)(key, valuesFor(message, 150000));
      expect({ key, text, lakh: text.includes('1,50,000') }).toEqual({ key, text, lakh: true });
    }
  });

  it('the raw code he would have grouped a lakh the Western way and used Hebrew plural rules', () => {
    const t = createTranslator({ locale: 'he', messages: MESSAGES.he, timeZone: APP_TIME_ZONE });
    expect(t('reels.viewCount', { count: 150000 })).toBe('150,000 views');
    expect(new Intl.PluralRules('he').select(2)).toBe('two');
    expect(new Intl.PluralRules(formatLocale('he')).select(2)).toBe('other');
  });
});

function Probe() {
  const f = useAppFormatter();
  const inr = useFormatInr();
  return (
    <p data-testid="probe">
      {[
        f.dateTime(NOON, DATE_TIME_FORMAT), f.dateTime(NOON, TIME_FORMAT), f.relativeTime(NOON, NOW),
        f.number(150000), inr(150000), inr(0),
      ].join(' | ')}
    </p>
  );
}

describe('useAppFormatter and useFormatInr under the app providers', () => {
  it.each([
    ['en', '28 Nov 2026, 12:00 pm | 12:00 pm | 17 minutes ago | 1,50,000 | ₹1,50,000 | ₹0'],
    ['he', '28 Nov 2026, 12:00 pm | 12:00 pm | 17 minutes ago | 1,50,000 | ₹1,50,000 | ₹0'],
    ['hi', '28 नव॰ 2026, 12:00 pm | 12:00 pm | 17 मिनट पहले | 1,50,000 | ₹1,50,000 | ₹0'],
  ] as const)('formats in the mapped locale (%s)', (lang, expected) => {
    renderWithApp(<Probe />, { locale: lang });
    const text = screen.getByTestId('probe').textContent ?? '';
    expect(text).not.toMatch(HEBREW_OR_BIDI);
    expect(text).toBe(expected);
  });
});
