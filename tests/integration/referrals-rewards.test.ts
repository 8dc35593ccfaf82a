import { afterEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { notifications, referrals, rewards } from '@/lib/db/schema';
import { REWARD_STATES, mayMoveReward } from '@/features/referrals/reward-states';
import { moveReward } from '@/features/referrals/server/rewards';
import { releaseRewards } from '@/features/referrals/server/release';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import {
  acceptHook, addDevice, cancelDeal, placeOrder, referralAudit, rewardAudit, rewardOf, setReward, uniqueTag,
} from '../fixtures/referrals-rewards';

/**
 * Rewards (docs/api/referrals.md "rewards", "scratch", "staff/rewards";
 * docs/decisions/010 "Rewards", "Fairness"): the reward made at acceptance
 * and moved at "order placed" and at a canceled deal, each move only as
 * REWARD_MOVES allows and with its audit row; the household rule
 * (self-referral by phone, device, consumer number, address; a second
 * referral of one household held); scratching after the hold; a claim that
 * pays once under concurrent calls; staff review; the release of held
 * cards to "claim your reward".
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
afterEach(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

const DAY = 24 * 3600 * 1000;
const staffRole = [{ role: 'STAFF' as const, topicId: null }];

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return api.request(path, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
}

async function notificationsOf(userId: string) {
  const { db } = await getDb();
  return db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(asc(notifications.id));
}

/** A unique address of this run, as a referee might type it. */
const address = (tag: string) => `H.No. 12, ${tag} Rd, Sec-4, Gurgaon 122001`;

/**
 * A deal (reward 7500), a referrer A and a referee B (both signed in) and
 * A's referral of B at step deal_accepted, with a household of its own.
 */
async function world(opts: { address?: string; consumerNumber?: string } = {}) {
  const deal = await rs.seedDeal({ reward_inr: 7500, title: 'Rooftop solar' });
  const a = await seed.signedIn({ name: 'Asha Referrer' });
  const b = await seed.signedIn({ name: 'Bina Referee' });
  const referral = await rs.seedReferral({
    dealId: deal.id, referrerId: a.user.id, refereeId: b.user.id, refereePhone: b.user.phone!, refereeName: 'Bina',
    state: 'accepted', address: opts.address ?? address(uniqueTag()), consumerNumber: opts.consumerNumber ?? `CN${uniqueTag()}`,
  });
  return { deal, a, b, referral };
}

/** world() with the reward accepted, the order placed and (unless `held`) the hold passed. */
async function approved(opts: { held?: boolean } = {}) {
  const w = await world();
  await acceptHook(w.referral.id);
  await placeOrder(w.referral.id);
  const reward = (await rewardOf(w.referral.id))!;
  if (!opts.held) await setReward(reward.id, { scratchable_at: new Date(Date.now() - 60_000) });
  return { ...w, reward };
}

/** approved() and scratched by A through the API. */
async function scratched() {
  const w = await approved();
  const res = await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, w.a.cookie);
  expect(res.status).toBe(200);
  return w;
}

describe('reward hooks', () => {
  it('accept makes one pending reward for the deal\'s amount, with its audit row; a second accept changes nothing', async () => {
    const w = await world();
    await acceptHook(w.referral.id);
    await acceptHook(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    expect(r).toMatchObject({ state: 'pending', reason: 'deal_in_progress', amount_inr: 7500, referrer_user_id: w.a.user.id, scratchable_at: null });
    expect(await rewardAudit(r.id)).toEqual([expect.objectContaining({ from_state: null, to_state: 'pending', reason: 'deal_in_progress', actor_user_id: null })]);
    expect(await notificationsOf(w.a.user.id)).toEqual([]);
  });

  it('order placed approves a pending reward, scratchable REWARD_HOLD_DAYS (14) later', async () => {
    const w = await world();
    await acceptHook(w.referral.id);
    const before = Date.now();
    await placeOrder(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    expect(r).toMatchObject({ state: 'approved', reason: 'order_placed', scratched_at: null });
    expect(r.scratchable_at!.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY - 1000);
    expect(r.scratchable_at!.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY + 1000);
    expect((await rewardAudit(r.id)).map((m) => [m.from_state, m.to_state, m.reason])).toEqual([
      [null, 'pending', 'deal_in_progress'], ['pending', 'approved', 'order_placed'],
    ]);
  });

  it('a canceled deal cancels a pending reward (deal_canceled) and tells the referrer', async () => {
    const w = await world();
    await acceptHook(w.referral.id);
    await cancelDeal(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    expect(r).toMatchObject({ state: 'canceled', reason: 'deal_canceled' });
    expect((await rewardAudit(r.id)).at(-1)).toMatchObject({ from_state: 'pending', to_state: 'canceled', reason: 'deal_canceled' });
    expect(await notificationsOf(w.a.user.id)).toEqual([expect.objectContaining({
      key: 'rewardChanged', params: { state: 'canceled', reason: 'deal_canceled' }, link: '/rewards',
    })]);
  });

  it('a canceled deal moves a held or approved reward only as REWARD_MOVES lets the system', async () => {
    for (const from of ['hold', 'approved'] as const) {
      const w = await world();
      await acceptHook(w.referral.id);
      const r = (await rewardOf(w.referral.id))!;
      await setReward(r.id, { state: from });
      await cancelDeal(w.referral.id);
      const expected = mayMoveReward(from, 'canceled', 'system') ? 'canceled' : from;
      expect((await rewardOf(w.referral.id))!.state).toBe(expected);
      expect((await rewardAudit(r.id)).length).toBe(expected === 'canceled' ? 2 : 1);
    }
  });

  it('a claimed reward stays claimed when the deal is canceled', async () => {
    const w = await scratched();
    expect((await call('POST', `/referral/api/v1/rewards/${w.reward.id}`, w.a.cookie, { payout_vpa: 'asha@okbank', claim_key: `key-${uniqueTag()}` })).status).toBe(200);
    await cancelDeal(w.referral.id);
    expect((await rewardOf(w.referral.id))!.state).toBe('claimed');
  });
});

describe('every reward move goes through REWARD_MOVES', () => {
  it('moveReward makes exactly the allowed moves, each with one audit row, and refuses the rest', async () => {
    const w = await world();
    await acceptHook(w.referral.id);
    const id = (await rewardOf(w.referral.id))!.id;
    const { db } = await getDb();
    let audits = (await rewardAudit(id)).length;
    for (const from of REWARD_STATES) {
      for (const to of REWARD_STATES) {
        for (const by of ['system', 'staff', 'referrer'] as const) {
          await setReward(id, { state: from });
          const r = (await rewardOf(w.referral.id))!;
          const moved = await db.transaction((tx) => moveReward(tx, r, { to, reason: 'review_approved', by, actorUserId: null }));
          const allowed = mayMoveReward(from, to, by);
          expect({ from, to, by, moved: moved !== null }).toEqual({ from, to, by, moved: allowed });
          expect((await rewardOf(w.referral.id))!.state).toBe(allowed ? to : from);
          const now = (await rewardAudit(id)).length;
          expect(now - audits).toBe(allowed ? 1 : 0);
          audits = now;
        }
      }
    }
  });
});

describe('the household rule', () => {
  it.each([
    ['phone', async (w: Awaited<ReturnType<typeof world>>) => {
      const { db } = await getDb();
      await db.update(referrals).set({ referee_phone: w.a.user.phone!, referee_user_id: null }).where(eq(referrals.id, w.referral.id));
    }],
    ['device', async (w: Awaited<ReturnType<typeof world>>) => {
      const shared = seed.viewer().id;
      await addDevice(w.a.user.id, shared);
      await addDevice(w.b.user.id, shared);
    }],
    ['consumer_number', async (w: Awaited<ReturnType<typeof world>>) => {
      await rs.seedCustomer({ phone: w.a.user.phone!, consumer_number: w.referral.referee_consumer_number!.toLowerCase().replace(/^cn/, 'CN-') });
    }],
    ['address', async (w: Awaited<ReturnType<typeof world>>) => {
      await rs.seedCustomer({ phone: w.a.user.phone!, address: w.referral.referee_address!.replace('H.No.', 'House number').replace('Rd', 'road') });
    }],
  ])('a self-referral by %s is canceled (self_referral) at acceptance and the referrer is told', async (why, arrange) => {
    const w = await world();
    await arrange(w);
    await acceptHook(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    expect(r).toMatchObject({ state: 'canceled', reason: 'self_referral' });
    expect((await rewardAudit(r.id)).map((m) => [m.to_state, m.reason])).toEqual([
      ['pending', 'deal_in_progress'], ['canceled', `self_referral: ${why}`],
    ]);
    expect(await notificationsOf(w.a.user.id)).toEqual([expect.objectContaining({ key: 'rewardChanged', params: { state: 'canceled', reason: 'self_referral' } })]);
    // Canceled stays canceled at "order placed".
    await placeOrder(w.referral.id);
    expect((await rewardOf(w.referral.id))!.state).toBe('canceled');
  });

  it('a second referral to one household (another referrer, the same address written otherwise) is held; GET rewards/{id} shows why', async () => {
    const tag = uniqueTag();
    const first = await world({ address: `House No 7, ${tag} Road, Sector 9, Noida 201301` });
    await acceptHook(first.referral.id);
    const c = await seed.signedIn({ name: 'Chetan Referrer' });
    const d = await seed.signedIn({ name: 'Divya Referee' });
    const second = await rs.seedReferral({
      dealId: first.deal.id, referrerId: c.user.id, refereeId: d.user.id, refereePhone: d.user.phone!, refereeName: 'Divya',
      state: 'accepted', address: `h.no. 7 ${tag} rd sec 9 noida 201301`,
    });
    await acceptHook(second.id);
    const r = (await rewardOf(second.id))!;
    expect(r).toMatchObject({ state: 'hold', reason: 'household_duplicate' });
    expect((await rewardAudit(r.id)).at(-1)!.reason).toBe(`household_duplicate: address of referral ${first.referral.id}`);
    expect((await rewardOf(first.referral.id))!.state).toBe('pending');

    const res = await call('GET', `/referral/api/v1/rewards/${r.id}`, c.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).reward).toMatchObject({ id: r.id, state: 'hold', reason: 'household_duplicate', amount_inr: null, scratched: false });
    expect(await notificationsOf(c.user.id)).toEqual([expect.objectContaining({ params: { state: 'hold', reason: 'household_duplicate' } })]);

    // A hold stays a hold at "order placed", for staff to decide.
    await placeOrder(second.id);
    expect((await rewardOf(second.id))!).toMatchObject({ state: 'hold', scratchable_at: null });
  });

  it('a referee who signed in on an earlier referee\'s device, or whose phone another referrer already referred, is held', async () => {
    const first = await world();
    await acceptHook(first.referral.id);
    const shared = seed.viewer().id;
    await addDevice(first.b.user.id, shared);
    const c = await seed.signedIn({ name: 'Chetan Referrer' });
    const d = await seed.signedIn({ name: 'Divya Referee' });
    await addDevice(d.user.id, shared);
    const byDevice = await rs.seedReferral({
      dealId: first.deal.id, referrerId: c.user.id, refereeId: d.user.id, refereePhone: d.user.phone!, state: 'accepted',
    });
    await acceptHook(byDevice.id);
    const r1 = (await rewardOf(byDevice.id))!;
    expect(r1).toMatchObject({ state: 'hold', reason: 'household_duplicate' });
    expect((await rewardAudit(r1.id)).at(-1)!.reason).toBe(`household_duplicate: device of referral ${first.referral.id}`);

    const otherDeal = await rs.seedDeal();
    const e = await seed.signedIn();
    const byPhone = await rs.seedReferral({
      dealId: otherDeal.id, referrerId: e.user.id, refereeId: first.b.user.id, refereePhone: first.b.user.phone!, state: 'accepted',
    });
    await acceptHook(byPhone.id);
    const r2 = (await rewardOf(byPhone.id))!;
    expect(r2).toMatchObject({ state: 'hold', reason: 'household_duplicate' });
    expect((await rewardAudit(r2.id)).at(-1)!.reason).toBe(`household_duplicate: phone of referral ${first.referral.id}`);
  });

  it('a referral that never reached acceptance does not make a later one a duplicate', async () => {
    const tag = uniqueTag();
    const w = await world({ address: address(tag) });
    const e = await seed.signedIn();
    const declined = await rs.seedReferral({
      dealId: w.deal.id, referrerId: e.user.id, refereeId: null, refereePhone: seed.phone(), state: 'declined',
      address: address(tag), createdAt: new Date(Date.now() - DAY),
    });
    expect(declined.state).toBe('declined');
    await acceptHook(w.referral.id);
    expect((await rewardOf(w.referral.id))!.state).toBe('pending');
  });

  it('the rule is checked again at "order placed": a household that shows up later holds the reward', async () => {
    const tag = uniqueTag();
    const w = await world({ consumerNumber: `XY${tag}` });
    await acceptHook(w.referral.id);
    expect((await rewardOf(w.referral.id))!.state).toBe('pending');
    // A referral of the same DISCOM account, accepted earlier, arrives (e.g. imported) after this one's acceptance.
    const e = await seed.signedIn();
    const earlier = await rs.seedReferral({
      dealId: w.deal.id, referrerId: e.user.id, refereeId: null, refereePhone: seed.phone(), state: 'accepted',
      consumerNumber: `xy-${tag}`, createdAt: new Date(Date.now() - DAY),
    });
    await placeOrder(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    expect(r).toMatchObject({ state: 'hold', reason: 'household_duplicate', scratchable_at: null });
    expect((await rewardAudit(r.id)).at(-1)!.reason).toBe(`household_duplicate: consumer_number of referral ${earlier.id}`);
  });
});

describe('GET /referral/api/v1/rewards and rewards/{id}', () => {
  it('lists my rewards, newest first, amount hidden until scratched; others and visitors see none of them', async () => {
    const w = await approved({ held: true });
    const res = await call('GET', '/referral/api/v1/rewards', w.a.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      items: [{
        id: w.reward.id, referral_id: w.referral.id, deal_title: 'Rooftop solar', referee_name: 'Bina', state: 'approved',
        reason: 'order_placed', amount_inr: null, scratchable_at: expect.any(String), scratched: false, claimed_at: null,
      }],
      total: 1, page: 1, page_size: 20,
    });
    expect(await (await call('GET', '/referral/api/v1/rewards?page=2', w.a.cookie)).json()).toMatchObject({ items: [], total: 1, page: 2 });
    expect(await (await call('GET', '/referral/api/v1/rewards', w.b.cookie)).json()).toMatchObject({ items: [], total: 0 });
    expect((await call('GET', '/referral/api/v1/rewards', seed.viewer().cookie)).status).toBe(401);
    for (const q of ['?page=0', '?page=x', '?size=3']) {
      const bad = await call('GET', `/referral/api/v1/rewards${q}`, w.a.cookie);
      expect(bad.status).toBe(422);
      expect((await bad.json()).error.code).toBe('validation_failed');
    }
  });

  it('one reward for its referrer and staff; 404 for the referee, another user, an unknown or malformed id; 401 for a visitor', async () => {
    const w = await approved({ held: true });
    const staff = await seed.signedIn({ roles: staffRole });
    for (const who of [w.a, staff]) {
      const res = await call('GET', `/referral/api/v1/rewards/${w.reward.id}`, who.cookie);
      expect(res.status).toBe(200);
      expect((await res.json()).reward).toMatchObject({ id: w.reward.id, state: 'approved', amount_inr: null });
    }
    for (const [cookie, id] of [[w.b.cookie, w.reward.id], [(await seed.signedIn()).cookie, w.reward.id],
      [w.a.cookie, '00000000-0000-4000-8000-000000000000'], [w.a.cookie, 'not-a-uuid']]) {
      const res = await call('GET', `/referral/api/v1/rewards/${id}`, cookie);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    expect((await call('GET', `/referral/api/v1/rewards/${w.reward.id}`, seed.viewer().cookie)).status).toBe(401);
  });
});

describe('POST /referral/api/v1/scratch/{id}', () => {
  it('refuses before the hold passes with scratchable_at, then shows the amount once it has', async () => {
    const w = await approved({ held: true });
    const early = await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, w.a.cookie);
    expect(early.status).toBe(409);
    const e = await early.json();
    expect(e.error).toMatchObject({ code: 'not_scratchable', scratchable_at: w.reward.scratchable_at!.toISOString() });
    expect((await rewardOf(w.referral.id))!.scratched_at).toBeNull();

    await setReward(w.reward.id, { scratchable_at: new Date(Date.now() - 1000) });
    const res = await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, w.a.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).reward).toMatchObject({ state: 'approved', amount_inr: 7500, scratched: true });
    const at = (await rewardOf(w.referral.id))!.scratched_at;
    expect(at).not.toBeNull();
    // Again: the same card, scratched_at kept.
    expect((await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, w.a.cookie)).status).toBe(200);
    expect((await rewardOf(w.referral.id))!.scratched_at).toEqual(at);
  });

  it('refuses a reward that is not approved (scratchable_at null)', async () => {
    const w = await world();
    await acceptHook(w.referral.id);
    const r = (await rewardOf(w.referral.id))!;
    for (const state of ['pending', 'hold', 'canceled', 'fraud'] as const) {
      await setReward(r.id, { state, scratchable_at: new Date(Date.now() - DAY) });
      const res = await call('POST', `/referral/api/v1/scratch/${r.id}`, w.a.cookie);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'not_scratchable', scratchable_at: null });
      expect((await rewardOf(w.referral.id))!.scratched_at).toBeNull();
    }
  });

  it('the referee, staff and another user get 404; a visitor 401; a non-JSON post 415; nothing changes', async () => {
    const w = await approved();
    const staff = await seed.signedIn({ roles: staffRole });
    for (const who of [w.b, staff, await seed.signedIn()]) {
      const res = await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, who.cookie);
      expect(res.status).toBe(404);
    }
    expect((await call('POST', `/referral/api/v1/scratch/${w.reward.id}`, seed.viewer().cookie)).status).toBe(401);
    const plain = await api.request(`/referral/api/v1/scratch/${w.reward.id}`, { method: 'POST', headers: { cookie: w.a.cookie, 'content-type': 'text/plain' }, body: 'x' });
    expect(plain.status).toBe(415);
    expect((await rewardOf(w.referral.id))!.scratched_at).toBeNull();
  });
});

describe('POST /referral/api/v1/rewards/{id} (claim)', () => {
  const path = (id: string) => `/referral/api/v1/rewards/${id}`;

  it('claims a scratched reward to a UPI id once, with its audit row; the same key again answers the claim', async () => {
    const w = await scratched();
    const key = `claim-${uniqueTag()}`;
    const res = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha.k@okhdfc', claim_key: key });
    expect(res.status).toBe(200);
    const b = (await res.json()).reward;
    expect(b).toMatchObject({ state: 'claimed', reason: 'claimed', amount_inr: 7500, scratched: true, claimed_at: expect.any(String) });
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'claimed', claim_key: key, payout_vpa: 'asha.k@okhdfc' });
    expect((await rewardAudit(w.reward.id)).at(-1)).toMatchObject({ from_state: 'approved', to_state: 'claimed', reason: 'claimed', actor_user_id: w.a.user.id });

    const again = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha.k@okhdfc', claim_key: key });
    expect(again.status).toBe(200);
    expect((await again.json()).reward).toEqual(b);
    const other = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha.k@okhdfc', claim_key: `other-${uniqueTag()}` });
    expect(other.status).toBe(409);
    expect((await other.json()).error.code).toBe('already_claimed');
    expect((await rewardAudit(w.reward.id)).filter((m) => m.to_state === 'claimed')).toHaveLength(1);
  });

  it('ten claims at once with one key: all answer the one claim; one state change, one audit row', async () => {
    const w = await scratched();
    const key = `same-${uniqueTag()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha@upi', claim_key: key })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await rewardAudit(w.reward.id)).filter((m) => m.to_state === 'claimed')).toHaveLength(1);
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'claimed', claim_key: key });
  });

  it('ten claims at once with different keys: exactly one wins, the rest are already_claimed', async () => {
    const w = await scratched();
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}-${uniqueTag()}`);
    const answers = await Promise.all(keys.map((k) => call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha@upi', claim_key: k })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const r of answers.filter((a) => a.status === 409)) expect((await r.json()).error.code).toBe('already_claimed');
    const winner = keys[statuses.indexOf(200)];
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'claimed', claim_key: winner });
    expect((await rewardAudit(w.reward.id)).filter((m) => m.to_state === 'claimed')).toHaveLength(1);
  });

  it('refuses a reward not yet scratched, or not approved (not_claimable), and changes nothing', async () => {
    const w = await approved();
    for (const state of ['approved', 'pending', 'hold', 'canceled', 'fraud'] as const) {
      await setReward(w.reward.id, { state, scratched_at: state === 'approved' ? null : new Date() });
      const res = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha@upi', claim_key: `nc-${uniqueTag()}` });
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe('not_claimable');
      expect(await rewardOf(w.referral.id)).toMatchObject({ state, claim_key: null, claimed_at: null, payout_vpa: null });
    }
  });

  it('a UPI id must look like one (422 invalid_vpa); a claim key 8..64 url-safe characters (422)', async () => {
    const w = await scratched();
    for (const vpa of ['asha', 'a@1bank', '@okhdfc', 'a@okhdfc', 'asha@ok hdfc', `${'a'.repeat(95)}@okhdfc`, 'asha@@okhdfc']) {
      const res = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: vpa, claim_key: `ok-${uniqueTag()}` });
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe('invalid_vpa');
    }
    for (const body of [{ payout_vpa: 'asha@upi', claim_key: 'short' }, { payout_vpa: 'asha@upi', claim_key: 'has space in it' },
      { payout_vpa: 'asha@upi', claim_key: 'x'.repeat(65) }, { payout_vpa: 'asha@upi' }, { payout_vpa: 'asha@upi', claim_key: 'abcdefgh', extra: 1 }]) {
      const res = await call('POST', path(w.reward.id), w.a.cookie, body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    const big = await call('POST', path(w.reward.id), w.a.cookie, { payout_vpa: 'asha@upi', claim_key: 'abcdefgh', pad: 'x'.repeat(9000) });
    expect(big.status).toBe(413);
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'approved', claim_key: null });
  });

  it('the referee, staff and another user cannot claim A\'s reward (404); a visitor 401; nothing changes', async () => {
    const w = await scratched();
    const staff = await seed.signedIn({ roles: staffRole });
    for (const who of [w.b, staff, await seed.signedIn()]) {
      const res = await call('POST', path(w.reward.id), who.cookie, { payout_vpa: 'thief@upi', claim_key: `t-${uniqueTag()}` });
      expect(res.status).toBe(404);
    }
    expect((await call('POST', path(w.reward.id), seed.viewer().cookie, { payout_vpa: 'thief@upi', claim_key: `t-${uniqueTag()}` })).status).toBe(401);
    expect((await call('POST', path('nope'), w.a.cookie, { payout_vpa: 'asha@upi', claim_key: `t-${uniqueTag()}` })).status).toBe(404);
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'approved', claim_key: null, payout_vpa: null });
  });

  it('a key that claimed another reward is refused (claim_key_used)', async () => {
    const w1 = await scratched();
    const w2 = await scratched();
    const key = `dup-${uniqueTag()}`;
    expect((await call('POST', path(w1.reward.id), w1.a.cookie, { payout_vpa: 'one@upi', claim_key: key })).status).toBe(200);
    const res = await call('POST', path(w2.reward.id), w2.a.cookie, { payout_vpa: 'two@upi', claim_key: key });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('claim_key_used');
    expect(await rewardOf(w2.referral.id)).toMatchObject({ state: 'approved', claim_key: null });
  });
});

describe('staff review', () => {
  async function held() {
    const tag = uniqueTag();
    const first = await world({ address: address(tag) });
    await acceptHook(first.referral.id);
    const c = await seed.signedIn({ name: 'Chetan Referrer' });
    const second = await rs.seedReferral({
      dealId: first.deal.id, referrerId: c.user.id, refereeId: null, refereePhone: seed.phone(), refereeName: 'Divya',
      state: 'accepted', address: address(tag).toUpperCase(),
    });
    await acceptHook(second.id);
    const reward = (await rewardOf(second.id))!;
    expect(reward.state).toBe('hold');
    return { c, referral: second, reward };
  }

  it('lists held rewards (the default) with the referrer and reason; other states by ?state=; 403 for others', async () => {
    const h = await held();
    const staff = await seed.signedIn({ roles: staffRole });
    const res = await call('GET', '/referral/api/v1/staff/rewards', staff.cookie);
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b).toMatchObject({ page: 1, page_size: 20 });
    expect(b.items).toContainEqual(expect.objectContaining({
      id: h.reward.id, state: 'hold', reason: 'household_duplicate', referee_name: 'Divya',
      referrer: { user_id: h.c.user.id, name: 'Chetan Referrer' }, amount_inr: null,
    }));
    const pending = await (await call('GET', '/referral/api/v1/staff/rewards?state=pending', staff.cookie)).json();
    expect(pending.items.every((i: { state: string }) => i.state === 'pending')).toBe(true);
    expect(pending.items.some((i: { id: string }) => i.id === h.reward.id)).toBe(false);
    const admin = await seed.signedIn({ roles: [{ role: 'ADMIN', topicId: null }] });
    expect((await call('GET', '/referral/api/v1/staff/rewards', admin.cookie)).status).toBe(200);
    const no = await call('GET', '/referral/api/v1/staff/rewards', h.c.cookie);
    expect(no.status).toBe(403);
    expect((await no.json()).error.message).toBe('Sorry. You are not authorized for this action!');
    expect((await call('GET', '/referral/api/v1/staff/rewards', seed.viewer().cookie)).status).toBe(401);
    expect((await call('GET', '/referral/api/v1/staff/rewards?state=lost', staff.cookie)).status).toBe(422);
  });

  it('hold -> approved: scratchable REWARD_HOLD_DAYS after the order was placed; audit with the note; the referrer is told', async () => {
    const h = await held();
    const staff = await seed.signedIn({ roles: staffRole });
    const ordered = new Date(Date.now() - 20 * DAY);
    await placeOrder(h.referral.id, ordered);
    const res = await call('POST', `/referral/api/v1/staff/rewards/${h.reward.id}`, staff.cookie, { to: 'approved', reason: 'Different flats, checked the bills' });
    expect(res.status).toBe(200);
    expect((await res.json()).reward).toMatchObject({ state: 'approved', reason: 'review_approved', referrer: { user_id: h.c.user.id } });
    const r = (await rewardOf(h.referral.id))!;
    expect(r.scratchable_at!.getTime()).toBe(ordered.getTime() + 14 * DAY);
    expect((await rewardAudit(r.id)).at(-1)).toMatchObject({
      from_state: 'hold', to_state: 'approved', reason: 'review_approved: Different flats, checked the bills', actor_user_id: staff.user.id,
    });
    expect((await notificationsOf(h.c.user.id)).at(-1)).toMatchObject({ key: 'rewardChanged', params: { state: 'approved', reason: 'review_approved' } });
    // The hold has passed: the referrer can scratch it now.
    expect((await call('POST', `/referral/api/v1/scratch/${r.id}`, h.c.cookie)).status).toBe(200);
  });

  it('hold -> approved before the order: not scratchable until the order is placed', async () => {
    const h = await held();
    const staff = await seed.signedIn({ roles: staffRole });
    expect((await call('POST', `/referral/api/v1/staff/rewards/${h.reward.id}`, staff.cookie, { to: 'approved', reason: 'Looks fine' })).status).toBe(200);
    expect((await rewardOf(h.referral.id))!).toMatchObject({ state: 'approved', scratchable_at: null });
    expect((await call('POST', `/referral/api/v1/scratch/${h.reward.id}`, h.c.cookie)).status).toBe(409);
    await placeOrder(h.referral.id);
    expect((await rewardOf(h.referral.id))!.scratchable_at).not.toBeNull();
  });

  it('hold -> fraud and hold -> pending; forbidden moves are 409 invalid_transition and change nothing', async () => {
    const staff = await seed.signedIn({ roles: staffRole });
    const h1 = await held();
    const fraud = await call('POST', `/referral/api/v1/staff/rewards/${h1.reward.id}`, staff.cookie, { to: 'fraud', reason: 'Same family, two phones' });
    expect(fraud.status).toBe(200);
    expect((await fraud.json()).reward).toMatchObject({ state: 'fraud', reason: 'review_fraud' });
    for (const to of ['approved', 'pending', 'fraud'] as const) {
      const res = await call('POST', `/referral/api/v1/staff/rewards/${h1.reward.id}`, staff.cookie, { to, reason: 'Second thoughts' });
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe('invalid_transition');
    }
    expect((await rewardOf(h1.referral.id))!.state).toBe('fraud');

    const h2 = await held();
    const back = await call('POST', `/referral/api/v1/staff/rewards/${h2.reward.id}`, staff.cookie, { to: 'pending', reason: 'Not the same house' });
    expect(back.status).toBe(200);
    expect((await back.json()).reward).toMatchObject({ state: 'pending', reason: 'deal_in_progress' });
    // pending -> pending and pending -> approved are not staff moves.
    for (const to of ['pending', 'approved'] as const) {
      expect((await call('POST', `/referral/api/v1/staff/rewards/${h2.reward.id}`, staff.cookie, { to, reason: 'Again please' })).status).toBe(409);
    }
    expect((await rewardAudit(h2.reward.id)).map((m) => m.to_state)).toEqual(['pending', 'hold', 'pending']);
  });

  it('claimed and canceled rewards cannot be reviewed; a canceled deal\'s held reward cannot be approved', async () => {
    const staff = await seed.signedIn({ roles: staffRole });
    const w = await scratched();
    await call('POST', `/referral/api/v1/rewards/${w.reward.id}`, w.a.cookie, { payout_vpa: 'asha@upi', claim_key: `c-${uniqueTag()}` });
    for (const to of ['fraud', 'approved', 'pending'] as const) {
      expect((await call('POST', `/referral/api/v1/staff/rewards/${w.reward.id}`, staff.cookie, { to, reason: 'Checking it' })).status).toBe(409);
    }
    expect((await rewardOf(w.referral.id))!.state).toBe('claimed');

    const h = await held();
    const { db } = await getDb();
    await db.update(referrals).set({ state: 'canceled' }).where(eq(referrals.id, h.referral.id));
    const res = await call('POST', `/referral/api/v1/staff/rewards/${h.reward.id}`, staff.cookie, { to: 'approved', reason: 'Checking it' });
    expect(res.status).toBe(409);
    expect((await rewardOf(h.referral.id))!.state).toBe('hold');
  });

  it('refuses non-staff (403), bad bodies (422), unknown ids (404), and changes nothing', async () => {
    const h = await held();
    const staff = await seed.signedIn({ roles: staffRole });
    const url = `/referral/api/v1/staff/rewards/${h.reward.id}`;
    const self = await call('POST', url, h.c.cookie, { to: 'approved', reason: 'Approve my own' });
    expect(self.status).toBe(403);
    expect((await call('POST', url, seed.viewer().cookie, { to: 'approved', reason: 'Approve it' })).status).toBe(401);
    for (const body of [{ to: 'claimed', reason: 'Paid it' }, { to: 'approved' }, { to: 'approved', reason: 'ok' }, { to: 'approved', reason: 'x'.repeat(501) }, { to: 'approved', reason: 'Fine here', x: 1 }]) {
      const res = await call('POST', url, staff.cookie, body);
      expect(res.status).toBe(422);
    }
    expect((await call('POST', '/referral/api/v1/staff/rewards/00000000-0000-4000-8000-000000000000', staff.cookie, { to: 'approved', reason: 'Approve it' })).status).toBe(404);
    expect((await call('POST', '/referral/api/v1/staff/rewards/nope', staff.cookie, { to: 'approved', reason: 'Approve it' })).status).toBe(404);
    expect((await rewardOf(h.referral.id))!.state).toBe('hold');
    expect(await rewardAudit(h.reward.id)).toHaveLength(2);
  });
});

describe('releaseRewards', () => {
  it('moves a referral whose hold has passed to claim_your_reward and tells the referrer once', async () => {
    const w = await approved();
    const waiting = await approved({ held: true });
    expect(await releaseRewards()).toBeGreaterThanOrEqual(1);
    const { db } = await getDb();
    const [moved] = await db.select().from(referrals).where(eq(referrals.id, w.referral.id));
    expect(moved.step).toBe('claim_your_reward');
    expect((await referralAudit(w.referral.id)).at(-1)).toMatchObject({
      what: 'step:claim_your_reward', from_value: 'order_placed', to_value: 'claim_your_reward', actor_kind: 'system', actor_user_id: null,
    });
    const told = (await notificationsOf(w.a.user.id)).filter((n) => n.key === 'rewardScratchable');
    expect(told).toEqual([expect.objectContaining({ params: { name: 'Bina' }, link: '/rewards' })]);

    // Idempotent: a second run moves and tells nothing more.
    await releaseRewards();
    expect((await referralAudit(w.referral.id)).filter((m) => m.what === 'step:claim_your_reward')).toHaveLength(1);
    expect((await notificationsOf(w.a.user.id)).filter((n) => n.key === 'rewardScratchable')).toHaveLength(1);

    // Still in its hold: untouched.
    const [still] = await db.select().from(referrals).where(eq(referrals.id, waiting.referral.id));
    expect(still.step).toBe('order_placed');
    expect(await notificationsOf(waiting.a.user.id)).toEqual([]);
    const [r] = await db.select().from(rewards).where(and(eq(rewards.id, w.reward.id)));
    expect(r.state).toBe('approved');
  });
});

describe('through the request and deal endpoints', () => {
  /** A sends B a request for a new deal; B accepts it with an address. */
  async function accepted(addr: string) {
    const deal = await rs.seedDeal({ reward_inr: 3000, title: 'Solar pump' });
    const a = await seed.signedIn({ name: 'Asha Referrer' });
    const b = await seed.signedIn({ name: 'Bina Referee' });
    const sent = await call('POST', '/referral/api/v1/referrer/send_request', a.cookie, {
      deal_id: deal.id, phone: b.user.phone, name: 'Bina', idempotency_key: `send-${uniqueTag()}`,
    });
    expect(sent.status).toBe(201);
    const requestId = (await sent.json()).request.id as string;
    const acc = await call('POST', '/referral/api/v1/request/action', b.cookie, { request_id: requestId, action: 'accept', address: addr });
    expect(acc.status).toBe(200);
    return { deal, a, b, requestId };
  }

  it('accept makes the pending reward; the steps to "order placed" approve it; after the hold A scratches and claims it once', async () => {
    const { a, b, requestId } = await accepted(address(uniqueTag()));
    const staff = await seed.signedIn({ roles: staffRole });
    const reward = (await rewardOf(requestId))!;
    expect(reward).toMatchObject({ state: 'pending', reason: 'deal_in_progress', amount_inr: 3000 });

    const steps: Array<[string, typeof a]> = [
      ['schedule_a_call', b], ['call_scheduled', staff], ['call_completed', staff], ['book_site_survey', b],
      ['site_survey_booked', staff], ['site_survey_completed', staff], ['place_an_order', b], ['order_placed', staff],
    ];
    for (const [to, who] of steps) {
      const res = await call('POST', `/referral/api/v1/deals/${requestId}/step`, who.cookie, { to });
      expect([to, res.status]).toEqual([to, 200]);
    }
    expect((await rewardOf(requestId))!).toMatchObject({ state: 'approved', reason: 'order_placed' });
    const early = await call('POST', `/referral/api/v1/scratch/${reward.id}`, a.cookie);
    expect(early.status).toBe(409);

    await setReward(reward.id, { scratchable_at: new Date(Date.now() - 1000) });
    await releaseRewards();
    const deal = await (await call('GET', `/referral/api/v1/deals/get/${requestId}`, a.cookie)).json();
    expect(deal.deal.request.step).toBe('claim_your_reward');
    expect((await notificationsOf(a.user.id)).filter((n) => n.key === 'rewardScratchable')).toHaveLength(1);

    const scratch = await call('POST', `/referral/api/v1/scratch/${reward.id}`, a.cookie);
    expect(scratch.status).toBe(200);
    expect((await scratch.json()).reward.amount_inr).toBe(3000);
    const claim = await call('POST', `/referral/api/v1/rewards/${reward.id}`, a.cookie, { payout_vpa: 'asha@okicici', claim_key: `e2e-${uniqueTag()}` });
    expect(claim.status).toBe(200);
    expect((await claim.json()).reward).toMatchObject({ state: 'claimed', amount_inr: 3000 });
    expect((await call('POST', `/referral/api/v1/rewards/${reward.id}`, b.cookie, { payout_vpa: 'bina@okicici', claim_key: `e2e-${uniqueTag()}` })).status).toBe(404);
  });

  it('a second household referral accepted through the endpoint is held; staff cancel of the first deal cancels its reward', async () => {
    const addr = address(uniqueTag());
    const first = await accepted(addr);
    const second = await accepted(addr.toLowerCase().replace('h.no.', 'house no'));
    expect((await rewardOf(second.requestId))!).toMatchObject({ state: 'hold', reason: 'household_duplicate' });
    expect((await rewardOf(first.requestId))!.state).toBe('pending');

    const staff = await seed.signedIn({ roles: staffRole });
    const cancel = await call('POST', `/referral/api/v1/deals/${first.requestId}/cancel`, staff.cookie, { reason: 'Customer moved away' });
    expect(cancel.status).toBe(200);
    expect((await rewardOf(first.requestId))!).toMatchObject({ state: 'canceled', reason: 'deal_canceled' });
  });
});
