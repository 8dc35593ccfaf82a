import { describe, expect, it } from 'vitest';
import { takeMilestones } from './tldr-milestones';

describe('takeMilestones', () => {
  it('reports each of 25, 50 and 75 % once, in order, even when several are passed at once', () => {
    const sent = new Set<number>();
    expect(takeMilestones(0.1, sent)).toEqual([]);
    expect(takeMilestones(0.26, sent)).toEqual([25]);
    expect(takeMilestones(0.3, sent)).toEqual([]);
    expect(takeMilestones(0.8, sent)).toEqual([50, 75]);
    expect(takeMilestones(1, sent)).toEqual([]);
  });

  it('reaches nothing for a position that is not a number yet', () => {
    const sent = new Set<number>();
    expect(takeMilestones(Number.NaN, sent)).toEqual([]);
    expect(takeMilestones(-1, sent)).toEqual([]);
    expect(sent.size).toBe(0);
  });
});
