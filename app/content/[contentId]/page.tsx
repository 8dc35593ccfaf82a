import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { truncateText } from '@/features/reels/lib/text';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { FeedScreen } from '../../_lib/feed-screen';
import { isNotFound, reel } from '../../_lib/data';
import { getViewerId } from '../../_lib/viewer';

type Props = { params: Promise<{ contentId: string }>; searchParams: Promise<SearchParams> };

async function loadReel(id: string) {
  try {
    return await reel(await getViewerId(), id);
  } catch (err) {
    if (isNotFound(err)) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { contentId } = await params;
  const item = await loadReel(contentId);
  const t = await getTranslations('meta');
  const title = t('content', { topic: item.topic_name, title: truncateText(item.description || item.option_name, 60).text });
  const description = item.description || `${item.topic_name} · ${item.category_name} · ${item.option_name}`;
  const url = `/content/${item.id}`;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'video.other',
      title,
      description,
      url,
      // Relative media URLs become absolute through metadataBase (root layout).
      images: [{ url: item.pre_signed_url_poster, alt: item.topic_name }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [item.pre_signed_url_poster] },
  };
}

/** A content page (SPEC.md section 2: its slug is the content id): that reel first, then the feed. */
export default async function ContentPage({ params, searchParams }: Props) {
  const { contentId } = await params;
  const item = await loadReel(contentId);
  const { filter } = parseFeedSearchParams(await searchParams);
  const urlFilter = { lang: filter.lang };
  return (
    <FeedScreen params={{ filter: urlFilter, startPage: 1, leadId: item.id }} urlFilter={urlFilter} lead={item} />
  );
}
