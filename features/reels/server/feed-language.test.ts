import { describe, expect, it } from 'vitest';
import { askerLangOf } from '@/lib/http/asker-lang';
import { feedLanguageOf, namesLanguageOf, summaryLanguageOf } from './feed-language';

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

describe('namesLanguageOf', () => {
  it('is the asker language of the request, as the feed callers pass it on', () => {
    const explicits = [undefined, 'all', 'en', 'hi', 'he'] as const;
    const cookies = [undefined, 'en', 'hi', 'he', 'fr'];
    const phones = [undefined, 'hi-IN,hi;q=0.9', 'en-IN,hi;q=0.9', 'ta-IN'];
    for (const explicit of explicits) {
      for (const localeCookie of cookies) {
        for (const acceptLanguage of phones) {
          const signals = { localeCookie, acceptLanguage };
          // What routes.ts, server/api.ts (share) and app/_lib/feed-screen.tsx hand to the feed.
          const { lang, explicit: asked } = feedLanguageOf({ explicit, ...signals });
          const names = namesLanguageOf(lang, { fallbackToAll: !asked, summaryLang: summaryLanguageOf(signals) });
          expect(names, JSON.stringify({ explicit, localeCookie, acceptLanguage })).toBe(askerLangOf(explicit, localeCookie, acceptLanguage));
        }
      }
    }
  });

  it('names a Hindi interface\'s all-languages feed in Hindi, and an asked-for language in that language', () => {
    expect(namesLanguageOf('all', { fallbackToAll: false, summaryLang: 'hi' })).toBe('hi');
    expect(namesLanguageOf('en', { fallbackToAll: false, summaryLang: 'hi' })).toBe('en');
    expect(namesLanguageOf('he', { fallbackToAll: true, summaryLang: 'hi' })).toBe('hi');
  });

  it('without the interface language: the feed\'s one language, else English', () => {
    expect(namesLanguageOf('hi', {})).toBe('hi');
    expect(namesLanguageOf('all', {})).toBe('en');
    expect(namesLanguageOf(undefined, {})).toBe('en');
  });
});
