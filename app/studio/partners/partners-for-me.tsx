'use client';

import { useMe } from '@/features/auth/api/session';
import { PartnersAdmin } from '@/features/partners/components/partners-admin';

/** Hands the signed-in user's ADMIN grant to the partner screen (features do not import each other; app composes them). */
export function PartnersForMe() {
  const me = useMe();
  if (!me.data) return null;
  return <PartnersAdmin isAdmin={me.data.permissions.roles.some((r) => r.role === 'ADMIN')} />;
}
