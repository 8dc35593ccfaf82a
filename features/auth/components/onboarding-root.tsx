'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../api/session';

/** The overlay's code is its own chunk, fetched only for a user who has not finished onboarding. */
const OnboardingOverlay = lazy(() => import('./onboarding-overlay').then((m) => ({ default: m.OnboardingOverlay })));

/**
 * Mounted once in the root layout: shows the onboarding overlay to a
 * signed-in user whose onboarding is INITIAL_ONBOARDING (SPEC.md section 4),
 * right after their first sign-in (the sign-in answer fills `['auth','me']`)
 * or on a later visit. The server is asked who is calling only when the
 * page came with a session cookie, so a visitor's page load costs nothing;
 * a sign-in in this tab fills the same query. Never in the partner embed
 * (/chat/external), never in the server's HTML.
 * @param hasSession the page request carried a session cookie (not yet checked).
 */
export function OnboardingRoot({ hasSession }: { hasSession: boolean }) {
  const pathname = usePathname() ?? '/';
  // Client only: the server's HTML never holds the overlay, so hydration always matches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { data: me } = useQuery({ ...meQueryOptions(), enabled: hasSession });
  if (!mounted || pathname.startsWith('/chat/external')) return null;
  if (!me?.userId || me.onboardingStatus !== 'INITIAL_ONBOARDING') return null;
  return (
    <Suspense fallback={null}>
      <OnboardingOverlay />
    </Suspense>
  );
}
