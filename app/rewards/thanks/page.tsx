import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ThanksScreen } from '@/features/referrals/components/thanks-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('referrals.meta');
  return { title: t('thanks') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The deal-thanks page after an invite: `?deal=<deal id>&wa=<the invite's WhatsApp link>` (both optional). */
export default async function ThanksPage({ searchParams }: Props) {
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === 'string' && v !== '' ? v : null);
  return <ThanksScreen dealId={one(q.deal)} waUrl={one(q.wa)} />;
}
