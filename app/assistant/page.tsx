import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { SuggestionsResponse } from '@/features/assistant/api/chat';
import { ChatScreen } from '@/features/assistant/components/chat-screen';
import { chatRequestSchema, type ChatLanguage } from '@/features/assistant/schemas';
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

/**
 * The AI assistant tab (SPEC.md section 2): a general chat in the interface
 * language. `?q=<question>` (the search's "Ask the assistant") asks that
 * question as the chat opens; one the chat would refuse is left out.
 */
export default async function AssistantPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const language = await chatLanguageOfRequest();
  const q = (await searchParams).q;
  const question = chatRequestSchema.shape.message.safeParse(Array.isArray(q) ? q[0] : q);
  return (
    <ErrorBoundary name="chat">
      <ChatScreen uiLanguage={language} initialSuggestions={await initialSuggestions(language)} serverVoice={serverVoiceConfigured()}
        initialQuestion={question.success ? question.data : null} />
    </ErrorBoundary>
  );
}
