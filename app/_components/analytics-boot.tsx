'use client';

import { useEffect } from 'react';
import { captureLanding } from '@/lib/analytics/attribution';
import { startEvents, track } from '@/lib/analytics/event-client';
import { installGlobalErrorHandlers } from '@/lib/analytics/global-errors';
import { useSessionPings } from '@/features/events/api/session-events';

let booted = false;

/**
 * Runs once per page load (mounted by the root layout, before the page's
 * content so its effect runs first): records the landing's attribution
 * (UTM, campaign, partner, referral code, experiment; lib/analytics/attribution.ts),
 * sends PAGE_VISIT when the landing carries any of them or opens a /share
 * link, reports uncaught errors, and after the first frame resumes the
 * events earlier pages left queued; and keeps the tab's session pings going
 * (start, a heartbeat a minute while visible, end on pagehide:
 * features/events/api/session-events.ts). Renders nothing.
 */
export function AnalyticsBoot() {
  useSessionPings();
  useEffect(() => {
    const uninstall = installGlobalErrorHandlers();
    if (!booted) {
      booted = true;
      const landing = captureLanding();
      if (landing && (landing.attributed || window.location.pathname.startsWith('/share'))) {
        track('PAGE_VISIT', landing.referrer_code ? { metadata: { referrer_code: landing.referrer_code } } : undefined);
      }
    }
    // After the first frame: the sender's code and the stored events wait until the page is idle.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void startEvents());
    const onOnline = () => void startEvents();
    window.addEventListener('online', onOnline);
    return () => {
      uninstall();
      cancelIdle(handle);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return null;
}
