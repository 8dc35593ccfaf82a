import { describe, expect, it } from 'vitest';
import { BULK_MAX, bulkBody, moveInStack, parseBulkText, reelChoiceLabel, withStoredTexts } from './taxonomy';

describe('parseBulkText', () => {
  it('reads one category per line with its comma-separated options', () => {
    expect(parseBulkText('Panels: Mono PERC, TOPCon\n\n  Inverters :On-grid,  Hybrid ,\nSubsidy')).toEqual({
      categories: [
        { name: 'Panels', options: [{ name: 'Mono PERC' }, { name: 'TOPCon' }] },
        { name: 'Inverters', options: [{ name: 'On-grid' }, { name: 'Hybrid' }] },
        { name: 'Subsidy', options: [] },
      ],
      problems: [],
    });
  });

  it('reads `English | Hindi | Hinglish` for categories and options, either extra part optional', () => {
    const text = 'Panels | पैनल | Panel: Mono PERC | मोनो PERC | Mono PERC, TOPCon, Bifacial (glass-glass) | बाइफेशियल\n'
      + 'Wiring || Wiring ka kaam: Copper |  | Taamba\nSubsidy | सब्सिडी';
    expect(parseBulkText(text)).toEqual({
      categories: [
        {
          name: 'Panels', translations: { hi: { name: 'पैनल' }, he: { name: 'Panel' } },
          options: [
            { name: 'Mono PERC', translations: { hi: { name: 'मोनो PERC' }, he: { name: 'Mono PERC' } } },
            { name: 'TOPCon' },
            { name: 'Bifacial (glass-glass)', translations: { hi: { name: 'बाइफेशियल' } } },
          ],
        },
        { name: 'Wiring', translations: { he: { name: 'Wiring ka kaam' } }, options: [{ name: 'Copper', translations: { he: { name: 'Taamba' } } }] },
        { name: 'Subsidy', translations: { hi: { name: 'सब्सिडी' } }, options: [] },
      ],
      problems: [],
    });
    // Empty extra parts are no translation.
    expect(parseBulkText('Panels | | : TOPCon ||').categories).toEqual([{ name: 'Panels', options: [{ name: 'TOPCon' }] }]);
  });

  it('reports the lines it cannot read and leaves them out', () => {
    const text = [
      ': orphan', // 1: no category name
      'Panels: Mono | मोनो | Mono | extra', // 2: four parts
      '| पैनल: TOPCon', // 3: a translation without its English name
      'Wiring: | तांबा', // 4: an option without its English name
      `Long: ${'x'.repeat(121)}`, // 5: over 120 characters
      `Many: ${Array.from({ length: BULK_MAX + 1 }, (_, i) => `O${i}`).join(', ')}`, // 6: too many options
      'Fine: A, B', // 7
    ].join('\n');
    const { categories, problems } = parseBulkText(text);
    expect(problems).toEqual([
      { line: 1, kind: 'noName' }, { line: 2, kind: 'tooManyParts' }, { line: 3, kind: 'noName' },
      { line: 4, kind: 'noName' }, { line: 5, kind: 'tooLong' }, { line: 6, kind: 'tooManyOptions' },
    ]);
    expect(categories).toEqual([{ name: 'Fine', options: [{ name: 'A' }, { name: 'B' }] }]);
    expect(parseBulkText(`Ok: ${'x'.repeat(120)} | ${'क'.repeat(120)}`).problems).toEqual([]);
  });

  it('reports the first category past the limit', () => {
    const text = Array.from({ length: BULK_MAX + 1 }, (_, i) => `C${i}`).join('\n');
    expect(parseBulkText(text).problems).toEqual([{ line: BULK_MAX + 1, kind: 'tooManyCategories' }]);
    expect(parseBulkText(text.split('\n').slice(0, BULK_MAX).join('\n')).problems).toEqual([]);
  });
});

describe('bulkBody', () => {
  it('sends names without translations as plain strings, as older clients do', () => {
    const { categories } = parseBulkText('Panels | पैनल: Mono PERC || Mono, TOPCon\nWiring: Copper');
    expect(bulkBody('t1', categories)).toEqual({
      topic_id: 't1',
      categories: [
        { name: 'Panels', translations: { hi: { name: 'पैनल' } }, options: [{ name: 'Mono PERC', translations: { he: { name: 'Mono' } } }, 'TOPCon'] },
        { name: 'Wiring', options: ['Copper'] },
      ],
    });
  });
});

describe('withStoredTexts', () => {
  it('keeps the stored fields an edit leaves out, per language it edits', () => {
    const stored = { hi: { name: 'सोलर', description: 'छत पर पैनल' }, he: { name: 'Solar', description: 'Chhat par panel' } };
    expect(withStoredTexts(stored, { hi: { name: 'सौर' }, he: { name: '' } })).toEqual({
      hi: { name: 'सौर', description: 'छत पर पैनल' }, he: { name: '', description: 'Chhat par panel' },
    });
    expect(withStoredTexts(stored, { he: { description: 'Naya' } })).toEqual({ he: { name: 'Solar', description: 'Naya' } });
    expect(withStoredTexts(undefined, { hi: { description: 'नया' } })).toEqual({ hi: { description: 'नया' } });
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
