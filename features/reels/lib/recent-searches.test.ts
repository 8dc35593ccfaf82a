import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches, RECENT_SEARCHES_MAX } from './recent-searches';

describe('addRecentSearch', () => {
  it('puts the newest first and keeps one of each whatever its case (the newest spelling)', () => {
    let list: string[] = [];
    for (const q of ['subsidy', 'net meter', 'Subsidy ']) list = addRecentSearch(list, q);
    expect(list).toEqual(['Subsidy', 'net meter']);
  });

  it(`keeps the last ${RECENT_SEARCHES_MAX}`, () => {
    let list: string[] = [];
    for (let i = 1; i <= 10; i++) list = addRecentSearch(list, `q${i}`);
    expect(list).toEqual(['q10', 'q9', 'q8', 'q7', 'q6', 'q5', 'q4', 'q3']);
  });

  it('ignores blank words and tidies white space', () => {
    expect(addRecentSearch(['a'], '   ')).toEqual(['a']);
    expect(addRecentSearch([], '  solar   panel ')).toEqual(['solar panel']);
  });

  it('compares Devanagari and Hinglish as they are', () => {
    expect(addRecentSearch(['सब्सिडी'], 'sabsidi')).toEqual(['sabsidi', 'सब्सिडी']);
  });
});

describe('parseRecentSearches', () => {
  it('reads a stored list and drops what is not one', () => {
    expect(parseRecentSearches(JSON.stringify(['b', 'a']))).toEqual(['b', 'a']);
    for (const raw of [null, '', 'not json', '{"a":1}', '42']) expect(parseRecentSearches(raw)).toEqual([]);
    expect(parseRecentSearches(JSON.stringify(['b', 3, null, 'B', 'a']))).toEqual(['b', 'a']);
  });
});
