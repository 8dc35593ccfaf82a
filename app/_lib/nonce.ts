import { headers } from 'next/headers';

/**
 * This request's CSP script nonce: server/request-listener.ts writes the
 * page's Content-Security-Policy onto the request, where Next reads it for
 * its own scripts; our own inline scripts take it from here.
 */
export async function requestNonce(): Promise<string | undefined> {
  const csp = (await headers()).get('content-security-policy') ?? '';
  return /'nonce-([A-Za-z0-9+/_=-]+)'/.exec(csp)?.[1];
}
