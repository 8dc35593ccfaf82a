'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { SparkleChatIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics/event-client';
import { chatLanguageSchema, type ChatLanguage } from '../schemas';
import { useSuggestions, type SuggestionsResponse } from '../api/chat';
import { useChat } from '../api/use-chat';
import { isAnswering, lastQuestion, type ChatMessage } from '../lib/chat-state';
import { callbackHref } from '../lib/chat-ui';
import { useChatStore } from '../store';
import { ChatInput } from './chat-input';
import { ChatMessageView } from './chat-message';
import { SuggestionPanel } from './suggestion-panel';

/** The saved chat has been read into the store in this page load. */
let restored = false;

/**
 * The AI assistant: greeting, suggested
 * questions, category picker, the conversation with streamed answers,
 * related reels and follow-up chips, language switch, reset and "Call me".
 * Used by the assistant tab, /chat/v1/[slug] and /chat/external/[slug].
 * Test hooks: data-testid="chat-*".
 */
export function ChatScreen({
  uiLanguage, topic = null, embedded = false, headerEnd = null, initialSuggestions = null, serverVoice = false, initialQuestion = null,
}: {
  /** The interface language's chat language: the default until the person picks one. */
  uiLanguage: ChatLanguage;
  /** The topic the chat was opened from: its id is sent with every message, its name shown. */
  topic?: { id: string; name: string } | null;
  /** Inside a partner's page: links open in a new tab, the screen fills its frame. */
  embedded?: boolean;
  headerEnd?: ReactNode;
  /**
   * The suggested questions of `uiLanguage`, read by the page on the server: the
   * cards and categories are then in the first HTML and nothing moves after load.
   */
  initialSuggestions?: SuggestionsResponse | null;
  /** The server transcribes spoken questions (STT_URL set; features/assistant/server/speech-to-text.ts serverVoiceConfigured). */
  serverVoice?: boolean;
  /**
   * A question the page was opened with (`/assistant?q=`: the search's "Ask
   * the assistant"): sent once the saved chat is back, then taken out of the
   * address so a reload or a back does not ask it again.
   */
  initialQuestion?: string | null;
}) {
  const t = useTranslations('assistant');
  const messages = useChatStore((s) => s.messages);
  const suggestions = useChatStore((s) => s.suggestions);
  const picked = useChatStore((s) => s.language);
  const status = useChatStore((s) => s.status);
  const answering = useChatStore(isAnswering);
  const language = picked ?? uiLanguage;
  const { send, sendVoice } = useChat(language, topic?.id);
  const [hydrated, setHydrated] = useState(false);
  const [browse, setBrowse] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const sugg = useSuggestions(language, language === uiLanguage && initialSuggestions ? initialSuggestions : undefined);

  useEffect(() => {
    // The saved chat is read after mount so the server HTML and the first render agree; once per
    // page load: moving between chat screens keeps the live store (an answer may be streaming).
    if (restored) {
      setHydrated(true);
      return;
    }
    restored = true;
    void Promise.resolve(useChatStore.persist.rehydrate()).then(() => setHydrated(true));
  }, []);

  const askedInitial = useRef(false);
  useEffect(() => {
    if (!hydrated || !initialQuestion || askedInitial.current) return;
    askedInitial.current = true;
    setBrowse(false);
    send(initialQuestion);
    const url = new URL(window.location.href);
    url.searchParams.delete('q');
    // A null state, so Next's router takes the new address up; its own state would make it look away.
    window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  }, [hydrated, initialQuestion, send]);

  const lastText = messages[messages.length - 1]?.text;
  useEffect(() => {
    // An empty chat stays at its top (greeting and first cards); scrolling there would force a
    // layout during load and hide the greeting on a phone.
    if (messages.length === 0) return;
    endRef.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [messages.length, lastText]);

  const ask = (q: string) => {
    setBrowse(false);
    send(q);
  };
  const retry = (m: ChatMessage) => {
    if (!m.retryOf) return;
    useChatStore.getState().dropFailed(m.id);
    send(m.retryOf);
  };
  const question = lastQuestion({ messages });
  const empty = messages.length === 0;
  const langs = chatLanguageSchema.options;
  const panel = (
    <SuggestionPanel
      language={language}
      long={sugg.data?.long ?? []}
      short={sugg.data?.short ?? []}
      loading={sugg.isPending}
      failed={sugg.isError}
      onRetry={() => void sugg.refetch()}
      onAsk={(q) => {
        track('SUGGESTED_QUESTION', { metadata: { language } });
        ask(q);
      }}
    />
  );

  return (
    <div
      data-testid="chat-screen"
      data-hydrated={hydrated ? 'true' : 'false'}
      data-language={language}
      className={`mx-auto flex w-full max-w-2xl flex-col ${embedded ? 'h-full' : 'h-[calc(100dvh-var(--tabbar-h)-var(--offline-h,0px))]'}`}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-4 py-2.5 dark:border-neutral-800">
        <SparkleChatIcon size={22} className="text-amber-600 dark:text-amber-400" />
        <h1 className="mr-auto text-lg font-semibold">{t('title')}</h1>
        <span
          data-testid="chat-status"
          data-status={status}
          className="flex min-w-28 items-center justify-end gap-1.5 text-xs text-neutral-600 dark:text-neutral-400"
        >
          <span
            aria-hidden="true"
            className={`h-2 w-2 rounded-full ${status === 'connected' ? 'bg-emerald-500' : status === 'disconnected' ? 'bg-red-500' : 'animate-pulse bg-amber-500'}`}
          />
          {t(`status.${status === 'idle' ? 'connecting' : status}`)}
        </span>
        {headerEnd}
      </header>

      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-4 py-2 dark:border-neutral-800">
        <div role="group" aria-label={t('languageLabel')} className="flex rounded-full border border-neutral-300 p-0.5 text-sm dark:border-neutral-700">
          {langs.map((l) => (
            <button
              key={l}
              type="button"
              data-testid={`chat-language-${l}`}
              aria-pressed={language === l}
              onClick={() => {
                if (l !== language) track('LANGUAGE_CHANGED', { metadata: { from: language, to: l } });
                useChatStore.getState().setLanguage(l);
              }}
              // A 44 px tall target; negative margins and the inner pill keep the switch's 28 px look.
              className="-my-2 flex min-h-11 items-center"
            >
              <span className={`rounded-full px-3 py-1 ${language === l ? 'bg-neutral-900 font-semibold text-white dark:bg-white dark:text-black' : ''}`}>
                {t(`languages.${l}`)}
              </span>
            </button>
          ))}
        </div>
        <div className="ml-auto flex gap-2">
          <Link
            prefetch={false}
            href={callbackHref({ note: question })}
            target={embedded ? '_blank' : undefined}
            data-testid="chat-call-me"
            onClickCapture={() => track('CALL_ME', { metadata: { language } })}
            className="rounded-full bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            {t('callMe')}
          </Link>
          <button
            type="button"
            data-testid="chat-reset"
            disabled={empty}
            onClick={() => {
              useChatStore.getState().reset();
              setBrowse(false);
            }}
            className="rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-semibold disabled:opacity-40 dark:border-neutral-700"
          >
            {t('reset')}
          </button>
        </div>
      </div>

      <div className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite" aria-busy={answering}>
        <div className="mb-5">
          <p className="text-xl font-semibold" data-testid="chat-greeting">{t('greeting')}</p>
          <p className="mt-1 text-neutral-600 dark:text-neutral-300">
            {topic ? t('topicIntro', { topic: topic.name }) : t('intro')}
          </p>
        </div>

        {empty ? panel : null}

        {!empty ? (
          <ol className="flex flex-col gap-4" data-testid="chat-messages">
            {messages.map((m) => (
              <li key={m.id}>
                <ChatMessageView message={m} onRetry={retry} embedded={embedded} />
              </li>
            ))}
          </ol>
        ) : null}

        {!empty && !answering && suggestions.length > 0 ? (
          <section aria-label={t('followUpsTitle')} className="mt-4">
            <h2 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{t('followUpsTitle')}</h2>
            <ul className="flex flex-wrap gap-2">
              {suggestions.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    data-testid="chat-followup"
                    onClick={() => {
                      track('RELATED_QUESTION', { metadata: { language } });
                      ask(s);
                    }}
                    className="rounded-full border border-amber-400 px-3 py-1.5 text-left text-sm hover:bg-amber-50 dark:border-amber-700 dark:hover:bg-amber-950/40"
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {!empty && browse ? <div className="mt-5">{panel}</div> : null}

        {!empty && !browse ? (
          <button
            type="button"
            onClick={() => setBrowse(true)}
            className="mt-4 text-sm font-semibold text-amber-700 underline underline-offset-2 dark:text-amber-400"
          >
            {t('browseQuestions')}
          </button>
        ) : null}
        <div ref={endRef} />
      </div>

      <div className="border-t border-neutral-200 px-4 pt-2.5 dark:border-neutral-800">
        <ChatInput language={language} disabled={answering} onSend={ask} serverVoice={serverVoice} onVoice={(recording, token) => {
          setBrowse(false);
          sendVoice(recording, token);
        }} />
      </div>
    </div>
  );
}
