import { describe, expect, it } from 'vitest';
import { applyDraftPatch, EMPTY_DRAFT } from './store';

describe('applyDraftPatch', () => {
  const full = { ...EMPTY_DRAFT, topicId: 't1', categoryId: 'c1', optionId: 'o1', description: 'Panels' };

  it('clears the category and option when the topic changes', () => {
    expect(applyDraftPatch(full, { topicId: 't2' })).toMatchObject({ topicId: 't2', categoryId: '', optionId: '', description: 'Panels' });
  });

  it('clears the option when the category changes', () => {
    expect(applyDraftPatch(full, { categoryId: 'c2' })).toMatchObject({ topicId: 't1', categoryId: 'c2', optionId: '' });
  });

  it('keeps the choices when only the description changes', () => {
    expect(applyDraftPatch(full, { description: 'Inverters' })).toEqual({ ...full, description: 'Inverters' });
  });
});
