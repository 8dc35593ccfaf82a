import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fakeSocket } from '@/tests/fixtures/fake-socket';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { SuggestionsResponse } from '../api/chat';
import { initialChatStoreState, useChatStore } from '../store';
import { ChatScreen } from './chat-screen';

vi.mock('socket.io-client', async () => {
  const { fakeSocket: socket } = await import('@/tests/fixtures/fake-socket');
  return { io: () => socket };
});

const SUGGESTIONS: SuggestionsResponse = {
  long: [{ icon: '💰', q: 'How much subsidy can I get?', color: 'Green', category: 'Subsidy' }],
  short: [],
};

interface Push { event_type: string; payload: { error_message?: string; metadata?: Record<string, unknown> } }

beforeEach(() => {
  useChatStore.setState({ ...initialChatStoreState });
  fakeSocket.emitted.length = 0;
});

describe('chatbot events (SPEC.md section 2)', () => {
  it('the first question sends CHAT_INITIATED and SUGGESTED_QUESTION; a failed answer ERROR_OCCURES; a language switch LANGUAGE_CHANGED', async () => {
    const seen: Push[] = [];
    server.use(
      http.get('/recommendation-service/api/v1/suggestions', () => HttpResponse.json(SUGGESTIONS)),
      http.post('/auth/api/v1/events', async ({ request }) => {
        seen.push((await request.json()) as Push);
        return HttpResponse.json({ ok: true }, { status: 202 });
      }),
    );
    const { user } = renderWithApp(<ChatScreen uiLanguage="english" />);
    await waitFor(() => expect(fakeSocket.listens('connect')).toBe(true));
    if (!fakeSocket.connected) act(() => fakeSocket.serverConnects());
    await screen.findByText('Connected');

    await user.click(await screen.findByRole('button', { name: /How much subsidy can I get\?/ }));
    act(() => fakeSocket.serverSends('chat_error', { code: 'rate_limited', message: 'Too many.' }));
    await user.click(screen.getByTestId('chat-language-hindi'));

    await waitFor(() => expect(seen).toHaveLength(4), { timeout: 8000 });
    expect(seen.map((s) => s.event_type)).toEqual(['SUGGESTED_QUESTION', 'CHAT_INITIATED', 'ERROR_OCCURES', 'LANGUAGE_CHANGED']);
    expect(seen[2].payload.error_message).toBe('rate_limited');
    expect(seen[3].payload.metadata).toMatchObject({ from: 'english', to: 'hindi' });
    // The question's text never travels with an event.
    expect(JSON.stringify(seen)).not.toContain('subsidy can I get');
  });
});
