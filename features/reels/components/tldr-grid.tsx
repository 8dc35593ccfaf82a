'use client';

import { useTranslations } from 'next-intl';
import { LazyWhenNear, NearViewportLink } from '@/components/ui/near-viewport-link';
import type { TldrEntry } from '../schemas';
import { trackFeedItem } from '../api/events';

/** Cards whose thumbnails are in the server-rendered HTML: the first screen of a phone (two rows of two). */
export const EAGER_CARDS = 4;

/**
 * The /tldr board: one card per topic with its summary reel's thumbnail,
 * the topic name and its HOT/FREE tag, and "Complete" once this viewer has
 * watched the summary to its end (the entry's `vidWatched`, the viewer's
 * watch_progress on the server). A card opens /tldr/[slug]; a topic
 * without a summary reel yet opens its topic feed. SPEC.md section 9: a card
 * prefetches its page only within 200 px of the viewport, and thumbnails
 * after the first EAGER_CARDS load 200 ms after they come near.
 *
 * A card's accessible name is its own text (no aria-label), so it always
 * contains what is visible (WCAG 2.5.3 "label in name"): the topic name,
 * "Summary coming soon" where there is none, the HOT/FREE tag and
 * "Complete", in that order, then a screen-reader-only note of where the
 * card leads. The pieces are separate elements, so explicit spaces keep
 * their words apart for tools that join an element's text nodes as they
 * are (axe's visible-text check).
 */
export function TldrGrid({ entries }: { entries: TldrEntry[] }) {
  const t = useTranslations('tldr');
  // HOT/FREE are the topic's type tag (an enum), named in the interface language.
  const tag = useTranslations('topics.tag');
  if (entries.length === 0) {
    return <p className="rounded-xl bg-neutral-100 p-6 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">{t('empty')}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {entries.map((e, i) => {
        const thumb = e.content?.pre_signed_url_thumbnail ?? e.topic_pic;
        // The 180 px thumbnail is too soft for a card on a dense phone screen: offer the poster as the larger candidate.
        const srcSet = e.content ? `${e.content.pre_signed_url_thumbnail} 180w, ${e.content.pre_signed_url_poster} 720w` : undefined;
        const href = e.content ? `/tldr/${encodeURIComponent(e.topic_slug)}` : `/topic/${e.topic_id}`;
        const complete = e.content?.vidWatched === true;
        const leadsTo = e.content ? t('cardWatch') : t('cardVideos');
        const img = thumb ? (
          // Signed media URL sized by the pipeline: a plain <img>.
          <img src={thumb} srcSet={srcSet} sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw" alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none" />
        ) : null;
        return (
          <li key={e.topic_id}>
            <NearViewportLink
              href={href}
              data-testid="tldr-card"
              data-complete={complete}
              onClickCapture={() => (e.content ? trackFeedItem('CLICK_TLDR', e.content, { from: 'board' }) : trackFeedItem('TOPIC', { topic: e.topic_id }, { from: 'board' }))}
              className="group relative block aspect-[9/14] overflow-hidden rounded-2xl bg-neutral-800 text-white shadow-sm ring-amber-500 hover:ring-2"
            >
              {img && i < EAGER_CARDS ? img : img ? (
                <LazyWhenNear className="absolute inset-0">{img}</LazyWhenNear>
              ) : (
                <div className="absolute inset-0 bg-gradient-to-br from-amber-500 to-orange-700" aria-hidden="true" />
              )}
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent p-3 pt-10">
                <p className="font-semibold leading-tight">{e.topic_name}</p>
                {!e.content ? <>{' '}<p className="mt-1 text-xs text-white/75">{t('noSummary')}</p></> : null}
              </div>
              {' '}
              <span
                className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-[0.7rem] font-bold tracking-wide ${e.type_tag === 'HOT' ? 'bg-rose-600 text-white' : 'bg-emerald-500 text-black'}`}
              >
                {tag(e.type_tag === 'HOT' ? 'HOT' : 'FREE')}
              </span>
              {complete ? (
                <>
                  {' '}
                  <span data-testid="tldr-complete" className="absolute right-2 top-2 rounded-full bg-white px-2 py-0.5 text-[0.7rem] font-bold text-emerald-800">
                    {t('complete')}
                  </span>
                </>
              ) : null}
              <span className="sr-only">{`, ${leadsTo}`}</span>
            </NearViewportLink>
          </li>
        );
      })}
    </ul>
  );
}
