import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { ChatAnswer, SuggestionsResponse } from '../api/chat';
import { CHAT_STORAGE_KEY, initialChatStoreState, useChatStore } from '../store';
import { ChatScreen } from './chat-screen';

// The socket client cannot be loaded (offline before first use): the chat
// falls back to POST /recommendation-service/api/v1/chat/, which MSW answers.
vi.mock('socket.io-client', () => {
  throw new Error('socket.io-client could not be loaded');
});

const CHAT_ID = '6e7f8091-2b3c-4d4e-9f5a-6b7c8d9e0f1a';

function serveSuggestions() {
  server.use(http.get('/recommendation-service/api/v1/suggestions', () =>
    HttpResponse.json<SuggestionsResponse>({ long: [], short: [] })));
}

/** POST /recommendation-service/api/v1/chat/ answered by `reply`; returns the bodies it received. */
function serveChat(reply: () => Response) {
  const bodies: unknown[] = [];
  // The spec writes the path with a trailing slash; the API answers it with or without one.
  server.use(http.post(/\/recommendation-service\/api\/v1\/chat\/?$/, async ({ request }) => {
    bodies.push(await request.json());
    return reply();
  }));
  return bodies;
}

async function ask(question: string) {
  const view = renderWithApp(<ChatScreen uiLanguage="hinglish" />);
  await screen.findByText('Offline');
  await view.user.type(screen.getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  return view;
}

beforeEach(() => {
  useChatStore.setState({ ...initialChatStoreState });
});

describe('ChatScreen over HTTP (no socket)', () => {
  it('posts the question and shows the JSON answer in the list', async () => {
    serveSuggestions();
    const answer: ChatAnswer = {
      chat_id: CHAT_ID,
      answer: '3 kW ke liye ₹78,000 tak subsidy milti hai.',
      matched: true,
      category: 'Subsidy',
      suggestions: ['Net metering kya hai?'],
      related: [],
      sources: [],
    };
    const bodies = serveChat(() => HttpResponse.json(answer));

    await ask('3 kW pe kitni subsidy?');

    const list = within(screen.getByTestId('chat-messages'));
    await list.findByText('3 kW ke liye ₹78,000 tak subsidy milti hai.');
    list.getByText('3 kW pe kitni subsidy?');
    expect(bodies).toEqual([{ message: '3 kW pe kitni subsidy?', language: 'hinglish' }]);
    screen.getByRole('button', { name: 'Net metering kya hai?' });
  });

  it('shows a 429 rate_limited answer as an error on the message', async () => {
    serveSuggestions();
    const bodies = serveChat(() => apiError(429, 'rate_limited', 'Aapne bahut saare messages bheje hain.'));

    await ask('Inverter kaunsa lein?');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many tries. Please wait a moment and try again.');
    within(alert).getByRole('button', { name: 'Try again' });
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('The assistant is listening and preparing an answer…')).toBeNull());
  });

  it('after a reload shows the kept messages and asks a follow-up in the same chat, so the server reads it against them', async () => {
    serveSuggestions();
    const first: ChatAnswer = {
      chat_id: CHAT_ID, answer: '3 kW par central subsidy lagbhag Rs 78,000 hai.', matched: true, category: 'Subsidy',
      suggestions: [], related: [], sources: [],
    };
    const bodies = serveChat(() => HttpResponse.json(first));
    const view = await ask('3kw pe subsidy kitni milegi?');
    await within(screen.getByTestId('chat-messages')).findByText(first.answer);
    view.unmount();

    // A reload: the page's memory is gone, the saved chat (last 8 messages and the chat id) is read back.
    const saved = localStorage.getItem(CHAT_STORAGE_KEY)!;
    expect(saved).toContain(CHAT_ID);
    // (setState saves too: the saved text is put back before the new page reads it.)
    useChatStore.setState({ ...initialChatStoreState });
    localStorage.setItem(CHAT_STORAGE_KEY, saved);
    await useChatStore.persist.rehydrate();
    const again = renderWithApp(<ChatScreen uiLanguage="hinglish" />);
    const list = within(await screen.findByTestId('chat-messages'));
    list.getByText('3kw pe subsidy kitni milegi?');
    list.getByText(first.answer);
    await screen.findByText('Offline');
    await again.user.type(screen.getByRole('textbox', { name: 'Your question' }), 'aur 5 kw pe?{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ message: 'aur 5 kw pe?', language: 'hinglish', chat_id: CHAT_ID });
  });
});
