import { describe, expect, it } from 'vitest';
import { feedHref, feedKeyOf } from './filter';
import { parseFeedSearchParams } from './search-params';

const TOPIC = '0b6a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d';

describe('parseFeedSearchParams', () => {
  it('keeps valid filters and page', () => {
    expect(parseFeedSearchParams({ topic_id: TOPIC, lang: 'hi', page: '3' }))
      .toEqual({ filter: { topic_id: TOPIC, lang: 'hi' }, page: 3 });
  });

  it('drops what the API would refuse instead of failing', () => {
    expect(parseFeedSearchParams({ topic_id: 'not-a-uuid', lang: 'fr', page: '-2', option_id: '' }))
      .toEqual({ filter: {}, page: 1 });
    expect(parseFeedSearchParams({ page: 'abc' }).page).toBe(1);
  });

  it('takes the first of repeated params', () => {
    expect(parseFeedSearchParams({ lang: ['en', 'hi'] }).filter).toEqual({ lang: 'en' });
  });
});

describe('feedHref and feedKeyOf', () => {
  it('builds a URL with only the set filters', () => {
    expect(feedHref('/reels', {})).toBe('/reels');
    expect(feedHref('/reels', { option_id: TOPIC, lang: 'he' })).toBe(`/reels?option_id=${TOPIC}&lang=he`);
  });

  it('gives equal feeds equal keys and different feeds different keys', () => {
    const a = feedKeyOf({ filter: { lang: 'en', topic_id: TOPIC }, startPage: 1 });
    const b = feedKeyOf({ filter: { topic_id: TOPIC, lang: 'en' }, startPage: 1, leadId: null });
    expect(a).toBe(b);
    expect(feedKeyOf({ filter: {}, startPage: 1, leadId: 'x' })).not.toBe(feedKeyOf({ filter: {}, startPage: 1 }));
    expect(feedKeyOf({ filter: {}, startPage: 2 })).not.toBe(feedKeyOf({ filter: {}, startPage: 1 }));
  });

  it('keeps a search\'s list apart from the feed\'s, by its words, language and opening reel', () => {
    const feed = feedKeyOf({ filter: {}, startPage: 1 });
    const search = (q: string, lang: 'en' | 'he', startAt?: string) => feedKeyOf({ filter: {}, startPage: 1, search: { q, lang }, startAt });
    expect(new Set([feed, search('solar', 'en'), search('solar', 'he'), search('solar panel', 'en'), search('solar', 'en', 'r1'), search('solar', 'en', 'r2')]).size)
      .toBe(6);
    expect(search('solar', 'en', 'r1')).toBe(search('solar', 'en', 'r1'));
  });
});
