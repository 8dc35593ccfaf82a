import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Graph, Organization } from 'schema-dts';
import type { FeedItem, TldrEntry } from '@/features/reels/schemas';
import { sharePagePath, shareImagePath, shareVideoPath, type ReelCard } from '@/features/sharing/server/share';
import {
  breadcrumbListLd, itemListLd, jsonLdGraph, organizationId, organizationLd, videoObjectLd,
} from '@/features/sharing/server/structured-data';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { localizedPath } from '@/lib/url-language';
import { reelTitle } from './seo';
import { siteOrigin } from './site';

/*
 * The JSON-LD of the public pages (docs/decisions/029): what each page says
 * to search engines about itself, built from the data the page already read
 * with the sharing feature's builders (features/sharing/server/structured-data.ts)
 * and written with components/ui/json-ld.tsx. URLs are absolute on the
 * public origin (app/_lib/site.ts) and in the page's own language, as its
 * canonical is.
 */

/** The app icon (app/apple-icon.png): 180x180 px, above Google's 112x112 minimum for a logo. */
const LOGO = { path: '/apple-icon.png', width: 180, height: 180 } as const;

async function context() {
  const [origin, lang, tApp] = await Promise.all([siteOrigin(), getInterfaceLang(), getTranslations('app')]);
  const abs = (path: string) => new URL(localizedPath(path, lang), origin).toString();
  return { origin, lang, abs, name: tApp('name') };
}

function organization(origin: URL, name: string): Organization {
  const home = new URL('/', origin).toString();
  return organizationLd({ name, url: home, logo: { url: new URL(LOGO.path, origin).toString(), width: LOGO.width, height: LOGO.height } });
}

/** A page that is only the site's (explore, the TLDR board without summaries): its Organization. */
export async function siteGraph(): Promise<Graph> {
  const { origin, name } = await context();
  return jsonLdGraph(organization(origin, name));
}

/**
 * A reel's page (`/content/<id>`, `/share/<slug>`, a topic's summary): the
 * Organization, the reel as a VideoObject (thumbnail = its share image,
 * contentUrl = its stable share video URL, which answers with a freshly
 * signed HLS playlist; both are allowed by robots.txt), and the breadcrumbs
 * topic > category > option, each crumb a topic page narrowed to it.
 * @param item the reel as the page shows it (names in the interface language).
 * @param card its share card (slug, stored size), or null for a reel without one (then the poster and the master playlist).
 */
export async function reelGraph(item: FeedItem, card: ReelCard | null): Promise<Graph> {
  const [{ origin, abs, name }, { title }] = await Promise.all([context(), reelTitle(item)]);
  const org = organization(origin, name);
  const topic = `/topic/${item.topic}`;
  const video = videoObjectLd({
    name: title,
    description: item.description || `${item.topic_name} · ${item.category_name} · ${item.option_name}`,
    thumbnailUrl: new URL(card ? shareImagePath(card) : item.pre_signed_url_poster, origin).toString(),
    uploadDate: item.created_at,
    durationS: item.duration > 0 ? item.duration : null,
    contentUrl: new URL(card ? shareVideoPath(card) : item.pre_signed_url_video, origin).toString(),
    url: abs(card ? sharePagePath(card) : `/content/${item.id}`),
    inLanguage: item.lang,
    publisher: { '@id': organizationId(new URL('/', origin).toString()) },
  });
  const crumbs = breadcrumbListLd([
    { name: item.topic_name, url: abs(topic) },
    { name: item.category_name, url: abs(`${topic}?category_id=${item.category}`) },
    { name: item.option_name, url: abs(`${topic}?option_id=${item.option}`) },
  ]);
  return jsonLdGraph(org, video, crumbs);
}

/**
 * A list page (a topic's feed, the TLDR board): the Organization and an
 * ItemList of the pages it leads to, in the order shown (Google's
 * "summary page" carousel form).
 * @param items each linked page's origin-relative path (no language) and name.
 */
export async function listGraph(items: readonly { path: string; name?: string }[]): Promise<Graph> {
  const { origin, abs, name } = await context();
  return jsonLdGraph(organization(origin, name), itemListLd(items.map((i) => ({ url: abs(i.path), name: i.name }))));
}

/** The ItemList entries of a feed page's reels: each reel's canonical share page. */
export function reelListItems(items: readonly FeedItem[]): { path: string; name: string }[] {
  return items.map((i) => ({ path: `/share/${encodeURIComponent(i.share_slug)}`, name: i.description || i.option_name }));
}

/** The ItemList entries of the TLDR board: each topic's summary page. */
export function tldrListItems(entries: readonly TldrEntry[]): { path: string; name: string }[] {
  return entries.map((e) => ({ path: `/tldr/${encodeURIComponent(e.topic_slug)}`, name: e.topic_name }));
}
