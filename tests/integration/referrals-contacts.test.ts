import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setSingleton } from '@/lib/singleton';
import { buildApi } from '@/server/api';
import { createApiApp } from '@/lib/http/app';
import { catalogueRoutes } from '@/features/referrals/server/catalogue-routes';
import { getDb } from '@/lib/db/client';
import { contacts } from '@/lib/db/schema';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * A user's contacts and the phone check before a referral
 * (docs/api/referrals.md "Contact"): list with labels, add one, add in bulk
 * (picker/vcard/csv, device, migrated), import a vCard or CSV file, resync
 * from Google's People API (a local stand-in), delete, validate a phone;
 * bad inputs and who may call, and that a refused call stores nothing.
 */
const api = buildApi();
/** The referral catalogue router alone, without server/api.ts's 64 KB body limit in front. */
const router = createApiApp().route('/', catalogueRoutes());
const seed = new Seed();
const rs = new ReferralSeed();
const EVIL = { origin: 'https://evil.example' };
const V1 = '/referral/api/v1';
const NO_UUID = '00000000-0000-4000-8000-000000000000';

/** The People API stand-in: answers by the access token the test passes. */
const requests: Array<{ url: string; auth: string | undefined }> = [];
const google = http.createServer((req, res) => {
  requests.push({ url: req.url ?? '', auth: req.headers.authorization });
  const url = new URL(req.url ?? '/', 'http://x');
  const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.pathname !== '/v1/people/me/connections') return json(404, {});
  const auth = req.headers.authorization ?? '';
  if (auth === 'Bearer expired') return json(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
  if (auth === 'Bearer broken') return json(500, { error: { code: 500 } });
  if (auth === 'Bearer garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
  if (auth !== 'Bearer good') return json(403, {});
  if (!url.searchParams.get('pageToken')) {
    return json(200, {
      connections: [
        { names: [{ displayName: 'Gita Sen' }], phoneNumbers: [{ value: '098123 11111', canonicalForm: '+919812311111' }, { value: '011 2345 6789' }] },
        { names: [{ displayName: 'No Phone' }] },
        { names: [{ displayName: 'Landline Only' }], phoneNumbers: [{ value: '011 2345 6700' }] },
      ],
      nextPageToken: 'page-2',
    });
  }
  return json(200, { connections: [{ names: [{ displayName: 'Hari Om' }], phoneNumbers: [{ value: '+91 98123 22222' }] }] });
});
await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
process.env.GOOGLE_PEOPLE_API_URL = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
setSingleton('env', undefined);

afterEach(() => {
  requests.length = 0;
});
afterAll(async () => {
  await rs.cleanup();
  await seed.cleanup();
  await new Promise<void>((resolve) => google.close(() => resolve()));
  delete process.env.GOOGLE_PEOPLE_API_URL;
  setSingleton('env', undefined);
});

function send(method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const get = (path: string, cookie: string) => api.request(path, { headers: { cookie } });
const errCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function storedOf(ownerId: string) {
  const { db } = await getDb();
  return db.select().from(contacts).where(eq(contacts.owner_user_id, ownerId)).orderBy(contacts.phone);
}

/** Ten random digits of an Indian mobile starting 9, without +91. */
const local = () => seed.phone().slice(3);

describe('POST v4/contact and GET contact_list', () => {
  it('adds one contact (201), gives the existing one for a known phone (200), and lists mine by name with labels', async () => {
    const me = await seed.signedIn();
    const friend = await seed.signedIn();
    const customerPhone = seed.phone();
    await rs.seedCustomer({ phone: customerPhone });
    const sentPhone = seed.phone();
    const deal = await rs.seedDeal();
    await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: sentPhone, state: 'open' });

    const add = (name: string, phone: string) => send('POST', '/referral/api/v4/contact', me.cookie, { name, phone });
    const first = await add('  zara \t khan ', friend.user.phone!.slice(3));
    expect(first.status).toBe(201);
    const { contact } = (await first.json()) as { contact: { id: string } };
    // Only what the invite label needs: nothing tells that this phone has an account.
    expect(contact).toEqual({ id: expect.any(String), name: 'zara khan', phone: friend.user.phone, source: 'manual', label: null });
    const again = await add('Other name', friend.user.phone!);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { contact: { id: string; name: string } }).contact).toMatchObject({ id: contact.id, name: 'zara khan' });
    expect((await add('Bina', customerPhone)).status).toBe(201);
    expect((await add('arun', sentPhone)).status).toBe(201);

    const res = await get(`${V1}/contact_list/1/2`, me.cookie);
    expect(res.status).toBe(200);
    const page1 = (await res.json()) as { items: Array<Record<string, unknown>>; total: number; page: number; page_size: number };
    expect(page1).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.items.map((i) => [i.name, i.label])).toEqual([['arun', 'sent'], ['Bina', null]]);
    const page2 = (await (await get(`${V1}/contact_list/2/2`, me.cookie)).json()) as { items: Array<Record<string, unknown>> };
    expect(page2.items.map((i) => [i.name, i.label])).toEqual([['zara khan', null]]);
    // A registered customer (Bina), an account (zara) and a stranger's number read alike: the same fields, no flags.
    for (const i of [...page1.items, ...page2.items]) expect(Object.keys(i).sort()).toEqual(['id', 'label', 'name', 'phone', 'source']);
    // Another user sees none of them.
    expect(await (await get(`${V1}/contact_list/1/10`, friend.cookie)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad input and callers, storing nothing', async () => {
    const me = await seed.signedIn();
    const p = local();
    const path = '/referral/api/v4/contact';
    const cases: Array<[Response, number, string]> = [
      [await send('POST', path, me.cookie, { name: 'A', phone: '12345' }), 422, 'invalid_phone'],
      [await send('POST', path, me.cookie, { name: 'A', phone: '011 2345 6789' }), 422, 'invalid_phone'],
      [await send('POST', path, me.cookie, { name: '  ', phone: p }), 422, 'validation_failed'],
      [await send('POST', path, me.cookie, { name: 'x'.repeat(81), phone: p }), 422, 'validation_failed'],
      [await send('POST', path, me.cookie, { name: 'A', phone: p, extra: 1 }), 422, 'validation_failed'],
      [await send('POST', path, me.cookie, { name: 'A', phone: p }, EVIL), 403, 'origin_not_allowed'],
      [await api.request(path, { method: 'POST', headers: { cookie: me.cookie, 'content-type': 'text/plain' }, body: '{}' }), 415, 'unsupported_media_type'],
      [await send('POST', path, seed.viewer().cookie, { name: 'A', phone: p }), 401, 'login_required'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(await errCode(res)).toBe(code);
    }
    expect(await storedOf(me.user.id)).toEqual([]);
    for (const bad of ['0/10', '1/0', '1/101', 'x/10', '1/y']) {
      expect((await get(`${V1}/contact_list/${bad}`, me.cookie)).status).toBe(422);
    }
    expect((await get(`${V1}/contact_list/1/10`, seed.viewer().cookie)).status).toBe(401);
  });
});

describe('bulk adds: v5/contact, local-contact, migrate/contact', () => {
  it('adds valid entries, counts known and repeated phones, and reports bad entries by index', async () => {
    const me = await seed.signedIn();
    const [a, b, c] = [local(), local(), local()];
    await send('POST', '/referral/api/v4/contact', me.cookie, { name: 'Known', phone: c });
    const res = await send('POST', '/referral/api/v5/contact', me.cookie, {
      source: 'picker',
      contacts: [
        { name: ' Asha  Rao ', phone: a },
        { name: 'Bad phone', phone: '123' },
        { name: '', phone: b },
        { name: 'x'.repeat(81), phone: b },
        { name: 'Asha again', phone: `+91${a}` },
        { name: 'Known renamed', phone: c },
        { name: 'Bina', phone: b },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: 2, existing: 2,
      invalid: [{ index: 1, code: 'invalid_phone' }, { index: 2, code: 'invalid_name' }, { index: 3, code: 'invalid_name' }],
    });
    const rows = await storedOf(me.user.id);
    expect(rows.map((r) => [r.phone, r.name, r.source]).sort()).toEqual([
      [`+91${a}`, 'Asha Rao', 'picker'], [`+91${b}`, 'Bina', 'picker'], [`+91${c}`, 'Known', 'manual'],
    ].sort());

    const dev = await send('POST', `${V1}/local-contact`, me.cookie, { contacts: [{ name: 'Device', phone: local() }] });
    expect(await dev.json()).toEqual({ added: 1, existing: 0, invalid: [] });
    const mig = await send('POST', `${V1}/migrate/contact`, me.cookie, { contacts: [{ name: 'Kept', phone: local() }, { name: 'Dup', phone: a }] });
    expect(await mig.json()).toEqual({ added: 1, existing: 1, invalid: [] });
    const sources = (await storedOf(me.user.id)).map((r) => r.source).sort();
    expect(sources).toEqual(['device', 'manual', 'migrated', 'picker', 'picker']);
  });

  it('takes 1000 entries in one body; refuses 0 or 1001, a bad source, a missing list, visitors and other origins', async () => {
    const me = await seed.signedIn();
    const many = Array.from({ length: 1000 }, (_, i) => ({ name: `Person ${i}`, phone: `+9198${String(i).padStart(8, '0')}` }));
    const big = await send('POST', '/referral/api/v5/contact', me.cookie, { source: 'csv', contacts: many });
    expect(big.status).toBe(200);
    const r = (await big.json()) as { added: number; invalid: unknown[] };
    expect(r.added + r.invalid.length).toBe(1000);
    // 1000 entries with 80-character names: over 64 KB, under the contract's 256 KB (the router alone; see below).
    const long = Array.from({ length: 1000 }, (_, i) => ({ name: `${'N'.repeat(76)}${String(i).padStart(4, '0')}`, phone: `+9197${String(i).padStart(8, '0')}` }));
    expect(JSON.stringify({ source: 'csv', contacts: long }).length).toBeGreaterThan(64 * 1024);
    const other = await seed.signedIn();
    const wide = await router.request('/referral/api/v5/contact', {
      method: 'POST', headers: { cookie: other.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ source: 'csv', contacts: long }),
    });
    expect(wide.status).toBe(200);
    const tooWide = await router.request('/referral/api/v5/contact', {
      method: 'POST', headers: { cookie: other.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'csv', contacts: long.map((e) => ({ ...e, name: e.name.padEnd(300, 'z') })) }),
    });
    expect([tooWide.status, await errCode(tooWide)]).toEqual([413, 'payload_too_large']);
    const before = (await storedOf(me.user.id)).length;
    const p = local();
    for (const [path, body] of [
      ['/referral/api/v5/contact', { source: 'csv', contacts: [] }],
      ['/referral/api/v5/contact', { source: 'csv', contacts: [...many, { name: 'One more', phone: p }] }],
      ['/referral/api/v5/contact', { source: 'google', contacts: [{ name: 'A', phone: p }] }],
      ['/referral/api/v5/contact', { contacts: [{ name: 'A', phone: p }] }],
      ['/referral/api/v5/contact', { source: 'csv', contacts: [{ name: 'A', phone: 9812345678 }] }],
      [`${V1}/local-contact`, { contacts: [] }],
      [`${V1}/local-contact`, { source: 'device', contacts: [{ name: 'A', phone: p }] }],
      [`${V1}/migrate/contact`, {}],
    ] as const) {
      const res = await send('POST', path, me.cookie, body);
      expect([path, res.status]).toEqual([path, 422]);
    }
    for (const path of ['/referral/api/v5/contact', `${V1}/local-contact`, `${V1}/migrate/contact`]) {
      const body = { source: 'picker', contacts: [{ name: 'A', phone: p }] };
      const b = path.includes('v5') ? body : { contacts: body.contacts };
      expect((await send('POST', path, seed.viewer().cookie, b)).status).toBe(401);
      expect((await send('POST', path, me.cookie, b, EVIL)).status).toBe(403);
    }
    expect((await storedOf(me.user.id)).length).toBe(before);
  });
});

// The API bounds every JSON body to 64 KB unless the route's guard preset declares its own bound; the bulk
// paths declare theirs, 256 KB (docs/api/referrals.md; lib/http/guards.ts).
it('through the whole API: a bulk body over 64 KB (under 256 KB) is taken', async () => {
  const me = await seed.signedIn();
  const long = Array.from({ length: 1000 }, (_, i) => ({ name: `${'N'.repeat(76)}${String(i).padStart(4, '0')}`, phone: `+9196${String(i).padStart(8, '0')}` }));
  const res = await send('POST', '/referral/api/v5/contact', me.cookie, { source: 'csv', contacts: long });
  expect(res.status).toBe(200);
});

describe('POST contact/import', () => {
  function upload(cookie: string, content: string | Uint8Array, name: string, type: string, headers: Record<string, string> = {}, app: { request: typeof api.request } = api) {
    const form = new FormData();
    form.append('file', new Blob([content as BlobPart], { type }), name);
    return app.request(`${V1}/contact/import`, { method: 'POST', headers: { cookie, ...headers }, body: form });
  }
  /** A CSV of `bytes` bytes: two contacts and a long notes column. */
  const paddedCsv = (bytes: number, a: string, b: string) => {
    const head = `name,phone,notes\nAsha,${a},x\nBina,${b},`;
    return head + 'n'.repeat(bytes - head.length - 1) + '\n';
  };

  it('the router takes a file up to 1 MB and refuses a larger one with 413 contacts_file_too_large, storing nothing', async () => {
    const me = await seed.signedIn();
    const [a, b] = [local(), local()];
    const tooBig = await upload(me.cookie, paddedCsv(1024 * 1024 + 1, a, b), 'big.csv', 'text/csv', {}, router);
    expect([tooBig.status, await errCode(tooBig)]).toEqual([413, 'contacts_file_too_large']);
    expect(await storedOf(me.user.id)).toEqual([]);
    const ok = await upload(me.cookie, paddedCsv(1000 * 1024, a, b), 'fine.csv', 'text/csv', {}, router);
    expect([ok.status, await ok.json()]).toEqual([200, { added: 2, existing: 0, invalid: [] }]);
  });

  // The API bounds every non-GET body to 64 KB unless the route's guard preset declares its own bound; this
  // path does, and reads and bounds its own (1 MB).
  it('through the whole API: a file over 64 KB (under 1 MB) is imported', async () => {
    const me = await seed.signedIn();
    const res = await upload(me.cookie, paddedCsv(200 * 1024, local(), local()), 'fine.csv', 'text/csv');
    expect(res.status).toBe(200);
  });

  it('imports a vCard file (one contact per mobile) and a CSV file, with their sources', async () => {
    const me = await seed.signedIn();
    const [a, b, c] = [local(), local(), local()];
    const vcf = `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Asha\r\n  Rao\r\nTEL;TYPE=CELL:${a}\r\nTEL;TYPE=HOME:${b}\r\nEND:VCARD\r\n`
      + 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Office\r\nTEL:011 2345 6789\r\nEND:VCARD\r\n';
    const res = await upload(me.cookie, vcf, 'contacts.vcf', 'text/vcard');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2, existing: 0, invalid: [{ index: 2, code: 'invalid_phone' }] });
    const csv = `\uFEFFPhone,Name\n${c},Chetan\n${a},Asha dup\n`;
    const res2 = await upload(me.cookie, csv, 'contacts.csv', 'text/csv');
    expect(await res2.json()).toEqual({ added: 1, existing: 1, invalid: [] });
    expect((await storedOf(me.user.id)).map((r) => [r.name, r.source]).sort()).toEqual([
      ['Asha Rao', 'vcard'], ['Asha Rao', 'vcard'], ['Chetan', 'csv'],
    ]);
  });

  it('refuses files over 1 MB, other types and bodies, a CSV without its header, and callers; storing nothing', async () => {
    const me = await seed.signedIn();
    const p = local();
    const cases: Array<[Response, number, string]> = [
      [await upload(me.cookie, 'hello', 'notes.txt', 'text/plain'), 415, 'unsupported_contacts_file'],
      [await upload(me.cookie, new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 'x.csv', 'text/csv'), 415, 'unsupported_contacts_file'],
      [await upload(me.cookie, `Asha,${p}\n`, 'c.csv', 'text/csv'), 422, 'csv_columns_missing'],
      [await upload(me.cookie, 'name,phone\n', 'c.csv', 'text/csv'), 422, 'validation_failed'],
      [await upload(me.cookie, '', 'c.csv', 'text/csv'), 422, 'validation_failed'],
      [await send('POST', `${V1}/contact/import`, me.cookie, { file: 'x' }), 415, 'unsupported_media_type'],
      [await upload(seed.viewer().cookie, `name,phone\nA,${p}\n`, 'c.csv', 'text/csv'), 401, 'login_required'],
      [await upload(me.cookie, `name,phone\nA,${p}\n`, 'c.csv', 'text/csv', EVIL), 403, 'origin_not_allowed'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(await errCode(res)).toBe(code);
    }
    expect(await storedOf(me.user.id)).toEqual([]);
  });
});

describe('POST google-contact/resync', () => {
  it('reads every page of the People API with the token and adds one contact per mobile (source google)', async () => {
    const me = await seed.signedIn();
    const res = await send('POST', `${V1}/google-contact/resync`, me.cookie, { access_token: 'good' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2, existing: 0, invalid: [{ index: 1, code: 'invalid_phone' }] });
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.auth === 'Bearer good')).toBe(true);
    const first = new URL(requests[0].url, 'http://x');
    expect(first.pathname).toBe('/v1/people/me/connections');
    expect(Object.fromEntries(first.searchParams)).toEqual({ personFields: 'names,phoneNumbers', pageSize: '1000' });
    expect(new URL(requests[1].url, 'http://x').searchParams.get('pageToken')).toBe('page-2');
    expect((await storedOf(me.user.id)).map((r) => [r.name, r.phone, r.source])).toEqual([
      ['Gita Sen', '+919812311111', 'google'], ['Hari Om', '+919812322222', 'google'],
    ]);
    // Again: nothing new.
    expect(await (await send('POST', `${V1}/google-contact/resync`, me.cookie, { access_token: 'good' })).json())
      .toMatchObject({ added: 0, existing: 2 });
  });

  it('a token Google refuses is 422 google_token_invalid; other failures 502; bad bodies 422; visitors 401', async () => {
    const me = await seed.signedIn();
    const call = (token: unknown, cookie = me.cookie) => send('POST', `${V1}/google-contact/resync`, cookie, { access_token: token });
    for (const [token, status, code] of [
      ['expired', 422, 'google_token_invalid'],
      ['broken', 502, 'google_contacts_unavailable'],
      ['garbage', 502, 'google_contacts_unavailable'],
      ['unknown', 502, 'google_contacts_unavailable'],
      ['', 422, 'validation_failed'],
      [42, 422, 'validation_failed'],
    ] as const) {
      const res = await call(token);
      expect([token, res.status, await errCode(res)]).toEqual([token, status, code]);
    }
    expect((await call('good', seed.viewer().cookie)).status).toBe(401);
    expect(await storedOf(me.user.id)).toEqual([]);
  });
});

describe('DELETE contact/{id}', () => {
  it('deletes my own contact; another user\'s is 404 and stays', async () => {
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const mk = async (cookie: string) => ((await (await send('POST', '/referral/api/v4/contact', cookie, { name: 'X', phone: local() })).json()) as { contact: { id: string } }).contact.id;
    const mine = await mk(me.cookie);
    const theirs = await mk(other.cookie);
    expect((await send('DELETE', `${V1}/contact/${theirs}`, me.cookie)).status).toBe(404);
    expect((await send('DELETE', `${V1}/contact/nope`, me.cookie)).status).toBe(404);
    expect((await send('DELETE', `${V1}/contact/${NO_UUID}`, me.cookie)).status).toBe(404);
    expect((await send('DELETE', `${V1}/contact/${mine}`, seed.viewer().cookie)).status).toBe(401);
    expect((await send('DELETE', `${V1}/contact/${mine}`, me.cookie, undefined, EVIL)).status).toBe(403);
    expect(await storedOf(other.user.id)).toHaveLength(1);
    expect(await storedOf(me.user.id)).toHaveLength(1);
    const res = await send('DELETE', `${V1}/contact/${mine}`, me.cookie);
    expect([res.status, await res.json()]).toEqual([200, { id: mine }]);
    expect(await storedOf(me.user.id)).toEqual([]);
    expect((await send('DELETE', `${V1}/contact/${mine}`, me.cookie)).status).toBe(404);
  });
});

describe('GET validate/{deal_id}/{phone}', () => {
  it('tells eligibility: my own phone, an open referral of that phone with that deal, or free', async () => {
    const me = await seed.signedIn();
    const deal = await rs.seedDeal();
    const otherDeal = await rs.seedDeal();
    const friend = await seed.signedIn();
    await rs.seedCustomer({ phone: friend.user.phone! });
    const referred = seed.phone();
    const declined = seed.phone();
    await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: referred, state: 'pending' });
    await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: declined, state: 'declined' });
    const check = async (dealId: string, phone: string, cookie = me.cookie) => {
      const res = await get(`${V1}/validate/${dealId}/${encodeURIComponent(phone)}`, cookie);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // An account that is also a registered customer, and a number nobody has, answer alike.
    expect(await check(deal.id, friend.user.phone!.slice(3))).toEqual({
      status: 200, body: { phone: friend.user.phone, label: null, eligible: true, reason: null },
    });
    const nobody = seed.phone();
    expect(await check(deal.id, nobody)).toEqual({ status: 200, body: { phone: nobody, label: null, eligible: true, reason: null } });
    expect((await check(deal.id, me.user.phone!)).body).toEqual({ phone: me.user.phone, label: null, eligible: false, reason: 'self_referral' });
    expect((await check(deal.id, referred)).body).toEqual({ phone: referred, label: 'sent', eligible: false, reason: 'already_referred' });
    expect((await check(otherDeal.id, referred)).body).toMatchObject({ eligible: true, reason: null, label: 'sent' });
    expect((await check(deal.id, declined)).body).toMatchObject({ eligible: true, reason: null, label: 'sent' });
    // Another user's view of the same phone: not sent by them.
    expect((await check(deal.id, referred, friend.cookie)).body).toMatchObject({ eligible: true, label: null });

    const bad = await check(deal.id, '12345');
    expect([bad.status, (bad.body.error as { code: string }).code]).toEqual([422, 'invalid_phone']);
    expect((await check(NO_UUID, referred)).status).toBe(404);
    expect((await check('nope', referred)).status).toBe(404);
    expect((await check(deal.id, referred, seed.viewer().cookie)).status).toBe(401);
  });
});

describe('contacts stay with their owner', () => {
  it('the same phone is a separate contact for each owner', async () => {
    const a = await seed.signedIn();
    const b = await seed.signedIn();
    const phone = local();
    expect((await send('POST', '/referral/api/v4/contact', a.cookie, { name: 'X', phone })).status).toBe(201);
    expect((await send('POST', '/referral/api/v4/contact', b.cookie, { name: 'Y', phone })).status).toBe(201);
    const { db } = await getDb();
    const rows = await db.select().from(contacts).where(and(eq(contacts.phone, `+91${phone}`)));
    expect(rows.map((r) => r.name).sort()).toEqual(['X', 'Y']);
  });
});
