'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CloseIcon, DataSaverIcon, GlobeIcon, PlusIcon, SearchIcon, VolumeOffIcon, VolumeOnIcon } from '@/components/ui/icons';
import type { ContentLang, FeedLang } from '../schemas';
import { trackFeedItem } from '../api/events';
import { feedHref, type FeedFilter } from '../lib/filter';
import { addContentHref } from '../lib/layout-presets';
import { useFeedStore } from '../store';
import { useFeedLayout } from './feed-layout';
import { useDataSaver } from '@/lib/data-saver-context';
import { TldrButton } from './tldr-button';
import { isSharePath, ShareBrand } from './share-brand';

const LANGS: ContentLang[] = ['en', 'hi', 'he'];

const BAR = 'absolute inset-x-0 top-0 z-30 flex items-center gap-2 bg-gradient-to-b from-black/70 to-transparent px-3 pb-8 pt-[max(0.75rem,env(safe-area-inset-top))] text-white';
const PILL = 'rounded-full bg-white/20 backdrop-blur-sm hover:bg-white/30';

/** The session's sound switch, in every header style. */
function MuteButton() {
  const t = useTranslations('reels');
  const mute = useFeedStore((s) => s.mute);
  const toggleMute = useFeedStore((s) => s.toggleMute);
  return (
    <button
      type="button"
      data-testid="mute-button"
      onClick={toggleMute}
      aria-label={mute ? t('unmute') : t('mute')}
      className={`flex h-9 w-9 items-center justify-center ${PILL}`}
    >
      {mute ? <VolumeOffIcon size={20} /> : <VolumeOnIcon size={20} />}
    </button>
  );
}

/** The search screen (/search); its 44 px target reaches past the 36 px pill it draws. */
function SearchButton() {
  const t = useTranslations('search');
  return (
    <Link
      prefetch={false}
      href="/search"
      data-testid="feed-search"
      aria-label={t('open')}
      className="group -m-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-full"
    >
      <span className={`flex h-9 w-9 items-center justify-center group-focus-visible:outline-2 group-focus-visible:outline-amber-500 ${PILL}`}>
        <SearchIcon size={20} />
      </span>
    </Link>
  );
}

/** While the data saver is on: a small mark that says so and leads to the setting in Profile. */
function DataSaverBadge() {
  const t = useTranslations('reels');
  if (!useDataSaver().on) return null;
  return (
    <Link
      prefetch={false}
      href="/profile#data-saver"
      data-testid="data-saver-badge"
      aria-label={t('dataSaverOn')}
      title={t('dataSaverOn')}
      className={`flex h-9 w-9 shrink-0 items-center justify-center text-amber-300 ${PILL}`}
    >
      <DataSaverIcon size={18} />
    </Link>
  );
}

/** The feed's narrowing as the page heading, with a tap back to every video (keeping the language). */
function ClearFilterChip({ name, lang }: { name: string; lang: FeedLang | undefined }) {
  const t = useTranslations('reels');
  return (
    <>
      <h1 className="sr-only">{t('filteredBy', { name })}</h1>
      <Link prefetch={false}
        href={feedHref('/reels', { lang })}
        onClickCapture={() => trackFeedItem('BACK_TO_FEED', null, { from: 'filter' })}
        className={`inline-flex min-w-0 shrink items-center gap-1 py-1.5 pl-3 pr-2 text-sm font-semibold ${PILL}`}
        aria-label={`${t('filteredBy', { name })}. ${t('clearFilter')}`}
      >
        <span className="truncate">{name}</span>
        <CloseIcon size={16} />
      </Link>
    </>
  );
}

/** Leaves the feed: back where it was opened from, else to the layout's close target. */
function CloseButton({ href }: { href: string }) {
  const t = useTranslations('reels');
  const router = useRouter();
  return (
    <Link
      prefetch={false}
      href={href}
      data-testid="feed-close"
      aria-label={t('close')}
      onClickCapture={() => trackFeedItem('BACK_TO_FEED', null, { from: 'close' })}
      onClick={(e) => {
        // A same-site page before this one: go back to it (its scroll and state come back too).
        if (document.referrer && new URL(document.referrer).origin === window.location.origin && window.history.length > 1) {
          e.preventDefault();
          router.back();
        }
      }}
      className={`flex h-9 w-9 shrink-0 items-center justify-center ${PILL}`}
    >
      <CloseIcon size={20} />
    </Link>
  );
}

/**
 * The bar over the top of the player, in the style of the feed's layout
 * preset (features/reels/lib/layout-presets.ts). The `feed` style: the
 * feed's name or its active filter (a tap clears it), search (/search), the TLDR button (the
 * topic summary popup, ./tldr-button.tsx), the video-language menu (the
 * feed's language, which the server chose unless the person picked one;
 * "All" is a choice, never the default: features/reels/server/feed-language.ts)
 * and the session's sound switch; `minimal`: the sound switch; `close`: a
 * close button; `add-content`: close and "Add a reel" into the studio for
 * the feed's topic; `partner`: the partner's name.
 */
export function FeedHeader({ urlFilter, feedLang, filterLabel, topicId = null }: {
  /** The filters this page carries in its query string. */
  urlFilter: FeedFilter;
  /** The language the feed is shown in (the server's choice when the URL names none); default: the URL's, else all. */
  feedLang?: FeedLang;
  /** Name of the topic, category or option the feed is narrowed to. */
  filterLabel: string | null;
  /** The topic the feed is narrowed to (the add-content header's upload target). */
  topicId?: string | null;
}) {
  const layout = useFeedLayout();
  const style = layout.preset.header;
  if (style === 'feed') {
    return (
      <FullHeader urlFilter={urlFilter} feedLang={feedLang ?? urlFilter.lang ?? 'all'} filterLabel={filterLabel} topicId={topicId}
        clearable={layout.preset.tap.header === 'clear-filter'} />
    );
  }
  return <SmallHeader urlFilter={urlFilter} filterLabel={filterLabel} topicId={topicId} />;
}

function SmallHeader({ urlFilter, filterLabel, topicId }: { urlFilter: FeedFilter; filterLabel: string | null; topicId: string | null }) {
  const t = useTranslations('reels');
  const layout = useFeedLayout();
  const style = layout.preset.header;
  const title = style === 'partner' ? (layout.partnerName ?? t('feedLabel')) : (filterLabel ?? t('feedLabel'));
  const canClear = layout.preset.tap.header === 'clear-filter' && filterLabel !== null;
  return (
    <div className={BAR} data-header={style}>
      {style === 'close' || style === 'add-content' ? <CloseButton href={layout.closeHref} /> : null}
      {style === 'partner' && layout.partnerLogo ? (
        // A plain <img>: the logo is a 256 px WebP made by the media code.
        <img src={layout.partnerLogo} alt="" width={28} height={28} data-testid="partner-logo" className="h-7 w-7 shrink-0 rounded-full bg-white object-cover" />
      ) : null}
      {canClear ? (
        <ClearFilterChip name={title} lang={urlFilter.lang} />
      ) : style === 'minimal' ? (
        <h1 className="sr-only">{title}</h1>
      ) : (
        <h1 className="min-w-0 truncate text-base font-bold drop-shadow">{title}</h1>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-1.5">
        {style === 'add-content' && topicId ? (
          <Link prefetch={false} href={addContentHref({ topic: topicId })} data-testid="add-content"
            className="inline-flex items-center gap-1 rounded-full bg-amber-500 py-1.5 pl-2.5 pr-3 text-sm font-semibold text-black hover:bg-amber-400">
            <PlusIcon size={16} />
            {t('addReel')}
          </Link>
        ) : null}
        <DataSaverBadge />
        <MuteButton />
      </div>
    </div>
  );
}

function FullHeader({ urlFilter, feedLang, filterLabel, topicId, clearable }: {
  urlFilter: FeedFilter; feedLang: FeedLang; filterLabel: string | null; topicId: string | null; clearable: boolean;
}) {
  const t = useTranslations('reels');
  const tLang = useTranslations('languages');
  const router = useRouter();
  const pathname = usePathname();
  const setLang = useFeedStore((s) => s.setLang);

  return (
    <div className={BAR} data-header="feed">
      {/* A shared link's landing says whose it is. */}
      {isSharePath(pathname) ? <ShareBrand asHeading={!filterLabel} /> : null}
      {filterLabel && clearable ? (
        <ClearFilterChip name={filterLabel} lang={urlFilter.lang} />
      ) : isSharePath(pathname) && !filterLabel ? null : (
        <h1 className="min-w-0 truncate text-lg font-bold drop-shadow">{filterLabel ?? t('feedLabel')}</h1>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-1.5">
        <SearchButton />
        <TldrButton topicId={topicId} label={t('tldrLinkLabel')} className={`px-3 py-1.5 text-sm font-semibold ${PILL}`}>
          {t('tldrLink')}
        </TldrButton>
        <label className="sr-only" htmlFor="feed-lang">{t('languageFilter')}</label>
        <div className="relative flex items-center rounded-full bg-white/20 pl-2.5 backdrop-blur-sm focus-within:outline-2 focus-within:outline-amber-500 hover:bg-white/30">
          <GlobeIcon size={16} />
          <select
            id="feed-lang"
            data-testid="lang-filter"
            value={feedLang}
            onChange={(e) => {
              // The pick goes in the URL, `all` included: it wins over the server's choice (feed-language.ts).
              const next = e.target.value as FeedLang;
              if (next !== 'all') setLang(next);
              router.push(feedHref(pathname, { ...urlFilter, lang: next }));
            }}
            className="max-w-[7rem] appearance-none truncate border-0 bg-transparent py-1.5 pl-1.5 pr-3 text-sm font-semibold text-white outline-none [&>option]:text-black"
          >
            <option value="all">{t('langAll')}</option>
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l === 'he' ? 'hi-Latn' : l}>{tLang(l)}</option>
            ))}
          </select>
        </div>
        <DataSaverBadge />
        <MuteButton />
      </div>
    </div>
  );
}
