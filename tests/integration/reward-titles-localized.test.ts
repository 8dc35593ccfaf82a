import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { referralMoves } from '@/lib/db/schema';
import { buildApi } from '@/server/api';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import { acceptHook, placeOrder, rewardOf, setReward, uniqueTag } from '../fixtures/referrals-rewards';

/**
 * Rewards and deal views name the deal in the asker's language
 * (docs/decisions/025; docs/api/referrals.md "Reward"): `deal_title` is the
 * deal's Hindi or Hinglish title for `?lang=hi|he`, else for the NEXT_LOCALE
 * cookie, else for Accept-Language, and the English title for `en` and for a
 * deal without translations. Another `lang` is the one 422 of the validator.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
afterEach(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

const V1 = '/referral/api/v1';
const STAFF = [{ role: 'STAFF' as const, topicId: null }];
const EN = 'Rooftop solar';
const HI = 'छत पर सोलर';
const HE = 'Chhat par solar';
/** Long before any row another test makes: the staff lists (longest waiting first) show it on page 1. */
const LONG_AGO = new Date('2001-01-01T00:00:00Z');

async function call(method: string, path: string, cookie: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await api.request(path, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...opts.headers },
    body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * A deal (translated unless `plain`), a referrer A and a referee B, and A's
 * accepted referral of B whose order is placed, its reward approved with the
 * hold passed; the reward and the referral's last move dated LONG_AGO.
 */
async function world(opts: { plain?: boolean } = {}) {
  const deal = await rs.seedDeal({
    title: EN, reward_inr: 7500,
    translations: opts.plain ? {} : { hi: { title: HI, description: 'सोलर' }, he: { title: HE } },
  });
  const a = await seed.signedIn({ name: 'Asha Referrer' });
  const b = await seed.signedIn({ name: 'Bina Referee' });
  const referral = await rs.seedReferral({
    dealId: deal.id, referrerId: a.user.id, refereeId: b.user.id, refereePhone: b.user.phone!, refereeName: 'Bina',
    state: 'accepted', address: `H.No. 7, ${uniqueTag()} Rd, Pune 411001`, consumerNumber: `CN${uniqueTag()}`,
  });
  await acceptHook(referral.id);
  await placeOrder(referral.id);
  const reward = (await rewardOf(referral.id))!;
  expect(reward.state).toBe('approved');
  await setReward(reward.id, { scratchable_at: new Date(Date.now() - 60_000), updated_at: LONG_AGO });
  const { db } = await getDb();
  await db.insert(referralMoves).values({
    referral_id: referral.id, what: 'step:order_placed', from_value: 'deal_accepted', to_value: 'order_placed', actor_kind: 'staff', at: LONG_AGO,
  });
  return { deal, a, b, referral, reward };
}

type RewardJson = { id: string; deal_title: string };

describe('GET /referral/api/v1/rewards', () => {
  it('names the deal in ?lang, else the NEXT_LOCALE cookie, else Accept-Language, else English', async () => {
    const w = await world();
    const titleOf = async (q: string, cookie = w.a.cookie, headers: Record<string, string> = {}) => {
      const res = await call('GET', `${V1}/rewards${q}`, cookie, { headers });
      expect(res.status).toBe(200);
      return (res.body.items as RewardJson[]).find((r) => r.id === w.reward.id)?.deal_title;
    };
    expect(await titleOf('?lang=hi')).toBe(HI);
    expect(await titleOf('?page=1&lang=he')).toBe(HE);
    expect(await titleOf('?lang=en', `${w.a.cookie}; NEXT_LOCALE=hi`)).toBe(EN);
    expect(await titleOf('', `${w.a.cookie}; NEXT_LOCALE=hi`)).toBe(HI);
    expect(await titleOf('', `${w.a.cookie}; NEXT_LOCALE=he`, { 'accept-language': 'hi-IN,hi;q=0.9' })).toBe(HE);
    expect(await titleOf('', w.a.cookie, { 'accept-language': 'hi-IN,hi;q=0.9' })).toBe(HI);
    expect(await titleOf('')).toBe(EN);
  });

  it('answers English for a deal without translations in every language', async () => {
    const w = await world({ plain: true });
    for (const lang of ['en', 'hi', 'he']) {
      const res = await call('GET', `${V1}/rewards?lang=${lang}`, w.a.cookie);
      expect((res.body.items as RewardJson[]).find((r) => r.id === w.reward.id)?.deal_title).toBe(EN);
    }
  });
});

describe('GET /referral/api/v1/rewards/{id}', () => {
  it('names the deal in the asker\'s language', async () => {
    const w = await world();
    const titleOf = async (q: string, cookie = w.a.cookie) => {
      const res = await call('GET', `${V1}/rewards/${w.reward.id}${q}`, cookie);
      expect(res.status).toBe(200);
      return (res.body.reward as RewardJson).deal_title;
    };
    expect(await titleOf('?lang=hi')).toBe(HI);
    expect(await titleOf('?lang=he')).toBe(HE);
    expect(await titleOf('', `${w.a.cookie}; NEXT_LOCALE=hi`)).toBe(HI);
    expect(await titleOf('?lang=en', `${w.a.cookie}; NEXT_LOCALE=he`)).toBe(EN);
    expect(await titleOf('')).toBe(EN);
  });
});

describe('POST /referral/api/v1/scratch/{id} and POST /referral/api/v1/rewards/{id}', () => {
  it('answer the scratched and the claimed card with the deal in the asker\'s language', async () => {
    const w = await world();
    const scratch = await call('POST', `${V1}/scratch/${w.reward.id}?lang=he`, w.a.cookie);
    expect(scratch.status).toBe(200);
    expect(scratch.body.reward).toMatchObject({ id: w.reward.id, scratched: true, amount_inr: 7500, deal_title: HE });
    const again = await call('POST', `${V1}/scratch/${w.reward.id}`, `${w.a.cookie}; NEXT_LOCALE=hi`);
    expect(again.body.reward).toMatchObject({ scratched: true, deal_title: HI });
    const claim = await call('POST', `${V1}/rewards/${w.reward.id}?lang=hi`, w.a.cookie, {
      body: { payout_vpa: 'asha@okbank', claim_key: `claim-${uniqueTag()}` },
    });
    expect(claim.status).toBe(200);
    expect(claim.body.reward).toMatchObject({ state: 'claimed', deal_title: HI });
  });
});

describe('GET /referral/api/v1/staff/rewards and GET /referral/api/v1/staff/deals', () => {
  it('name the deal in the staff member\'s language', async () => {
    const w = await world();
    const plain = await world({ plain: true });
    const staff = await seed.signedIn({ roles: STAFF });
    const rewardTitles = async (q: string, cookie = staff.cookie) => {
      const res = await call('GET', `${V1}/staff/rewards?state=approved${q}`, cookie);
      expect(res.status).toBe(200);
      const items = res.body.items as RewardJson[];
      return [items.find((r) => r.id === w.reward.id)?.deal_title, items.find((r) => r.id === plain.reward.id)?.deal_title];
    };
    expect(await rewardTitles('&lang=hi')).toEqual([HI, EN]);
    expect(await rewardTitles('&lang=he')).toEqual([HE, EN]);
    expect(await rewardTitles('', `${staff.cookie}; NEXT_LOCALE=hi`)).toEqual([HI, EN]);
    expect(await rewardTitles('&lang=en', `${staff.cookie}; NEXT_LOCALE=hi`)).toEqual([EN, EN]);

    type DealJson = { request: { id: string }; reward: RewardJson | null };
    const dealTitles = async (q: string, cookie = staff.cookie) => {
      const res = await call('GET', `${V1}/staff/deals?step=order_placed${q}`, cookie);
      expect(res.status).toBe(200);
      const items = res.body.items as DealJson[];
      return [w.referral.id, plain.referral.id].map((id) => items.find((d) => d.request.id === id)?.reward?.deal_title);
    };
    expect(await dealTitles('&lang=hi')).toEqual([HI, EN]);
    expect(await dealTitles('', `${staff.cookie}; NEXT_LOCALE=he`)).toEqual([HE, EN]);
    expect(await dealTitles('&lang=en')).toEqual([EN, EN]);
  });
});

describe('GET /referral/api/v1/deals/get/{referral_id}', () => {
  it('names the reward\'s deal in the asker\'s language, for the referrer and staff', async () => {
    const w = await world();
    const staff = await seed.signedIn({ roles: STAFF });
    const titleOf = async (q: string, cookie: string) => {
      const res = await call('GET', `${V1}/deals/get/${w.referral.id}${q}`, cookie);
      expect(res.status).toBe(200);
      return (res.body.deal as { reward: RewardJson | null }).reward?.deal_title;
    };
    expect(await titleOf('?lang=hi', w.a.cookie)).toBe(HI);
    expect(await titleOf('?lang=he', w.a.cookie)).toBe(HE);
    expect(await titleOf('', `${w.a.cookie}; NEXT_LOCALE=hi`)).toBe(HI);
    expect(await titleOf('?lang=en', `${staff.cookie}; NEXT_LOCALE=hi`)).toBe(EN);
    expect(await titleOf('', staff.cookie)).toBe(EN);
  });
});

describe('an unknown lang', () => {
  it('is a 422 validation_failed naming lang on every route that answers a reward or a deal view', async () => {
    const w = await world();
    const staff = await seed.signedIn({ roles: STAFF });
    const cases: Array<[string, string, string, unknown?]> = [
      ['GET', `${V1}/rewards?lang=xx`, w.a.cookie],
      ['GET', `${V1}/rewards/${w.reward.id}?lang=xx`, w.a.cookie],
      ['POST', `${V1}/scratch/${w.reward.id}?lang=xx`, w.a.cookie],
      ['POST', `${V1}/rewards/${w.reward.id}?lang=xx`, w.a.cookie, { payout_vpa: 'asha@okbank', claim_key: `claim-${uniqueTag()}` }],
      ['GET', `${V1}/staff/rewards?lang=xx`, staff.cookie],
      ['POST', `${V1}/staff/rewards/${w.reward.id}?lang=xx`, staff.cookie, { to: 'fraud', reason: 'checking lang' }],
      ['GET', `${V1}/deals/get/${w.referral.id}?lang=xx`, w.a.cookie],
      ['POST', `${V1}/deals/${w.referral.id}/step?lang=xx`, staff.cookie, { to: 'claim_your_reward' }],
      ['POST', `${V1}/deals/${w.referral.id}/reminder?lang=xx`, w.a.cookie],
      ['POST', `${V1}/deals/${w.referral.id}/cancel?lang=xx`, staff.cookie, { reason: 'checking lang' }],
      ['GET', `${V1}/staff/deals?lang=xx`, staff.cookie],
    ];
    for (const [method, path, cookie, body] of cases) {
      const res = await call(method, path, cookie, { body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body, `${method} ${path}`).toEqual({ error: { code: 'validation_failed', message: expect.stringMatching(/^lang: /) } });
    }
    // Nothing moved: the reward is still approved and unscratched, the deal still at order_placed.
    expect(await rewardOf(w.referral.id)).toMatchObject({ state: 'approved', scratched_at: null });
    const deal = await call('GET', `${V1}/deals/get/${w.referral.id}`, w.a.cookie);
    expect(deal.body.deal.request).toMatchObject({ state: 'accepted', step: 'order_placed' });
  });
});
