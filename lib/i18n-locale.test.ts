import { describe, expect, it } from 'vitest';
import {
  createAppFormatter, DATE_FORMAT, DATE_TIME_FORMAT, formatInr, formatLocale, htmlLang, interfaceLangOf, TIME_FORMAT,
} from './i18n-locale';

// 28 Nov 2026, 12:00 and 15:30 India time.
const NOON = new Date('2026-11-28T06:30:00Z');
const HALF_PAST_THREE = new Date('2026-11-28T10:00:00Z');

describe('formatLocale', () => {
  it('maps each interface language to its BCP 47 formatting locale, Hinglish to Indian English', () => {
    expect(formatLocale('en')).toBe('en-IN');
    expect(formatLocale('hi')).toBe('hi-IN');
    expect(formatLocale('he')).toBe('en-IN-x-hinglish');
    // Intl reads the private-use subtag as Indian English.
    expect(new Intl.NumberFormat(formatLocale('he')).resolvedOptions().locale).toBe('en-IN');
  });

  it('formats anything else as English', () => {
    expect(formatLocale(undefined)).toBe('en-IN');
    expect(formatLocale('')).toBe('en-IN');
    expect(formatLocale('fr')).toBe('en-IN');
  });
});

describe('interfaceLangOf', () => {
  it('maps each locale tag back to its wire code, and takes wire codes as they are', () => {
    for (const lang of ['en', 'hi', 'he'] as const) {
      expect(interfaceLangOf(formatLocale(lang))).toBe(lang);
      expect(interfaceLangOf(lang)).toBe(lang);
    }
  });

  it('reads anything else as English', () => {
    expect(interfaceLangOf('he-IL')).toBe('en');
    expect(interfaceLangOf(undefined)).toBe('en');
    expect(interfaceLangOf('hi-Latn')).toBe('en');
  });
});

describe('htmlLang', () => {
  it('tags Hinglish as Hindi in Latin script, never Hebrew', () => {
    expect(htmlLang('he')).toBe('hi-Latn');
    expect(htmlLang('hi')).toBe('hi');
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('xx')).toBe('en');
    expect(htmlLang('en-IN-x-hinglish')).toBe('hi-Latn');
  });
});

describe('formatInr', () => {
  it('puts the symbol first and groups in lakhs and crores, in every language', () => {
    for (const lang of ['en', 'hi', 'he']) {
      expect(formatInr(150000, lang)).toBe('₹1,50,000');
      expect(formatInr(12345678, lang)).toBe('₹1,23,45,678');
      expect(formatInr(0, lang)).toBe('₹0');
    }
  });

  it('shows paise only when there are some', () => {
    expect(formatInr(99.5, 'en')).toBe('₹99.50');
    expect(formatInr(500, 'he')).toBe('₹500');
    expect(formatInr(500.004, 'en')).toBe('₹500');
  });

  it('shows a non-number as ₹0 rather than ₹NaN', () => {
    expect(formatInr(Number.NaN, 'en')).toBe('₹0');
  });
});

describe('createAppFormatter', () => {
  it('formats Hinglish dates and times as Indian English, 12-hour', () => {
    const f = createAppFormatter('he');
    expect(f.dateTime(NOON, { weekday: 'long', day: 'numeric', month: 'long' })).toBe('Saturday, 28 November');
    expect(f.dateTime(HALF_PAST_THREE, TIME_FORMAT)).toBe('3:30 pm');
    expect(f.dateTime(NOON, DATE_FORMAT)).toBe('28 Nov 2026');
    expect(f.dateTime(HALF_PAST_THREE, DATE_TIME_FORMAT)).toBe('28 Nov 2026, 3:30 pm');
  });

  it('uses the same 12-hour clock in Hindi and English', () => {
    expect(createAppFormatter('en').dateTime(HALF_PAST_THREE, TIME_FORMAT)).toBe('3:30 pm');
    expect(createAppFormatter('hi').dateTime(HALF_PAST_THREE, TIME_FORMAT)).toBe('3:30 pm');
  });

  it('writes relative times and numbers in Latin script for Hinglish, Devanagari words for Hindi', () => {
    const now = new Date(NOON.getTime() + 17 * 60_000);
    expect(createAppFormatter('he').relativeTime(NOON, now)).toBe('17 minutes ago');
    expect(createAppFormatter('hi').relativeTime(NOON, now)).toBe('17 मिनट पहले');
    expect(createAppFormatter('he').number(150000)).toBe('1,50,000');
    expect(createAppFormatter('en').number(150000)).toBe('1,50,000');
  });
});
