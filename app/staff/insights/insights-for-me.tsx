'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMe } from '@/features/auth/api/session';
import { InsightsScreen } from '@/features/insights/components/insights-screen';

/** Hands the signed-in user's role grants to the insights dashboard, with the way back to the staff screen. */
export function InsightsForMe() {
  const t = useTranslations('insights');
  const me = useMe();
  if (!me.data) return null;
  return (
    <>
      <nav className="mx-auto w-full max-w-3xl px-4 pt-4">
        <Link href="/staff" className="inline-flex min-h-11 items-center font-semibold text-amber-700 underline dark:text-amber-400">
          {t('backToStaff')}
        </Link>
      </nav>
      <InsightsScreen roles={me.data.permissions.roles} />
    </>
  );
}
