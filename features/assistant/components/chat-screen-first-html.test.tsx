import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { testQueryClient } from '@/tests/fixtures/render';
import type { SuggestionsResponse } from '../api/chat';
import { ChatInput } from './chat-input';
import { ChatScreen } from './chat-screen';

// The first HTML of the chat screen on a phone (docs/decisions/017): what the server sends must
// already have the shape the page keeps after load, or the page moves (layout shift).

vi.mock('socket.io-client', async () => {
  const { fakeSocket: socket } = await import('@/tests/fixtures/fake-socket');
  return { io: () => socket };
});

const SUGGESTIONS: SuggestionsResponse = {
  long: [
    { icon: '💰', q: 'How much subsidy can I get?', color: 'Green', category: 'Subsidy' },
    { icon: '⚡', q: 'What is net metering?', color: 'Blue', category: 'Electric Connection' },
  ],
  short: [{ icon: '🧾', q: 'What does a 3 kW system cost?', color: 'Orange', category: 'System Cost' }],
};

function html(ui: React.ReactElement): string {
  return renderToString(
    <NextIntlClientProvider locale="en-IN" messages={en} timeZone="Asia/Kolkata">
      <QueryClientProvider client={testQueryClient()}>{ui}</QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

describe('the chat screen\'s server HTML', () => {
  it('holds the suggested cards and the category picker when the page read them on the server', () => {
    const out = html(<ChatScreen uiLanguage="english" initialSuggestions={SUGGESTIONS} />);
    expect(out).toContain('How much subsidy can I get?');
    expect(out).toContain('What is net metering?');
    expect(out.match(/data-testid="chat-suggestion"/g)).toHaveLength(2);
    expect(out.match(/data-testid="chat-category"/g)).toHaveLength(9);
    expect(out).not.toContain('chat-suggestion-skeleton');
  });

  it('keeps card-sized placeholders above the categories while the suggestions load', () => {
    const out = html(<ChatScreen uiLanguage="hindi" />);
    expect(out.match(/data-testid="chat-suggestion-skeleton"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(out.indexOf('chat-suggestion-skeleton')).toBeLessThan(out.indexOf('data-testid="chat-category"'));
  });

  it('keeps the microphone\'s place until the browser says whether it can listen', () => {
    const out = html(<ChatInput language="english" disabled={false} onSend={() => {}} />);
    expect(out).not.toContain('data-testid="chat-mic"');
    expect(out).toMatch(/<div aria-hidden="true" class="[^"]*h-11 w-11/);
  });
});
