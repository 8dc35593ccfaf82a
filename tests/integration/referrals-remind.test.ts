import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { referrals } from '@/lib/db/schema';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * Reminding on WhatsApp (docs/api/referrals.md, referrer/send_request): a
 * referrer who sends a deal again to a phone they already invited with it
 * gets that request and the same invite back, not a refusal; another
 * referrer is still refused. Runs on PGlite and on PostgreSQL.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();

afterAll(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

const V1 = '/referral/api/v1';
const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

function send(cookie: string, body: Record<string, unknown>) {
  return api.request(`${V1}/referrer/send_request`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function referralsTo(phone: string) {
  const { db } = await getDb();
  return (await db.select({ n: count() }).from(referrals).where(eq(referrals.referee_phone, phone)))[0].n;
}

describe('POST /referral/api/v1/referrer/send_request (again to a phone already invited)', () => {
  it('answers the live request and the same wa.me link (200), whatever the key and typed name; another referrer gets 409', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn({ name: 'Asha' });
    const other = await seed.signedIn();
    const phone = seed.phone();
    const first = await send(me.cookie, { deal_id: deal.id, phone, name: 'Meena', idempotency_key: key() });
    expect(first.status).toBe(201);
    const a = await first.json();

    const again = await send(me.cookie, { deal_id: deal.id, phone, name: 'Meena ji', idempotency_key: key() });
    expect(again.status).toBe(200);
    const b = await again.json();
    expect(b.request.id).toBe(a.request.id);
    expect(b.invite.wa_url).toBe(a.invite.wa_url);
    expect(b.invite.wa_url).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(await referralsTo(phone)).toBe(1);

    const theirs = await send(other.cookie, { deal_id: deal.id, phone, name: 'M', idempotency_key: key() });
    expect(theirs.status).toBe(409);
    expect((await theirs.json()).error.code).toBe('already_referred');
  });

  it('a declined request is not reminded: a new send makes a new request (201)', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const them = await seed.signedIn();
    const first = await send(me.cookie, { deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key() });
    const id = (await first.json()).request.id as string;
    const declined = await api.request(`${V1}/request/action`, {
      method: 'POST',
      headers: { cookie: them.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: id, action: 'decline' }),
    });
    expect(declined.status).toBe(200);
    const again = await send(me.cookie, { deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key() });
    expect(again.status).toBe(201);
    expect((await again.json()).request.id).not.toBe(id);
  });
});
