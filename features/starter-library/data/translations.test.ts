import { describe, expect, it } from 'vitest';
import { OPTIONS } from './library';
import { CATEGORY_LABELS, TOPICS } from './taxonomy';

const DEVANAGARI = /[\u0900-\u097F]/;
/** Hinglish is typed in Latin letters: printable ASCII plus the rupee sign and typographic quotes. */
const LATIN = /^[\x20-\x7E₹\u2018\u2019]+$/;
const numbers = (s: string) => (s.match(/\d[\d,]*/g) ?? []).map((n) => n.replace(/,/g, ''));

describe('starter library names in three languages', () => {
  const rows = [
    ...TOPICS.map((t) => ({ what: t.slug, en: [t.name, t.description], hi: [t.translations.hi.name, t.translations.hi.description], he: [t.translations.he.name, t.translations.he.description] })),
    ...OPTIONS.map((o) => ({ what: o.key, en: [o.name], hi: [o.translations.hi.name], he: [o.translations.he.name] })),
    ...Object.entries(CATEGORY_LABELS).map(([k, l]) => ({ what: k, en: [l.en], hi: [l.hi], he: [l.he] })),
  ];

  it.each(rows)('$what: Hindi in Devanagari, Hinglish in Latin letters, none empty', ({ hi, he }) => {
    for (const s of hi) expect(s).toMatch(DEVANAGARI);
    for (const s of he) {
      expect(s.trim()).not.toBe('');
      expect(s).toMatch(LATIN);
    }
  });

  it.each(rows)('$what: the same numbers as the English', ({ en, hi, he }) => {
    en.forEach((s, i) => {
      expect(numbers(hi[i]!)).toEqual(numbers(s));
      expect(numbers(he[i]!)).toEqual(numbers(s));
    });
  });

  it('bounds every name like the studio does (120 characters) and a description at 2000', () => {
    for (const t of TOPICS) {
      for (const l of ['hi', 'he'] as const) {
        expect(t.translations[l].name.length).toBeLessThanOrEqual(120);
        expect(t.translations[l].description.length).toBeLessThanOrEqual(2000);
      }
    }
    for (const o of OPTIONS) for (const l of ['hi', 'he'] as const) expect(o.translations[l].name.length).toBeLessThanOrEqual(120);
  });
});
