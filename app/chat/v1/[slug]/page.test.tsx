import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';

/**
 * The topic chat page names its topic in the interface language: the
 * page's topic lookup (app/_lib/data.ts topicDetails) asks the read side in
 * next-intl's locale, and the chat's intro says "<topic> के बारे में…".
 */
const asked = vi.hoisted(() => ({ langs: [] as string[] }));
vi.mock('server-only', () => ({}));
vi.mock('next-intl/server', async (orig) => ({
  ...(await orig<typeof import('next-intl/server')>()),
  getLocale: async () => 'hi',
  getTranslations: async () => (k: string) => k,
}));
vi.mock('@/features/reels/server/taxonomy', () => ({
  getTopicDetails: async (id: string, lang: string) => {
    asked.langs.push(lang);
    return { id, name: lang === 'hi' ? 'रूफ़टॉप सोलर कैसे काम करता है' : 'How rooftop solar works', categories: [] };
  },
}));
vi.mock('@/features/reels/server/feed', () => ({}));
vi.mock('../../../_lib/viewer', () => ({ getViewerId: async () => 'V1234567890123456789' }));
vi.mock('@/features/assistant/components/chat-screen', () => ({
  ChatScreen: ({ topic }: { topic: { name: string } | null }) => <p data-testid="chat-topic">{topic?.name}</p>,
}));

describe('/chat/v1/[slug]', () => {
  it('hands the chat the topic name in the interface language', async () => {
    const { default: TopicChatPage } = await import('./page');
    renderWithApp(await TopicChatPage({ params: Promise.resolve({ slug: 'how-rooftop-solar-works' }) }), { locale: 'hi' });
    expect(screen.getByTestId('chat-topic').textContent).toBe('रूफ़टॉप सोलर कैसे काम करता है');
    expect(asked.langs).toEqual(['hi']);
  });
});
