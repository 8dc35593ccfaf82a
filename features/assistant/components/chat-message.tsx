'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { track } from '@/lib/analytics/event-client';
import { useErrorText } from '@/lib/use-error-text';
import type { ChatMessage, RelatedReel } from '../lib/chat-state';

/**
 * One message. Answers are rendered as text nodes, never as HTML (a bank
 * entry or a model's text can hold markup); line breaks are kept by CSS.
 * While the answer has no text yet, the listening animation shows
 * (SPEC.md section 2 "listen animation on or off").
 */
export function ChatMessageView({
  message, onRetry, embedded,
}: {
  message: ChatMessage;
  onRetry: (message: ChatMessage) => void;
  embedded: boolean;
}) {
  const t = useTranslations('assistant');
  const codeText = useErrorText();
  if (message.role === 'user') {
    return (
      <div className="flex justify-end" data-testid="chat-message" data-role="user">
        <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-amber-500 px-4 py-2.5 text-black">
          {message.voice && message.text === '' ? <span className="italic">{t('voiceQuestion')}</span> : message.text}
        </p>
      </div>
    );
  }
  const waiting = !message.ended && message.text === '';
  let errorText: string | null = null;
  if (message.error) {
    if (message.error === 'interrupted') errorText = t('interrupted');
    else errorText = codeText(message.error);
  }
  return (
    <div
      className="flex flex-col items-start gap-2"
      data-testid="chat-message"
      data-role="assistant"
      data-ended={message.ended ? 'true' : 'false'}
    >
      {waiting ? (
        <div role="status" data-testid="chat-listening" className="flex items-center gap-2 rounded-2xl rounded-bl-sm bg-neutral-100 px-4 py-3 dark:bg-neutral-800">
          <span className="sr-only">{t('listening')}</span>
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              aria-hidden="true"
              className="h-2 w-2 animate-bounce rounded-full bg-amber-500"
              style={{ animationDelay: `${delay}ms` }}
            />
          ))}
        </div>
      ) : message.text ? (
        <p
          data-testid="chat-answer"
          className="max-w-[90%] whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-neutral-100 px-4 py-2.5 leading-relaxed dark:bg-neutral-800"
        >
          {message.text}
        </p>
      ) : null}
      {errorText ? (
        <div role="alert" data-testid="chat-error" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          <span>{errorText}</span>
          {message.retryOf ? (
            <button
              type="button"
              data-testid="chat-retry"
              onClick={() => onRetry(message)}
              className="rounded-full border border-red-300 px-3 py-1 font-semibold dark:border-red-800"
            >
              {t('retry')}
            </button>
          ) : null}
        </div>
      ) : null}
      {message.related && message.related.length > 0 ? (
        <RelatedReels reels={message.related} embedded={embedded} />
      ) : null}
    </div>
  );
}

function RelatedReels({ reels, embedded }: { reels: RelatedReel[]; embedded: boolean }) {
  const t = useTranslations('assistant');
  return (
    <section aria-label={t('relatedTitle')} className="w-full">
      <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{t('relatedTitle')}</h3>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {reels.map((r) => (
          <li key={r.id} className="w-32 shrink-0">
            <Link
              prefetch={false}
              href={`/content/${encodeURIComponent(r.id)}`}
              target={embedded ? '_blank' : undefined}
              data-testid="chat-related-reel"
              onClickCapture={() => track('CONTENT_PLAYED', { content_id: r.id })}
              data-content-id={r.id}
              className="block overflow-hidden rounded-xl border border-neutral-200 bg-black text-white dark:border-neutral-700"
            >
              {/* Signed thumbnail URLs are already small JPEGs: a plain <img>, no optimizer round trip. */}
              <img
                src={r.pre_signed_url_thumbnail}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[9/16] w-full object-cover"
                onError={(e) => { e.currentTarget.style.visibility = 'hidden'; }}
              />
              <p className="line-clamp-2 px-2 py-1.5 text-xs leading-snug">{r.description || r.topic_name}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
