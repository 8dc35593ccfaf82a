import 'server-only';
import type { Metadata } from 'next';
import { SHARE_IMAGE, shareImagePath, sharePagePath, shareVideoPath, type ShareCard } from './share';

/**
 * The Open Graph and Twitter tags of a share page (SPEC.md section 2
 * "/share/[slug]"; docs/decisions/014-share-previews.md): absolute URLs
 * only (crawlers do not resolve relative ones reliably), og:url and the
 * canonical link without any query (a link with ?ref= and utm_* previews
 * and counts as the same page), the per-card image with its size and type,
 * and for a reel a stable og:video URL.
 */

/** A video's stored size when known, else the portrait 720p every reel is made at. */
const VIDEO_FALLBACK = { width: 720, height: 1280 };

/** og:locale of a reel's language: Hindi is hi_IN; English and Hinglish (Latin script) en_IN. */
export function ogLocaleOf(lang: 'en' | 'hi' | 'he'): string {
  return lang === 'hi' ? 'hi_IN' : 'en_IN';
}

/** What the page has already put into words (translated and truncated by the caller). */
export interface ShareText {
  /** og:title and the document title (already truncated, about 60 characters). */
  title: string;
  /** og:description (already truncated, about 160 characters). */
  description: string;
  /** The image's alt text. */
  imageAlt: string;
  /** og:site_name. */
  siteName: string;
  /** og:locale for a topic (a reel's comes from its language). */
  locale: string;
}

/**
 * Next metadata of the share page of `card`.
 * @param origin the public origin (PUBLIC_URL, else the request's own), e.g. `https://example.in`.
 */
export function shareMetadata(card: ShareCard, origin: string | URL, text: ShareText): Metadata {
  const abs = (p: string) => new URL(p, origin).toString();
  const https = new URL(origin).protocol === 'https:';
  const url = abs(sharePagePath(card));
  const image = abs(shareImagePath(card));
  const video = card.kind === 'reel' ? abs(shareVideoPath(card)) : null;
  const size = card.kind === 'reel' && card.width && card.height ? { width: card.width, height: card.height } : VIDEO_FALLBACK;
  return {
    // The document title takes the site's template ("... · SuryaReels"); og:title and twitter:title stay bare.
    title: text.title,
    description: text.description,
    alternates: { canonical: url },
    openGraph: {
      type: card.kind === 'reel' ? 'video.other' : 'website',
      title: text.title,
      description: text.description,
      url,
      siteName: text.siteName,
      locale: card.kind === 'reel' ? ogLocaleOf(card.lang) : text.locale,
      images: [{
        url: image, ...(https ? { secureUrl: image } : {}), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height,
        type: 'image/jpeg', alt: text.imageAlt,
      }],
      ...(video ? {
        videos: [{ url: video, ...(https ? { secureUrl: video } : {}), type: 'application/x-mpegURL', ...size }],
      } : {}),
    },
    twitter: {
      card: 'summary_large_image',
      title: text.title,
      description: text.description,
      images: [{ url: image, alt: text.imageAlt }],
    },
  };
}
