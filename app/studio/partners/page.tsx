import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { PartnersForMe } from './partners-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('partners.admin');
  return { title: t('title'), robots: { index: false } };
}

/** /studio/partners: the admin's partner screen (ADMIN only; others see the not-authorized message). */
export default async function PartnersAdminPage() {
  const t = await getTranslations('studio');
  return (
    <LoginGate title={t('gateTitle')} body={t('gateBody')}>
      <PartnersForMe />
    </LoginGate>
  );
}
