import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SuggestionsResponse } from '@/features/assistant/api/chat';
import { ChatScreen } from '@/features/assistant/components/chat-screen';
import type { ChatLanguage } from '@/features/assistant/schemas';
import { serverVoiceConfigured } from '@/features/assistant/server/speech-to-text';
import { listSuggestions } from '@/features/assistant/server/suggestions';
import { logger } from '@/lib/logger';
import { ErrorBoundary } from '../_components/error-boundary';
import { chatLanguageOfRequest } from '../_lib/chat-language';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('assistant') };
}

/**
 * The suggested questions of `language` for the first render, so the cards and
 * the category picker are in the server HTML and nothing moves when they
 * would have loaded (docs/decisions/017). Null when they cannot be read: the
 * screen then fetches them itself and shows its retry.
 */
async function initialSuggestions(language: ChatLanguage): Promise<SuggestionsResponse | null> {
  try {
    const [long, short] = await Promise.all([listSuggestions(language, 'long'), listSuggestions(language, 'short')]);
    return { long, short };
  } catch (err) {
    logger().warn({ err }, 'assistant page: suggested questions not read; the screen fetches them');
    return null;
  }
}

/** The AI assistant tab (SPEC.md section 2): a general chat in the interface language. */
export default async function AssistantPage() {
  const language = await chatLanguageOfRequest();
  return (
    <ErrorBoundary name="chat">
      <ChatScreen uiLanguage={language} initialSuggestions={await initialSuggestions(language)} serverVoice={serverVoiceConfigured()} />
    </ErrorBoundary>
  );
}
