'use client';

import { useRouter } from 'next/navigation';
import { useRequireLogin } from '../store';

/**
 * Explore's "Earn now" (SPEC.md section 2), a call that needs an account
 * (section 4): a visitor gets the login modal and goes to the invite page
 * (/rewards/invite) once signed in; a signed-in user goes at once.
 */
export function EarnNowButton({ label, className }: { label: string; className?: string }) {
  const requireLogin = useRequireLogin();
  const router = useRouter();
  return (
    <button type="button" className={className} onClick={() => requireLogin(() => router.push('/rewards/invite'))}>
      {label}
    </button>
  );
}
