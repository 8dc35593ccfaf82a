import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDirs } from '@/tests/fixtures/data-dir';
import { CATEGORIES } from '../schemas';
import { DATA_DIR, KnowledgeFileError, indexKnowledge, readBankFiles, readKnowledgeFiles, readSuggestionFiles } from './knowledge';

afterEach(removeDataDirs);

const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  id, category: 'Subsidy', question: `Question about ${id}?`, alternates: [],
  answer: 'A vetted answer of two plain sentences. As of 2026, check pmsuryaghar.gov.in.',
  related_topics: ['subsidy-and-money'], sources: [1], ...extra,
});

describe('readBankFiles', () => {
  it('reads every language folder and tags entries with their language', () => {
    const dir = makeDataDir({
      'bank/english/subsidy.json': [entry('cfa-amount'), entry('apply-steps')],
      'bank/hindi/subsidy.json': [entry('cfa-amount', { question: 'सब्सिडी कितनी मिलती है?' })],
    });
    const entries = readBankFiles(dir);
    expect(entries.map((e) => `${e.language}:${e.id}`)).toEqual(['english:cfa-amount', 'english:apply-steps', 'hindi:cfa-amount']);
    const k = indexKnowledge({ entries, suggestions: readSuggestionFiles(dir) });
    expect(Object.keys(k.byId.get('cfa-amount')!)).toEqual(['english', 'hindi']);
  });

  it('fails naming the file and the entry when an entry breaks the schema', () => {
    const dir = makeDataDir({ 'bank/english/cost.json': [entry('ok-one'), entry('bad-one', { category: 'Pricing' })] });
    expect(() => readBankFiles(dir)).toThrow(KnowledgeFileError);
    expect(() => readBankFiles(dir)).toThrow(/cost\.json entry 1 \(id "bad-one"\): category/);
  });

  it('fails on invalid JSON and on an id used twice in one language', () => {
    expect(() => readBankFiles(makeDataDir({ 'bank/hinglish/a.json': '[{' }))).toThrow(/a\.json: invalid JSON/);
    const dup = makeDataDir({ 'bank/english/a.json': [entry('same-id')], 'bank/english/b.json': [entry('same-id')] });
    expect(() => readBankFiles(dup)).toThrow(/b\.json entry 0 \(id "same-id"\): id "same-id" already used in a\.json/);
  });
});

describe('readSuggestionFiles', () => {
  it('fails naming the file and the item', () => {
    const dir = makeDataDir({ 'suggested/hindi.json': { long: [{ icon: '💰', q: 'सब्सिडी?', color: 'Purple' }], short: [] } });
    expect(() => readSuggestionFiles(dir)).toThrow(/hindi\.json long\[0\]: long\.0\.color/);
  });

  it('fails naming the file and the item when a short question has no category', () => {
    const chip = (q: string, extra: Record<string, unknown> = {}) => ({ icon: '💰', q, color: 'Green', ...extra });
    const dir = makeDataDir({
      'suggested/hinglish.json': { long: [chip('3kW pe kitni subsidy milegi?')], short: [chip('3kW pe subsidy?', { category: 'Subsidy' }), chip('Apply kaise karein?')] },
    });
    expect(() => readSuggestionFiles(dir)).toThrow(KnowledgeFileError);
    expect(() => readSuggestionFiles(dir)).toThrow(/hinglish\.json short\[1\]: short\.1\.category/);
    const unknown = makeDataDir({ 'suggested/english.json': { long: [], short: [chip('Cost per kW?', { category: 'Pricing' })] } });
    expect(() => readSuggestionFiles(unknown)).toThrow(/english\.json short\[0\]: short\.0\.category/);
    const extra = makeDataDir({ 'suggested/english.json': { long: [], short: [chip('Cost per kW?', { category: 'System Cost', tag: 'x' })] } });
    expect(() => readSuggestionFiles(extra)).toThrow(/english\.json short\[0\]/);
  });

  it('reads the category of short questions, optional on long ones', () => {
    const dir = makeDataDir({
      'suggested/english.json': {
        long: [{ icon: '💰', q: 'How much subsidy for 3 kW?', color: 'Green' }, { icon: '⚡', q: 'What size for 300 units?', color: 'Blue', category: 'System Size' }],
        short: [{ icon: '💰', q: 'Subsidy for 3 kW?', color: 'Green', category: 'Subsidy' }],
      },
    });
    const { english } = readSuggestionFiles(dir);
    expect(english.long.map((s) => s.category)).toEqual([undefined, 'System Size']);
    expect(english.short).toEqual([{ icon: '💰', q: 'Subsidy for 3 kW?', color: 'Green', category: 'Subsidy' }]);
  });

  it('gives empty lists for a missing file', () => {
    expect(readSuggestionFiles(makeDataDir({})).english).toEqual({ long: [], short: [] });
  });
});

describe('the repository data files', () => {
  it('are valid, with the suggested-question counts of SPEC.md section 9', () => {
    const k = readKnowledgeFiles(DATA_DIR);
    expect(k.suggestions.english.long.length).toBeGreaterThanOrEqual(18);
    expect(k.suggestions.hindi.long.length).toBeGreaterThanOrEqual(10);
    expect(k.suggestions.hinglish.long.length).toBeGreaterThanOrEqual(10);
    for (const l of ['english', 'hindi', 'hinglish'] as const) expect(k.suggestions[l].short.length).toBeGreaterThanOrEqual(36);
    expect(k.suggestions.hindi.long.every((s) => /[\u0900-\u097F]/.test(s.q))).toBe(true);
    expect(k.suggestions.hinglish.long.some((s) => /[\u0900-\u097F]/.test(s.q))).toBe(false);
  });

  it('tag every short question with a category, at least 3 of each of the nine per language', () => {
    const k = readKnowledgeFiles(DATA_DIR);
    for (const l of ['english', 'hindi', 'hinglish'] as const) {
      const short = k.suggestions[l].short;
      expect(short.every((s) => CATEGORIES.includes(s.category)), l).toBe(true);
      for (const c of CATEGORIES) expect(short.filter((s) => s.category === c).length, `${l} ${c}`).toBeGreaterThanOrEqual(3);
    }
    // The three languages list the same questions in the same order, so they share the categories.
    const cats = (l: 'english' | 'hindi' | 'hinglish') => k.suggestions[l].short.map((s) => s.category);
    expect(cats('hindi')).toEqual(cats('english'));
    expect(cats('hinglish')).toEqual(cats('english'));
    expect(k.suggestions.hindi.short.every((s) => /[\u0900-\u097F]/.test(s.q))).toBe(true);
    expect(k.suggestions.hinglish.short.some((s) => /[\u0900-\u097F]/.test(s.q))).toBe(false);
  });
});
