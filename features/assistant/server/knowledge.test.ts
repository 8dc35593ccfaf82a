import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDirs } from '@/tests/fixtures/data-dir';
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
});
