'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { trackFeedItem } from '../api/events';
import { reelsKeys } from '../api/feed';
import type { FeedList } from '../lib/feed-list';
import { useFeedStore } from '../store';

// The popup (and hls.js for it) is fetched when the button is pressed: nothing of it before the feed's first frame.
const TldrPopup = lazy(() => import('./tldr-popup'));

/** The topic of the feed entry with id `activeId`, from the feed lists the page holds; null when unknown. */
export function topicOfActive(qc: QueryClient, activeId: string | null): string | null {
  if (!activeId) return null;
  for (const [, list] of qc.getQueriesData<FeedList>({ queryKey: [...reelsKeys.all, 'list'] })) {
    const e = list?.entries.find((x) => (x.kind === 'reel' ? x.item.id : x.id) === activeId);
    if (e) return e.kind === 'reel' ? e.item.topic : (e.topicId ?? null);
  }
  return null;
}

/**
 * The feed header's TLDR control: a link to /tldr (what it does without
 * JavaScript, or with no topic known, e.g. an empty feed) that opens the TLDR
 * popup on the summary of the topic on screen instead: the page's topic on
 * a topic page, else the topic of the feed's active reel. Sends CLICK_TLDR
 * (`metadata.from`: `topic` or `header`).
 */
export function TldrButton({ topicId, label, className, children }: {
  /** The topic the page is about (a topic page); null for the main feed. */
  topicId: string | null;
  /**
   * Accessible name of the control. It must contain the visible text
   * (`children`), best at its start (WCAG 2.5.3 "label in name": "TLDR:
   * topic summaries" for a visible "TLDR"), so one who says what they see
   * to speech control reaches it.
   */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const qc = useQueryClient();
  const [open, setOpen] = useState<{ topic: string | null; contentId: string | null } | null>(null);
  return (
    <>
      <Link
        href="/tldr"
        prefetch={false}
        data-testid="tldr-button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={(e) => {
          const activeId = useFeedStore.getState().activeId;
          const topic = topicId ?? topicOfActive(qc, activeId);
          trackFeedItem('CLICK_TLDR', topic ? { topic } : null, { from: topicId ? 'topic' : 'header' });
          if (!topic) return;
          e.preventDefault();
          setOpen({ topic, contentId: activeId });
        }}
        className={className}
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <TldrPopup topic={open.topic} contentId={open.contentId} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
