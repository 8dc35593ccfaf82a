import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { truncateText } from '@/features/reels/lib/text';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { languageAlternates, localizedPath } from '@/lib/url-language';
import { siteOrigin } from './site';

/**
 * The `alternates` of a public, indexable page (docs/decisions/029): its
 * canonical is the URL of the language it is rendered in (`/topic/x` in
 * English, `/topic/x?hl=hi` in Hindi), and it lists every language version
 * with `<link rel="alternate" hreflang>` (en-IN, hi-IN, hi-Latn, x-default),
 * the same set on each version. Absolute URLs on the public origin
 * (app/_lib/site.ts), as og:url is.
 * @param path the page's own path without a language, e.g. `/topic/<id>` or `/share/<slug>`.
 */
export async function pageAlternates(path: string): Promise<NonNullable<Metadata['alternates']>> {
  const [lang, origin] = await Promise.all([getInterfaceLang(), siteOrigin()]);
  return { canonical: new URL(localizedPath(path, lang), origin).toString(), languages: languageAlternates(path, origin) };
}

/**
 * The robots metadata of a private page (lib/http/private-pages.ts): a
 * person's own pages and the staff tools are never indexed, nor their links followed.
 */
export const PRIVATE_ROBOTS: NonNullable<Metadata['robots']> = { index: false, follow: false };

/**
 * A reel's title on its pages (the document title, og:title and the
 * VideoObject's name): "<topic>: <description>", the description cut at 60
 * characters on a grapheme boundary (the option's name when it has none),
 * in the interface language's `meta.content` message.
 * @returns the title and the short part alone (the share image's alt text).
 */
export async function reelTitle(reel: { description: string; option_name: string; topic_name: string }): Promise<{ title: string; short: string }> {
  const t = await getTranslations('meta');
  const short = truncateText(reel.description || reel.option_name, 60).text;
  return { title: t('content', { topic: reel.topic_name, title: short }), short };
}
