'use client';

import { useMe } from '@/features/auth/api/session';
import { StaffScreen } from '@/features/referrals/components/staff-screen';

/** Hands the signed-in user's role grants to the staff screen (features do not import each other; app composes them). */
export function StaffForMe() {
  const me = useMe();
  if (!me.data) return null;
  return <StaffScreen roles={me.data.permissions.roles} />;
}
