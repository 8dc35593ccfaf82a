import { describe, expect, it } from 'vitest';
import { languageAlternates, localizedPath, urlLanguageOf } from './url-language';

describe('urlLanguageOf', () => {
  it('reads ?hl= of the three interface languages', () => {
    expect(urlLanguageOf('/topic/x?hl=hi')).toBe('hi');
    expect(urlLanguageOf('/topic/x?lang=en&hl=he')).toBe('he');
    expect(urlLanguageOf('https://example.in/tldr?hl=en')).toBe('en');
  });

  it('is null without a parameter, for an unknown value, an empty one, or one in the fragment', () => {
    expect(urlLanguageOf('/topic/x')).toBeNull();
    expect(urlLanguageOf('/topic/x?hl=fr')).toBeNull();
    expect(urlLanguageOf('/topic/x?hl=')).toBeNull();
    expect(urlLanguageOf('/topic/x?hl=HI')).toBeNull();
    expect(urlLanguageOf('/topic/x#?hl=hi')).toBeNull();
  });
});

describe('localizedPath', () => {
  it('leaves English bare and adds hl for Hindi and Hinglish', () => {
    expect(localizedPath('/tldr', 'en')).toBe('/tldr');
    expect(localizedPath('/tldr', 'hi')).toBe('/tldr?hl=hi');
    expect(localizedPath('/tldr', 'he')).toBe('/tldr?hl=he');
  });

  it('replaces an hl already there and keeps the other parameters in order', () => {
    expect(localizedPath('/share?lang=hi&hl=he', 'hi')).toBe('/share?lang=hi&hl=hi');
    expect(localizedPath('/share?lang=hi&hl=he', 'en')).toBe('/share?lang=hi');
  });
});

describe('languageAlternates', () => {
  it('names each version under its hreflang, Hinglish as hi-Latn (never he), and x-default as the bare URL', () => {
    expect(languageAlternates('/topic/t1', 'https://example.in')).toEqual({
      'en-IN': 'https://example.in/topic/t1',
      'hi-IN': 'https://example.in/topic/t1?hl=hi',
      'hi-Latn': 'https://example.in/topic/t1?hl=he',
      'x-default': 'https://example.in/topic/t1',
    });
  });

  it('is the same set from every version of the page (reciprocal)', () => {
    const sets = ['en', 'hi', 'he'].map((l) => languageAlternates(localizedPath('/tldr/s', l as 'en')));
    expect(sets[1]).toEqual(sets[0]);
    expect(sets[2]).toEqual(sets[0]);
  });
});
