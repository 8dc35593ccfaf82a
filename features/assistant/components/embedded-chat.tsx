'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CloseIcon } from '@/components/ui/icons';
import type { ChatLanguage } from '../schemas';
import { parentCommand } from '../lib/chat-ui';
import { ChatScreen } from './chat-screen';
import { getVisitorToken, setVisitorToken } from '@/lib/http/client';

/** The embedding page's origin (from the referrer), or '*' when unknown; messages carry no private data. */
function parentOrigin(): string {
  try {
    return document.referrer ? new URL(document.referrer).origin : '*';
  } catch {
    return '*';
  }
}

function postToParent(message: { type: 'close' | 'iframe_loaded' }): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, parentOrigin());
}

/**
 * The assistant inside a partner's page (/chat/external/[slug]; SPEC.md
 * section 2 "Chatbot events": show or hide close button, iframe loaded).
 * Tells the parent {type:'iframe_loaded'} once mounted; shows a close
 * button when the parent sends {type:'show_close_button'} (hides it on
 * 'hide_close_button'); the button posts {type:'close'}. Only messages from
 * the parent window are heeded. `visitorToken` is this visitor's
 * server-issued token: framed by another site the browser keeps no cookie of
 * ours, so calls and the socket carry the token instead.
 */
export function EmbeddedChat({ uiLanguage, topic, visitorToken = null, serverVoice = false }: {
  uiLanguage: ChatLanguage;
  topic: { id: string; name: string } | null;
  visitorToken?: string | null;
  /** The server transcribes spoken questions (STT_URL set). */
  serverVoice?: boolean;
}) {
  // Before any call of this page (children's effects run before this component's).
  if (typeof window !== 'undefined' && visitorToken && getVisitorToken() !== visitorToken) setVisitorToken(visitorToken);
  const t = useTranslations('assistant');
  const [closable, setClosable] = useState(false);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent || window.parent === window) return;
      const command = parentCommand(e.data);
      if (command) setClosable(command === 'show_close_button');
    };
    window.addEventListener('message', onMessage);
    postToParent({ type: 'iframe_loaded' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <ChatScreen
      uiLanguage={uiLanguage}
      topic={topic}
      embedded
      serverVoice={serverVoice}
      headerEnd={closable ? (
        <button
          type="button"
          data-testid="chat-close"
          aria-label={t('close')}
          onClick={() => postToParent({ type: 'close' })}
          className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <CloseIcon size={20} />
        </button>
      ) : null}
    />
  );
}
