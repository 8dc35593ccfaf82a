'use client';

import { useRouter } from 'next/navigation';
import { useMe } from '@/features/auth/api/session';
import { isSignedIn, useRequireLogin } from '@/features/auth/store';
import { InviteLanding } from '@/features/referrals/components/invite-landing';

/**
 * Composes the landing with the auth feature (features do not import each
 * other): who is signed in, and the login modal; after sign-in the user
 * goes to the requests received in the Rewards tab.
 */
export function InviteLandingForMe({ code, urlId }: { code: string; urlId: string | null }) {
  const me = useMe();
  const requireLogin = useRequireLogin();
  const router = useRouter();
  return (
    <InviteLanding
      code={code}
      urlId={urlId}
      signedIn={isSignedIn(me.data)}
      onSignIn={() => requireLogin(() => router.push('/rewards#received'))}
    />
  );
}
