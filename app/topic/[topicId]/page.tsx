import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import type { FeedFilter } from '@/features/reels/lib/filter';
import { FeedScreen } from '../../_lib/feed-screen';
import { topicOrNotFound } from '../../_lib/data';
import { routeParamOrNotFound } from '../../_lib/route-param';
import { pageAlternates } from '../../_lib/seo';

type Props = { params: Promise<{ topicId: string }>; searchParams: Promise<SearchParams> };
type Topic = Awaited<ReturnType<typeof topicOrNotFound>>;

/**
 * The part of the topic a URL narrows to: `?option_id=` or `?category_id=`
 * of one of the topic's own options or categories (the targets of a reel
 * page's breadcrumbs, docs/decisions/029); anything else is the whole topic.
 * @returns the feed filter, the page's own path with the narrowing, and the narrowest name.
 */
function narrowingOf(topic: Topic, filter: FeedFilter): { filter: FeedFilter; path: string; label: string | null } {
  const base = `/topic/${topic.id}`;
  const cats = topic.categories ?? [];
  const option = filter.option_id ? cats.flatMap((c) => c.options).find((o) => o.id === filter.option_id) : undefined;
  if (option) return { filter: { option_id: option.id }, path: `${base}?option_id=${option.id}`, label: option.name };
  const category = filter.category_id ? cats.find((c) => c.id === filter.category_id) : undefined;
  if (category) return { filter: { category_id: category.id }, path: `${base}?category_id=${category.id}`, label: category.name };
  return { filter: {}, path: base, label: null };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { topicId } = await params;
  const topic = await topicOrNotFound(routeParamOrNotFound(topicId));
  const narrow = narrowingOf(topic, parseFeedSearchParams(await searchParams).filter);
  const t = await getTranslations('meta');
  const title = t('topic', { topic: narrow.label ? `${topic.name} · ${narrow.label}` : topic.name });
  const description = topic.description || t('topicDescription', { topic: topic.name });
  return {
    title,
    description,
    alternates: await pageAlternates(narrow.path),
    openGraph: { title, description, url: narrow.path, ...(topic.pic ? { images: [{ url: topic.pic }] } : {}) },
  };
}

/**
 * A topic page (SPEC.md section 2: its slug is the topic id): the feed
 * narrowed to the topic, or to one of its categories or options.
 */
export default async function TopicPage({ params, searchParams }: Props) {
  const { topicId } = await params;
  const topic = await topicOrNotFound(routeParamOrNotFound(topicId));
  const { filter } = parseFeedSearchParams(await searchParams);
  const narrow = narrowingOf(topic, filter);
  const urlFilter = { lang: filter.lang };
  return (
    <FeedScreen
      params={{ filter: { topic_id: topic.id, ...narrow.filter, lang: filter.lang }, startPage: 1 }}
      urlFilter={urlFilter}
      filterLabel={narrow.label ? `${topic.name} · ${narrow.label}` : topic.name}
      itemList
    />
  );
}
