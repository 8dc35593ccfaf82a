import 'server-only';
import { randomBytes } from 'node:crypto';

/**
 * The security headers of every response (pages, API, media): a
 * Content-Security-Policy (script nonces for Next's pages), nosniff, a
 * Referrer-Policy, a Permissions-Policy (the microphone only on chat pages,
 * for voice input), and HSTS when served over https.
 */

/** Path prefixes of the assistant's pages, where voice input may use the microphone. */
const CHAT_PAGE_PREFIXES = ['/assistant', '/chat/'];
/** Path prefix of the embeddable assistant (SPEC.md section 2 "/chat/external/[slug]"). */
export const EMBED_PATH_PREFIX = '/chat/external/';

/** True for a request path (with or without a query) of the embeddable assistant. */
export function isEmbedPath(url: string): boolean {
  const path = url.split('?')[0];
  return path.startsWith(EMBED_PATH_PREFIX) || path === EMBED_PATH_PREFIX.slice(0, -1);
}

function isChatPage(path: string): boolean {
  return CHAT_PAGE_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path.startsWith(`${p}?`));
}

/** A fresh CSP nonce (128 random bits, base64). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export interface PagePolicyOptions {
  /** The request's nonce; Next puts it on its own scripts. */
  nonce: string;
  /** Origins that may frame the page: none (`[]`) but for the embeddable assistant. */
  frameAncestors: readonly string[] | 'none';
  /** Extra origins media and HLS requests go to (the S3 bucket when media is on S3). */
  mediaOrigins: readonly string[];
  /** Development: React's dev tools need eval, hot reload a WebSocket. */
  dev: boolean;
  https: boolean;
  /** Google sign-in is configured: its button's frame, styles and calls come from accounts.google.com/gsi/. */
  googleSignIn?: boolean;
}

/** Where Google Identity Services serves its button (script, frame, styles, calls). */
export const GOOGLE_GSI_ORIGIN = 'https://accounts.google.com/gsi/';

/**
 * The Content-Security-Policy of a page. `'strict-dynamic'` lets the
 * nonced scripts load the app's chunks (and hls.js) without listing them.
 */
export function pagePolicy(o: PagePolicyOptions): string {
  const media = o.mediaOrigins.join(' ');
  const gsi = o.googleSignIn ? ` ${GOOGLE_GSI_ORIGIN}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.dev ? " 'unsafe-eval'" : ''}`,
    // React and Tailwind set style attributes; styles cannot run code.
    `style-src 'self' 'unsafe-inline'${gsi}`,
    `img-src 'self' data: blob: ${media}`.trim(),
    `media-src 'self' blob: ${media}`.trim(),
    // hls.js fetches playlists and segments; socket.io opens a WebSocket to this origin.
    `connect-src 'self' ${media}${gsi}${o.dev ? ' ws: wss:' : ''}`.replace(/\s+/g, ' ').trim(),
    `frame-src 'self'${gsi}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${o.frameAncestors === 'none' ? "'none'" : ["'self'", ...o.frameAncestors].join(' ')}`,
  ];
  if (o.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The CSP of API and media answers: they are data, never documents. */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers every response carries, for a request to `path`.
 * @param https the request came over https (directly or via a trusted proxy): adds HSTS.
 */
export function baseSecurityHeaders(path: string, https: boolean): Record<string, string> {
  const h: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': `camera=(), geolocation=(), payment=(), usb=(), microphone=(${isChatPage(path) ? 'self' : ''})`,
  };
  if (!isEmbedPath(path)) h['X-Frame-Options'] = 'DENY';
  if (https) h['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return h;
}

/**
 * Origins an S3 bucket's presigned URLs point to: the endpoint (path style)
 * and the bucket's virtual host. Empty without S3.
 */
export function s3MediaOrigins(o: { bucket?: string; region: string; endpoint?: string; forcePathStyle: boolean }): string[] {
  if (!o.bucket) return [];
  if (o.endpoint) {
    const u = new URL(o.endpoint);
    return o.forcePathStyle ? [u.origin] : [u.origin, `${u.protocol}//${o.bucket}.${u.host}`];
  }
  return [`https://${o.bucket}.s3.${o.region}.amazonaws.com`, `https://s3.${o.region}.amazonaws.com`];
}
