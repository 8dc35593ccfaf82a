import { describe, expect, it } from 'vitest';
import { interfaceLocaleOf, parseAcceptLanguage, preferredLanguage } from './accept-language';

describe('parseAcceptLanguage', () => {
  it('orders ranges by quality, keeping the sent order for equal q', () => {
    expect(parseAcceptLanguage('en-US;q=0.5, hi-IN, hi;q=0.9, mr')).toEqual([
      { tag: 'hi-in', primary: 'hi', q: 1 },
      { tag: 'mr', primary: 'mr', q: 1 },
      { tag: 'hi', primary: 'hi', q: 0.9 },
      { tag: 'en-us', primary: 'en', q: 0.5 },
    ]);
  });

  it('drops q=0, malformed ranges and malformed qualities', () => {
    expect(parseAcceptLanguage('hi;q=0, en;q=2, 12, fr;q=abc, ta ; q=0.3, *;q=0.1').map((r) => r.tag)).toEqual(['ta', '*']);
  });

  it('gives nothing for a missing or empty header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage('  ,  ')).toEqual([]);
  });
});

describe('preferredLanguage', () => {
  it('is the supported language the header ranks highest', () => {
    expect(preferredLanguage('en-IN,en;q=0.9,hi;q=0.8', ['hi', 'en'])).toBe('en');
    expect(preferredLanguage('mr-IN, hi-IN;q=0.8, en;q=0.7', ['hi', 'en'])).toBe('hi');
    expect(preferredLanguage('fr, *;q=0.5', ['hi', 'en'])).toBeNull();
  });
});

describe('interfaceLocaleOf', () => {
  it('is Hindi for a phone that prefers Hindi, else English', () => {
    expect(interfaceLocaleOf('hi-IN,hi;q=0.9,en-US;q=0.8')).toBe('hi');
    expect(interfaceLocaleOf('en-IN,hi;q=0.9')).toBe('en');
    expect(interfaceLocaleOf('ta-IN')).toBe('en');
    expect(interfaceLocaleOf(undefined)).toBe('en');
  });
});
