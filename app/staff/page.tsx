import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { StaffForMe } from './staff-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('staff');
  return { title: t('title') };
}

/** The staff screen (docs/decisions/010): STAFF or ADMIN only; others see a not-authorized message. */
export default async function StaffPage() {
  const t = await getTranslations('staff');
  return (
    <LoginGate title={t('gateTitle')} body={t('gateBody')}>
      <StaffForMe />
    </LoginGate>
  );
}
