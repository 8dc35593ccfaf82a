import 'server-only';
import { recordClick } from '@/features/referrals/server/attribution';
import { logger } from '@/lib/logger';

/** A page's search params, awaited. */
type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Link-preview crawlers (chat apps, social sites, search engines): they
 * fetch a shared link to draw its preview, are nobody's referral, and keep
 * no cookie, so each fetch would otherwise record another click.
 */
const CRAWLER_UA = /bot\b|crawler|spider|facebookexternalhit|facebookcatalog|WhatsApp\/|TelegramBot|Twitterbot|Slackbot|Discordbot|LinkedInBot|SkypeUriPreview|vkShare|redditbot/i;

/** True for a link-preview crawler's User-Agent. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER_UA.test(userAgent);
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * `?ref=<code>` on a share link counts like `GET /r/<code>`: the referrals
 * feature's click for this visitor, with the link's utm_* parameters (first
 * touch names the referrer at sign-in, docs/decisions/010 "Attribution").
 * Composed here because a feature never imports another. A missing code
 * does nothing; an unknown or malformed one is ignored by recordClick; a
 * failure is logged and the page still renders. A crawler's fetch records
 * nothing (isCrawler).
 * @param visitorId the visitor the server issued for this request.
 * @param userAgent the request's User-Agent header.
 */
export async function recordShareReferral(visitorId: string, sp: SearchParams, userAgent: string | null): Promise<void> {
  const code = first(sp.ref);
  if (!code || isCrawler(userAgent)) return;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(sp)) {
    const one = first(v);
    if (typeof one === 'string') query[k] = one;
  }
  try {
    await recordClick(visitorId, code, undefined, query);
  } catch (err) {
    logger().warn({ err }, 'share page: referral click not recorded');
  }
}
