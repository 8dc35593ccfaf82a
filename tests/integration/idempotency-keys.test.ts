import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { dealNotes, jobs, leads, referrals, rewardMoves } from '@/lib/db/schema';
import { LEAD_WEBHOOK_JOB } from '@/features/leads/server/leads';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import { acceptHook, placeOrder, rewardOf, setReward, uniqueTag } from '../fixtures/referrals-rewards';

/**
 * Idempotency keys that mean one request body (lib/http/idempotency.ts, as
 * Stripe's): for each keyed write, the same key with the same body answers
 * the first result (200); the same key with another body is 422
 * `idempotency_key_reused` and writes nothing; a row stored before request
 * hashes were kept (null hash) is taken as matching.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const leadKeys: string[] = [];

afterEach(async () => {
  const { db } = await getDb();
  if (leadKeys.length) {
    const ids = (await db.select({ id: leads.id }).from(leads).where(inArray(leads.idempotency_key, leadKeys))).map((r) => r.id);
    if (ids.length) await db.delete(jobs).where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), inArray(sql`${jobs.payload}->>'lead_id'`, ids)));
    await db.delete(leads).where(inArray(leads.idempotency_key, leadKeys));
    leadKeys.length = 0;
  }
  await rs.cleanup();
  await seed.cleanup();
});

function post(path: string, body: unknown, headers: Record<string, string>) {
  return api.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
const REUSED = { error: { code: 'idempotency_key_reused', message: 'This request key was already used for a different request.' } };

describe('POST /api/v1/leads/subsidy', () => {
  async function visitor(): Promise<Record<string, string>> {
    const res = await api.request('/auth/api/v1/visitor', { method: 'POST' });
    return { 'x-fingerprint-id': ((await res.json()) as { token: string }).token };
  }
  const form = (key: string, patch: Record<string, unknown> = {}) => ({
    idempotency_key: key, name: 'Ravi Kumar', phone: '+91 99876 54321', email: 'ravi@example.in', pin_code: '226001',
    system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h', ...patch,
  });
  async function leadsOf(key: string) {
    const { db } = await getDb();
    return db.select().from(leads).where(eq(leads.idempotency_key, key));
  }

  it('the same key and body answers the first lead (200); another name and phone is 422 and stores nothing', async () => {
    const me = await visitor();
    const key = randomUUID();
    leadKeys.push(key);
    const first = await post('/api/v1/leads/subsidy', form(key), me);
    expect(first.status).toBe(201);
    const lead = await first.json();
    // The same form written otherwise (another spelling of the phone, e-mail case) is the same request.
    const same = await post('/api/v1/leads/subsidy', form(key, { phone: '9987654321', email: 'Ravi@Example.in' }), me);
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual(lead);

    const other = await post('/api/v1/leads/subsidy', form(key, { name: 'Someone Else', phone: '+91 99876 11111' }), me);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual(REUSED);
    // The callback form with the subsidy's key is another request too.
    const callback = await post('/api/v1/leads/callback', {
      idempotency_key: key, name: 'Ravi Kumar', phone: '+91 99876 54321', day: 'tomorrow', slot: new Date(Date.now() + 86_400_000).toISOString(),
    }, me);
    expect(callback.status).toBe(422);
    expect(await callback.json()).toEqual(REUSED);
    const rows = await leadsOf(key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: lead.id, name: 'Ravi Kumar', phone: '+919987654321', request_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('a lead stored before request hashes (null) matches any body with its key', async () => {
    const me = await visitor();
    const key = randomUUID();
    leadKeys.push(key);
    const lead = await (await post('/api/v1/leads/subsidy', form(key), me)).json();
    const { db } = await getDb();
    await db.update(leads).set({ request_hash: null }).where(eq(leads.id, lead.id));
    const again = await post('/api/v1/leads/subsidy', form(key, { name: 'Changed Name' }), me);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(lead.id);
    expect(await leadsOf(key)).toHaveLength(1);
  });
});

describe('POST /referral/api/v1/referrer/send_request', () => {
  const PATH = '/referral/api/v1/referrer/send_request';
  async function sentBy(userId: string) {
    const { db } = await getDb();
    return db.select().from(referrals).where(eq(referrals.referrer_user_id, userId));
  }

  it('the same key and body answers the first request (200); another phone or name is 422 and sends nothing', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const phone = seed.phone();
    const key = `send-${uniqueTag()}`;
    const body = { deal_id: deal.id, phone, name: 'Ravi', idempotency_key: key };
    const first = await post(PATH, body, { cookie: me.cookie });
    expect(first.status).toBe(201);
    const { request } = await first.json();
    const same = await post(PATH, { ...body, phone: phone.slice(3) }, { cookie: me.cookie });
    expect(same.status).toBe(200);
    expect((await same.json()).request).toEqual(request);

    for (const patch of [{ phone: seed.phone() }, { name: 'Someone else' }, { deal_id: (await rs.seedDeal()).id }]) {
      const res = await post(PATH, { ...body, ...patch }, { cookie: me.cookie });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual(REUSED);
    }
    const rows = await sentBy(me.user.id);
    expect(rows.map((r) => [r.id, r.referee_phone, r.referee_name])).toEqual([[request.id, phone, 'Ravi']]);
    expect(rows[0].request_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a request stored before request hashes (null) matches any body with its key', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const key = `legacy-${uniqueTag()}`;
    const old = await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: seed.phone(), state: 'open', idempotencyKey: key });
    const res = await post(PATH, { deal_id: deal.id, phone: seed.phone(), name: 'New', idempotency_key: key }, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).request.id).toBe(old.id);
    expect(await sentBy(me.user.id)).toHaveLength(1);
  });
});

describe('POST /referral/api/v1/deals/notes/{referral_id}/{client_key}', () => {
  async function world() {
    const deal = await rs.seedDeal();
    const referrer = await seed.signedIn({ name: 'Referrer N' });
    const referee = await seed.signedIn({ name: 'Referee N' });
    const r = await rs.seedReferral({ dealId: deal.id, referrerId: referrer.user.id, refereeId: referee.user.id, refereePhone: referee.user.phone!, state: 'accepted' });
    return { r, referrer, referee };
  }
  async function notesOf(referralId: string) {
    const { db } = await getDb();
    return db.select().from(dealNotes).where(eq(dealNotes.referral_id, referralId));
  }

  it('the same key and text answers the first note (200); another text, or another person with the key, is 422 and posts nothing', async () => {
    const { r, referrer, referee } = await world();
    const path = `/referral/api/v1/deals/notes/${r.id}/note-key-1`;
    const first = await post(path, { body: 'When is the call?' }, { cookie: referee.cookie });
    expect(first.status).toBe(201);
    const { note } = await first.json();
    const same = await post(path, { body: '  When is the call?  ' }, { cookie: referee.cookie });
    expect(same.status).toBe(200);
    expect((await same.json()).note).toEqual(note);

    const other = await post(path, { body: 'Another question' }, { cookie: referee.cookie });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual(REUSED);
    const theirs = await post(path, { body: 'When is the call?' }, { cookie: referrer.cookie });
    expect(theirs.status).toBe(422);
    expect(await theirs.json()).toEqual(REUSED);
    const rows = await notesOf(r.id);
    expect(rows.map((n) => [n.id, n.body, n.author_user_id])).toEqual([[note.id, 'When is the call?', referee.user.id]]);
  });

  it('a note stored before request hashes (null) matches any text from its author', async () => {
    const { r, referee } = await world();
    const path = `/referral/api/v1/deals/notes/${r.id}/note-key-2`;
    const { note } = await (await post(path, { body: 'First' }, { cookie: referee.cookie })).json();
    const { db } = await getDb();
    await db.update(dealNotes).set({ request_hash: null }).where(eq(dealNotes.id, note.id));
    const again = await post(path, { body: 'Second' }, { cookie: referee.cookie });
    expect(again.status).toBe(200);
    expect((await again.json()).note.body).toBe('First');
    expect(await notesOf(r.id)).toHaveLength(1);
  });
});

describe('POST /referral/api/v1/rewards/{id}', () => {
  /** A referrer's approved, scratched reward of 7500. */
  async function scratchedReward() {
    const deal = await rs.seedDeal({ reward_inr: 7500 });
    const a = await seed.signedIn({ name: 'Asha Referrer' });
    const b = await seed.signedIn({ name: 'Bina Referee' });
    const referral = await rs.seedReferral({
      dealId: deal.id, referrerId: a.user.id, refereeId: b.user.id, refereePhone: b.user.phone!, state: 'accepted',
      address: `H.No. 1, ${uniqueTag()} Rd, Pune 411001`, consumerNumber: `CN${uniqueTag()}`,
    });
    await acceptHook(referral.id);
    await placeOrder(referral.id);
    const reward = (await rewardOf(referral.id))!;
    await setReward(reward.id, { scratchable_at: new Date(Date.now() - 60_000), scratched_at: new Date() });
    return { a, referral, reward };
  }
  async function claimMoves(rewardId: string) {
    const { db } = await getDb();
    const [{ n }] = await db.select({ n: count() }).from(rewardMoves).where(and(eq(rewardMoves.reward_id, rewardId), eq(rewardMoves.to_state, 'claimed')));
    return n;
  }

  it('the same key and UPI id answers the claim (200); another UPI id with the key is 422 and pays nothing more', async () => {
    const w = await scratchedReward();
    const path = `/referral/api/v1/rewards/${w.reward.id}`;
    const key = `claim-${uniqueTag()}`;
    const first = await post(path, { payout_vpa: 'asha.k@okhdfc', claim_key: key }, { cookie: w.a.cookie });
    expect(first.status).toBe(200);
    const { reward } = await first.json();
    const same = await post(path, { payout_vpa: ' asha.k@okhdfc ', claim_key: key }, { cookie: w.a.cookie });
    expect(same.status).toBe(200);
    expect((await same.json()).reward).toEqual(reward);

    const other = await post(path, { payout_vpa: 'mallory@okaxis', claim_key: key }, { cookie: w.a.cookie });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual(REUSED);
    expect(await rewardOf(w.referral.id)).toMatchObject({
      state: 'claimed', claim_key: key, payout_vpa: 'asha.k@okhdfc', claim_request_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await claimMoves(w.reward.id)).toBe(1);
  });

  it('a claim stored before request hashes (null) matches any UPI id with its key', async () => {
    const w = await scratchedReward();
    const path = `/referral/api/v1/rewards/${w.reward.id}`;
    const key = `claim-${uniqueTag()}`;
    expect((await post(path, { payout_vpa: 'asha@okhdfc', claim_key: key }, { cookie: w.a.cookie })).status).toBe(200);
    await setReward(w.reward.id, { claim_request_hash: null });
    const again = await post(path, { payout_vpa: 'other@okaxis', claim_key: key }, { cookie: w.a.cookie });
    expect(again.status).toBe(200);
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'claimed', payout_vpa: 'asha@okhdfc' });
    expect(await claimMoves(w.reward.id)).toBe(1);
  });
});
