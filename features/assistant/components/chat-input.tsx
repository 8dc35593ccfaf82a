'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { ChatLanguage } from '../schemas';
import { MAX_MESSAGE_CHARS, sendableMessage, speechLang } from '../lib/chat-ui';
import { dockForm } from '@/lib/form-dock';

/** The parts of the Web Speech API used here (not in every TypeScript DOM lib). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start: () => void;
  stop: () => void;
}
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * The question box: 1-500 characters with a counter, send, and a
 * microphone that fills the box from the browser's speech recognition
 * (hi-IN or en-IN by the chat language); the microphone is hidden where
 * the browser has no speech recognition. While on the page it is docked
 * (lib/form-dock.ts): its place and focus keep the mini player off its
 * controls.
 */
export function ChatInput({
  language, disabled, onSend,
}: {
  language: ChatLanguage;
  disabled: boolean;
  onSend: (text: string) => void;
}) {
  const t = useTranslations('assistant');
  const [text, setText] = useState('');
  // Known only in the browser: null (unknown) until mount, so server and first client render agree;
  // meanwhile the microphone's place is kept, so nothing moves where it appears (most phones' browsers).
  const [canListen, setCanListen] = useState<boolean | null>(null);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!formRef.current) return;
    return dockForm(formRef.current);
  }, []);

  useEffect(() => {
    // A browser capability, unknown on the server: set after mount.
    setCanListen(recognitionCtor() !== null);
    return () => recognition.current?.stop();
  }, []);

  const message = sendableMessage(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!message || disabled) return;
    onSend(message);
    setText('');
  };

  const toggleMic = () => {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const Ctor = recognitionCtor();
    if (!Ctor) return;
    const r = new Ctor();
    r.lang = speechLang(language);
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      const heard = Array.from(e.results, (res) => res[0]?.transcript ?? '').join(' ').trim();
      if (heard) setText((prev) => `${prev ? `${prev} ` : ''}${heard}`.slice(0, MAX_MESSAGE_CHARS));
    };
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    recognition.current = r;
    setListening(true);
    r.start();
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
      {canListen ? (
        <button
          type="button"
          data-testid="chat-mic"
          onClick={toggleMic}
          aria-pressed={listening}
          aria-label={listening ? t('micStop') : t('micStart')}
          className={`mb-5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full border ${listening ? 'animate-pulse border-red-500 bg-red-500 text-white' : 'border-neutral-300 dark:border-neutral-700'}`}
        >
          <MicIcon />
        </button>
      ) : canListen === null ? (
        <div aria-hidden="true" className="mb-5 h-11 w-11 shrink-0" />
      ) : null}
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

function MicIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M19 10v1a7 7 0 0 1-14 0v-1" />
      <path d="M12 18v4" />
    </svg>
  );
}
