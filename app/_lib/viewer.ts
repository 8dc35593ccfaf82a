import { cookies, headers } from 'next/headers';
import type { Principal } from '@/lib/auth/principal';
import { resolveCredentials } from '@/lib/auth/resolve';
import { VIEWER_COOKIE } from '@/lib/constants';
import { newVisitorId, readVisitorToken } from '@/lib/auth/visitor';
import { mediaSigningReady } from '@/lib/storage/signing';

/**
 * The visitor of this page request: the signed-in user's home visitor, else
 * the signed `sr_vid` cookie, which
 * server/index.ts issues before Next renders a first visit. Without a valid
 * one (Next run on its own, or the per-IP limit of new visitors reached) a
 * throwaway id is used, so the page still renders, with nothing liked.
 */
export async function getViewerId(): Promise<string> {
  await mediaSigningReady();
  const { principal } = await resolveCredentials({ cookieHeader: (await headers()).get('cookie') ?? undefined });
  return principal?.visitorId ?? newVisitorId();
}

/**
 * The principal of this page request (the signed-in user with their role
 * grants), or null for a visitor. For pages that show a signed-in user's
 * tools; what any visitor may see uses getViewerId.
 */
export async function getViewerPrincipal(): Promise<Principal | null> {
  const { principal } = await resolveCredentials({ cookieHeader: (await headers()).get('cookie') ?? undefined });
  return principal?.userId ? principal : null;
}

/**
 * The visitor token the server issued for this request (the cookie it came
 * with, or the one server/index.ts gave this first visit), or null when
 * none was issued (per-IP limit of new visitors). A page framed by another
 * site hands it to its client code, since the browser keeps no cookie of
 * ours there.
 */
export async function getIssuedVisitorToken(): Promise<{ id: string; token: string } | null> {
  await mediaSigningReady();
  const token = (await cookies()).get(VIEWER_COOKIE)?.value;
  const id = readVisitorToken(token);
  return id && token ? { id, token } : null;
}
