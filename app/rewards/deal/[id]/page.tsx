import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { DealScreen } from '@/features/referrals/components/deal-screen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('referrals.meta');
  return { title: t('deal') };
}

type Props = { params: Promise<{ id: string }> };

/** A referral's deal page (its referrer, referee or staff; the API answers 404 to anyone else). */
export default async function DealPage({ params }: Props) {
  const { id } = await params;
  const tAuth = await getTranslations('auth');
  return (
    <LoginGate title={tAuth('rewardsGateTitle')} body={tAuth('rewardsGateBody')}>
      <DealScreen id={id} />
    </LoginGate>
  );
}
