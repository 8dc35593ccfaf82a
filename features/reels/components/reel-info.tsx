'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ContentLang } from '../schemas';
import { trackFeedItem } from '../api/events';
import type { ReelItem } from '../lib/feed-list';
import { feedHref } from '../lib/filter';
import { truncateText } from '../lib/text';
import { useFeedLayout } from './feed-layout';
import { LinkPending } from '@/components/ui/link-pending';
import { buttonClass } from '@/components/ui/button';

/** The BCP 47 tag of a reel's language (Hinglish is Hindi in Latin letters). */
export function langTag(lang: ContentLang): string {
  return lang === 'he' ? 'hi-Latn' : lang;
}

/**
 * The bottom of a reel (the layout preset's `footer`): topic, category and
 * option chips, and the description cut at 30 characters with "more"
 * (SPEC.md section 9 text truncation); `info-cta` adds the page's call to
 * action. The chips open those feeds only where the preset lets the person
 * explore. Links inside the player are not prefetched, so nothing competes
 * with the video for a slow connection.
 */
export function ReelInfo({ item, lang }: { item: ReelItem; lang?: ContentLang }) {
  const layout = useFeedLayout();
  if (layout.preset.footer === 'none') return null;
  return <ReelFooter item={item} lang={lang} />;
}

function ReelFooter({ item, lang }: { item: ReelItem; lang?: ContentLang }) {
  const t = useTranslations('reels');
  const layout = useFeedLayout();
  const explore = layout.preset.explore;
  const cta = layout.preset.footer === 'info-cta' ? layout.cta : null;
  const [open, setOpen] = useState(false);
  const descId = useId();
  const short = truncateText(item.description);
  const chipBase = 'inline-flex max-w-full items-center truncate rounded-full px-3 py-1 text-xs font-semibold backdrop-blur-sm';
  const chip = `${chipBase} bg-white/20 text-white group-hover/chip:bg-white/35`;
  // A chip looks 24 px tall; its link is a 44 px target (WCAG 2.5.5) whose
  // extra height is pulled back by negative margins, so the row keeps its look.
  const chipTarget = 'group/chip -my-2.5 inline-flex min-h-11 max-w-full items-center';
  return (
    <div data-testid="reel-info" className="absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/80 via-black/40 to-transparent px-3 pb-5 pt-16 pr-20 text-white">
      <div className="mb-2 flex flex-wrap gap-2">
        {explore ? (
          <>
            <Link prefetch={false} href={`/topic/${item.topic}`} onClickCapture={() => trackFeedItem('DEEP_DIVE_TOPIC', item)} className={chipTarget} aria-label={t('topicChip', { name: item.topic_name })}>
              <span className={`${chipBase} bg-amber-400 text-black group-hover/chip:bg-amber-300`}>
                {item.topic_name}
                <LinkPending className="ml-1.5" />
              </span>
            </Link>
            <Link prefetch={false} href={feedHref('/reels', { category_id: item.category, lang })} onClickCapture={() => trackFeedItem('CATEGORY_OPTION', item, { chip: 'category' })} className={chipTarget} aria-label={t('categoryChip', { name: item.category_name })}>
              <span className={chip}>
                {item.category_name}
                <LinkPending className="ml-1.5" />
              </span>
            </Link>
            <Link prefetch={false} href={feedHref('/reels', { option_id: item.option, lang })} onClickCapture={() => trackFeedItem('CATEGORY_OPTION', item, { chip: 'option' })} className={chipTarget} aria-label={t('optionChip', { name: item.option_name })}>
              <span className={chip}>
                {item.option_name}
                <LinkPending className="ml-1.5" />
              </span>
            </Link>
          </>
        ) : (
          <>
            <span className={`${chipBase} bg-amber-400 text-black`}>{item.topic_name}</span>
            <span className={`${chipBase} bg-white/20 text-white`}>{item.category_name}</span>
            <span className={`${chipBase} bg-white/20 text-white`}>{item.option_name}</span>
          </>
        )}
      </div>
      {item.description ? (
        <div className="text-sm leading-snug">
          {open ? (
            <div
              id={descId}
              lang={langTag(item.lang)}
              data-testid="reel-description-open"
              // Its own dark backing (black at 75 %: white text stays above 4.5:1 on a white frame),
              // so neither the frame nor anything drawn under it shows through the open text.
              className="relative isolate -mx-2 max-h-48 overflow-y-auto overscroll-contain rounded-lg bg-black/75 px-2 py-1.5 pr-3 backdrop-blur-sm"
              // The expanded text scrolls by itself instead of swiping the feed.
              onTouchStart={(e) => e.stopPropagation()}
              onTouchMove={(e) => e.stopPropagation()}
              onWheel={(e) => e.stopPropagation()}
            >
              <p className="whitespace-pre-line">{item.description}</p>
              {item.sources.length > 0 ? (
                <div className="mt-2 text-xs text-white/75" lang="en">
                  <p className="font-semibold">{t('sources')}</p>
                  <ul className="list-disc pl-4">
                    {item.sources.map((s) => <li key={s}>{s}</li>)}
                  </ul>
                </div>
              ) : null}
            </div>
          ) : (
            <p id={descId} lang={langTag(item.lang)}>{short.text}</p>
          )}
          {short.truncated ? (
            <button
              type="button"
              // A 44x44 px target around the word; negative margins keep the text where it was.
              className="-mb-3 -mt-2 inline-flex min-h-11 min-w-11 items-center font-semibold text-white/90 underline-offset-2 hover:underline"
              aria-expanded={open}
              aria-controls={descId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t('less') : t('more')}
            </button>
          ) : null}
        </div>
      ) : null}
      {cta ? (
        <Link prefetch={false} href={cta.href} data-testid="feed-cta"
          onClick={cta.onSelect ? (e) => { e.preventDefault(); cta.onSelect?.(); } : undefined}
          className={buttonClass({ size: 'md', className: 'mt-3 block w-full text-center' })}>
          {cta.label}
        </Link>
      ) : null}
    </div>
  );
}
