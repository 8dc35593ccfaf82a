import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
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
 */
export default async function ReelsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const { filter: parsed, page } = parseFeedSearchParams(sp);
  const { partner_id: fromFilter, ...filter } = parsed;
  const raw = (Array.isArray(sp.partner) ? sp.partner[0] : sp.partner) ?? fromFilter;
  const partnerId = partnerIdSchema.safeParse(raw?.trim().toLowerCase()).data;
  const partner = partnerId ? await findPublicPartner(partnerId) : null;
  const withPartner = partner ? { ...filter, partner_id: partner.id } : filter;
  return <FeedScreen params={{ filter: withPartner, startPage: page }} urlFilter={withPartner} partner={partner} />;
}
