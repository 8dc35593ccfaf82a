import { describe, expect, it } from 'vitest';
import { remembered } from './memo';

describe('remembered', () => {
  it('computes each argument once while it is kept, and starts afresh when full', () => {
    const calls: string[] = [];
    const upper = remembered(2, (k) => {
      calls.push(k);
      return k.toUpperCase();
    });
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(calls).toEqual(['a']);
    upper('b');
    upper('c'); // the map held 2: it was cleared before 'c'
    upper('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
