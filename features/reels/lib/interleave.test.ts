import { describe, expect, it } from 'vitest';
import { interleavePage, interleaveShown, lastOfPage } from './interleave';

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

/** True when some order of `page` has no equal neighbours, opens with another key than `before` and ends with lastOfPage. */
function arrangeable(page: string[], before: string | null): boolean {
  const last = lastOfPage(page, key);
  if (last === undefined) return true;
  if (page.length === 1) return before === null || key(last) !== before;
  const rest = page.filter((s) => s !== last);
  const go = (left: string[], prev: string | null): boolean => left.length === 0
    ? prev !== key(last)
    : left.some((s, i) => key(s) !== prev && go([...left.slice(0, i), ...left.slice(i + 1)], key(s)));
  return go(rest, before);
}

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('interleaveShown', () => {
  const all = () => true;

  it('is the shared page\'s order when nothing is hidden', () => {
    const prev = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3', 'D1'];
    const page = ['D2', 'D3', 'E1', 'E2', 'E3', 'F1', 'F2', 'F3', 'G1', 'G2'];
    expect(interleaveShown(page, prev, key, all)).toEqual(interleavePage(page, key, key(lastOfPage(prev, key)!)));
    expect(interleaveShown(prev, [], key, all)).toEqual(interleavePage(prev, key));
  });

  it('rearranges the page so a hidden reel leaves no question twice in a row', () => {
    const page = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D1', 'D2', 'E1', 'E2'];
    const shared = interleavePage(page, key);
    const shown = (s: string) => s !== 'B1';
    // Leaving the hidden reel out of the shared order would put A1 and A2 side by side.
    expect(neighboursDiffer(shared.filter(shown))).toBe(false);
    const out = interleaveShown(page, [], key, shown);
    expect([...out].sort()).toEqual(page.filter(shown).sort());
    expect(neighboursDiffer(out)).toBe(true);
  });

  it('opens with another question than the previous page ends on as this viewer sees it', () => {
    const prev = ['A1', 'B1', 'B2', 'C1'];
    // All shown, the previous page ends on B2; with B1 and B2 hidden it ends on C1.
    const hidden = new Set(['B1', 'B2']);
    const shown = (s: string) => !hidden.has(s);
    const page = ['C2', 'D1', 'D2', 'E1'];
    expect(interleavePage(page, key, 'B')[0]).toBe('C2');
    const prevOut = interleaveShown(prev, [], key, shown);
    expect(prevOut.at(-1)).toBe('C1');
    const out = interleaveShown(page, prev, key, shown);
    expect(neighboursDiffer([...prevOut, ...out])).toBe(true);
  });

  it('keeps the rule across hidden reels and page boundaries wherever a page allows it', () => {
    const next = random(20261127);
    for (let trial = 0; trial < 300; trial++) {
      // Three pages of six reels over four questions, a reel hidden with probability 1/4.
      const reels = Array.from({ length: 18 }, (_, i) => `${'ABCD'[Math.floor(next() * 4)]}${i}`);
      const hidden = new Set(reels.filter(() => next() < 0.25));
      const shown = (s: string) => !hidden.has(s);
      const pages = [reels.slice(0, 6), reels.slice(6, 12), reels.slice(12)];
      let before: string | null = null;
      pages.forEach((page, p) => {
        const out = interleaveShown(page, p === 0 ? [] : pages[p - 1]!, key, shown);
        expect([...out].sort()).toEqual(page.filter(shown).sort());
        if (arrangeable(page.filter(shown), before)) {
          expect(neighboursDiffer(out, before), `trial ${trial} page ${p}: ${before} | ${out.join(' ')}`).toBe(true);
        }
        if (out.length) before = key(out.at(-1)!);
      });
    }
  });
});
