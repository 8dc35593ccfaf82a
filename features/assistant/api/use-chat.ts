'use client';

import { useCallback, useEffect, useRef } from 'react';
import { HttpError } from '@/lib/http/client';
import type { ChatLanguage } from '../schemas';
import { lastQuestion } from '../lib/chat-state';
import { useChatStore } from '../store';
import { postChat } from './chat';
import { chatSocketStatus, connectChatSocket, emitChat, subscribeChat } from './socket';

/** An answer that has not ended this long after the question is given up, ms. */
const ANSWER_TIMEOUT_MS = 45_000;

/**
 * Wires the chat store to the socket (chunks, end, error, connection state)
 * and returns `send`: adds the question, emits it over the socket, or posts
 * it over HTTP when the socket cannot connect within 4 s (the JSON answer
 * then arrives whole). Call once per mounted chat screen.
 * @param topic the topic the chat was opened from (id or slug), sent with every message.
 */
export function useChat(language: ChatLanguage, topic?: string): { send: (text: string) => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const store = useChatStore.getState;
    const clear = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
    const unsubscribe = subscribeChat({
      onStatus: (s) => store().setStatus(s),
      onChunk: (e) => store().chunk(e.text),
      onEnd: (e) => {
        clear();
        store().end(e);
      },
      onError: (e) => {
        clear();
        store().fail(e.code, lastQuestion(store()) ?? undefined);
      },
    });
    store().setStatus(chatSocketStatus());
    // A second chat screen finds the connection already open: no connect event will come.
    connectChatSocket().then(() => store().setStatus(chatSocketStatus()), () => store().setStatus('disconnected'));
    return () => {
      clear();
      unsubscribe();
    };
  }, []);

  const send = useCallback((text: string) => {
    const store = useChatStore.getState;
    if (!store().ask(text)) return;
    const payload = { message: text, language, ...(store().chatId ? { chat_id: store().chatId! } : {}), ...(topic ? { topic } : {}) };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => store().fail('timeout', text), ANSWER_TIMEOUT_MS);
    void (async () => {
      if (await emitChat(payload)) return;
      try {
        const answer = await postChat(payload);
        store().end(answer);
      } catch (err) {
        store().fail(err instanceof HttpError ? err.code : 'network_error', text);
      } finally {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
      }
    })();
  }, [language, topic]);

  return { send };
}
