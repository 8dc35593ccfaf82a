import { describe, expect, it } from 'vitest';
import { searchWords } from './search-key';
import { SYNONYM_GROUPS, synonymKeys } from './search-synonyms';

const key = (w: string) => searchWords(w)[0]!;

describe('synonymKeys', () => {
  it('joins different words for one thing across English, Hindi and Hinglish', () => {
    const price = synonymKeys(key('price'));
    for (const w of ['cost', 'lagat', 'kharcha', 'लागत', 'कीमत']) expect(price, w).toContain(key(w));
    expect(price).not.toContain(key('price'));
    // Devanagari and Hinglish spellings of one word share a key: one entry serves both.
    expect(key('लागत')).toBe(key('lagat'));
  });

  it('is symmetric, and a word in no group has none', () => {
    for (const group of SYNONYM_GROUPS) {
      const keys = [...new Set(group.flatMap((w) => searchWords(w)).filter((k) => k.length > 2))];
      for (const a of keys) for (const b of keys) if (a !== b) expect(synonymKeys(b), `${a} of ${b}`).toContain(a);
    }
    expect(synonymKeys(key('metering'))).toEqual([]);
  });

  it('leaves out keys of one or two letters, which many words share', () => {
    expect(key('home')).toHaveLength(2);
    expect(synonymKeys(key('home'))).toEqual([]);
    expect(synonymKeys(key('ghar'))).not.toContain(key('home'));
  });

  it('keeps every entry a single word', () => {
    for (const group of SYNONYM_GROUPS) for (const w of group) expect(searchWords(w), w).toHaveLength(1);
  });
});
