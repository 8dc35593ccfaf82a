import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { parseStudioStart } from '@/features/studio/lib/start';
import { StudioForMe } from './studio-for-me';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('studio');
  return { title: t('title') };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The studio (SPEC.md section 2, reached from the Profile tab): a visitor is
 * asked to sign in; a user sees the sections their roles allow
 * (docs/decisions/008). `?section=upload&topic_id=&category_id=&option_id=`
 * opens the upload form filed there (the add-content layout's links).
 */
export default async function StudioPage({ searchParams }: Props) {
  const t = await getTranslations('studio');
  const start = parseStudioStart(await searchParams);
  return (
    <LoginGate title={t('gateTitle')} body={t('gateBody')}>
      <StudioForMe start={start} />
    </LoginGate>
  );
}
