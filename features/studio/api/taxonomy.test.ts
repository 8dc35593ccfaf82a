import { describe, expect, it } from 'vitest';
import { moveInStack, parseBulkText, reelChoiceLabel } from './taxonomy';

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

const tree = {
  categories: [
    { id: 'c1', name: 'Panels', pic: null, options: [{ id: 'o1', name: 'Mono', pic: null }, { id: 'o2', name: 'TOPCon', pic: null }] },
    { id: 'c2', name: 'Wiring', pic: null, options: [] },
  ],
};

describe('moveInStack', () => {
  it('moves a category and keeps every option list whole', () => {
    expect(moveInStack(tree, { kind: 'category', id: 'c2' }, -1)).toEqual({ categories: [{ id: 'c2', options: [] }, { id: 'c1', options: ['o1', 'o2'] }] });
    expect(moveInStack(tree, { kind: 'category', id: 'c1' }, 1)).toEqual({ categories: [{ id: 'c2', options: [] }, { id: 'c1', options: ['o1', 'o2'] }] });
  });

  it('moves an option inside its category only', () => {
    expect(moveInStack(tree, { kind: 'option', categoryId: 'c1', id: 'o1' }, 1)).toEqual({ categories: [{ id: 'c1', options: ['o2', 'o1'] }, { id: 'c2', options: [] }] });
  });

  it('is null at either end and for an unknown item, and leaves the tree as it was', () => {
    expect(moveInStack(tree, { kind: 'category', id: 'c1' }, -1)).toBeNull();
    expect(moveInStack(tree, { kind: 'category', id: 'c2' }, 1)).toBeNull();
    expect(moveInStack(tree, { kind: 'option', categoryId: 'c1', id: 'o2' }, 1)).toBeNull();
    expect(moveInStack(tree, { kind: 'option', categoryId: 'c2', id: 'o1' }, -1)).toBeNull();
    expect(moveInStack(tree, { kind: 'category', id: 'nope' }, 1)).toBeNull();
    expect(tree.categories.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(tree.categories[0].options.map((o) => o.id)).toEqual(['o1', 'o2']);
  });
});

describe('reelChoiceLabel', () => {
  it('is the description on one line, cut to 60 characters with an ellipsis', () => {
    expect(reelChoiceLabel({ id: 'r1', description: '  Cleaning\n basics ' })).toBe('Cleaning basics');
    const long = 'a'.repeat(59) + ' tail';
    expect(reelChoiceLabel({ id: 'r1', description: long })).toBe(`${'a'.repeat(59)}…`);
    expect(reelChoiceLabel({ id: 'r1', description: 'x'.repeat(60) })).toBe('x'.repeat(60));
  });

  it('is the id when there is no description', () => {
    expect(reelChoiceLabel({ id: 'r1', description: '   ' })).toBe('r1');
  });
});
