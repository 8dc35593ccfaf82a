import { describe, expect, it } from 'vitest';
import { feedItem } from '@/tests/fixtures/feed';
import { feedListFromPage } from './feed-list';
import { withExperimentChat } from './chat-experiments';

const page = (n: number) => feedListFromPage({
  feeds: Array.from({ length: n }, (_, i) => feedItem({ id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}` })),
  page: 1, start_index: 0, total_length: n,
});
const kinds = (l: ReturnType<typeof page>) => l.entries.map((e) => (e.kind === 'reel' ? 'r' : 'C')).join('');

describe('withExperimentChat', () => {
  it('without experiments: a chat card after every chatEvery reels', () => {
    expect(kinds(withExperimentChat(page(9), 8, { chatbot: false, chatbotFeed: false }))).toBe('rrrrrrrrCr');
  });

  it('the chatbot experiment: a card after every 3 reels', () => {
    expect(kinds(withExperimentChat(page(7), 8, { chatbot: true, chatbotFeed: false }))).toBe('rrrCrrrCr');
  });

  it('the chatbot-in-feed experiment: a card right after the first reel, positions renumbered', () => {
    const l = withExperimentChat(page(9), 8, { chatbot: false, chatbotFeed: true });
    expect(kinds(l)).toBe('rCrrrrrrrCr');
    expect(l.entries.map((e) => e.index)).toEqual(l.entries.map((_, i) => i));
    expect(l.total).toBe(11);
  });

  it('a layout without chat cards stays without, whatever the flags', () => {
    expect(kinds(withExperimentChat(page(5), 0, { chatbot: true, chatbotFeed: true }))).toBe('rrrrr');
  });
});
