import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, parseSearchFeedParams, type SearchParams } from '@/features/reels/lib/search-params';
import { searchHref } from '@/features/reels/lib/search-feed';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { findPublicPartner } from '@/features/partners/server/partners';
import { partnerIdSchema } from '@/features/partners/schemas';
import { FeedScreen } from '../_lib/feed-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('reels'), alternates: { canonical: '/reels' } };
}

/**
 * /reels: the Videos tab. Filters come from the query string
 * (?topic_id, ?category_id, ?option_id, ?lang; ?page starts further in).
 * `?partner=<id>` opens an active partner's feed (docs/decisions/013-partners.md);
 * an unknown or inactive partner's link opens the plain feed, so a stale
 * link still shows reels.
 * `?q=<words>&page=<n>&at=<reel id>`: the reels a search found, from its
 * page n, opened at that reel (features/reels/lib/search-feed.ts), with a
 * close button back to the search.
 */
export default async function ReelsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const found = parseSearchFeedParams(sp);
  if (found) {
    // A search's reels (the search screen's grid): opened at the reel tapped, closed back to the search.
    const t = await getTranslations('search');
    const search = { q: found.q, lang: await getInterfaceLang() };
    return (
      <FeedScreen params={{ filter: {}, startPage: found.page, search, startAt: found.at }} urlFilter={{}}
        filterLabel={t('quoted', { query: found.q })} layout="close-button" closeHref={searchHref(found.q)} />
    );
  }
  const { filter: parsed, page } = parseFeedSearchParams(sp);
  const { partner_id: fromFilter, ...filter } = parsed;
  const raw = (Array.isArray(sp.partner) ? sp.partner[0] : sp.partner) ?? fromFilter;
  const partnerId = partnerIdSchema.safeParse(raw?.trim().toLowerCase()).data;
  const partner = partnerId ? await findPublicPartner(partnerId) : null;
  const withPartner = partner ? { ...filter, partner_id: partner.id } : filter;
  return <FeedScreen params={{ filter: withPartner, startPage: page }} urlFilter={withPartner} partner={partner} />;
}
