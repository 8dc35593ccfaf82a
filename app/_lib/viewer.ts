import { cookies } from 'next/headers';
import { VIEWER_COOKIE } from '@/lib/constants';
import { isViewerId, newViewerId } from '@/lib/http/viewer';

/**
 * The anonymous viewer of this page request: the `sr_vid` cookie, which
 * server/index.ts sets before Next renders. Without it (Next run on its own)
 * a throwaway id is used, so the page still renders, with nothing liked.
 */
export async function getViewerId(): Promise<string> {
  const value = (await cookies()).get(VIEWER_COOKIE)?.value;
  return isViewerId(value) ? value : newViewerId();
}
