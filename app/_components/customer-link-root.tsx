'use client';

import { useRouter } from 'next/navigation';
import { CustomerLinkLanding } from '@/features/auth/components/customer-link-landing';
import { CUSTOMER_DEALS_PATH } from '@/features/auth/customer-link';

/**
 * Joins the customer-link landing (features/auth) to the rewards tab: a
 * registered customer who signs in from the filled-in login modal goes on
 * to the deals, customers-only ones first (SPEC.md section 6;
 * app/rewards/page.tsx `?deals=customers`). Mounted once by the root layout.
 */
export function CustomerLinkRoot() {
  const router = useRouter();
  return <CustomerLinkLanding onSignedIn={() => router.push(CUSTOMER_DEALS_PATH)} />;
}
