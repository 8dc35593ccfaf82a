import { describe, expect, it } from 'vitest';
import { parseStudioStart } from './start';

const T = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const O = '33333333-3333-4333-8333-333333333333';

describe('parseStudioStart', () => {
  it('reads the upload section filed under a topic, category and option', () => {
    expect(parseStudioStart({ section: 'upload', topic_id: T, category_id: C, option_id: O }))
      .toEqual({ section: 'upload', topicId: T, categoryId: C, optionId: O });
  });

  it('takes a topic alone; drops an option without its category and ids that are not uuids', () => {
    expect(parseStudioStart({ section: 'upload', topic_id: T })).toEqual({ section: 'upload', topicId: T, categoryId: '', optionId: '' });
    expect(parseStudioStart({ section: 'upload', topic_id: T, option_id: O })).toEqual({ section: 'upload', topicId: T, categoryId: '', optionId: '' });
    expect(parseStudioStart({ section: 'upload', topic_id: T, category_id: 'x', option_id: O })).toEqual({ section: 'upload', topicId: T, categoryId: '', optionId: '' });
  });

  it('is null without the section or with a bad topic id; repeated parameters use the first', () => {
    expect(parseStudioStart({})).toBeNull();
    expect(parseStudioStart({ topic_id: T })).toBeNull();
    expect(parseStudioStart({ section: 'review', topic_id: T })).toBeNull();
    expect(parseStudioStart({ section: 'upload', topic_id: 'not-a-uuid' })).toBeNull();
    expect(parseStudioStart({ section: ['upload', 'x'], topic_id: [T, 'y'] })).toEqual({ section: 'upload', topicId: T, categoryId: '', optionId: '' });
  });
});
