'use client';

import { useCallback, useEffect, useRef } from 'react';
import { track } from '@/lib/analytics/event-client';
import { HttpError } from '@/lib/http/client';
import type { ChatLanguage } from '../schemas';
import { lastQuestion } from '../lib/chat-state';
import { useChatStore } from '../store';
import { postChat } from './chat';
import { chatSocketStatus, connectChatSocket, emitChat, subscribeChat } from './socket';
import { postVoiceQuestion } from './voice';

/** An answer that has not ended this long after the question is given up, ms. */
const ANSWER_TIMEOUT_MS = 45_000;

/** Marks the answer failed and records ERROR_OCCURES (SPEC.md section 2 chatbot events) with the error code. */
function failChat(code: string, question?: string): void {
  track('ERROR_OCCURES', { error_message: code.slice(0, 200) });
  useChatStore.getState().fail(code, question);
}

/**
 * Wires the chat store to the socket (chunks, end, error, connection state)
 * and returns `send`: adds the question, emits it over the socket, or posts
 * it over HTTP when the socket cannot connect within 4 s (the JSON answer
 * then arrives whole); and `sendVoice`: adds a voice question (its words
 * shown once the server heard them) and posts the recording with its
 * token (POST chat/audio), whose JSON answer brings the transcript and the
 * answer together. Call once per mounted chat screen.
 * @param topic the topic the chat was opened from (id or slug), sent with every message.
 */
export function useChat(language: ChatLanguage, topic?: string): {
  send: (text: string) => void;
  sendVoice: (recording: Blob, token: string) => void;
} {
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
        failChat(e.code, lastQuestion(store()) ?? undefined);
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
    const first = store().messages.length === 0;
    if (!store().ask(text)) return;
    if (first) track('CHAT_INITIATED', { metadata: { language, ...(topic ? { topic: topic.slice(0, 60) } : {}) } });
    const payload = { message: text, language, ...(store().chatId ? { chat_id: store().chatId! } : {}), ...(topic ? { topic } : {}) };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => failChat('timeout', text), ANSWER_TIMEOUT_MS);
    void (async () => {
      if (await emitChat(payload)) return;
      try {
        const answer = await postChat(payload);
        store().end(answer);
      } catch (err) {
        failChat(err instanceof HttpError ? err.code : 'network_error', text);
      } finally {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
      }
    })();
  }, [language, topic]);

  const sendVoice = useCallback((recording: Blob, token: string) => {
    const store = useChatStore.getState;
    const first = store().messages.length === 0;
    if (!store().askVoice()) return;
    if (first) track('CHAT_INITIATED', { metadata: { language, voice: true, ...(topic ? { topic: topic.slice(0, 60) } : {}) } });
    const query = { language, ...(store().chatId ? { chat_id: store().chatId! } : {}), ...(topic ? { topic } : {}) };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => failChat('timeout'), ANSWER_TIMEOUT_MS);
    void (async () => {
      try {
        const answer = await postVoiceQuestion(token, recording, query);
        store().heard(answer.transcript);
        store().end(answer);
      } catch (err) {
        // A recording cannot be asked again from the store: "retry" is speaking again.
        failChat(err instanceof HttpError ? err.code : 'network_error');
      } finally {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
      }
    })();
  }, [language, topic]);

  return { send, sendVoice };
}
