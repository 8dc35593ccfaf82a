import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { FeedScreen } from '../_lib/feed-screen';
import { siteOrigin } from '../_lib/site';
import { pageAlternates } from '../_lib/seo';

/** /share's own preview: the site's name, tagline and icon; canonical without the query. */
export async function generateMetadata(): Promise<Metadata> {
  const [t, origin] = await Promise.all([getTranslations('app'), siteOrigin()]);
  const title = `${t('name')} · ${t('tagline')}`;
  const url = new URL('/share', origin).toString();
  const icon = new URL('/apple-icon.png', origin).toString();
  return {
    title: { absolute: title },
    alternates: await pageAlternates('/share'),
    openGraph: {
      type: 'website', title, description: t('description'), url, siteName: t('name'),
      images: [{ url: icon, width: 180, height: 180, type: 'image/png', alt: t('name') }],
    },
    twitter: { card: 'summary', title, description: t('description'), images: [icon] },
  };
}

/** /share (SPEC.md section 2 base path): the feed, server-rendered, with the site's own preview. */
export default async function SharePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { filter, page } = parseFeedSearchParams(await searchParams);
  return <FeedScreen params={{ filter, startPage: page }} urlFilter={filter} itemList />;
}
