import type { Metadata } from 'next';
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { truncateText } from '@/features/reels/lib/text';
import { parseFeedSearchParams, type SearchParams } from '@/features/reels/lib/search-params';
import { shareMetadata } from '@/features/sharing/server/metadata';
import { isShareId, sharePagePath } from '@/features/sharing/server/share';
import { FeedScreen } from '../../_lib/feed-screen';
import { reelOrNotFound, shareCard, topicOrNotFound } from '../../_lib/data';
import { pageAlternates, reelTitle } from '../../_lib/seo';
import { reelGraph } from '../../_lib/structured-data';
import { JsonLd } from '@/components/ui/json-ld';
import { siteOrigin } from '../../_lib/site';
import { getIssuedVisitorToken } from '../../_lib/viewer';
import { recordShareReferral } from '../_lib/referral';
import { routeParamOrNotFound } from '../../_lib/route-param';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> };

/** The card a slug names (memoised per request: metadata and page share one read); unknown -> the 404 page. */
const cardOf = cache(async (raw: string) => {
  const slug = routeParamOrNotFound(raw);
  const card = isShareId(slug) ? await shareCard(slug) : null;
  if (!card) notFound();
  return card;
});

/**
 * Tags of a share page (docs/decisions/014-share-previews.md): the per-reel
 * image, og:video, og:url and canonical without the query, so a link with
 * ?ref= and utm_* previews exactly like the bare one.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const card = await cardOf((await params).slug);
  const [t, tApp, locale, origin] = await Promise.all([getTranslations('meta'), getTranslations('app'), getInterfaceLang(), siteOrigin()]);
  const siteName = tApp('name');
  if (card.kind === 'reel') {
    const { title, short } = await reelTitle(card);
    const description = truncateText(card.description || `${card.topic_name} · ${card.option_name}`, 160).text;
    const meta = shareMetadata(card, origin, { title, description, imageAlt: short, siteName, locale: 'en_IN' });
    return { ...meta, alternates: await pageAlternates(sharePagePath(card)) };
  }
  const title = t('topic', { topic: card.name });
  const description = truncateText(card.description || tApp('description'), 160).text;
  const meta = shareMetadata(card, origin, { title, description, imageAlt: card.name, siteName, locale: locale === 'hi' ? 'hi_IN' : 'en_IN' });
  return { ...meta, alternates: await pageAlternates(sharePagePath(card)) };
}

/**
 * /share/[slug] (SPEC.md section 2): a reel's share slug opens the feed at
 * that reel, server-rendered like /content/<id> (no redirect: crawlers read
 * the tags of this URL with a 200); a topic's slug opens that topic's feed;
 * a raw content id (older links) works too; anything else is the 404 page.
 */
export default async function ShareSlugPage({ params, searchParams }: Props) {
  const card = await cardOf((await params).slug);
  const sp = await searchParams;
  // ?ref= counts as a referral click, for a visitor the server issued (not a throwaway id).
  const issued = await getIssuedVisitorToken();
  if (issued) await recordShareReferral(issued.id, sp, (await headers()).get('user-agent'));
  const { filter } = parseFeedSearchParams(sp);
  const urlFilter = { lang: filter.lang };
  if (card.kind === 'topic') {
    const topic = await topicOrNotFound(card.id);
    return (
      <FeedScreen params={{ filter: { topic_id: topic.id, lang: filter.lang }, startPage: 1 }} urlFilter={urlFilter} filterLabel={topic.name} itemList />
    );
  }
  const item = await reelOrNotFound(card.id);
  return (
    <>
      <JsonLd data={await reelGraph(item, card)} />
      <FeedScreen params={{ filter: urlFilter, startPage: 1, leadId: item.id }} urlFilter={urlFilter} lead={item} />
    </>
  );
}
