'use client';

import type { ComponentProps } from 'react';
import { NearViewportLink } from '@/components/ui/near-viewport-link';
import { track, type EventType } from '@/lib/analytics/event-client';

/**
 * A link that records `event` when followed (e.g. SUBSIDY_BUTTON on
 * Explore's "get started"), for server-rendered pages that have no click
 * handler of their own. It is a NearViewportLink: its page is prefetched
 * only once the link comes within 200 px of the viewport (SPEC.md section 9),
 * never by next/link's default prefetch of every link in view.
 */
export function TrackedLink({ event, metadata, ...props }: ComponentProps<typeof NearViewportLink> & {
  event: EventType;
  metadata?: Record<string, string | number | boolean | null>;
}) {
  return <NearViewportLink {...props} onClickCapture={() => track(event, metadata ? { metadata } : undefined)} />;
}
