import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { StudioForMe } from './studio-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('studio');
  return { title: t('title') };
}

/**
 * The studio (SPEC.md section 2, reached from the Profile tab): a visitor is
 * asked to sign in; a user sees the sections their roles allow
 * (docs/decisions/008).
 */
export default async function StudioPage() {
  const t = await getTranslations('studio');
  return (
    <LoginGate title={t('gateTitle')} body={t('gateBody')}>
      <StudioForMe />
    </LoginGate>
  );
}
