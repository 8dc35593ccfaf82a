import { headers } from 'next/headers';
import { env } from '@/lib/env';

/**
 * The public origin for absolute URLs in Open Graph tags: PUBLIC_URL when
 * set, else the request's host (behind a proxy, its X-Forwarded-* headers).
 */
export async function siteOrigin(): Promise<URL> {
  const configured = env().PUBLIC_URL;
  if (configured) return new URL(configured);
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return new URL(`${proto}://${host}`);
}
