import { describe, expect, it } from 'vitest';
import { popularSearches, type PopularTopic } from './popular-searches';

const topic = (name: string, content_count: number, type_tag: PopularTopic['type_tag'] = 'FREE'): PopularTopic => ({ name, content_count, type_tag });

describe('popularSearches', () => {
  it('names the topics that have reels: HOT first, then the most reels, then display order', () => {
    const topics = [topic('Net metering', 3), topic('Empty', 0, 'HOT'), topic('Subsidy', 2, 'HOT'), topic('Cost', 5), topic('Size', 3)];
    expect(popularSearches(topics)).toEqual(['Subsidy', 'Cost', 'Net metering', 'Size']);
  });

  it('gives each name once and at most `max`', () => {
    expect(popularSearches([topic('Solar', 2), topic('solar ', 9), topic('Battery', 1)], 1)).toEqual(['solar']);
    expect(popularSearches(Array.from({ length: 9 }, (_, i) => topic(`T${i}`, 1)))).toHaveLength(6);
  });
});
