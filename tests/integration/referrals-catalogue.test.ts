import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import QRCode from 'qrcode';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { customers, deals } from '@/lib/db/schema';
import { REFERRAL_CODE_RE } from '@/features/referrals/server/codes';
import { seedStarterDeals, STARTER_DEALS } from '@/features/referrals/server/starter-deals';
import { importCustomers, parseCustomersCsv } from '@/features/referrals/server/customers-import';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import { CatalogueSeed } from '../fixtures/referrals-catalogue';

/**
 * The deals catalogue, the customers-only check, staff deal edits, the
 * referral profile, levels, the public referrer card and the share QR code
 * (docs/api/referrals.md; docs/decisions/010): answers, bad inputs and who
 * may call, and that a refused call changes nothing.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const cs = new CatalogueSeed();
const EVIL = { origin: 'https://evil.example' };
const V1 = '/referral/api/v1';
const STAFF = [{ role: 'STAFF' as const, topicId: null }];
const ADMIN = [{ role: 'ADMIN' as const, topicId: null }];
const NO_UUID = '00000000-0000-4000-8000-000000000000';

afterAll(async () => {
  await rs.cleanup();
  await cs.cleanup();
  await seed.cleanup();
});

const get = (path: string, cookie?: string) => api.request(path, { headers: cookie ? { cookie } : {} });
function send(method: string, path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method, headers: { cookie, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
}
const errCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const dealRow = async (id: string) => (await (await getDb()).db.select().from(deals).where(eq(deals.id, id)))[0];

describe('GET all_deals, deals, one_deal', () => {
  it('lists active deals by sort order with `allowed` per caller; inactive deals are not listed', async () => {
    const open = await rs.seedDeal({ sort_order: 90_001 });
    const only = await rs.seedDeal({ customers_only: true, sort_order: 90_002 });
    const off = await rs.seedDeal({ active: false });
    const user = await seed.signedIn();
    const customer = await seed.signedIn();
    await rs.seedCustomer({ phone: customer.user.phone! });

    const list = async (cookie: string) => {
      const res = await get(`${V1}/all_deals`, cookie);
      expect(res.status).toBe(200);
      const { deals: ds } = (await res.json()) as { deals: Array<{ id: string; allowed: boolean; customers_only: boolean }> };
      return ds;
    };
    const byVisitor = await list(seed.viewer().cookie);
    expect(byVisitor.find((d) => d.id === off.id)).toBeUndefined();
    const mine = byVisitor.filter((d) => d.id === open.id || d.id === only.id);
    expect(mine.map((d) => [d.id, d.allowed])).toEqual([[open.id, true], [only.id, true]]);
    expect(Object.keys(mine[0]).sort()).toEqual([
      'allowed', 'customers_only', 'description', 'id', 'is_sample', 'reward_inr', 'ribbon', 'source', 'terms', 'title', 'url_id',
    ]);
    const byUser = await list(user.cookie);
    expect(byUser.find((d) => d.id === only.id)?.allowed).toBe(false);
    expect(byUser.find((d) => d.id === open.id)?.allowed).toBe(true);
    expect((await list(customer.cookie)).find((d) => d.id === only.id)?.allowed).toBe(true);
  });

  it('finds one deal by deal_id or url_id (any case), with source; refuses neither, both, unknown and inactive ones', async () => {
    const d = await rs.seedDeal();
    const off = await rs.seedDeal({ active: false });
    const v = seed.viewer().cookie;
    const staff = await seed.signedIn({ roles: STAFF });
    const ok = async (q: string, cookie = v) => {
      const res = await get(`${V1}/deals?${q}`, cookie);
      expect(res.status).toBe(200);
      return ((await res.json()) as { deal: { id: string } }).deal.id;
    };
    expect(await ok(`deal_id=${d.id}`)).toBe(d.id);
    expect(await ok(`url_id=${d.url_id.toUpperCase()}`)).toBe(d.id);
    expect(await ok(`url_id=${d.url_id}&source=provider`)).toBe(d.id);
    expect(await ok(`deal_id=${off.id}`, staff.cookie)).toBe(off.id);
    for (const [q, status, code] of [
      [`deal_id=${d.id}&source=partner-x`, 404, 'not_found'],
      [`deal_id=${off.id}`, 404, 'not_found'],
      [`url_id=${off.url_id}`, 404, 'not_found'],
      [`deal_id=${NO_UUID}`, 404, 'not_found'],
      ['deal_id=not-a-uuid', 404, 'not_found'],
      ['url_id=nothing-here', 404, 'not_found'],
      ['', 422, 'validation_failed'],
      [`deal_id=${d.id}&url_id=${d.url_id}`, 422, 'validation_failed'],
      [`deal_id=${d.id}&extra=1`, 422, 'validation_failed'],
    ] as const) {
      const res = await get(`${V1}/deals?${q}`, v);
      expect([q, res.status]).toEqual([q, status]);
      expect(await errCode(res)).toBe(code);
    }
  });

  it('one_deal: the deal asked for, or the first active one; 404 for unknown ids', async () => {
    const d = await rs.seedDeal();
    const v = seed.viewer().cookie;
    const res = await get(`${V1}/one_deal?deal_id=${d.id}`, v);
    expect(((await res.json()) as { deal: { id: string } }).deal.id).toBe(d.id);
    const first = await get(`${V1}/one_deal`, v);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { deal: { id: string } }).deal.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`${V1}/one_deal?deal_id=${NO_UUID}`, v)).status).toBe(404);
    expect((await get(`${V1}/one_deal?deal_id=x`, v)).status).toBe(404);
  });
});

describe('GET deal/validate/{deal_id}/{user_id}', () => {
  it('allows a customers-only deal to a registered customer only, with the SPEC message otherwise', async () => {
    const only = await rs.seedDeal({ customers_only: true });
    const open = await rs.seedDeal();
    const user = await seed.signedIn();
    const customer = await seed.signedIn();
    await rs.seedCustomer({ phone: customer.user.phone! });
    const check = async (dealId: string, userId: string, cookie: string) => {
      const res = await get(`${V1}/deal/validate/${dealId}/${userId}`, cookie);
      return { status: res.status, body: await res.json() };
    };
    expect(await check(only.id, user.user.id, user.cookie)).toEqual({
      status: 200,
      body: {
        allowed: false, code: 'customers_only', redirect: '/rewards',
        message: 'This access is for UTL customers only. Redirecting you to other Deals meant for you.',
      },
    });
    expect(await check(open.id, user.user.id, user.cookie)).toEqual({ status: 200, body: { allowed: true } });
    expect(await check(only.id, customer.user.id, customer.cookie)).toEqual({ status: 200, body: { allowed: true } });
    // Staff may ask for anyone; another user may not.
    const staff = await seed.signedIn({ roles: STAFF });
    expect((await check(only.id, user.user.id, staff.cookie)).body).toMatchObject({ allowed: false });
    expect((await check(only.id, customer.user.id, user.cookie)).status).toBe(403);
    expect((await check(only.id, NO_UUID, staff.cookie)).status).toBe(404);
    expect((await check(NO_UUID, user.user.id, user.cookie)).status).toBe(404);
    expect((await check('nope', user.user.id, user.cookie)).status).toBe(404);
    expect((await check(only.id, 'nope', user.cookie)).status).toBe(404);
    const anon = await get(`${V1}/deal/validate/${only.id}/${user.user.id}`, seed.viewer().cookie);
    expect(anon.status).toBe(401);
    expect(await errCode(anon)).toBe('login_required');
  });
});

describe('POST deals and PATCH deals/{id} (staff)', () => {
  const fields = (urlId: string) => ({
    url_id: urlId, title: 'Refer a neighbour', ribbon: '5K', description: 'd', terms: 't', reward_inr: 5000, customers_only: false,
  });

  it('staff and admin create deals (url_id folded to lower case); others are refused and nothing is stored', async () => {
    const staff = await seed.signedIn({ roles: STAFF });
    const admin = await seed.signedIn({ roles: ADMIN });
    const user = await seed.signedIn();
    const a = cs.trackDeal(`test-staff-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`);
    const b = cs.trackDeal(`test-admin-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`);

    const res = await send('POST', `${V1}/deals`, staff.cookie, { ...fields(a.toUpperCase()), sort_order: 5 });
    expect(res.status).toBe(201);
    const { deal } = (await res.json()) as { deal: { id: string; url_id: string; source: string; active: boolean; is_sample: boolean } };
    expect(deal).toMatchObject({ url_id: a, source: 'provider', active: true, is_sample: false });
    expect((await send('POST', `${V1}/deals`, admin.cookie, fields(b))).status).toBe(201);

    const c = `test-nobody-${nanoid(6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    cs.trackDeal(c);
    const refused: Array<[Response, number, string]> = [
      [await send('POST', `${V1}/deals`, user.cookie, fields(c)), 403, 'forbidden'],
      [await send('POST', `${V1}/deals`, seed.viewer().cookie, fields(c)), 401, 'login_required'],
      [await send('POST', `${V1}/deals`, staff.cookie, fields(c), EVIL), 403, 'origin_not_allowed'],
      [await api.request(`${V1}/deals`, { method: 'POST', headers: { cookie: staff.cookie, 'content-type': 'text/plain' }, body: JSON.stringify(fields(c)) }), 415, 'unsupported_media_type'],
      [await send('POST', `${V1}/deals`, staff.cookie, fields(a)), 409, 'url_id_taken'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), url_id: 'has space' }), 422, 'validation_failed'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), url_id: '-x-' }), 422, 'validation_failed'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), reward_inr: -1 }), 422, 'validation_failed'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), reward_inr: 1_000_001 }), 422, 'validation_failed'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), title: ' ' }), 422, 'validation_failed'],
      [await send('POST', `${V1}/deals`, staff.cookie, { ...fields(c), id: NO_UUID }), 422, 'validation_failed'],
    ];
    for (const [r, status, code] of refused) {
      expect(r.status).toBe(status);
      expect(await errCode(r)).toBe(code);
    }
    const stored = await (await getDb()).db.select().from(deals).where(inArray(deals.url_id, [c, a]));
    expect(stored.map((d) => d.url_id)).toEqual([a]);
  });

  it('GET staff/all_deals lists inactive deals too, with active and sort_order, to staff and admin only', async () => {
    const on = await rs.seedDeal();
    const off = await rs.seedDeal();
    await (await getDb()).db.update(deals).set({ active: false, sort_order: 7 }).where(eq(deals.id, off.id));
    const staff = await seed.signedIn({ roles: STAFF });
    const admin = await seed.signedIn({ roles: ADMIN });
    for (const who of [staff, admin]) {
      const res = await api.request(`${V1}/staff/all_deals`, { headers: { cookie: who.cookie } });
      expect(res.status).toBe(200);
      const listed = ((await res.json()) as { deals: Array<{ id: string; active: boolean; sort_order: number }> }).deals;
      expect(listed.find((d) => d.id === off.id)).toMatchObject({ active: false, sort_order: 7 });
      expect(listed.find((d) => d.id === on.id)).toMatchObject({ active: true });
    }
    // The public list leaves the inactive one out.
    const pub = ((await (await api.request(`${V1}/all_deals`)).json()) as { deals: Array<{ id: string }> }).deals;
    expect(pub.map((d) => d.id)).not.toContain(off.id);
    const user = await seed.signedIn();
    expect((await api.request(`${V1}/staff/all_deals`, { headers: { cookie: user.cookie } })).status).toBe(403);
    expect((await api.request(`${V1}/staff/all_deals`, { headers: { cookie: seed.viewer().cookie } })).status).toBe(401);
  });

  it('staff edit any field, deactivate and rename; others and bad edits change nothing', async () => {
    const d = await rs.seedDeal();
    const other = await rs.seedDeal();
    const staff = await seed.signedIn({ roles: STAFF });
    const user = await seed.signedIn();
    const path = `${V1}/deals/${d.id}`;

    expect((await send('PATCH', path, user.cookie, { title: 'Hacked' })).status).toBe(403);
    expect((await send('PATCH', path, seed.viewer().cookie, { title: 'Hacked' })).status).toBe(401);
    expect((await send('PATCH', path, staff.cookie, { title: 'Hacked' }, EVIL)).status).toBe(403);
    const taken = await send('PATCH', path, staff.cookie, { url_id: other.url_id });
    expect([taken.status, await errCode(taken)]).toEqual([409, 'url_id_taken']);
    expect((await send('PATCH', path, staff.cookie, {})).status).toBe(422);
    expect((await send('PATCH', path, staff.cookie, { active: 'no' })).status).toBe(422);
    expect((await send('PATCH', `${V1}/deals/${NO_UUID}`, staff.cookie, { title: 'x' })).status).toBe(404);
    expect((await send('PATCH', `${V1}/deals/nope`, staff.cookie, { title: 'x' })).status).toBe(404);
    expect(await dealRow(d.id)).toMatchObject({ title: d.title, url_id: d.url_id, active: true });

    const res = await send('PATCH', path, staff.cookie, { title: 'New title', ribbon: null, active: false, reward_inr: 7000 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { deal: unknown }).deal).toMatchObject({ id: d.id, title: 'New title', ribbon: null, active: false, reward_inr: 7000 });
    expect(await dealRow(d.id)).toMatchObject({ title: 'New title', active: false, reward_inr: 7000 });
    // Inactive now: gone for the public, still editable by staff.
    expect((await get(`${V1}/deals?deal_id=${d.id}`, user.cookie)).status).toBe(404);
    expect((await send('PATCH', path, staff.cookie, { active: true })).status).toBe(200);
  });
});

describe('seedStarterDeals', () => {
  it('inserts three sample deals once (one customers-only, one with the 50K ribbon) and leaves edited ones alone', async () => {
    const { db } = await getDb();
    const ids = STARTER_DEALS.map((d) => d.url_id);
    const before = new Set((await db.select({ url_id: deals.url_id }).from(deals).where(inArray(deals.url_id, ids))).map((r) => r.url_id));
    for (const id of ids) if (!before.has(id)) cs.trackDeal(id);
    await seedStarterDeals(db);
    const rows = await db.select().from(deals).where(inArray(deals.url_id, ids));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toMatchObject({ is_sample: true, source: 'sample' });
      expect(r.terms).toMatch(/sample/i);
    }
    expect(rows.filter((r) => r.customers_only)).toHaveLength(1);
    expect(rows.some((r) => r.ribbon === '50K')).toBe(true);
    expect(await seedStarterDeals(db)).toBe(0);
    expect(await db.select().from(deals).where(inArray(deals.url_id, ids))).toHaveLength(3);
  });
});

describe('GET get_profile, level, user_data, qrcode', () => {
  async function referrerWithHistory() {
    const me = await seed.signedIn({ name: 'Asha Devi Rao' });
    const d1 = await rs.seedDeal();
    const d2 = await rs.seedDeal();
    const ref = (dealId: string, state: 'accepted' | 'pending' | 'declined', step: Parameters<typeof rs.seedReferral>[0]['step'], initiatedBy: 'referrer' | 'referee' = 'referrer') =>
      rs.seedReferral({ dealId, referrerId: me.user.id, refereeId: null, refereePhone: seed.phone(), state, step, initiatedBy });
    const r1 = await ref(d1.id, 'accepted', 'order_placed');
    const r2 = await ref(d2.id, 'accepted', 'claim_your_reward');
    const r3 = await ref(d1.id, 'accepted', 'place_an_order');
    const r4 = await ref(d1.id, 'pending', null);
    const r5 = await ref(d1.id, 'declined', null);
    const r6 = await ref(d2.id, 'accepted', 'call_scheduled', 'referee');
    await cs.seedReward({ referralId: r2.id, referrerId: me.user.id, state: 'claimed', amount: 1000 });
    await cs.seedReward({ referralId: r1.id, referrerId: me.user.id, state: 'approved', amount: 200 });
    await cs.seedReward({ referralId: r3.id, referrerId: me.user.id, state: 'pending', amount: 500 });
    await cs.seedReward({ referralId: r6.id, referrerId: me.user.id, state: 'hold', amount: 300 });
    await cs.seedReward({ referralId: r4.id, referrerId: me.user.id, state: 'canceled', amount: 999 });
    await cs.seedReward({ referralId: r5.id, referrerId: me.user.id, state: 'fraud', amount: 888 });
    return { me, d1, d2 };
  }

  it('get_profile: code, share link, level and totals from my referrals and rewards', async () => {
    const { me } = await referrerWithHistory();
    const res = await get(`${V1}/get_profile`, me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const p = (await res.json()) as { code: string; share_url: string };
    expect(p.code).toMatch(REFERRAL_CODE_RE);
    expect(new URL(p.share_url).pathname).toBe(`/r/${p.code}`);
    expect(p).toMatchObject({
      user_id: me.user.id, is_amb: false, registered_customer: false,
      level: { key: 'bronze', next: 'silver', to_next: 1, completed: 2 },
      totals: { earned_inr: 1000, pending_inr: 1000, sent: 5, deals_done: 2 },
    });
    // The code is made once.
    expect(((await (await get(`${V1}/get_profile`, me.cookie)).json()) as { code: string }).code).toBe(p.code);
    const fresh = await seed.signedIn();
    await rs.seedCustomer({ phone: fresh.user.phone! });
    expect(await (await get(`${V1}/get_profile`, fresh.cookie)).json()).toMatchObject({
      registered_customer: true, level: { key: 'starter', next: 'bronze', to_next: 1, completed: 0 },
      totals: { earned_inr: 0, pending_inr: 0, sent: 0, deals_done: 0 },
    });
    expect((await get(`${V1}/get_profile`, seed.viewer().cookie)).status).toBe(401);
  });

  it('level: of all deals or one, for myself or staff; another user 403, bad ids 404', async () => {
    const { me, d1, d2 } = await referrerWithHistory();
    const level = async (userId: string, deal: string, cookie: string) => {
      const res = await get(`${V1}/level/${userId}/${deal}`, cookie);
      return { status: res.status, body: await res.json() };
    };
    expect(await level(me.user.id, 'all', me.cookie)).toEqual({ status: 200, body: { key: 'bronze', next: 'silver', to_next: 1, completed: 2 } });
    expect((await level(me.user.id, d1.id, me.cookie)).body).toEqual({ key: 'bronze', next: 'silver', to_next: 2, completed: 1 });
    expect((await level(me.user.id, d2.id, me.cookie)).body).toMatchObject({ completed: 1 });
    const staff = await seed.signedIn({ roles: STAFF });
    expect((await level(me.user.id, 'all', staff.cookie)).body).toMatchObject({ completed: 2 });
    const other = await seed.signedIn();
    expect((await level(me.user.id, 'all', other.cookie)).status).toBe(403);
    expect((await level(NO_UUID, 'all', staff.cookie)).status).toBe(404);
    expect((await level('x', 'all', me.cookie)).status).toBe(404);
    expect((await level(me.user.id, NO_UUID, me.cookie)).status).toBe(404);
    expect((await level(me.user.id, 'some', me.cookie)).status).toBe(404);
    expect((await get(`${V1}/level/${me.user.id}/all`, seed.viewer().cookie)).status).toBe(401);
  });

  it('user_data: a referrer\'s public card (first name only, no phone); 404 before they have a code', async () => {
    const { me } = await referrerWithHistory();
    const card = () => get(`${V1}/user_data/${me.user.id}`);
    expect((await card()).status).toBe(404);
    await get(`${V1}/get_profile`, me.cookie);
    const res = await card();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ user_id: me.user.id, name: 'Asha', pic: null, level: 'bronze' });
    expect(JSON.stringify(body)).not.toContain(me.user.phone!.slice(3));
    expect((await get(`${V1}/user_data/${NO_UUID}`)).status).toBe(404);
    expect((await get(`${V1}/user_data/x`)).status).toBe(404);
    // The same card by the referral code (the invite page's link carries the code), in any case.
    const { code } = await (await get(`${V1}/get_profile`, me.cookie)).json();
    expect(await (await get(`${V1}/user_data/code/${code}`)).json()).toEqual(body);
    expect(await (await get(`${V1}/user_data/code/${String(code).toLowerCase()}`)).json()).toEqual(body);
    expect((await get(`${V1}/user_data/code/ZZZZZZZZ`)).status).toBe(404);
    expect((await get(`${V1}/user_data/code/not-a-code`)).status).toBe(404);
  });

  it('qrcode: an SVG of my share link for the deal, only for myself', async () => {
    const me = await seed.signedIn();
    const d = await rs.seedDeal();
    const res = await get(`${V1}/qrcode/${me.user.id}/${d.id}`, me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    const svg = await res.text();
    expect(svg).toMatch(/<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<path/);
    // The same QR code as the share link of get_profile with this deal.
    const { share_url } = (await (await get(`${V1}/get_profile`, me.cookie)).json()) as { share_url: string };
    const link = new URL(share_url);
    link.searchParams.set('deal', d.url_id);
    expect(svg).toBe(await QRCode.toString(link.toString(), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
    const staff = await seed.signedIn({ roles: STAFF });
    expect((await get(`${V1}/qrcode/${me.user.id}/${d.id}`, staff.cookie)).status).toBe(403);
    expect((await get(`${V1}/qrcode/${me.user.id}/${NO_UUID}`, me.cookie)).status).toBe(404);
    expect((await get(`${V1}/qrcode/x/${d.id}`, me.cookie)).status).toBe(404);
    expect((await get(`${V1}/qrcode/${me.user.id}/${d.id}`, seed.viewer().cookie)).status).toBe(401);
  });
});

describe('customers import (npm run customers:import)', () => {
  const csvFile = (dir: string, text: string) => {
    const f = path.join(dir, 'customers.csv');
    fs.writeFileSync(f, text);
    return f;
  };

  it('upserts by phone: a second run updates, a changed address gets a new key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-customers-'));
    try {
      const [a, b] = [cs.trackCustomer(seed.phone()), cs.trackCustomer(seed.phone())];
      const text = `\uFEFFphone,name,address,consumer_number\n${a.slice(3)},Asha,"12 MG Rd, Gurgaon",ab-12\n${b},Bina,,\n`;
      const { db } = await getDb();
      const first = parseCustomersCsv(fs.readFileSync(csvFile(dir, text), 'utf8'));
      expect(await importCustomers(db, first.rows)).toEqual({ inserted: 2, updated: 0 });
      expect(await importCustomers(db, first.rows)).toEqual({ inserted: 0, updated: 2 });
      const moved = parseCustomersCsv(text.replace('12 MG Rd', '14 MG Road'));
      expect(await importCustomers(db, moved.rows)).toEqual({ inserted: 0, updated: 2 });
      const rows = await db.select().from(customers).where(inArray(customers.phone, [a, b])).orderBy(customers.name);
      expect(rows.map((r) => [r.name, r.consumer_number, r.address_key])).toEqual([
        ['Asha', 'AB12', '14 mg road gurgaon'], ['Bina', null, ''],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the script imports the valid rows, lists bad ones by line with the phone masked, and exits 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-customers-'));
    try {
      // The script on a database of its own (a PGlite in `dir`).
      const run = (...args: string[]) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' };
        delete env.DATABASE_URL;
        return spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/customers-import.ts', ...args], { env, encoding: 'utf8', timeout: 100_000 });
      };
      const file = csvFile(dir, 'name,phone\nAsha,9812345678\nBad,98765 4321\n,9812345679\nBina,+919812345670\n');
      const r1 = run(file);
      expect(r1.status).toBe(1);
      expect(r1.stdout).toBe('2 inserted, 0 updated, 2 invalid\n');
      expect(r1.stderr).toContain('line 3: invalid_phone (phone ***** 4321)');
      expect(r1.stderr).toContain('line 4: invalid_name (phone ******5679)');
      expect(r1.stderr).not.toContain('9812345679');
      const r2 = run(file);
      expect([r2.status, r2.stdout]).toEqual([1, '0 inserted, 2 updated, 2 invalid\n']);
      const clean = run(csvFile(dir, 'name,phone\nAsha,9812345678\n'));
      expect([clean.status, clean.stdout]).toEqual([0, '0 inserted, 1 updated, 0 invalid\n']);
      expect(run(csvFile(dir, 'name,mobile\nA,9812345678\n')).status).toBe(2);
      expect(run(path.join(dir, 'missing.csv')).status).toBe(2);
      expect(run().status).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
