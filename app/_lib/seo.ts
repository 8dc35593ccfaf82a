import 'server-only';
import type { Metadata } from 'next';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { languageAlternates, localizedPath } from '@/lib/url-language';

/**
 * The `alternates` of a public, indexable page (docs/decisions/029): its
 * canonical is the URL of the language it is rendered in (`/topic/x` in
 * English, `/topic/x?hl=hi` in Hindi), and it lists every language version
 * with `<link rel="alternate" hreflang>` (en-IN, hi-IN, hi-Latn, x-default),
 * the same set on each version. Relative URLs; the root layout's
 * metadataBase makes them absolute.
 * @param path the page's own path without a language, e.g. `/topic/<id>` or `/share/<slug>`.
 */
export async function pageAlternates(path: string): Promise<NonNullable<Metadata['alternates']>> {
  return { canonical: localizedPath(path, await getInterfaceLang()), languages: languageAlternates(path) };
}

/**
 * The robots metadata of a private page (lib/http/private-pages.ts): a
 * person's own pages and the staff tools are never indexed, nor their links followed.
 */
export const PRIVATE_ROBOTS: NonNullable<Metadata['robots']> = { index: false, follow: false };
