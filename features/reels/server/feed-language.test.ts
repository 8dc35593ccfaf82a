import { describe, expect, it } from 'vitest';
import { feedLanguageOf, summaryLanguageOf } from './feed-language';

describe('feedLanguageOf', () => {
  it('takes an explicit lang over everything, all included', () => {
    expect(feedLanguageOf({ explicit: 'en', localeCookie: 'hi', acceptLanguage: 'hi-IN' })).toEqual({ lang: 'en', explicit: true });
    expect(feedLanguageOf({ explicit: 'all', localeCookie: 'hi' })).toEqual({ lang: 'all', explicit: true });
  });

  it('else the interface language of the NEXT_LOCALE cookie', () => {
    expect(feedLanguageOf({ localeCookie: 'en', acceptLanguage: 'hi-IN' })).toEqual({ lang: 'en', explicit: false });
    expect(feedLanguageOf({ localeCookie: 'he' })).toEqual({ lang: 'he', explicit: false });
    expect(feedLanguageOf({ localeCookie: 'hi' })).toEqual({ lang: 'hi', explicit: false });
  });

  it("else Hindi for a phone that prefers Hindi, ignoring an unknown cookie", () => {
    expect(feedLanguageOf({ localeCookie: 'fr', acceptLanguage: 'hi-IN,hi;q=0.9,en;q=0.8' }).lang).toBe('hi');
    expect(feedLanguageOf({ acceptLanguage: 'en-IN, hi;q=0.9' }).lang).toBe('he');
  });

  it('else Hinglish, the feed\'s first language', () => {
    expect(feedLanguageOf({})).toEqual({ lang: 'he', explicit: false });
    expect(feedLanguageOf({ explicit: null, localeCookie: null, acceptLanguage: null })).toEqual({ lang: 'he', explicit: false });
  });
});

describe('summaryLanguageOf', () => {
  it('is the interface language: the cookie, else Hindi or English from the phone', () => {
    expect(summaryLanguageOf({ localeCookie: 'he', acceptLanguage: 'hi' })).toBe('he');
    expect(summaryLanguageOf({ acceptLanguage: 'hi-IN' })).toBe('hi');
    expect(summaryLanguageOf({ acceptLanguage: 'ta-IN' })).toBe('en');
    expect(summaryLanguageOf({})).toBe('en');
  });
});
