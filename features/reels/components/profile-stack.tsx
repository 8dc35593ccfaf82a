'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trackFeedItem } from '../api/events';
import type { ReelItem } from '../lib/feed-list';
import { feedHref } from '../lib/filter';
import { addContentHref } from '../lib/layout-presets';
import { useFeedStore } from '../store';
import { useFeedLayout } from './feed-layout';

/**
 * One round picture of the stack; its name's first letter until the picture
 * may load, or when there is none. The letter stands in for the picture, so
 * it is drawn by CSS (`content: attr(data-initial)`), not written as text:
 * the stack's accessible name (the link's aria-label) then holds all of its
 * visible text, as WCAG 2.5.3 "label in name" wants, instead of a run of
 * initials no label contains.
 */
function Face({ name, pic, load, className }: { name: string; pic: string | null; load: boolean; className: string }) {
  return (
    <span className={`flex items-center justify-center overflow-hidden rounded-full border-2 border-white bg-amber-500 font-bold uppercase text-black ${className}`}>
      {pic && load ? (
        // A plain <img>: the picture is already a 512 px WebP made by the media code.
        <img src={pic} alt="" draggable={false} decoding="async" className="h-full w-full object-cover" />
      ) : (
        <span aria-hidden="true" data-initial={[...name.trim()][0] ?? '?'} className="before:content-[attr(data-initial)]" />
      )}
    </span>
  );
}

/**
 * The profile stack of a reel (SPEC.md section 3: the pictures of its topic,
 * category and option): the option's picture in front of its category's and
 * topic's. What a tap does is the layout preset's `tap.stack`: the option's
 * feed, the studio's upload form filed under this reel's option
 * (add-content), the page's call to action, or nothing. Pictures load only
 * once the reel on screen has started: on a slow line the first frame comes
 * before them.
 */
export function ProfileStack({ item }: { item: ReelItem }) {
  const t = useTranslations('reels');
  const layout = useFeedLayout();
  const started = useFeedStore((s) => s.activeStarted);
  // Once allowed, the pictures stay (moving to the next reel must not swap them back to letters).
  const [load, setLoad] = useState(started);
  if (!load && started) setLoad(true);
  const faces = (
    <span className="relative block h-14 w-14" aria-hidden="true">
      <Face name={item.topic_name} pic={item.topic_pic} load={load} className="absolute left-0 top-0 h-8 w-8 text-xs" />
      <Face name={item.category_name} pic={item.category_pic} load={load} className="absolute right-0 top-1 h-8 w-8 text-xs" />
      <Face name={item.option_name} pic={item.option_pic} load={load} className="absolute bottom-0 left-2.5 h-10 w-10 text-sm" />
    </span>
  );
  const names = `${item.topic_name} · ${item.category_name} · ${item.option_name}`;
  const tap = layout.preset.tap.stack;
  const cls = 'block rounded-full transition active:scale-95 motion-reduce:transition-none';
  const onTap = () => trackFeedItem('PROFILE_STACK', item, { tap });
  if (tap === 'open-option') {
    return (
      <Link prefetch={false} href={feedHref('/reels', { option_id: item.option })} data-testid="profile-stack" onClickCapture={onTap} className={cls}
        aria-label={t('stackOpen', { name: item.option_name })} title={names}>
        {faces}
      </Link>
    );
  }
  if (tap === 'add-content') {
    return (
      <Link prefetch={false} href={addContentHref(item)} data-testid="profile-stack" onClickCapture={onTap} className={cls}
        aria-label={t('stackAdd', { name: item.option_name })} title={names}>
        {faces}
      </Link>
    );
  }
  if (tap === 'cta' && layout.cta) {
    return (
      <Link prefetch={false} href={layout.cta.href} data-testid="profile-stack" onClickCapture={onTap} className={cls} aria-label={layout.cta.label} title={names}
        onClick={layout.cta.onSelect ? (e) => { e.preventDefault(); layout.cta?.onSelect?.(); } : undefined}>
        {faces}
      </Link>
    );
  }
  return (
    <span data-testid="profile-stack" className="block" role="img" aria-label={names}>
      {faces}
    </span>
  );
}
