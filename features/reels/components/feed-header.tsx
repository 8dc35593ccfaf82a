'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CloseIcon, GlobeIcon, VolumeOffIcon, VolumeOnIcon } from '@/components/ui/icons';
import type { ContentLang } from '../schemas';
import { feedHref, type FeedFilter } from '../lib/filter';
import { useFeedStore } from '../store';

const LANGS: ContentLang[] = ['en', 'hi', 'he'];

/**
 * The bar over the top of the player: the feed's name or its active filter
 * (with a way back to all videos), a link to the topic summaries, the
 * video-language filter (all languages unless one is picked) and the
 * session's sound switch.
 */
export function FeedHeader({ urlFilter, filterLabel }: {
  /** The filters this page carries in its query string. */
  urlFilter: FeedFilter;
  /** Name of the topic, category or option the feed is narrowed to. */
  filterLabel: string | null;
}) {
  const t = useTranslations('reels');
  const tLang = useTranslations('languages');
  const router = useRouter();
  const pathname = usePathname();
  const mute = useFeedStore((s) => s.mute);
  const toggleMute = useFeedStore((s) => s.toggleMute);
  const setLang = useFeedStore((s) => s.setLang);
  const lang = urlFilter.lang;

  return (
    <div className="absolute inset-x-0 top-0 z-30 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-3 pb-8 pt-[max(0.75rem,env(safe-area-inset-top))] text-white">
      {filterLabel ? (
        <>
          <h1 className="sr-only">{t('filteredBy', { name: filterLabel })}</h1>
          <Link prefetch={false}
            href={feedHref('/reels', { lang })}
            className="inline-flex min-w-0 shrink items-center gap-1 rounded-full bg-white/20 py-1.5 pl-3 pr-2 text-sm font-semibold backdrop-blur-sm hover:bg-white/30"
            aria-label={`${t('filteredBy', { name: filterLabel })}. ${t('clearFilter')}`}
          >
            <span className="truncate">{filterLabel}</span>
            <CloseIcon size={16} />
          </Link>
        </>
      ) : (
        <h1 className="text-lg font-bold drop-shadow">{t('feedLabel')}</h1>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-1.5">
        <Link prefetch={false}
          href="/tldr"
          aria-label={t('tldrLinkLabel')}
          className="rounded-full bg-white/20 px-3 py-1.5 text-sm font-semibold backdrop-blur-sm hover:bg-white/30"
        >
          {t('tldrLink')}
        </Link>
        <label className="sr-only" htmlFor="feed-lang">{t('languageFilter')}</label>
        <div className="relative flex items-center rounded-full bg-white/20 pl-2.5 backdrop-blur-sm focus-within:outline-2 focus-within:outline-amber-500 hover:bg-white/30">
          <GlobeIcon size={16} />
          <select
            id="feed-lang"
            data-testid="lang-filter"
            value={lang ?? ''}
            onChange={(e) => {
              const next = (e.target.value || undefined) as ContentLang | undefined;
              if (next) setLang(next);
              router.push(feedHref(pathname, { ...urlFilter, lang: next }));
            }}
            className="max-w-[7rem] appearance-none truncate border-0 bg-transparent py-1.5 pl-1.5 pr-3 text-sm font-semibold text-white outline-none [&>option]:text-black"
          >
            <option value="">{t('langAll')}</option>
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l === 'he' ? 'hi-Latn' : l}>{tLang(l)}</option>
            ))}
          </select>
        </div>
        <button
          type="button"
          data-testid="mute-button"
          onClick={toggleMute}
          aria-label={mute ? t('unmute') : t('mute')}
          className="flex h-9 w-9 items-center justify-center rounded-full bg-white/20 backdrop-blur-sm hover:bg-white/30"
        >
          {mute ? <VolumeOffIcon size={20} /> : <VolumeOnIcon size={20} />}
        </button>
      </div>
    </div>
  );
}
