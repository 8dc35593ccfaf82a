import { headers } from 'next/headers';
import { publicOriginOf } from '@/lib/http/request-info';

/**
 * The public origin for absolute URLs in Open Graph tags and canonical
 * links: PUBLIC_URL when set, else the request's own Host, which the
 * request listener has already checked (ALLOWED_HOSTS; in production
 * without either variable only localhost is answered), with
 * X-Forwarded-Host/-Proto only with TRUST_PROXY=true: a page must not
 * carry an origin a client chose (lib/http/request-info.ts publicOriginOf).
 */
export async function siteOrigin(): Promise<URL> {
  const h = await headers();
  const host = h.get('host') ?? 'localhost:3000';
  // Without a trusted proxy the socket's scheme is unknown here; a local host is http, anything else https.
  const local = host.startsWith('localhost') || host.startsWith('127.') || host.startsWith('[::1]');
  const origin = publicOriginOf(Object.fromEntries(h.entries()), !local);
  return new URL(origin ?? `${local ? 'http' : 'https'}://${host}`);
}
