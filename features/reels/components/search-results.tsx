'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { NearViewportLink } from '@/components/ui/near-viewport-link';
import { ChevronDownIcon, CompassIcon, SparkleChatIcon } from '@/components/ui/icons';
import { buttonClass } from '@/components/ui/button';
import type { FeedItem, SearchResponse, SearchTopic } from '../schemas';
import { searchFeedHref } from '../lib/search-feed';
import { truncateText } from '../lib/text';
import { langTag } from './reel-info';

/** Reel cards whose thumbnails load with the page (the first screen of a phone: two rows of three). */
const EAGER_CARDS = 6;

/** The assistant's chat, opened with `question` asked (app/assistant/page.tsx `?q=`). */
export function askHref(question: string): string {
  return `/assistant?${new URLSearchParams({ q: question }).toString()}`;
}

/** A duration in seconds as the player's clocks show it: 0:42, 1:05. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Everything the pages of a search loaded so far hold, each reel, topic and question once, in their order. */
export function mergeResults(pages: readonly SearchResponse[]): { reels: FeedItem[]; topics: SearchTopic[]; questions: string[] } {
  const reels = new Map<string, FeedItem>();
  const topics = new Map<string, SearchTopic>();
  const questions = new Set<string>();
  for (const p of pages) {
    for (const r of p.reels) if (!reels.has(r.id)) reels.set(r.id, r);
    for (const tp of p.topics) if (!topics.has(tp.id)) topics.set(tp.id, tp);
    for (const q of p.questions) questions.add(q);
  }
  return { reels: [...reels.values()], topics: [...topics.values()], questions: [...questions] };
}

/** "Ask the AI assistant" with the words searched: opens the chat with them asked. */
export function AskRow({ query }: { query: string }) {
  const t = useTranslations('search');
  return (
    <Link
      prefetch={false}
      href={askHref(query)}
      data-testid="search-ask"
      className="flex min-h-14 items-center gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-amber-500 hover:ring-2 focus-visible:ring-2 dark:bg-amber-900/30 dark:text-amber-50"
    >
      <SparkleChatIcon size={24} className="shrink-0 text-amber-700 dark:text-amber-400" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{t('ask')}</span>
        {' '}
        <span className="block truncate text-sm text-amber-900/80 dark:text-amber-100/80">{t('quoted', { query })}</span>
      </span>
    </Link>
  );
}

/** A reel found: its thumbnail, its option's name and its length; opens the search's reels as a feed at this one. */
function ReelCard({ reel, index, query }: { reel: FeedItem; index: number; query: string }) {
  const t = useTranslations('search');
  return (
    <li>
      <NearViewportLink
        href={searchFeedHref(query, index, reel.id)}
        data-testid="search-reel"
        data-content-id={reel.id}
        className="group block rounded-xl outline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-500"
      >
        <span className="relative block aspect-[9/16] overflow-hidden rounded-xl bg-neutral-200 dark:bg-neutral-800">
          {/* A signed media URL the pipeline sized (180 x 320): a plain <img>, the poster as the sharper candidate. */}
          <img
            src={reel.pre_signed_url_thumbnail}
            srcSet={`${reel.pre_signed_url_thumbnail} 180w, ${reel.pre_signed_url_poster} 720w`}
            sizes="(min-width: 672px) 210px, 33vw"
            width={180}
            height={320}
            alt=""
            loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
          <span className="absolute bottom-1.5 right-1.5 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
            <span aria-hidden="true">{clockOf(reel.duration)}</span>
            <span className="sr-only">{t('durationLabel', { seconds: Math.max(0, Math.round(reel.duration)) })}</span>
          </span>
        </span>
        {' '}
        <span className="mt-1.5 line-clamp-2 text-sm font-medium leading-snug text-neutral-900 dark:text-neutral-100">
          {reel.option_name}
        </span>
        {reel.description ? (
          // Reels of one option share its name: the start of the description tells them apart.
          <span className="sr-only" lang={langTag(reel.lang)}>{`. ${truncateText(reel.description, 80).text}`}</span>
        ) : null}
      </NearViewportLink>
    </li>
  );
}

/**
 * A search's results (GET /feeds-server/api/v1/search, every page loaded
 * so far): the assistant row with the words searched, the topics found as
 * chips (their pages), the reels as a grid of thumbnails, three to a row on
 * a phone (a tap plays the search's reels as a feed from that one), the
 * assistant's suggested questions, and "load more" while the last page says
 * there is more. With neither reels nor topics it says so, and still offers
 * the assistant and the questions.
 */
export function SearchResults({ query, pages, hasMore, loadingMore, onLoadMore }: {
  query: string;
  pages: readonly SearchResponse[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const t = useTranslations('search');
  const { reels, topics, questions } = mergeResults(pages);
  const none = reels.length === 0 && topics.length === 0;
  return (
    <div className="flex flex-col gap-6" data-testid="search-results">
      {none ? (
        <div data-testid="search-none" className="flex flex-col gap-1 pt-2">
          <h2 className="text-lg font-semibold">{t('noResultsTitle', { query })}</h2>
          <p className="text-neutral-600 dark:text-neutral-400">{t('noResultsHint')}</p>
        </div>
      ) : null}
      <AskRow query={query} />
      {topics.length > 0 ? (
        <section aria-labelledby="search-topics" className="flex flex-col gap-2">
          <h2 id="search-topics" className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t('topics')}</h2>
          <ul className="flex flex-wrap gap-2">
            {topics.map((tp) => (
              <li key={tp.id}>
                <NearViewportLink
                  href={`/topic/${encodeURIComponent(tp.slug)}`}
                  data-testid="search-topic"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-neutral-300 py-1.5 pl-1.5 pr-4 font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
                >
                  {tp.pic ? (
                    <img src={tp.pic} alt="" width={32} height={32} loading="lazy" decoding="async" className="h-8 w-8 rounded-full object-cover" />
                  ) : (
                    <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
                      <CompassIcon size={18} />
                    </span>
                  )}
                  {tp.name}
                </NearViewportLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reels.length > 0 ? (
        <section aria-labelledby="search-videos" className="flex flex-col gap-2">
          <h2 id="search-videos" className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t('videos')}</h2>
          <ul className="grid grid-cols-3 gap-x-2.5 gap-y-4" data-testid="search-grid">
            {reels.map((r, i) => <ReelCard key={r.id} reel={r} index={i} query={query} />)}
          </ul>
        </section>
      ) : null}
      {questions.length > 0 ? (
        <section aria-labelledby="search-questions" className="flex flex-col gap-2">
          <h2 id="search-questions" className="text-sm font-semibold uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{t('questions')}</h2>
          <ul className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
            {questions.map((q) => (
              <li key={q}>
                <Link
                  prefetch={false}
                  href={askHref(q)}
                  data-testid="search-question"
                  className="flex min-h-11 items-center gap-3 py-2.5 hover:text-amber-700 dark:hover:text-amber-400"
                >
                  <SparkleChatIcon size={18} className="shrink-0 text-amber-700 dark:text-amber-400" />
                  <span className="min-w-0">{q}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loadingMore}
          data-testid="search-more"
          className={buttonClass({ variant: 'secondary', size: 'md', className: 'inline-flex min-h-11 items-center justify-center gap-2 self-center' })}
        >
          {loadingMore ? t('loadingMore') : t('loadMore')}
          {loadingMore ? null : <ChevronDownIcon size={18} />}
        </button>
      ) : null}
    </div>
  );
}
