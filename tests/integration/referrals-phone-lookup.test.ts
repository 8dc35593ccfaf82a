import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { setSingleton } from '@/lib/singleton';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contacts } from '@/lib/db/schema';
import { LIMITS } from '@/lib/http/rate-limit';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * No phone-number enumeration (lib/http/rate-limit.ts `phone_lookup`;
 * docs/decisions/022): the phone check and the contact imports count
 * against one limit per signed-in user and per IP (429 with Retry-After);
 * their answers tell what the invite label needs, never whether a phone has
 * an account; send_request echoes the name the sender typed.
 * Every request carries its own X-Forwarded-For (TRUST_PROXY on for this
 * file), so each test spends the per-IP limit of its own addresses.
 */
process.env.TRUST_PROXY = 'true';
setSingleton('env', undefined);

const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const owners: string[] = [];
afterAll(async () => {
  const { db } = await getDb();
  if (owners.length) await db.delete(contacts).where(inArray(contacts.owner_user_id, owners));
  await rs.cleanup();
  await seed.cleanup();
  delete process.env.TRUST_PROXY;
  setSingleton('env', undefined);
});

let ipSeq = 0;
/** A client address no other test uses. */
const newIp = () => `198.51.${100 + Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function user(name = 'Test User') {
  const u = await seed.signedIn({ name });
  owners.push(u.user.id);
  return u;
}
const validate = (dealId: string, phone: string, cookie: string, ip: string) =>
  api.request(`/referral/api/v1/validate/${dealId}/${encodeURIComponent(phone)}`, { headers: { cookie, 'x-forwarded-for': ip } });
const send = (method: string, path: string, cookie: string, ip: string, body: unknown) => api.request(path, {
  method, headers: { cookie, 'x-forwarded-for': ip, 'content-type': 'application/json' }, body: JSON.stringify(body),
});

/** `n` lookups of fresh phones; the statuses. */
async function lookups(n: number, dealId: string, cookie: string, ip: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await validate(dealId, seed.phone(), cookie, ip);
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(LIMITS.phone_lookup.windowS);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
}

describe('GET /referral/api/v1/validate/{deal_id}/{phone} limit', () => {
  it('answers 30 lookups of a user, then 429 with Retry-After, from any address; another user is not held back', async () => {
    expect(LIMITS.phone_lookup).toMatchObject({ windowS: 600, perVisitor: 30, perUser: true });
    const deal = await rs.seedDeal();
    const me = await user();
    const ip = newIp();
    expect(await lookups(30, deal.id, me.cookie, ip)).toEqual(Array(30).fill(200));
    await expect429(await validate(deal.id, seed.phone(), me.cookie, ip));
    // Per user, not per visitor or address: another address does not help.
    await expect429(await validate(deal.id, seed.phone(), me.cookie, newIp()));
    expect((await validate(deal.id, seed.phone(), (await user()).cookie, ip)).status).toBe(200);
  });

  it('answers 100 lookups from one address (several users), then 429 with Retry-After; another address is not held back', async () => {
    const deal = await rs.seedDeal();
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(...await lookups(25, deal.id, (await user()).cookie, ip));
    expect(statuses).toEqual(Array(100).fill(200));
    const fresh = await user();
    await expect429(await validate(deal.id, seed.phone(), fresh.cookie, ip));
    expect((await validate(deal.id, seed.phone(), fresh.cookie, newIp())).status).toBe(200);
  });

  it('counts each contact import against the same limit', async () => {
    const deal = await rs.seedDeal();
    const me = await user();
    const ip = newIp();
    const imports: Array<[string, () => unknown, number]> = [
      ['/referral/api/v5/contact', () => ({ source: 'csv', contacts: [{ name: 'A', phone: seed.phone() }] }), 200],
      ['/referral/api/v1/local-contact', () => ({ contacts: [{ name: 'B', phone: seed.phone() }] }), 200],
      ['/referral/api/v1/migrate/contact', () => ({ contacts: [{ name: 'C', phone: seed.phone() }] }), 200],
      ['/referral/api/v4/contact', () => ({ name: 'D', phone: seed.phone() }), 201],
    ];
    for (let i = 0; i < 28; i++) {
      const [path, body, status] = imports[i % imports.length];
      const res = await send('POST', path, me.cookie, ip, body());
      expect([i, res.status]).toEqual([i, status]);
    }
    expect(await lookups(2, deal.id, me.cookie, ip)).toEqual([200, 200]);
    await expect429(await send('POST', '/referral/api/v5/contact', me.cookie, ip, { source: 'csv', contacts: [{ name: 'E', phone: seed.phone() }] }));
    await expect429(await validate(deal.id, seed.phone(), me.cookie, ip));
  });
});

describe('contact imports and the phone check tell nothing of accounts', () => {
  it('an account, a registered customer and an unknown number read alike in the import\'s contact list and in validate', async () => {
    const deal = await rs.seedDeal();
    const me = await user();
    const ip = newIp();
    const member = await user('Has An Account');
    await rs.seedCustomer({ phone: member.user.phone! });
    const customer = seed.phone();
    await rs.seedCustomer({ phone: customer });
    const nobody = seed.phone();
    const res = await send('POST', '/referral/api/v5/contact', me.cookie, ip, {
      source: 'csv', contacts: [{ name: 'Member', phone: member.user.phone }, { name: 'Customer', phone: customer }, { name: 'Nobody', phone: nobody }],
    });
    expect(await res.json()).toEqual({ added: 3, existing: 0, invalid: [] });
    const list = (await (await api.request('/referral/api/v1/contact_list/1/10', { headers: { cookie: me.cookie, 'x-forwarded-for': ip } })).json()) as {
      items: Array<Record<string, unknown>>;
    };
    const strip = ({ id: _id, name: _name, phone: _phone, ...rest }: Record<string, unknown>) => rest;
    expect(list.items.map((i) => i.name)).toEqual(['Customer', 'Member', 'Nobody']);
    expect(list.items.map(strip)).toEqual(Array(3).fill({ source: 'csv', label: null }));

    const answers = [];
    for (const phone of [member.user.phone!, customer, nobody]) {
      const v = await validate(deal.id, phone, me.cookie, ip);
      const { phone: _p, ...rest } = (await v.json()) as Record<string, unknown>;
      answers.push(rest);
    }
    expect(answers).toEqual(Array(3).fill({ label: null, eligible: true, reason: null }));
  });
});

describe('POST /referral/api/v1/referrer/send_request echo', () => {
  it('echoes the name the sender typed, not the account\'s real name, to the sender', async () => {
    const deal = await rs.seedDeal();
    const me = await user('Sender');
    const them = await user('Real Account Name');
    const ip = newIp();
    const res = await send('POST', '/referral/api/v1/referrer/send_request', me.cookie, ip, {
      deal_id: deal.id, phone: them.user.phone, name: 'Typed Name', idempotency_key: `echo-${randomUUID()}`,
    });
    expect(res.status).toBe(201);
    const { request, invite } = (await res.json()) as { request: { id: string; referee: { name: string } }; invite: { text: string } };
    expect(request.referee.name).toBe('Typed Name');
    expect(JSON.stringify({ request, invite })).not.toContain('Real Account Name');
    const got = await api.request(`/referral/api/v1/get_request?id=${request.id}`, { headers: { cookie: me.cookie, 'x-forwarded-for': ip } });
    expect(((await got.json()) as { request: { referee: { name: string } } }).request.referee.name).toBe('Typed Name');
  });
});
