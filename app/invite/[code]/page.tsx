import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InviteLandingForMe } from './invite-landing-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('referrals.meta');
  return { title: t('landing') };
}

type Props = {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The share link's landing page: `/r/<code>?deal=<url_id>` records the
 * click and redirects here. Public: a visitor sees the invite and signs in.
 */
export default async function InviteLandingPage({ params, searchParams }: Props) {
  const { code } = await params;
  const deal = (await searchParams).deal;
  return <InviteLandingForMe code={code} urlId={typeof deal === 'string' && deal !== '' ? deal : null} />;
}
