import 'server-only';
import { headers } from 'next/headers';
import type { Locale } from '@/lib/constants';
import { PAGE_PATH_HEADER } from '@/lib/url-language';
import { isUuid } from '@/lib/uuid';
import { shareCard } from './data';
import { decodeRouteParam } from './route-param';

/** A reel's own page: `/content/<content id>` or `/share/<slug>`. */
const REEL_PAGE = /^\/(content|share)\/([^/]+)\/?$/;

/**
 * The language of a page's main content, for `<html lang>`
 * (docs/decisions/029-language-per-url.md): on a reel's own page
 * (`/content/<id>`, `/share/<reel slug>`) the reel's spoken language, so a
 * Hindi reel's page is `hi` whatever the interface; on every other page the
 * interface language. The path comes from the request listener
 * (server/page-language.ts); the reel is read through the same per-request
 * cache as the page's own metadata, so it costs no second query.
 * @param interfaceLang the request's interface language (en, hi, he).
 * @throws whatever resolveShare throws (a database failure).
 */
export async function documentLangOf(interfaceLang: Locale): Promise<Locale> {
  const m = REEL_PAGE.exec((await headers()).get(PAGE_PATH_HEADER) ?? '');
  if (!m) return interfaceLang;
  const id = decodeRouteParam(m[2]);
  if (!id || (m[1] === 'content' && !isUuid(id))) return interfaceLang;
  const card = await shareCard(id);
  return card?.kind === 'reel' ? card.lang : interfaceLang;
}
