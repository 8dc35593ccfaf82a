'use client';

import { useLinkStatus } from 'next/link';

/**
 * Inside a next/link: a small spinner while the navigation it started is
 * pending (`useLinkStatus`). The feed pages have no route-level loading
 * state (the first reel's page must paint its reel in the first paint,
 * docs/decisions/020), so a tapped chip or tab shows this instead.
 * Decorative (aria-hidden); `className` places it.
 */
export function LinkPending({ className = '' }: { className?: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="link-pending"
      className={`inline-block h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none ${className}`}
    />
  );
}
