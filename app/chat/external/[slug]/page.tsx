import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmbeddedChat } from '@/features/assistant/components/embedded-chat';
import { serverVoiceConfigured } from '@/features/assistant/server/speech-to-text';
import { chatLanguageOfRequest, chatTopicOfSlug } from '../../../_lib/chat-language';
import { topicDetails } from '../../../_lib/data';
import { getIssuedVisitorToken } from '../../../_lib/viewer';
import { findPublicPartner } from '@/features/partners/server/partners';
import { partnerIdSchema } from '@/features/partners/schemas';
import { PartnerChatHeader } from './partner-header';
import { decodeRouteParam } from '../../../_lib/route-param';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('assistant'), robots: { index: false } };
}

/**
 * /chat/external/[slug] (SPEC.md section 2): the assistant for a partner's
 * page, framed only by CHAT_EMBED_ORIGINS (server/index.ts sets the
 * frame-ancestors policy); slug as in /chat/v1/[slug]. A slug naming an
 * active partner (docs/decisions/013-partners.md) is that partner's chat:
 * the general assistant under the partner's name and logo.
 */
export default async function ExternalChatPage({ params }: Props) {
  const { slug } = await params;
  const partnerId = partnerIdSchema.safeParse(decodeRouteParam(slug)?.trim()).data;
  const partner = partnerId ? await findPublicPartner(partnerId) : null;
  const topic = partner ? null : await chatTopicOfSlug(slug, topicDetails);
  // Framed by a partner's site, the browser keeps no cookie of ours: the chat sends this token instead.
  const visitor = await getIssuedVisitorToken();
  const chat = (
    <EmbeddedChat key={topic?.id ?? 'general'} uiLanguage={await chatLanguageOfRequest()} topic={topic} visitorToken={visitor?.token ?? null}
      serverVoice={serverVoiceConfigured()} />
  );
  if (!partner) return chat;
  return (
    <div className="flex h-full flex-col">
      <PartnerChatHeader id={partner.id} name={partner.name} logoUrl={partner.logo_url} />
      <div className="relative min-h-0 flex-1">{chat}</div>
    </div>
  );
}
