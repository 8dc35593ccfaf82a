import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { FeedScreen } from '../_lib/feed-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('reels'), alternates: { canonical: '/reels' } };
}

/**
 * /reels: the Videos tab. Filters come from the query string
 * (?topic_id, ?category_id, ?option_id, ?lang; ?page starts further in).
 */
export default async function ReelsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { filter, page } = parseFeedSearchParams(await searchParams);
  return <FeedScreen params={{ filter, startPage: page }} urlFilter={filter} />;
}
