import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChatScreen } from '@/features/assistant/components/chat-screen';
import { serverVoiceConfigured } from '@/features/assistant/server/speech-to-text';
import { chatLanguageOfRequest, chatTopicOfSlug } from '../../../_lib/chat-language';
import { topicDetails } from '../../../_lib/data';
import { ErrorBoundary } from '../../../_components/error-boundary';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const topic = await chatTopicOfSlug(slug, topicDetails);
  const t = await getTranslations('meta');
  return { title: topic ? `${t('assistant')}: ${topic.name}` : t('assistant'), robots: { index: false } };
}

/**
 * /chat/v1/[slug] (SPEC.md section 2): the assistant opened from a topic
 * (slug = the topic's id or slug; its id goes with every message) or a
 * general chat (`general`, or a slug that names no topic).
 */
export default async function TopicChatPage({ params }: Props) {
  const { slug } = await params;
  const topic = await chatTopicOfSlug(slug, topicDetails);
  return <ErrorBoundary name="chat"><ChatScreen key={topic?.id ?? 'general'} uiLanguage={await chatLanguageOfRequest()} topic={topic} serverVoice={serverVoiceConfigured()} /></ErrorBoundary>;
}
