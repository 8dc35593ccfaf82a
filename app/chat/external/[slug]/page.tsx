import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmbeddedChat } from '@/features/assistant/components/embedded-chat';
import { chatLanguageOfRequest, chatTopicOfSlug } from '../../../_lib/chat-language';
import { topicDetails } from '../../../_lib/data';
import { getIssuedVisitorToken } from '../../../_lib/viewer';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('assistant'), robots: { index: false } };
}

/**
 * /chat/external/[slug] (SPEC.md section 2): the assistant for a partner's
 * page, framed only by CHAT_EMBED_ORIGINS (server/index.ts sets the
 * frame-ancestors policy); slug as in /chat/v1/[slug].
 */
export default async function ExternalChatPage({ params }: Props) {
  const { slug } = await params;
  const topic = await chatTopicOfSlug(slug, topicDetails);
  // Framed by a partner's site, the browser keeps no cookie of ours: the chat sends this token instead.
  const visitor = await getIssuedVisitorToken();
  return (
    <EmbeddedChat key={topic?.id ?? 'general'} uiLanguage={await chatLanguageOfRequest()} topic={topic} visitorToken={visitor?.token ?? null} />
  );
}
