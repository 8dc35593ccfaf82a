import { describe, expect, it } from 'vitest';
import { normaliseAddress, normaliseConsumerNumber } from './customers';

describe('normaliseAddress', () => {
  it('folds abbreviations, punctuation, case and house-number spellings to one key', () => {
    const key = 'house 12 mg road sector 4 gurgaon 122001';
    expect(normaliseAddress('H.No. 12, MG Rd, Sec-4, Gurgaon 122001')).toBe(key);
    expect(normaliseAddress('House number 12 MG Road, Sector 4, GURGAON - 122001')).toBe(key);
  });

  it('keeps different houses apart and drops ordinal suffixes', () => {
    expect(normaliseAddress('12 MG Road')).not.toBe(normaliseAddress('14 MG Road'));
    expect(normaliseAddress('2nd Floor, 5th Cross')).toBe('2 floor 5 cross');
    expect(normaliseAddress('')).toBe('');
  });
});

describe('normaliseConsumerNumber', () => {
  it('upper-cases and drops separators; empty is null', () => {
    expect(normaliseConsumerNumber(' 12-345 /67ab ')).toBe('1234567AB');
    expect(normaliseConsumerNumber('')).toBeNull();
    expect(normaliseConsumerNumber(null)).toBeNull();
  });
});
