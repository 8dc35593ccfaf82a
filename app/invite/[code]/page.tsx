import type { Metadata } from 'next';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { referrerCardQueryOptions } from '@/features/referrals/api/referrals';
import { inviterName } from '@/features/referrals/invite-text';
import { getUserCardByCode } from '@/features/referrals/server/profile';
import { getDb } from '@/lib/db/client';
import { isNotFound } from '../../_lib/data';
import { routeParamOrNotFound } from '../../_lib/route-param';
import { InviteLandingForMe } from './invite-landing-for-me';

type Props = {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The public card of the referrer whose code the link carries (first name,
 * picture, level), memoised per request so metadata and page share one read.
 * A code nobody holds (or one that does not decode) is the page's 404
 * (Next's notFound(), rendered by ./not-found.tsx).
 * @throws whatever else the lookup throws (a database failure).
 */
const cardOrNotFound = cache(async (raw: string) => {
  const code = routeParamOrNotFound(raw);
  try {
    return { code, card: await getUserCardByCode((await getDb()).db, code) };
  } catch (err) {
    if (isNotFound(err)) notFound();
    throw err;
  }
});

/** The title names who invited ("Asha has invited you to get rooftop solar"), so a link preview says it too. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { card } = await cardOrNotFound((await params).code);
  const t = await getTranslations('referrals.landing');
  return { title: t('title', { name: inviterName(card.name) ?? t('friend') }) };
}

/**
 * The share link's landing page: `/r/<code>?deal=<url_id>` records the
 * click and redirects here. Public: the invited friend sees who invited them
 * and what they get, and signs in to accept. The referrer's card is read
 * here and handed to the client's query cache, so the first paint already
 * names them; an unknown code is the 404 page.
 */
export default async function InviteLandingPage({ params, searchParams }: Props) {
  const { code, card } = await cardOrNotFound((await params).code);
  const deal = (await searchParams).deal;
  const qc = new QueryClient();
  qc.setQueryData(referrerCardQueryOptions(code).queryKey, card);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <InviteLandingForMe code={code} urlId={typeof deal === 'string' && deal !== '' ? deal : null} />
    </HydrationBoundary>
  );
}
