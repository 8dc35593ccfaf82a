import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fakeSocket } from '@/tests/fixtures/fake-socket';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { SuggestionsResponse } from '../api/chat';
import type { ChatEndEvent } from '../api/socket';
import { initialChatStoreState, useChatStore } from '../store';
import { ChatScreen } from './chat-screen';

// socket.io is the network boundary here: the fake plays the server's
// chat_chunk / chat_end / chat_error events through the app's own socket
// module, hook, store and screen.
vi.mock('socket.io-client', async () => {
  const { fakeSocket: socket } = await import('@/tests/fixtures/fake-socket');
  return { io: () => socket };
});

const SUGGESTIONS: SuggestionsResponse = {
  long: [{ icon: '💰', q: 'How much subsidy can I get?', color: 'Green', category: 'Subsidy' }],
  short: [],
};
const CHAT_ID = '5d6e7f80-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function serveSuggestions() {
  const asked: string[] = [];
  server.use(http.get('/recommendation-service/api/v1/suggestions', ({ request }) => {
    asked.push(new URL(request.url).searchParams.get('language') ?? '');
    return HttpResponse.json(SUGGESTIONS);
  }));
  return asked;
}

/** The chat messages the socket carried, in order. */
const chatsSent = () => fakeSocket.emitted.filter(([e]) => e === 'chat').map(([, p]) => p);

async function openChat() {
  const view = renderWithApp(<ChatScreen uiLanguage="english" />);
  // One connection serves the whole tab: the first screen of this file opens it.
  await waitFor(() => expect(fakeSocket.listens('connect')).toBe(true));
  if (!fakeSocket.connected) {
    await waitFor(() => screen.getByText('Connecting…'));
    act(() => fakeSocket.serverConnects());
  }
  await screen.findByText('Connected');
  return view;
}

/** The conversation (the screen's test hook: an <ol> without a name). */
const messageList = () => within(screen.getByTestId('chat-messages'));

beforeEach(() => {
  useChatStore.setState({ ...initialChatStoreState });
  fakeSocket.emitted.length = 0;
});

describe('ChatScreen over the socket', () => {
  it('streams the answer into the list as chunks arrive, then shows the final answer, follow-ups and related reels', async () => {
    serveSuggestions();
    const { user } = await openChat();

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'How much subsidy for 3 kW?{Enter}');

    await waitFor(() => expect(chatsSent()).toEqual([{ message: 'How much subsidy for 3 kW?', language: 'english' }]));
    messageList().getByText('How much subsidy for 3 kW?');
    screen.getByText('The assistant is listening and preparing an answer…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);

    act(() => fakeSocket.serverSends('chat_chunk', { chat_id: CHAT_ID, text: 'Up to ₹78,000 ' }));
    screen.getByText('Up to ₹78,000', { normalizer: (s) => s.trim() });
    expect(screen.queryByText('The assistant is listening and preparing an answer…')).toBeNull();

    act(() => fakeSocket.serverSends('chat_chunk', { chat_id: CHAT_ID, text: 'for 3 kW.' }));
    screen.getByText('Up to ₹78,000 for 3 kW.');

    const end: ChatEndEvent = {
      chat_id: CHAT_ID,
      answer: 'Up to ₹78,000 for a 3 kW system.',
      matched: true,
      category: 'Subsidy',
      sources: [],
      suggestions: ['What is net metering?'],
      related: [{ id: 'reel-1', description: 'The subsidy in 60 seconds', pre_signed_url_thumbnail: '/media/reel-1/thumb.jpg' }],
    };
    act(() => fakeSocket.serverSends('chat_end', end));

    screen.getByText('Up to ₹78,000 for a 3 kW system.');
    expect(screen.queryByText('Up to ₹78,000 for 3 kW.')).toBeNull();
    expect(screen.getByRole('link', { name: 'The subsidy in 60 seconds' }).getAttribute('href')).toBe('/content/reel-1');

    // A follow-up goes out in the same conversation.
    await user.click(screen.getByRole('button', { name: 'What is net metering?' }));
    await waitFor(() => expect(chatsSent()).toHaveLength(2));
    expect(chatsSent()[1]).toEqual({ message: 'What is net metering?', language: 'english', chat_id: CHAT_ID });
  });

  it('asks a suggested question from GET /recommendation-service/api/v1/suggestions', async () => {
    const asked = serveSuggestions();
    const { user } = await openChat();

    await user.click(await screen.findByRole('button', { name: /How much subsidy can I get\?/ }));

    await waitFor(() => expect(chatsSent()).toEqual([{ message: 'How much subsidy can I get?', language: 'english' }]));
    expect(asked).toEqual(['english']);
  });

  it('shows the suggestions the page read on the server at once, asks for another language\'s only on a switch', async () => {
    const asked = serveSuggestions();
    const { user } = renderWithApp(<ChatScreen uiLanguage="english" initialSuggestions={SUGGESTIONS} />);

    // No loading state: the card is there on the first render.
    screen.getByRole('button', { name: /How much subsidy can I get\?/ });
    expect(screen.queryByTestId('chat-suggestion-skeleton')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(asked).toEqual(['hindi']));
  });

  it('shows the server\'s chat_error (rate limited) on the answer, and a retry asks again', async () => {
    serveSuggestions();
    const { user } = await openChat();
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Is solar worth it?{Enter}');
    await waitFor(() => expect(chatsSent()).toHaveLength(1));

    act(() => fakeSocket.serverSends('chat_error', {
      code: 'rate_limited', message: 'You have sent too many messages. Please wait a few minutes and try again.',
    }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Too many tries. Please wait a moment and try again.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true); // box is empty

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(chatsSent()).toHaveLength(2));
    expect(chatsSent()[1]).toEqual({ message: 'Is solar worth it?', language: 'english' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(messageList().getAllByText('Is solar worth it?')).toHaveLength(1);
  });

  it('sends nothing for a whitespace-only question', async () => {
    serveSuggestions();
    const { user } = await openChat();

    await user.type(screen.getByRole('textbox', { name: 'Your question' }), '    {Enter}');

    expect(chatsSent()).toEqual([]);
    expect(screen.queryByTestId('chat-messages')).toBeNull();
    screen.getByText('Namaste! Ask me about rooftop solar.');
  });
});
