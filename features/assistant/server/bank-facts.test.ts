import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { numbersOf } from '../lib/fact-numbers';
import { LANGUAGES, readKnowledgeFiles } from './knowledge';

/**
 * The shipped question bank (features/assistant/data/bank) against the fact
 * sheet and across its three languages. The fact sheet is kept in the
 * repository (docs/facts/solar-india.md); if it is missing the test fails.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const FACTS = path.join(repoRoot, 'docs/facts/solar-india.md');
const MIN_ENTRIES = 125;

const { entries } = readKnowledgeFiles();

describe('numbersOf', () => {
  it('folds Devanagari digits and thousands commas, and keeps decimals and both ends of a range', () => {
    expect(numbersOf('₹१,०८,००० for 3 kW, about 4-5.5 units')).toEqual(['108000', '3', '4', '5.5']);
    expect(numbersOf('Rs 1,08,000 or 108,000; 05 and 1.50')).toEqual(['108000', '108000', '5', '1.5']);
  });

  it('ignores the portal addresses', () => {
    expect(numbersOf('Apply on pmsuryaghar.gov.in or jansamarth.in.')).toEqual([]);
  });
});

describe('question bank vs the fact sheet', () => {
  it('states only numbers that appear in the fact sheet, in every answer of every language', () => {
    expect(fs.existsSync(FACTS), `${FACTS} is missing`).toBe(true);
    const factNumbers = new Set(numbersOf(fs.readFileSync(FACTS, 'utf8')));
    const unsupported = entries
      .map((e) => ({ e, missing: [...new Set(numbersOf(e.answer).filter((n) => !factNumbers.has(n)))] }))
      .filter(({ missing }) => missing.length > 0)
      .map(({ e, missing }) => `${e.language} ${e.id}: ${missing.join(', ')}`);
    expect(unsupported).toEqual([]);
  });
});

describe('question bank across languages', () => {
  const byLanguage = new Map(LANGUAGES.map((l) => [l, new Map(entries.filter((e) => e.language === l).map((e) => [e.id, e.category]))]));

  it(`has at least ${MIN_ENTRIES} entries in each language`, () => {
    for (const l of LANGUAGES) expect(byLanguage.get(l)!.size, l).toBeGreaterThanOrEqual(MIN_ENTRIES);
  });

  it('has the same ids in english, hindi and hinglish, each with the same category', () => {
    const english = byLanguage.get('english')!;
    for (const l of LANGUAGES) {
      const other = byLanguage.get(l)!;
      expect([...other.keys()].sort(), l).toEqual([...english.keys()].sort());
      expect(Object.fromEntries([...other].sort()), l).toEqual(Object.fromEntries([...english].sort()));
    }
  });
});
