'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMe } from '@/features/auth/api/session';
import { mayReadInsights } from '@/features/insights/policy';
import { StaffScreen } from '@/features/referrals/components/staff-screen';

/** Hands the signed-in user's role grants to the staff screen (features do not import each other; app composes them). */
export function StaffForMe() {
  const t = useTranslations('insights');
  const me = useMe();
  if (!me.data) return null;
  const roles = me.data.permissions.roles;
  return (
    <>
      {mayReadInsights(roles) ? (
        <nav className="mx-auto w-full max-w-lg px-4 pt-4">
          <Link href="/staff/insights" className="inline-flex min-h-11 items-center font-semibold text-amber-700 underline dark:text-amber-400">
            {t('staffLink')}
          </Link>
        </nav>
      ) : null}
      <StaffScreen roles={roles} />
    </>
  );
}
