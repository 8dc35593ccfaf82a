/**
 * Content-Security-Policy for pages other sites may frame (issue "The AI
 * assistant": /chat/external is embeddable only by origins listed in
 * configuration, CHAT_EMBED_ORIGINS).
 */

/** Path prefix of the embeddable assistant (SPEC.md section 2 "/chat/external/[slug]"). */
export const EMBED_PATH_PREFIX = '/chat/external/';

/**
 * The CSP header value: `frame-ancestors 'self'` plus each allowed origin
 * (already validated as bare origins by lib/env.ts).
 */
export function frameAncestorsPolicy(origins: readonly string[]): string {
  return ["frame-ancestors 'self'", ...origins].join(' ');
}

/** True for a request path (with or without a query) of the embeddable assistant. */
export function isEmbedPath(url: string): boolean {
  const path = url.split('?')[0];
  return path.startsWith(EMBED_PATH_PREFIX) || path === EMBED_PATH_PREFIX.slice(0, -1);
}
