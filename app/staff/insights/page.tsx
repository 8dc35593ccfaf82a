import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { InsightsForMe } from './insights-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('insights');
  return { title: t('title') };
}

/** The staff insights dashboard (docs/api/insights.md): STAFF or ADMIN only; others see a not-authorized message. */
export default async function StaffInsightsPage() {
  const t = await getTranslations('insights');
  return (
    <LoginGate title={t('gateTitle')} body={t('gateBody')}>
      <InsightsForMe />
    </LoginGate>
  );
}
