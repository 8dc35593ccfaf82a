import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { FeedScreen } from '../../_lib/feed-screen';
import { isNotFound, shareCard, topicTldr } from '../../_lib/data';
import { reelGraph, siteGraph } from '../../_lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { getViewerId } from '../../_lib/viewer';
import { routeParamOrNotFound } from '../../_lib/route-param';
import { pageAlternates } from '../../_lib/seo';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> };

async function loadEntry(slug: string) {
  try {
    // The summary in the interface language where one exists (locales and reel languages share codes).
    return await topicTldr(await getViewerId(), slug, await getInterfaceLang());
  } catch (err) {
    if (isNotFound(err)) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const entry = await loadEntry(routeParamOrNotFound(slug));
  const t = await getTranslations('meta');
  const title = t('tldrTopic', { topic: entry.topic_name });
  const description = entry.content?.description || t('topicDescription', { topic: entry.topic_name });
  const image = entry.content?.pre_signed_url_poster ?? entry.topic_pic;
  return {
    title,
    description,
    alternates: await pageAlternates(`/tldr/${entry.topic_slug}`),
    openGraph: { title, description, url: `/tldr/${entry.topic_slug}`, ...(image ? { images: [{ url: image }] } : {}) },
  };
}

/** /tldr/[slug]: the topic's summary reel in the player, then the topic's other reels. */
export default async function TldrTopicPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const entry = await loadEntry(routeParamOrNotFound(slug));
  const { filter } = parseFeedSearchParams(await searchParams);
  const urlFilter = { lang: filter.lang };
  const card = entry.content ? await shareCard(entry.content.id) : null;
  return (
    <>
    <JsonLd data={entry.content ? await reelGraph(entry.content, card?.kind === 'reel' ? card : null) : await siteGraph()} />
    <FeedScreen
      params={{ filter: { topic_id: entry.topic_id, lang: filter.lang }, startPage: 1, leadId: entry.content?.id ?? null }}
      urlFilter={urlFilter}
      lead={entry.content}
      filterLabel={entry.topic_name}
    />
    </>
  );
}
