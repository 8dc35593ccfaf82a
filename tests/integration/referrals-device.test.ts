import { afterEach, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import { ageOtpSends, signInTestKit } from '../fixtures/otp';
import { ReferralSeed } from '../fixtures/referrals';
import { rewardAudit, rewardOf } from '../fixtures/referrals-rewards';
import { CookieJar } from '../fixtures/cookie-jar';

/**
 * POST /referral/api/v1/request/action (accept) and the household rule's
 * device marks (docs/decisions/010 "Fairness"; lib/auth/device.ts): a
 * referral accepted on a browser its referrer signed in on is a
 * self-referral, also when the referee signed in there with another
 * number after the referrer logged out (logout renews the visitor id but
 * not the device mark). On another browser it is not.
 */
const api = buildApi();
const { seed, codes } = signInTestKit();
const rs = new ReferralSeed();
afterEach(() => rs.cleanup());

/** A browser that has opened the site once (it holds the visitor cookie the server issued). */
const browser = () => new CookieJar(seed.viewer().cookie);

async function send(jar: CookieJar, path: string, body?: unknown): Promise<Response> {
  return jar.keep(await api.request(path, {
    method: 'POST', headers: { cookie: jar.header, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
}

/** Signs `phone` in by OTP on `jar`'s browser; the new user's id. */
async function signIn(jar: CookieJar, phone: string): Promise<string> {
  await ageOtpSends(phone, 61);
  expect((await send(jar, '/auth/api/v1/otp/initiate', { phone })).status).toBe(200);
  const res = await send(jar, '/auth/api/v1/otp/verify', { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true });
  expect(res.status).toBe(200);
  const userId = (await res.json()).user.userId as string;
  seed.trackUser(userId);
  return userId;
}

/** A pending referral (a deal of its own) from `referrerId` to the signed-up `refereeId`. */
async function referralTo(referrerId: string, refereeId: string, refereePhone: string) {
  const deal = await rs.seedDeal({ reward_inr: 6000 });
  return rs.seedReferral({ dealId: deal.id, referrerId, refereeId, refereePhone, state: 'pending' });
}

async function accept(jar: CookieJar, referralId: string): Promise<void> {
  const res = await send(jar, '/referral/api/v1/request/action', { request_id: referralId, action: 'accept' });
  expect(res.status).toBe(200);
}

describe('POST /referral/api/v1/request/action: a self-referral by device mark', () => {
  it('a second number signed in on the referrer\'s own browser after logout: the reward is canceled (self_referral: device)', async () => {
    const b = browser();
    const referrer = await signIn(b, seed.phone());
    expect((await send(b, '/auth/api/v1/logout')).status).toBe(204);
    const secondSim = seed.phone();
    const referee = await signIn(b, secondSim);
    const referral = await referralTo(referrer, referee, secondSim);
    await accept(b, referral.id);
    const reward = (await rewardOf(referral.id))!;
    expect(reward).toMatchObject({ state: 'canceled', reason: 'self_referral' });
    expect((await rewardAudit(reward.id)).map((m) => m.reason)).toEqual(['deal_in_progress', 'self_referral: device']);
  });

  it('accepted on the referrer\'s browser with a session made elsewhere: also a self-referral', async () => {
    const b = browser();
    const referrer = await signIn(b, seed.phone());
    expect((await send(b, '/auth/api/v1/logout')).status).toBe(204);
    const c = browser();
    const phone = seed.phone();
    const referee = await signIn(c, phone);
    // The referee's session, carried to browser B (which keeps its own visitor and mark).
    const onB = new CookieJar(`sr_vid=${b.get('sr_vid')}; sr_dev=${b.get('sr_dev')}; sr_sid=${c.get('sr_sid')}`);
    const referral = await referralTo(referrer, referee, phone);
    await accept(onB, referral.id);
    expect(await rewardOf(referral.id)).toMatchObject({ state: 'canceled', reason: 'self_referral' });
  });

  it('a referee on another browser is not a self-referral: the reward stays pending', async () => {
    const b = browser();
    const referrer = await signIn(b, seed.phone());
    expect((await send(b, '/auth/api/v1/logout')).status).toBe(204);
    const c = browser();
    const phone = seed.phone();
    const referee = await signIn(c, phone);
    expect(c.get('sr_dev')).not.toBe(b.get('sr_dev'));
    const referral = await referralTo(referrer, referee, phone);
    await accept(c, referral.id);
    expect(await rewardOf(referral.id)).toMatchObject({ state: 'pending', reason: 'deal_in_progress' });
  });
});
