import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { truncateText } from '@/features/reels/lib/text';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { shareMetadata } from '@/features/sharing/server/metadata';
import { sharePagePath } from '@/features/sharing/server/share';
import { FeedScreen } from '../../_lib/feed-screen';
import { reelOrNotFound, shareCard } from '../../_lib/data';
import { pageAlternates, reelTitle } from '../../_lib/seo';
import { reelGraph } from '../../_lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { siteOrigin } from '../../_lib/site';

type Props = { params: Promise<{ contentId: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { contentId } = await params;
  const item = await reelOrNotFound(contentId);
  const { title, short } = await reelTitle(item);
  const description = item.description || `${item.topic_name} · ${item.category_name} · ${item.option_name}`;
  // The reel's share preview (docs/decisions/014): its share image, og:video, and /share/<slug> as the canonical URL.
  const card = await shareCard(item.id);
  if (card) {
    const siteName = (await getTranslations('app'))('name');
    const meta = shareMetadata(card, await siteOrigin(), {
      title, description: truncateText(description, 160).text, imageAlt: short, siteName, locale: 'en_IN',
    });
    // One page per reel for search engines: the share page's language versions (docs/decisions/029).
    return { ...meta, alternates: await pageAlternates(sharePagePath(card)) };
  }
  const url = `/content/${item.id}`;
  return {
    title,
    description,
    alternates: await pageAlternates(url),
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
  const item = await reelOrNotFound(contentId);
  const { filter } = parseFeedSearchParams(await searchParams);
  const urlFilter = { lang: filter.lang };
  const card = await shareCard(item.id);
  return (
    <>
      <JsonLd data={await reelGraph(item, card?.kind === 'reel' ? card : null)} />
      <FeedScreen params={{ filter: urlFilter, startPage: 1, leadId: item.id }} urlFilter={urlFilter} lead={item} />
    </>
  );
}
