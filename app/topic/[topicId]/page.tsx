import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { FeedScreen } from '../../_lib/feed-screen';
import { topicOrNotFound } from '../../_lib/data';
import { routeParamOrNotFound } from '../../_lib/route-param';

type Props = { params: Promise<{ topicId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topicId } = await params;
  const topic = await topicOrNotFound(routeParamOrNotFound(topicId));
  const t = await getTranslations('meta');
  const title = t('topic', { topic: topic.name });
  const description = topic.description || undefined;
  return {
    title,
    description,
    alternates: { canonical: `/topic/${topic.id}` },
    openGraph: { title, description, url: `/topic/${topic.id}`, ...(topic.pic ? { images: [{ url: topic.pic }] } : {}) },
  };
}

/** A topic page (SPEC.md section 2: its slug is the topic id): the feed narrowed to the topic. */
export default async function TopicPage({ params, searchParams }: Props) {
  const { topicId } = await params;
  const topic = await topicOrNotFound(routeParamOrNotFound(topicId));
  const { filter } = parseFeedSearchParams(await searchParams);
  const urlFilter = { lang: filter.lang };
  return (
    <FeedScreen
      params={{ filter: { topic_id: topic.id, lang: filter.lang }, startPage: 1 }}
      urlFilter={urlFilter}
      filterLabel={topic.name}
    />
  );
}
