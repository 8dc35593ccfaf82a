import { cookies, headers } from 'next/headers';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { reelsKeys } from '@/features/reels/api/feed';
import { ReelsFeed } from '@/features/reels/components/reels-feed';
import { feedListFromPage, type FeedList } from '@/features/reels/lib/feed-list';
import { feedKeyOf, feedQueryFor, type FeedFilter, type FeedListParams, type FeedSearch } from '@/features/reels/lib/filter';
import { searchFeedList } from '@/features/reels/lib/search-feed';
import type { LayoutPresetName } from '@/features/reels/lib/layout-presets';
import type { FeedItem } from '@/features/reels/schemas';
import type { PartnerPublic } from '@/features/partners/schemas';
import { env } from '@/lib/env';
import { LOCALE_COOKIE } from '@/lib/constants';
import { feedLanguageOf, summaryLanguageOf } from '@/features/reels/server/feed-language';
import { topNExperimentOfRequest } from '@/lib/experiments';
import { InlineScript } from '@/components/ui/inline-script';
import { FIRST_REEL_PRELOADER } from '@/features/reels/lib/first-reel-starter';
import { ErrorBoundary } from '../_components/error-boundary';
import { requestNonce } from './nonce';
import { feedPage, searchResults } from './data';
import { getViewerId } from './viewer';
import { PartnerFeed } from './partner-feed';
import { JsonLd } from '@/components/ui/json-ld';
import { listGraph, reelListItems } from './structured-data';

/** The first list of a page's feed, the params it is cached under, and the reels of its server page. */
interface FirstList { params: FeedListParams; list: FeedList; reels: FeedItem[] }

/**
 * The feed's first page for this viewer, in the language the URL names or
 * the server's choice for this person; the language served goes into the
 * params' filter, so later pages are of the same feed.
 */
async function feedList(viewerId: string, given: FeedListParams, { lead, layout, partner }: {
  lead: FeedItem | null; layout: LayoutPresetName; partner: PartnerPublic | null;
}): Promise<FirstList> {
  // The top-N videos experiment (docs/decisions/012): every page of the feed carries its id (not a partner's feed).
  const topN = partner || lead ? null : await topNExperimentOfRequest();
  const signals = { localeCookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: (await headers()).get('accept-language') };
  const { lang, explicit } = feedLanguageOf({ explicit: given.filter.lang ?? (layout === 'add-content' ? 'all' : undefined), ...signals });
  const asked = { ...given.filter, lang, ...(topN ? { top_n: topN } : {}) };
  const page = await feedPage(viewerId, JSON.stringify(feedQueryFor(asked, given.startPage)),
    JSON.stringify({ fallbackToAll: !explicit, summaryLang: summaryLanguageOf(signals) }));
  return { params: { ...given, filter: { ...asked, lang: page.feed_lang } }, list: feedListFromPage(page, lead), reels: page.feeds };
}

/** The start page of the reels of `search` (`given.search`; features/reels/lib/search-feed.ts), read as the API reads it. */
async function searchList(viewerId: string, given: FeedListParams, search: FeedSearch): Promise<FirstList> {
  const found = await searchResults(viewerId, search.q, search.lang, given.startPage);
  return { params: given, list: searchFeedList(found), reels: found.reels };
}

/**
 * A page's reel player, server-rendered: the first feed page is read with
 * the service functions (never over HTTP), put in the same query key the
 * client uses, and handed over through HydrationBoundary; the first reel's
 * poster is in the HTML, and its first media are preloaded by an inline
 * script (or, on /reels and /share, it plays before hydration:
 * features/reels/lib/first-reel-starter.ts). A chat card follows every CHATBOT_EVERY_N-th reel
 * (none in the add-content layout: a creator looks at the reels). `layout`
 * and `closeHref` as in ReelsFeed (SPEC.md section 2 layout presets).
 * With `partner` (its id also in `params.filter.partner_id`), the partner's
 * feed: PartnerFeed in the 'partner' preset.
 * Language: the URL's `lang`, else the server's choice for this person
 * (features/reels/server/feed-language.ts; a creator's add-content layout
 * shows every language); the language served goes into the client's
 * filter, so its later pages are of the same feed.
 * With `itemList`, the page's structured data lists the first page's reels
 * (an ItemList of their share pages, app/_lib/structured-data.ts).
 * With `params.search`, the reels of a search instead of the feed's, from
 * its page `params.startPage`, opened at `params.startAt`.
 */
export async function FeedScreen({
  params: given, urlFilter, lead = null, filterLabel = null, sizing = 'box', layout = 'default', closeHref, partner = null, itemList = false,
}: {
  params: FeedListParams;
  urlFilter: FeedFilter;
  lead?: FeedItem | null;
  filterLabel?: string | null;
  sizing?: 'box' | 'fill';
  layout?: LayoutPresetName;
  closeHref?: string;
  partner?: PartnerPublic | null;
  itemList?: boolean;
}) {
  const viewerId = await getViewerId();
  const { params, list, reels } = given.search
    ? await searchList(viewerId, given, given.search)
    : await feedList(viewerId, given, { lead, layout, partner });
  const nonce = await requestNonce();
  const qc = new QueryClient();
  qc.setQueryData(reelsKeys.list(params), list);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      {itemList ? <JsonLd data={await listGraph(reelListItems(reels))} /> : null}
      <ErrorBoundary name="feed">
      {partner ? (
        <PartnerFeed key={feedKeyOf(params)} partner={partner} params={params} urlFilter={urlFilter} filterLabel={filterLabel}
          sizing={sizing} chatEvery={env().CHATBOT_EVERY_N} />
      ) : (
      <ReelsFeed key={feedKeyOf(params)} params={params} urlFilter={urlFilter} filterLabel={filterLabel} sizing={sizing}
        chatEvery={layout === 'add-content' ? 0 : env().CHATBOT_EVERY_N} layout={layout} closeHref={closeHref} />
      )}
      </ErrorBoundary>
      {/* Right after the feed's markup: the reel on screen's first media start with the HTML. */}
      <InlineScript html={FIRST_REEL_PRELOADER} nonce={nonce} />
    </HydrationBoundary>
  );
}
