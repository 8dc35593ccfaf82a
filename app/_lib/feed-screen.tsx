import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { reelsKeys } from '@/features/reels/api/feed';
import { ReelsFeed } from '@/features/reels/components/reels-feed';
import { feedListFromPage } from '@/features/reels/lib/feed-list';
import { feedKeyOf, feedQueryFor, type FeedFilter, type FeedListParams } from '@/features/reels/lib/filter';
import type { LayoutPresetName } from '@/features/reels/lib/layout-presets';
import type { FeedItem } from '@/features/reels/schemas';
import { env } from '@/lib/env';
import { feedPage } from './data';
import { getViewerId } from './viewer';

/**
 * A page's reel player, server-rendered: the first feed page is read with
 * the service functions (never over HTTP), put in the same query key the
 * client uses, and handed over through HydrationBoundary; the first reel's
 * poster is in the HTML. A chat card follows every CHATBOT_EVERY_N-th reel
 * (none in the add-content layout: a creator looks at the reels). `layout`
 * and `closeHref` as in ReelsFeed (SPEC.md section 2 layout presets).
 */
export async function FeedScreen({
  params, urlFilter, lead = null, filterLabel = null, sizing = 'box', layout = 'default', closeHref,
}: {
  params: FeedListParams;
  urlFilter: FeedFilter;
  lead?: FeedItem | null;
  filterLabel?: string | null;
  sizing?: 'box' | 'fill';
  layout?: LayoutPresetName;
  closeHref?: string;
}) {
  const viewerId = await getViewerId();
  const page = await feedPage(viewerId, JSON.stringify(feedQueryFor(params.filter, params.startPage)));
  const qc = new QueryClient();
  qc.setQueryData(reelsKeys.list(params), feedListFromPage(page, lead));
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ReelsFeed key={feedKeyOf(params)} params={params} urlFilter={urlFilter} filterLabel={filterLabel} sizing={sizing}
        chatEvery={layout === 'add-content' ? 0 : env().CHATBOT_EVERY_N} layout={layout} closeHref={closeHref} />
    </HydrationBoundary>
  );
}
