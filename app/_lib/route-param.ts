import { notFound } from 'next/navigation';

/**
 * A dynamic route segment's value as the page should use it. Next's App
 * Router hands pages their params still percent-encoded (it decodes a
 * segment to match the route, then encodes it again with
 * encodeURIComponent), so a page decodes each param exactly once, here. A
 * value that does not decode (the request listener refuses such paths, so
 * only a request that bypassed it) is null, never a thrown URIError.
 * @param raw the param as Next passed it, e.g. `caf%C3%A9`.
 * @returns the decoded text, e.g. `café`, or null.
 */
export function decodeRouteParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * decodeRouteParam for a page whose param must name something: a value that
 * does not decode is the page's 404 (Next's notFound()), not a 500.
 */
export function routeParamOrNotFound(raw: string): string {
  const value = decodeRouteParam(raw);
  if (value === null) notFound();
  return value;
}
