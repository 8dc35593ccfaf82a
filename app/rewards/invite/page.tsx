import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { InviteScreen } from '@/features/referrals/components/invite-screen';
import { env } from '@/lib/env';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('referrals.meta');
  return { title: t('invite') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The invite / contacts page: `?deal=<deal id>` (without it, the first active deal).
 * GOOGLE_CLIENT_ID is read here: with it the page offers the Google contacts import.
 * CONTACT_RETENTION_DAYS too: the page tells when uninvited contacts are deleted.
 */
export default async function InvitePage({ searchParams }: Props) {
  const deal = (await searchParams).deal;
  const tAuth = await getTranslations('auth');
  return (
    <LoginGate title={tAuth('rewardsGateTitle')} body={tAuth('rewardsGateBody')}>
      <InviteScreen
        dealId={typeof deal === 'string' && deal !== '' ? deal : null}
        googleClientId={env().GOOGLE_CLIENT_ID ?? null}
        retentionDays={env().CONTACT_RETENTION_DAYS}
      />
    </LoginGate>
  );
}
