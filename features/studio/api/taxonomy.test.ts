import { describe, expect, it } from 'vitest';
import { parseBulkText } from './taxonomy';

describe('parseBulkText', () => {
  it('reads one category per line with its comma-separated options', () => {
    expect(parseBulkText('Panels: Mono PERC, TOPCon\n\n  Inverters :On-grid,  Hybrid ,\nSubsidy')).toEqual([
      { name: 'Panels', options: ['Mono PERC', 'TOPCon'] },
      { name: 'Inverters', options: ['On-grid', 'Hybrid'] },
      { name: 'Subsidy', options: [] },
    ]);
  });

  it('skips a line with no category name', () => {
    expect(parseBulkText(': orphan')).toEqual([]);
  });
});
