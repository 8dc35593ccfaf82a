import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { ChatAnswer, SuggestionsResponse } from '../api/chat';
import { initialChatStoreState, useChatStore } from '../store';
import { ChatScreen } from './chat-screen';

// No socket: the chat posts the question over HTTP, which MSW answers.
vi.mock('socket.io-client', () => {
  throw new Error('socket.io-client could not be loaded');
});

/**
 * The chat opened with a question (`/assistant?q=`, the search screen's
 * "Ask the assistant"): it is asked once, as typed, and taken out of the
 * address so a reload does not ask it again.
 */

const answer: ChatAnswer = {
  chat_id: '6e7f8091-2b3c-4d4e-9f5a-6b7c8d9e0f1a', answer: 'Subsidy seedha aapke bank account mein aati hai.', matched: true,
  category: 'Subsidy', suggestions: [], related: [], sources: [],
};

beforeEach(() => {
  useChatStore.setState({ ...initialChatStoreState });
  window.history.replaceState(null, '', '/assistant?q=sabsidi+kab+milegi&hl=he');
});

describe('ChatScreen with a question to ask', () => {
  it('asks it once as the chat opens, and drops it from the address', async () => {
    server.use(http.get('/recommendation-service/api/v1/suggestions', () => HttpResponse.json<SuggestionsResponse>({ long: [], short: [] })));
    const bodies: unknown[] = [];
    server.use(http.post(/\/recommendation-service\/api\/v1\/chat\/?$/, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer);
    }));
    const view = renderWithApp(<ChatScreen uiLanguage="hinglish" initialQuestion="sabsidi kab milegi" />, { locale: 'he' });
    const list = within(await screen.findByTestId('chat-messages'));
    await list.findByText(answer.answer);
    list.getByText('sabsidi kab milegi');
    expect(bodies).toEqual([{ message: 'sabsidi kab milegi', language: 'hinglish' }]);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/assistant?hl=he');
    view.rerender(<ChatScreen uiLanguage="hinglish" initialQuestion="sabsidi kab milegi" />);
    expect(bodies).toHaveLength(1);
  });
});
