import type { ReactNode } from 'react';

/**
 * Pages under /chat/external are framed by partner sites (SPEC.md section 2:
 * external pages skip reel sizing): the page covers the whole frame, over
 * the app's padding; the tab bar hides itself on these paths.
 */
export default function ExternalChatLayout({ children }: { children: ReactNode }) {
  return <div className="fixed inset-0 z-50 overflow-hidden bg-white dark:bg-neutral-950">{children}</div>;
}
