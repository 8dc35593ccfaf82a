import { describe, expect, it } from 'vitest';
import { sourceCitation } from './sources';

describe('sourceCitation', () => {
  it('names each source by its publisher and date, in the asker\'s language', () => {
    expect(sourceCitation([1, 5, 30], 'english')).toBe('NDTV Profit, 29 Feb 2024; SolarQuarter, 8 Jul 2025; Mercom, 18 Mar 2024');
    expect(sourceCitation([1], 'hinglish')).toBe('NDTV Profit, 29 Feb 2024');
    expect(sourceCitation([1], 'hindi')).toBe('NDTV Profit, 29 फ़रवरी 2024');
  });

  it('keeps a source without a date by its publisher, a month-year date as such, and the first of two titles', () => {
    expect(sourceCitation([10], 'english')).toBe('SBI');
    expect(sourceCitation([45], 'english')).toBe('CEEW issue brief via now.solar, Nov 2019');
    expect(sourceCitation([12], 'english')).toBe('Mercom, 17 Jun 2024');
  });

  it('says a publisher and date once, at most three, and nothing for unknown numbers', () => {
    expect(sourceCitation([1, 1, 999], 'english')).toBe('NDTV Profit, 29 Feb 2024');
    expect(sourceCitation([1, 5, 30, 33], 'english').split('; ')).toHaveLength(3);
    expect(sourceCitation([999], 'english')).toBe('');
  });
});
