import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/errors';
import { fetchGoogleContacts, GOOGLE_MAX_PAGES } from './google-contacts';

const page = (n: number, next?: string) => new Response(JSON.stringify({
  connections: [{ names: [{ displayName: `P${n}` }], phoneNumbers: [{ value: `+9198123${String(n).padStart(5, '0')}` }] }],
  ...(next ? { nextPageToken: next } : {}),
}), { status: 200, headers: { 'content-type': 'application/json' } });

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof ApiError ? `${e.status} ${e.code}` : `other ${(e as Error).message}`;
  }
  return 'none';
}

describe('fetchGoogleContacts', () => {
  it('follows nextPageToken for at most GOOGLE_MAX_PAGES pages', async () => {
    const urls: string[] = [];
    const fake = (async (url: URL | string) => {
      urls.push(String(url));
      return page(urls.length, `t${urls.length}`);
    }) as typeof fetch;
    const entries = await fetchGoogleContacts('tok', fake);
    expect(urls).toHaveLength(GOOGLE_MAX_PAGES);
    expect(entries).toHaveLength(GOOGLE_MAX_PAGES);
    expect(new URL(urls[1]).searchParams.get('pageToken')).toBe('t1');
  });

  it('keeps only each person\'s name and mobile, whatever else Google answers', async () => {
    const fake = (async () => new Response(JSON.stringify({
      connections: [{
        names: [{ displayName: 'Asha Rao', givenName: 'Asha' }], phoneNumbers: [{ value: '098123 45678', type: 'mobile' }],
        emailAddresses: [{ value: 'asha@example.in' }], addresses: [{ formattedValue: '12 MG Rd, Pune' }],
        birthdays: [{ text: '1990-01-01' }], biographies: [{ value: 'private note' }], photos: [{ url: 'https://example.in/p.jpg' }],
      }],
    }), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const entries = await fetchGoogleContacts('tok', fake);
    expect(entries).toEqual([{ name: 'Asha Rao', phone: '+919812345678' }]);
    expect(JSON.stringify(entries)).not.toMatch(/example|MG Rd|1990|private/);
  });

  it('sends the token as a Bearer header with a time limit', async () => {
    let init: RequestInit | undefined;
    const fake = (async (_url: URL | string, i?: RequestInit) => {
      init = i;
      return page(1);
    }) as typeof fetch;
    await fetchGoogleContacts('abc', fake);
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer abc');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('401 is google_token_invalid; a timeout, a network error, another status or a bad body is google_contacts_unavailable', async () => {
    const answer = (r: () => Promise<Response>) => (async () => r()) as typeof fetch;
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => new Response('{}', { status: 401 }))))).toBe('422 google_token_invalid');
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => new Response('{}', { status: 429 }))))).toBe('502 google_contacts_unavailable');
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    })))).toBe('502 google_contacts_unavailable');
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => {
      throw new TypeError('fetch failed');
    })))).toBe('502 google_contacts_unavailable');
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => new Response('null', { status: 200 }))))).toBe('502 google_contacts_unavailable');
    expect(await codeOf(fetchGoogleContacts('t', answer(async () => new Response('{"connections":{}}', { status: 200 }))))).toBe('502 google_contacts_unavailable');
  });
});
