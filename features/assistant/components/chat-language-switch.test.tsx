import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { initialChatStoreState, useChatStore } from '../store';
import { ChatScreen } from './chat-screen';

vi.mock('socket.io-client', async () => {
  const { fakeSocket: socket } = await import('@/tests/fixtures/fake-socket');
  return { io: () => socket };
});

beforeEach(() => {
  useChatStore.setState({ ...initialChatStoreState });
  server.use(http.get('/recommendation-service/api/v1/suggestions', () => HttpResponse.json({ long: [], short: [] })));
});

/*
 * The language switch: each button is a 44 px tall target (min-h-11; jsdom
 * draws no CSS, the e2e axe check measures it) around the 28 px pill that
 * shows which language is on.
 */
describe('the assistant\'s language switch', () => {
  it.each([['en', en, 'english'], ['hi', hi, 'hindi'], ['he', he, 'hinglish']] as const)(
    'offers three 44 px tall buttons in %s and marks the chosen one', async (locale, msgs, uiLanguage) => {
      const { user } = renderWithApp(<ChatScreen uiLanguage={uiLanguage} />, { locale });

      const group = screen.getByRole('group', { name: msgs.assistant.languageLabel });
      const buttons = within(group).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual([msgs.assistant.languages.english, msgs.assistant.languages.hindi, msgs.assistant.languages.hinglish]);
      for (const b of buttons) expect(b.className.split(' ')).toContain('min-h-11');

      const other = uiLanguage === 'hindi' ? 'english' : 'hindi';
      const target = within(group).getByRole('button', { name: msgs.assistant.languages[other] });
      expect(target.getAttribute('aria-pressed')).toBe('false');
      await user.click(target);
      expect(target.getAttribute('aria-pressed')).toBe('true');
      expect(useChatStore.getState().language).toBe(other);
    },
  );
});
