/*
 * Pages that are a person's own or a staff tool (docs/decisions/029): never
 * indexed. robots.txt disallows them, and each answer carries
 * `X-Robots-Tag: noindex` (server/request-listener.ts) besides the pages'
 * own `<meta name="robots">`, since a crawler that reached one through a
 * link (robots.txt only stops fetching) still must not list it.
 */

/** Path prefixes of the private pages: the studio, staff tools, profile, rewards, invites, forms, embeds. */
export const PRIVATE_PAGE_PREFIXES = [
  '/studio', '/staff', '/profile', '/rewards', '/invite', '/callback', '/subsidy', '/offline', '/chat',
] as const;

/**
 * True when `pathname` is one of the private pages or below one (`/rewards`
 * and `/rewards/deal/x`, never `/rewardsx`).
 * @param pathname an origin-relative path without its query.
 */
export function isPrivatePage(pathname: string): boolean {
  return PRIVATE_PAGE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
