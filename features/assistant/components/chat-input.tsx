'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { ChatLanguage } from '../schemas';
import { MAX_MESSAGE_CHARS, sendableMessage } from '../lib/chat-ui';
import { dockForm } from '@/lib/form-dock';
import { MicButton } from './mic-button';

/**
 * The question box: 1-500 characters with a counter, send, and the
 * microphone (./mic-button.tsx): with a server speech-to-text provider a
 * recording is sent as the question (`onVoice`); otherwise the browser's
 * speech recognition fills the box; with neither there is no microphone.
 * While on the page it is docked (lib/form-dock.ts): its place and focus
 * keep the mini player off its controls.
 */
export function ChatInput({
  language, disabled, onSend, serverVoice = false, onVoice,
}: {
  language: ChatLanguage;
  disabled: boolean;
  onSend: (text: string) => void;
  /** A server speech-to-text provider is configured (STT_URL): spoken questions are recorded and sent. */
  serverVoice?: boolean;
  /** Sends a recorded question with its audio token (server voice). */
  onVoice?: (recording: Blob, token: string) => void;
}) {
  const t = useTranslations('assistant');
  const [text, setText] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!formRef.current) return;
    return dockForm(formRef.current);
  }, []);

  const message = sendableMessage(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message || disabled) return;
    onSend(message);
    setText('');
  };

  return (
    <form ref={formRef} onSubmit={submit} className="flex items-end gap-2" data-testid="chat-form">
      <div className="flex-1">
        <label htmlFor="chat-input" className="sr-only">{t('inputLabel')}</label>
        <textarea
          id="chat-input"
          data-testid="chat-input"
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_CHARS}
          placeholder={t('placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          className="block max-h-32 min-h-11 w-full resize-none rounded-2xl border border-neutral-300 bg-white px-4 py-2.5 dark:border-neutral-700 dark:bg-neutral-900"
        />
        <p className="mt-0.5 text-right text-[0.7rem] text-neutral-500 dark:text-neutral-400" data-testid="chat-counter" aria-live="polite">
          {t('counter', { count: text.length, max: MAX_MESSAGE_CHARS })}
        </p>
      </div>
      <MicButton
        language={language}
        serverVoice={serverVoice && onVoice !== undefined}
        disabled={disabled}
        onHeard={(heard) => setText((prev) => `${prev ? `${prev} ` : ''}${heard}`.slice(0, MAX_MESSAGE_CHARS))}
        onRecorded={(recording, token) => onVoice?.(recording, token)}
      />
      <button
        type="submit"
        data-testid="chat-send"
        disabled={!message || disabled}
        className="mb-5 h-11 shrink-0 rounded-full bg-amber-500 px-5 font-semibold text-black disabled:opacity-50"
      >
        {t('send')}
      </button>
    </form>
  );
}
