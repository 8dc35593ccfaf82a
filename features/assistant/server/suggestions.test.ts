import { describe, expect, it } from 'vitest';
import { readSuggestionFiles } from './knowledge';
import { buildSuggestionIndex } from './suggestions';

const search = buildSuggestionIndex(readSuggestionFiles());

describe('buildSuggestionIndex (typeahead)', () => {
  it('finds suggestions of all three languages from one word', () => {
    const hits = search('subsidy', 30);
    expect(new Set(hits.map((h) => h.language))).toEqual(new Set(['english', 'hindi', 'hinglish']));
  });

  it('completes a prefix and a Hinglish spelling', () => {
    expect(search('subs').length).toBeGreaterThan(0);
    expect(search('sabsidi').some((h) => /subsid|सब्सिडी/i.test(h.q))).toBe(true);
  });

  it('meets a Devanagari query with Latin suggestions and back', () => {
    expect(search('नेट मीटरिंग', 20).some((h) => h.q.toLowerCase().includes('net metering'))).toBe(true);
    expect(search('chhat', 20).some((h) => h.q.includes('छत'))).toBe(true);
  });

  it('gives short-form hits their category', () => {
    const hits = search('sanctioned load', 20);
    expect(hits.some((h) => h.form === 'short' && h.category === 'Electric Connection')).toBe(true);
    const shortHits = ['subsidy', 'panel', 'kW', 'सब्सिडी'].flatMap((q) => search(q, 20)).filter((h) => h.form === 'short');
    expect(shortHits.length).toBeGreaterThan(0);
    expect(shortHits.every((h) => h.category !== undefined)).toBe(true);
  });

  it('honours the limit, lists each question once, and returns nothing for an empty query', () => {
    const hits = search('solar', 8);
    expect(hits.length).toBeLessThanOrEqual(8);
    expect(new Set(hits.map((h) => h.q)).size).toBe(hits.length);
    expect(search('  ?? ')).toEqual([]);
  });
});
