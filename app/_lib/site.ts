import { headers } from 'next/headers';
import { env } from '@/lib/env';
import { requestOriginOf } from '@/lib/http/request-info';

/**
 * The public origin for absolute URLs in Open Graph tags: PUBLIC_URL when
 * set, else the request's own Host (X-Forwarded-Host/-Proto only with
 * TRUST_PROXY=true: anyone can send those headers, and a cached page must
 * not carry an origin a client chose).
 */
export async function siteOrigin(): Promise<URL> {
  const configured = env().PUBLIC_URL;
  if (configured) return new URL(configured);
  const h = await headers();
  const host = h.get('host') ?? 'localhost:3000';
  // Without a trusted proxy the socket's scheme is unknown here; a local host is http, anything else https.
  const local = host.startsWith('localhost') || host.startsWith('127.');
  const origin = requestOriginOf(Object.fromEntries(h.entries()), !local);
  return new URL(origin ?? `${local ? 'http' : 'https'}://${host}`);
}
