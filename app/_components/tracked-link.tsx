'use client';

import Link from 'next/link';
import type { ComponentProps } from 'react';
import { track, type EventType } from '@/lib/analytics/event-client';

/**
 * A Next.js Link that records `event` when followed (e.g. SUBSIDY_BUTTON on
 * Explore's "get started"), for server-rendered pages that have no click
 * handler of their own.
 */
export function TrackedLink({ event, metadata, ...props }: ComponentProps<typeof Link> & {
  event: EventType;
  metadata?: Record<string, string | number | boolean | null>;
}) {
  return <Link {...props} onClickCapture={() => track(event, metadata ? { metadata } : undefined)} />;
}
