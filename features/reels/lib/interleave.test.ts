import { describe, expect, it } from 'vitest';
import { interleavePage, lastOfPage } from './interleave';

/** Reels as `<option><lang>`: A1 A2 A3 are one question in three languages. */
const key = (s: string) => s[0]!;
const neighboursDiffer = (list: string[], before: string | null = null) =>
  [before, ...list].every((s, i, a) => i === 0 || s === null || a[i - 1] === null || key(s) !== key(a[i - 1]!));

describe('interleavePage', () => {
  it('never puts the same question twice in a row, keeping every reel once', () => {
    const page = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3', 'D1'];
    const out = interleavePage(page, key);
    expect([...out].sort()).toEqual([...page].sort());
    expect(neighboursDiffer(out)).toBe(true);
    // As close to feed order as the rule allows, each question's reels in their order.
    expect(out[0]).toBe('A1');
    expect(out.filter((s) => key(s) === 'B')).toEqual(['B1', 'B2', 'B3']);
  });

  it('ends with the page\'s own last reel and opens with another question than the previous page ended on', () => {
    const prev = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3', 'D1'];
    const prevOut = interleavePage(prev, key);
    expect(prevOut.at(-1)).toBe(lastOfPage(prev, key));
    const next = ['D2', 'D3', 'E1', 'E2', 'E3', 'F1', 'F2', 'F3', 'G1', 'G2'];
    const out = interleavePage(next, key, key(prevOut.at(-1)!));
    expect(neighboursDiffer(out, prevOut.at(-1)!)).toBe(true);
    expect(out.at(-1)).toBe(lastOfPage(next, key));
  });

  it('comes as close as it can when one question fills most of the page', () => {
    const out = interleavePage(['A1', 'A2', 'A3', 'B1'], key);
    expect([...out].sort()).toEqual(['A1', 'A2', 'A3', 'B1']);
    expect(out).toHaveLength(4);
    expect(interleavePage(['A1'], key, 'A')).toEqual(['A1']);
    expect(interleavePage([], key)).toEqual([]);
  });

  it('is the same order for the same page every time (paging is stable)', () => {
    const page = ['A1', 'B1', 'A2', 'C1', 'B2', 'A3', 'C2', 'B3', 'D1', 'C3'];
    expect(interleavePage(page, key, 'C')).toEqual(interleavePage([...page], key, 'C'));
  });
});
