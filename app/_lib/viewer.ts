import { cookies } from 'next/headers';
import { VIEWER_COOKIE } from '@/lib/constants';
import { newVisitorId, readVisitorToken } from '@/lib/auth/visitor';
import { mediaSigningReady } from '@/lib/storage/signing';

/**
 * The visitor of this page request: the signed `sr_vid` cookie, which
 * server/index.ts issues before Next renders a first visit. Without a valid
 * one (Next run on its own, or the per-IP limit of new visitors reached) a
 * throwaway id is used, so the page still renders, with nothing liked.
 */
export async function getViewerId(): Promise<string> {
  await mediaSigningReady();
  return readVisitorToken((await cookies()).get(VIEWER_COOKIE)?.value) ?? newVisitorId();
}
