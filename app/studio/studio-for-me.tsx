'use client';

import { useMe } from '@/features/auth/api/session';
import { StudioScreen } from '@/features/studio/components/studio-screen';
import type { StudioStart } from '@/features/studio/lib/start';

/** Hands the signed-in user's role grants to the studio (features do not import each other; app composes them). */
export function StudioForMe({ start }: { start: StudioStart | null }) {
  const me = useMe();
  if (!me.data) return null;
  return <StudioScreen viewer={{ userId: me.data.userId, roles: me.data.permissions.roles }} start={start} />;
}
