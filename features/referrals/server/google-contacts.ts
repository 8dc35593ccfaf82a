import 'server-only';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { logger } from '@/lib/logger';
import { addContacts, type BulkResult, type ContactEntry } from './contacts';
import { entriesOfPerson } from './contact-import';

/**
 * Contacts from the user's Google account (`POST google-contact/resync`,
 * docs/api/referrals.md): the browser obtains an OAuth access token with the
 * contacts.readonly scope and hands it over once; the server reads the
 * People API's connections with it (names and phone numbers only) and
 * stores them with source `google`. The token is not kept.
 */

/** Most pages read in one resync (1000 connections a page). */
export const GOOGLE_MAX_PAGES = 10;
/** Time allowed for each page, milliseconds. */
export const GOOGLE_TIMEOUT_MS = 10_000;

interface PeoplePage {
  connections?: Array<{
    names?: Array<{ displayName?: string }>;
    phoneNumbers?: Array<{ value?: string; canonicalForm?: string }>;
  }>;
  nextPageToken?: string;
}

const tokenInvalid = () => new ApiError(422, 'google_token_invalid', 'Google did not accept this sign-in. Please connect your Google account again.');
const unavailable = () => new ApiError(502, 'google_contacts_unavailable', 'Google Contacts could not be reached. Please try again later.');

/**
 * Reads every connection with a phone (at most GOOGLE_MAX_PAGES pages)
 * from GOOGLE_PEOPLE_API_URL `/v1/people/me/connections`.
 * @returns entries, one per valid Indian mobile of a person (entriesOfPerson); people without a phone are left out.
 * @throws ApiError 422 `google_token_invalid` (Google answered 401); 502
 * `google_contacts_unavailable` (any other failure: network, timeout, status, body).
 */
export async function fetchGoogleContacts(accessToken: string, fetchImpl: typeof fetch = fetch): Promise<ContactEntry[]> {
  const base = env().GOOGLE_PEOPLE_API_URL.replace(/\/+$/, '');
  const out: ContactEntry[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < GOOGLE_MAX_PAGES; page++) {
    const url = new URL(`${base}/v1/people/me/connections`);
    url.searchParams.set('personFields', 'names,phoneNumbers');
    url.searchParams.set('pageSize', '1000');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    let body: PeoplePage;
    try {
      const res = await fetchImpl(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
      });
      if (res.status === 401) {
        await res.body?.cancel().catch(() => undefined);
        throw tokenInvalid();
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        logger().warn({ status: res.status }, 'google people api refused the contacts read');
        throw unavailable();
      }
      body = await res.json() as PeoplePage;
      if (!body || typeof body !== 'object' || (body.connections !== undefined && !Array.isArray(body.connections))) throw unavailable();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      logger().warn({ err: (err as Error).name }, 'google people api could not be read');
      throw unavailable();
    }
    for (const person of body.connections ?? []) {
      const phones = (person.phoneNumbers ?? []).map((n) => n.canonicalForm || n.value || '').filter(Boolean);
      if (phones.length === 0) continue;
      out.push(...entriesOfPerson((person.names?.[0]?.displayName ?? '').trim(), phones));
    }
    pageToken = typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return out;
}

/**
 * `google-contact/resync`: reads the user's Google contacts and adds them
 * (source google; addContacts' rules and answer).
 * @throws the errors of fetchGoogleContacts; ApiError 401 for a visitor.
 */
export async function resyncGoogleContacts(db: DbOrTx, p: Principal, accessToken: string, fetchImpl?: typeof fetch): Promise<BulkResult> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const entries = await fetchGoogleContacts(accessToken, fetchImpl);
  return addContacts(db, p, 'google', entries);
}
