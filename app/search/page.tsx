import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { searchKeys } from '@/features/reels/api/search';
import { SearchScreen } from '@/features/reels/components/search-screen';
import { popularSearches } from '@/features/reels/lib/popular-searches';
import { searchHref } from '@/features/reels/lib/search-feed';
import { parseSearchQuery, type SearchParams } from '@/features/reels/lib/search-params';
import type { SearchResponse } from '@/features/reels/schemas';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { logger } from '@/lib/logger';
import { ErrorBoundary } from '../_components/error-boundary';
import { searchResults, topicList } from '../_lib/data';
import { pageAlternates } from '../_lib/seo';
import { getViewerId } from '../_lib/viewer';

type Props = { searchParams: Promise<SearchParams> };

/**
 * The first page of results of the URL's `?q=` in the interface language,
 * read with the API's own service (app/_lib/data.ts, shared by the metadata
 * and the page); null without words, or when the search failed (the screen
 * then asks the API itself and shows its error and retry).
 */
async function firstPage(sp: SearchParams): Promise<{ q: string | null; found: SearchResponse | null }> {
  const q = parseSearchQuery(sp);
  if (q === null) return { q, found: null };
  try {
    return { q, found: await searchResults(await getViewerId(), q, await getInterfaceLang(), 1) };
  } catch (err) {
    logger().warn({ err }, 'search page: results not read; the screen asks for them');
    return { q, found: null };
  }
}

/**
 * Its title names the words searched; like the other public pages it has a
 * canonical per language and hreflang alternates (docs/decisions/029). A
 * search without words, or one that finds neither a reel nor a topic, is not
 * indexed (its links are still followed). /search is not in the sitemaps:
 * the results are what the topic and reel pages already list.
 */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { q, found } = await firstPage(await searchParams);
  const t = await getTranslations('meta');
  const none = !found || (found.reels.length === 0 && found.topics.length === 0);
  return {
    title: q ? t('searchFor', { query: q }) : t('search'),
    description: t('searchDescription'),
    alternates: await pageAlternates(q ? searchHref(q) : '/search'),
    ...(none ? { robots: { index: false, follow: true } } : {}),
  };
}

/**
 * /search (SPEC.md section 2's SEARCH screen): server-rendered with the first
 * page of results of `?q=` and the popular searches (the library's topics),
 * both put under the query keys the screen reads (features/reels/api/search.ts)
 * and handed over through HydrationBoundary.
 */
export default async function SearchPage({ searchParams }: Props) {
  const [{ q, found }, lang] = await Promise.all([firstPage(await searchParams), getInterfaceLang()]);
  const qc = new QueryClient();
  if (q && found) {
    const search = { q, lang };
    qc.setQueryData(searchKeys.page(search, 1), found);
    qc.setQueryData(searchKeys.results(search), { pages: [found], pageParams: [1] });
  }
  try {
    qc.setQueryData(searchKeys.popular(lang), popularSearches(await topicList()));
  } catch (err) {
    logger().warn({ err }, 'search page: topics not read; the screen asks for them');
  }
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ErrorBoundary name="search">
        <SearchScreen />
      </ErrorBoundary>
    </HydrationBoundary>
  );
}
