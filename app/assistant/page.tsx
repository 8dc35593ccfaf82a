import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChatScreen } from '@/features/assistant/components/chat-screen';
import { chatLanguageOfRequest } from '../_lib/chat-language';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('assistant') };
}

/** The AI assistant tab (SPEC.md section 2): a general chat in the interface language. */
export default async function AssistantPage() {
  return <ChatScreen uiLanguage={await chatLanguageOfRequest()} />;
}
