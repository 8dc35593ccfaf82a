'use client';

import { useEffect, useRef } from 'react';
import { CUSTOMER_LINK_COOKIE } from '../customer-link';
import { useLoginStore } from '../store';

/** An Indian mobile in E.164, as the server writes the prefill cookie. */
const E164_IN = /^\+91[6-9]\d{9}$/;

/**
 * The verified number a registered customer's link left for this page
 * (GET /recommendation-service/api/v1/redirect-native-customer sets the
 * short-lived CUSTOMER_LINK_COOKIE; docs/ops/native-customer-link.md), read
 * once: the cookie is deleted as it is read, so a reload or a later page
 * does not ask again. Null when there is none or it is not a number.
 */
export function takeCustomerLinkPhone(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${CUSTOMER_LINK_COOKIE}=`;
  const raw = document.cookie.split(/;\s*/).find((c) => c.startsWith(prefix));
  if (raw === undefined || raw === prefix) return null;
  document.cookie = `${CUSTOMER_LINK_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  let phone: string;
  try {
    phone = decodeURIComponent(raw.slice(prefix.length));
  } catch {
    return null;
  }
  return E164_IN.test(phone) ? phone : null;
}

/**
 * Mounted once in the app shell: when a customer's link brought this page
 * a verified number, opens the login modal with it filled in, and once the
 * sign-in is done runs `onSignedIn` (the app shows the customers' deals).
 * Renders nothing.
 */
export function CustomerLinkLanding({ onSignedIn }: { onSignedIn: () => void }) {
  const then = useRef(onSignedIn);
  useEffect(() => {
    then.current = onSignedIn;
  }, [onSignedIn]);
  useEffect(() => {
    const phone = takeCustomerLinkPhone();
    if (phone) useLoginStore.getState().openLogin({ phone, then: () => then.current() });
  }, []);
  return null;
}
