import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { notifications, referralClicks, referralMoves, referrals, userDevices } from '@/lib/db/schema';
import { referralCodeOf } from '@/features/referrals/server/codes';
import { expireReferralRequests } from '@/features/referrals/server/requests';
import { onReferralSignIn } from '@/features/referrals/server/sign-in';
import { Seed, viewerIdFromSetCookie, visitorCookieFromSetCookie } from '../fixtures/seed';
import { captureOtpCodes, signInByOtp } from '../fixtures/otp';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * Referral requests (docs/api/referrals.md; docs/decisions/010
 * "Requests" and "Attribution"): sending to a phone with and without an
 * account, the referee asking an ambassador, idempotent sends, the
 * customers-only, self-referral, duplicate and velocity refusals, inbox and
 * outbox, answering, expiry, the share link's click and its attribution at
 * sign-in. Runs on PGlite and on PostgreSQL.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();

afterAll(async () => {
  await rs.cleanup();
  await seed.cleanup();
});

const V1 = '/referral/api/v1';

function post(path: string, cookie: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
function get(path: string, cookie?: string) {
  return api.request(path, { headers: cookie ? { cookie } : {} });
}
const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

async function referralCount(where: SQL) {
  const { db } = await getDb();
  return (await db.select({ n: count() }).from(referrals).where(where))[0].n;
}
async function movesOf(id: string) {
  const { db } = await getDb();
  return db.select().from(referralMoves).where(eq(referralMoves.referral_id, id)).orderBy(asc(referralMoves.id));
}
async function rowOf(id: string) {
  const { db } = await getDb();
  return (await db.select().from(referrals).where(eq(referrals.id, id)))[0];
}
async function notificationsOf(userId: string, key: string) {
  const { db } = await getDb();
  return db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.key, key)));
}

describe('referrer/send_request', () => {
  it('sends an open invite to a phone without an account, with the WhatsApp invite', async () => {
    const deal = await rs.seedDeal({ title: 'Rooftop 3 kW' });
    const me = await seed.signedIn({ name: 'Asha Verma' });
    const phone = seed.phone();
    const res = await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: phone.slice(3), name: 'Ravi', idempotency_key: key(),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.request).toMatchObject({
      state: 'open', status: 'OPEN_REQUEST', side: 'sender', initiated_by: 'referrer', step: null,
      referrer: { user_id: me.user.id, name: 'Asha Verma' }, referee: { user_id: null, name: 'Ravi', phone },
      deal: { id: deal.id, url_id: deal.url_id, title: 'Rooftop 3 kW' },
    });
    const code = await referralCodeOf((await getDb()).db, me.user.id);
    expect(body.invite.share_url).toBe(`http://localhost/r/${code}?deal=${deal.url_id}`);
    expect(body.invite.text).toContain('Asha Verma');
    expect(body.invite.text).toContain('Rooftop 3 kW');
    expect(body.invite.text).toContain('Asha Verma has invited you');
    expect(body.invite.text).toContain('₹78,000');
    expect(body.invite.text.endsWith(body.invite.share_url)).toBe(true);
    expect(body.invite.text).toContain(body.invite.share_url);
    expect(body.invite.wa_url).toBe(`https://wa.me/${phone.slice(1)}?text=${encodeURIComponent(body.invite.text)}`);
    const moves = await movesOf(body.request.id);
    expect(moves.map((m) => m.what)).toEqual(['state:open']);
  });

  it('writes the invite text in the language asked for', async () => {
    const deal = await rs.seedDeal({ title: 'Solar Hindi' });
    const me = await seed.signedIn({ name: 'Asha' });
    const res = await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: seed.phone(), name: 'Ravi', idempotency_key: key(), lang: 'hi',
    });
    expect(res.status).toBe(201);
    expect((await res.json()).invite.text).toContain('आमंत्रित');
  });

  it('a referrer without a name invites as "Your friend" in every language, never with a blank', async () => {
    const deal = await rs.seedDeal({ title: 'Rooftop 3 kW' });
    const me = await seed.signedIn({ name: '' });
    const send = async (lang: string) => (await (await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: seed.phone(), name: 'Ravi', idempotency_key: key(), lang,
    })).json()).invite as { text: string; share_url: string };
    const inv = { en: await send('en'), hi: await send('hi'), he: await send('he') };
    expect(inv.en.text.startsWith('Your friend has invited you to get rooftop solar for your home.')).toBe(true);
    expect(inv.hi.text.startsWith('आपके दोस्त ने आपको')).toBe(true);
    expect(inv.he.text.startsWith('Aapke dost ne aapko')).toBe(true);
    for (const i of Object.values(inv)) {
      expect(i.text).toContain('Rooftop 3 kW');
      expect(i.text.endsWith(i.share_url)).toBe(true);
    }
  });

  it("writes the deal's title into the invite in the invite's language", async () => {
    const deal = await rs.seedDeal({ title: 'Solar for homes', translations: { hi: { title: 'घरों के लिए सोलर' } } });
    const me = await seed.signedIn({ name: 'Asha' });
    const send = async (lang: string) => (await (await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: seed.phone(), name: 'Ravi', idempotency_key: key(), lang,
    })).json()).invite.text as string;
    expect(await send('hi')).toContain('घरों के लिए सोलर');
    expect(await send('en')).toContain('Solar for homes');
    expect(await send('he')).toContain('Solar for homes');
  });

  it("tells the receiver the deal's title in every language it has, to be read in theirs", async () => {
    const deal = await rs.seedDeal({ title: 'Solar for homes', translations: { hi: { title: 'घरों के लिए सोलर' }, he: { title: '' } } });
    const me = await seed.signedIn({ name: 'Sender Two' });
    const them = await seed.signedIn({ name: 'Receiver Two' });
    const res = await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key(),
    });
    expect(res.status).toBe(201);
    const [received] = await notificationsOf(them.user.id, 'referralReceived');
    // A blank translation is no translation: a Hinglish reader gets the English title.
    expect(received.params).toEqual({ name: 'Sender Two', deal: 'Solar for homes', 'deal@hi': 'घरों के लिए सोलर' });
  });

  it('sends a pending request to a phone that has an account, and the receiver is told', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn({ name: 'Sender One' });
    const them = await seed.signedIn({ name: 'Receiver One' });
    const res = await post(`${V1}/referrer/send_request`, me.cookie, {
      deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key(),
    });
    expect(res.status).toBe(201);
    const { request } = await res.json();
    // The sender reads the name they typed, never the account's own (which would tell them who has this number).
    expect(request).toMatchObject({ state: 'pending', status: 'SENT', referee: { user_id: them.user.id, name: 'R' } });
    expect((await movesOf(request.id)).map((m) => [m.what, m.actor_kind])).toEqual([
      ['state:pending', 'referrer'], ['step:received_request', 'system'],
    ]);
    const received = await notificationsOf(them.user.id, 'referralReceived');
    expect(received).toHaveLength(1);
    expect(received[0].params).toMatchObject({ name: 'Sender One', deal: deal.title });

    const inbox = await (await get(`${V1}/inbox`, them.cookie)).json();
    expect(inbox).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(inbox.items[0]).toMatchObject({ id: request.id, side: 'receiver', status: 'RECEIVED', referee: { name: 'Receiver One' } });
    const outbox = await (await get(`${V1}/outbox?page=1`, me.cookie)).json();
    expect(outbox.items.map((i: { id: string; referee: { name: string } }) => [i.id, i.referee.name])).toEqual([[request.id, 'R']]);
    expect((await (await get(`${V1}/inbox`, me.cookie)).json()).total).toBe(0);
  });

  it('answers a resend with the same key with the first request (200), once', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const k = key();
    const b = { deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: k };
    const first = await post(`${V1}/referrer/send_request`, me.cookie, b);
    expect(first.status).toBe(201);
    const again = await post(`${V1}/referrer/send_request`, me.cookie, b);
    expect(again.status).toBe(200);
    const [a, c] = [await first.json(), await again.json()];
    expect(c.request.id).toBe(a.request.id);
    expect(c.invite).toEqual(a.invite);
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(1);
  });

  it('two sends with one key at the same moment make one request (201 and 200)', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const b = { deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: key() };
    const [x, y] = await Promise.all([post(`${V1}/referrer/send_request`, me.cookie, b), post(`${V1}/referrer/send_request`, me.cookie, b)]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect((await x.json()).request.id).toBe((await y.json()).request.id);
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(1);
  });

  it('refuses bad inputs and callers, changing nothing', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const ok = { deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: key() };
    const cases: Array<[unknown, number, string]> = [
      [{ ...ok, phone: '12345' }, 422, 'invalid_phone'],
      [{ ...ok, phone: undefined }, 422, 'validation_failed'],
      [{ ...ok, extra: 1 }, 422, 'validation_failed'],
      [{ ...ok, idempotency_key: 'short' }, 422, 'validation_failed'],
      [{ ...ok, lang: 'fr' }, 422, 'validation_failed'],
      [{ ...ok, deal_id: 'not-a-uuid' }, 404, 'not_found'],
      [{ ...ok, deal_id: '00000000-0000-4000-8000-000000000000' }, 404, 'not_found'],
      [{ ...ok, name: 'x'.repeat(9000) }, 413, 'payload_too_large'],
    ];
    for (const [b, status, code] of cases) {
      const res = await post(`${V1}/referrer/send_request`, me.cookie, b);
      expect(res.status, JSON.stringify(b).slice(0, 80)).toBe(status);
      expect((await res.json()).error.code).toBe(code);
    }
    const form = await api.request(`${V1}/referrer/send_request`, {
      method: 'POST', headers: { cookie: me.cookie, 'content-type': 'text/plain' }, body: JSON.stringify(ok),
    });
    expect(form.status).toBe(415);
    const visitor = seed.viewer();
    const asVisitor = await post(`${V1}/referrer/send_request`, visitor.cookie, ok);
    expect(asVisitor.status).toBe(401);
    expect((await asVisitor.json()).error.code).toBe('login_required');
    const fresh = await post(`${V1}/referrer/send_request`, undefined, ok);
    expect(fresh.status).toBe(401);
    expect((await fresh.json()).error.code).toBe('visitor_required');
    const viewer = viewerIdFromSetCookie(fresh);
    if (viewer) seed.track(viewer);
    const foreign = await post(`${V1}/referrer/send_request`, me.cookie, ok, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(0);
  });

  it('refuses a self-referral by phone (422 self_referral)', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const res = await post(`${V1}/referrer/send_request`, me.cookie, { deal_id: deal.id, phone: me.user.phone, name: 'Me', idempotency_key: key() });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('self_referral');
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(0);
  });

  it('refuses a customers-only deal to a sender who is not a registered customer (403), allows a customer', async () => {
    const deal = await rs.seedDeal({ customers_only: true });
    const me = await seed.signedIn();
    const b = () => ({ deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: key() });
    const res = await post(`${V1}/referrer/send_request`, me.cookie, b());
    expect(res.status).toBe(403);
    expect((await res.json()).error).toEqual({
      code: 'customers_only', message: 'This access is for UTL customers only. Redirecting you to other Deals meant for you.',
    });
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(0);
    await rs.seedCustomer({ phone: me.user.phone! });
    expect((await post(`${V1}/referrer/send_request`, me.cookie, b())).status).toBe(201);
  });

  it('refuses a phone already referred with the deal (409), and allows it again once declined', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const them = await seed.signedIn();
    const first = await post(`${V1}/referrer/send_request`, me.cookie, { deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key() });
    expect(first.status).toBe(201);
    const dup = await post(`${V1}/referrer/send_request`, other.cookie, { deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key() });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.code).toBe('already_referred');
    const declined = await post(`${V1}/request/action`, them.cookie, { request_id: (await first.json()).request.id, action: 'decline' });
    expect(declined.status).toBe(200);
    const again = await post(`${V1}/referrer/send_request`, other.cookie, { deal_id: deal.id, phone: them.user.phone, name: 'R', idempotency_key: key() });
    expect(again.status).toBe(201);
  });

  it('refuses more than REFERRAL_SENDS_PER_HOUR sends in an hour (429 with Retry-After), counted in the database', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    for (let i = 0; i < 19; i++) {
      await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: seed.phone(), state: 'open', createdAt: new Date(Date.now() - 30 * 60_000) });
    }
    // Requests made by attribution at someone's sign-in are not the referrer's sends; older sends are out of the hour.
    for (let i = 0; i < 3; i++) {
      await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: seed.phone(), idempotencyKey: `attribution/${i}-${key()}` });
      await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: seed.phone(), createdAt: new Date(Date.now() - 61 * 60_000) });
    }
    const twentieth = await post(`${V1}/referrer/send_request`, me.cookie, { deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: key() });
    expect(twentieth.status).toBe(201);
    const res = await post(`${V1}/referrer/send_request`, me.cookie, { deal_id: deal.id, phone: seed.phone(), name: 'R', idempotency_key: key() });
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('referral_velocity');
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(29 * 60);
    expect(retry).toBeLessThanOrEqual(30 * 60 + 1);
    expect(await referralCount(eq(referrals.referrer_user_id, me.user.id))).toBe(26);
  });
});

describe('referee/send_request', () => {
  it('asks an ambassador by code: a pending request the ambassador answers', async () => {
    const deal = await rs.seedDeal();
    const amb = await seed.signedIn({ name: 'Ambassador' });
    const me = await seed.signedIn({ name: 'Asker' });
    const code = await referralCodeOf((await getDb()).db, amb.user.id);
    const k = key();
    const res = await post(`${V1}/referee/send_request`, me.cookie, { referrer_code: code.toLowerCase(), deal_id: deal.id, idempotency_key: k });
    expect(res.status).toBe(201);
    const { request } = await res.json();
    expect(request).toMatchObject({
      state: 'pending', status: 'SENT', side: 'sender', initiated_by: 'referee',
      referrer: { user_id: amb.user.id }, referee: { user_id: me.user.id, phone: me.user.phone },
    });
    const again = await post(`${V1}/referee/send_request`, me.cookie, { referrer_code: code, deal_id: deal.id, idempotency_key: k });
    expect(again.status).toBe(200);
    expect((await again.json()).request.id).toBe(request.id);
    expect((await notificationsOf(amb.user.id, 'referralReceived'))).toHaveLength(1);
    const inbox = await (await get(`${V1}/inbox`, amb.cookie)).json();
    expect(inbox.items[0]).toMatchObject({ id: request.id, side: 'receiver', status: 'RECEIVED' });
    // The asker cannot accept their own request; the ambassador can.
    expect((await post(`${V1}/request/action`, me.cookie, { request_id: request.id, action: 'accept' })).status).toBe(403);
    const acc = await post(`${V1}/request/action`, amb.cookie, { request_id: request.id, action: 'accept' });
    expect(acc.status).toBe(200);
    expect((await acc.json()).request).toMatchObject({ state: 'accepted', step: 'deal_accepted', status: 'RECEIVED_ACCEPTED' });
    expect((await notificationsOf(me.user.id, 'referralAccepted'))).toHaveLength(1);
  });

  it('refuses an unknown code (404), one\'s own code (422), bad input (422) and a visitor (401)', async () => {
    const deal = await rs.seedDeal();
    const me = await seed.signedIn();
    const own = await referralCodeOf((await getDb()).db, me.user.id);
    const unknown = await post(`${V1}/referee/send_request`, me.cookie, { referrer_code: 'ZZZZZZZZ', deal_id: deal.id, idempotency_key: key() });
    expect(unknown.status).toBe(404);
    const self = await post(`${V1}/referee/send_request`, me.cookie, { referrer_code: own, deal_id: deal.id, idempotency_key: key() });
    expect(self.status).toBe(422);
    expect((await self.json()).error.code).toBe('self_referral');
    expect((await post(`${V1}/referee/send_request`, me.cookie, { referrer_code: own, deal_id: deal.id })).status).toBe(422);
    expect((await post(`${V1}/referee/send_request`, seed.viewer().cookie, { referrer_code: own, deal_id: deal.id, idempotency_key: key() })).status).toBe(401);
    expect(await referralCount(eq(referrals.referee_user_id, me.user.id))).toBe(0);
  });
});

describe('request/action, get_request, referrer_list', () => {
  async function pendingPair() {
    const deal = await rs.seedDeal();
    const sender = await seed.signedIn({ name: 'Sender' });
    const receiver = await seed.signedIn({ name: 'Receiver' });
    const r = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: receiver.user.id, refereePhone: receiver.user.phone!, state: 'pending' });
    return { deal, sender, receiver, r };
  }

  it('accepts: state accepted, step deal_accepted, household kept normalised, audit rows, sender told', async () => {
    const { sender, receiver, r } = await pendingPair();
    const res = await post(`${V1}/request/action`, receiver.cookie, {
      request_id: r.id, action: 'accept', consumer_number: ' 12-345 /67ab ', address: 'H.No. 12, MG Rd, Sec-4, Gurgaon 122001',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).request).toMatchObject({ state: 'accepted', step: 'deal_accepted', status: 'RECEIVED_ACCEPTED', side: 'receiver' });
    const row = await rowOf(r.id);
    expect(row.referee_consumer_number).toBe('1234567AB');
    expect(row.referee_address_key).toBe('house 12 mg road sector 4 gurgaon 122001');
    expect(row.answered_at).not.toBeNull();
    expect((await movesOf(r.id)).map((m) => [m.what, m.actor_kind])).toEqual([['state:accepted', 'referee'], ['step:deal_accepted', 'referee']]);
    expect(await notificationsOf(sender.user.id, 'referralAccepted')).toHaveLength(1);
    const seen = await (await get(`${V1}/get_request?id=${r.id}`, sender.cookie)).json();
    expect(seen.request).toMatchObject({ status: 'SENT_ACCEPTED', side: 'sender' });
    // Twice: 409; a cancel by the sender of an accepted request: 409.
    const twice = await post(`${V1}/request/action`, receiver.cookie, { request_id: r.id, action: 'accept' });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe('invalid_transition');
    expect((await post(`${V1}/request/action`, sender.cookie, { request_id: r.id, action: 'cancel' })).status).toBe(409);
  });

  it('declines (sender told) and cancels (by the sender only)', async () => {
    const a = await pendingPair();
    expect((await post(`${V1}/request/action`, a.sender.cookie, { request_id: a.r.id, action: 'decline' })).status).toBe(403);
    const dec = await post(`${V1}/request/action`, a.receiver.cookie, { request_id: a.r.id, action: 'decline' });
    expect((await dec.json()).request).toMatchObject({ state: 'declined', status: 'RECEIVED_NOT_ACCEPTED' });
    expect(await notificationsOf(a.sender.user.id, 'referralDeclined')).toHaveLength(1);
    const b = await pendingPair();
    expect((await post(`${V1}/request/action`, b.receiver.cookie, { request_id: b.r.id, action: 'cancel' })).status).toBe(403);
    const can = await post(`${V1}/request/action`, b.sender.cookie, { request_id: b.r.id, action: 'cancel' });
    expect((await can.json()).request).toMatchObject({ state: 'canceled', status: 'EXPIRED' });
    expect((await movesOf(b.r.id)).map((m) => m.what)).toEqual(['state:canceled']);
  });

  it('refuses strangers (404), visitors (401), bad ids and bodies, changing nothing', async () => {
    const { r } = await pendingPair();
    const stranger = await seed.signedIn();
    for (const action of ['accept', 'decline', 'cancel']) {
      expect((await post(`${V1}/request/action`, stranger.cookie, { request_id: r.id, action })).status).toBe(404);
    }
    expect((await post(`${V1}/request/action`, seed.viewer().cookie, { request_id: r.id, action: 'accept' })).status).toBe(401);
    expect((await post(`${V1}/request/action`, stranger.cookie, { request_id: 'nope', action: 'accept' })).status).toBe(404);
    expect((await post(`${V1}/request/action`, stranger.cookie, { request_id: r.id, action: 'approve' })).status).toBe(422);
    expect((await get(`${V1}/get_request?id=${r.id}`, stranger.cookie)).status).toBe(404);
    expect((await get(`${V1}/get_request?id=nope`, stranger.cookie)).status).toBe(404);
    expect((await get(`${V1}/get_request`, stranger.cookie)).status).toBe(422);
    expect((await get(`${V1}/get_request?id=${r.id}`)).status).toBe(401);
    const staff = await seed.signedIn({ roles: [{ role: 'STAFF', topicId: null }] });
    expect((await get(`${V1}/get_request?id=${r.id}`, staff.cookie)).status).toBe(200);
    expect((await rowOf(r.id)).state).toBe('pending');
    expect(await movesOf(r.id)).toHaveLength(0);
  });

  it('lists a user\'s referrals as referrer for them and staff only', async () => {
    const { sender, receiver, r } = await pendingPair();
    const list = await (await get(`${V1}/referrer_list/${sender.user.id}/1`, sender.cookie)).json();
    expect(list).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(list.items[0]).toMatchObject({ id: r.id, side: 'sender', status: 'SENT' });
    expect((await get(`${V1}/referrer_list/${sender.user.id}/1`, receiver.cookie)).status).toBe(403);
    const staff = await seed.signedIn({ roles: [{ role: 'STAFF', topicId: null }] });
    expect((await get(`${V1}/referrer_list/${sender.user.id}/1`, staff.cookie)).status).toBe(200);
    expect((await get(`${V1}/referrer_list/nope/1`, sender.cookie)).status).toBe(404);
    expect((await get(`${V1}/referrer_list/${sender.user.id}/0`, sender.cookie)).status).toBe(422);
    expect((await get(`${V1}/referrer_list/${sender.user.id}/1`)).status).toBe(401);
    expect((await get(`${V1}/inbox?page=0`, sender.cookie)).status).toBe(422);
  });
});

describe('expiry', () => {
  it('marks a request past expires_at expired on read, refuses answering it (410), and the job expires the rest', async () => {
    const deal = await rs.seedDeal();
    const sender = await seed.signedIn();
    const receiver = await seed.signedIn();
    const past = new Date(Date.now() - 60_000);
    const a = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: receiver.user.id, refereePhone: receiver.user.phone!, expiresAt: past });
    const b = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: receiver.user.id, refereePhone: receiver.user.phone!, expiresAt: past });
    const c = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: null, refereePhone: seed.phone(), state: 'open', expiresAt: past });
    const seen = await (await get(`${V1}/get_request?id=${a.id}`, receiver.cookie)).json();
    expect(seen.request).toMatchObject({ state: 'expired', status: 'EXPIRED' });
    expect((await rowOf(a.id)).state).toBe('expired');
    expect((await movesOf(a.id)).map((m) => [m.what, m.actor_kind])).toEqual([['state:expired', 'system']]);

    const late = await post(`${V1}/request/action`, receiver.cookie, { request_id: a.id, action: 'accept' });
    expect(late.status).toBe(410);
    expect((await late.json()).error.code).toBe('request_expired');
    expect(await expireReferralRequests()).toBeGreaterThanOrEqual(2);
    expect((await rowOf(b.id)).state).toBe('expired');
    expect((await rowOf(c.id)).state).toBe('expired');
    expect((await movesOf(c.id)).map((m) => m.what)).toEqual(['state:expired']);
  });

  it('answers 410 request_expired to an answer that comes after the time is up', async () => {
    const deal = await rs.seedDeal();
    const sender = await seed.signedIn();
    const receiver = await seed.signedIn();
    const r = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: receiver.user.id, refereePhone: receiver.user.phone! });
    const { db } = await getDb();
    await db.update(referrals).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(referrals.id, r.id));
    // The row lock path: the read inside the action sees it due.
    const res = await post(`${V1}/request/action`, receiver.cookie, { request_id: r.id, action: 'accept' });
    expect(res.status).toBe(410);
    expect((await rowOf(r.id)).state).toBe('expired');
    expect(await notificationsOf(sender.user.id, 'referralAccepted')).toHaveLength(0);
  });

  it('inbox marks the requests it meets expired', async () => {
    const deal = await rs.seedDeal();
    const sender = await seed.signedIn();
    const receiver = await seed.signedIn();
    const r = await rs.seedReferral({ dealId: deal.id, referrerId: sender.user.id, refereeId: receiver.user.id, refereePhone: receiver.user.phone!, expiresAt: new Date(Date.now() - 1000) });
    const inbox = await (await get(`${V1}/inbox`, receiver.cookie)).json();
    expect(inbox.items[0]).toMatchObject({ id: r.id, status: 'EXPIRED' });
  });
});

describe('attribution', () => {
  let codes: ReturnType<typeof captureOtpCodes>;
  beforeEach(() => {
    codes = captureOtpCodes();
  });
  afterEach(() => codes.restore());

  const signIn = (cookie: string, phone: string) => signInByOtp({ api, seed, codes }, cookie, phone);

  it('GET /r/{code} records the click with utm params and redirects to the invite page; an unknown code goes to its 404 invite page', async () => {
    const deal = await rs.seedDeal();
    const amb = await seed.signedIn();
    const code = await referralCodeOf((await getDb()).db, amb.user.id);
    const visitor = seed.viewer();
    const res = await get(`/r/${code}?deal=${deal.url_id}&utm_source=wa&utm_medium=${'m'.repeat(150)}&utm_evil=x`, visitor.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/invite/${code}?deal=${deal.url_id}`);
    const { db } = await getDb();
    const clicks = await db.select().from(referralClicks).where(eq(referralClicks.viewer_id, visitor.id));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ referrer_user_id: amb.user.id, deal_id: deal.id, utm: { utm_source: 'wa', utm_medium: 'm'.repeat(100) } });
    expect(Object.keys(clicks[0].utm).sort()).toEqual(['utm_medium', 'utm_source']);

    const plain = await get(`/r/${code.toLowerCase()}?deal=no-such-deal`, visitor.cookie);
    expect(plain.headers.get('location')).toBe(`/invite/${code}`);
    const unknown = await get('/r/ZZZZZZZZ', visitor.cookie);
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/invite/ZZZZZZZZ');
    const bad = await get('/r/%3Cscript%3E', visitor.cookie);
    expect(bad.headers.get('location')).toBe('/invite/%3CSCRIPT%3E');
    // The click without a deal is its own row; the unknown codes record nothing.
    expect(await db.select().from(referralClicks).where(eq(referralClicks.viewer_id, visitor.id))).toHaveLength(2);
  });

  it('a new visitor\'s click, then an OTP sign-in, makes a pending request from the referrer for the new user', async () => {
    const deal = await rs.seedDeal({ title: 'Attributed deal' });
    const amb = await seed.signedIn({ name: 'Amb' });
    const code = await referralCodeOf((await getDb()).db, amb.user.id);
    const click = await get(`/r/${code}?deal=${deal.url_id}`);
    expect(click.status).toBe(302);
    const vid = viewerIdFromSetCookie(click)!;
    expect(vid).toBeTruthy();
    seed.track(vid);
    const cookie = visitorCookieFromSetCookie(click)!;
    const phone = seed.phone();
    const { userId, session } = await signIn(cookie, phone);
    const { db } = await getDb();
    const rows = await db.select().from(referrals).where(eq(referrals.referee_user_id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referrer_user_id: amb.user.id, deal_id: deal.id, state: 'pending', initiated_by: 'referrer', referee_phone: phone });
    expect((await movesOf(rows[0].id)).map((m) => [m.what, m.actor_kind])).toEqual([['state:pending', 'system'], ['step:received_request', 'system']]);
    expect(await db.select().from(userDevices).where(and(eq(userDevices.user_id, userId), eq(userDevices.viewer_id, vid)))).toHaveLength(1);
    const inbox = await (await get(`${V1}/inbox`, `${session}; ${cookie}`)).json();
    expect(inbox.items[0]).toMatchObject({ id: rows[0].id, status: 'RECEIVED', referrer: { user_id: amb.user.id } });
  });

  it('a customers-only deal of a referrer who is not a customer falls back to a deal open to all; a click older than ATTRIBUTION_DAYS counts for nothing', async () => {
    const only = await rs.seedDeal({ customers_only: true });
    await rs.seedDeal({ sort_order: -1000 });
    const amb = await seed.signedIn();
    const code = await referralCodeOf((await getDb()).db, amb.user.id);
    const device = seed.viewer();
    await get(`/r/${code}?deal=${only.url_id}`, device.cookie);
    const { userId } = await signIn(device.cookie, seed.phone());
    const { db } = await getDb();
    const [row] = await db.select().from(referrals).where(eq(referrals.referee_user_id, userId));
    expect(row.referrer_user_id).toBe(amb.user.id);
    expect(row.deal_id).not.toBe(only.id);

    const old = seed.viewer();
    await db.insert(referralClicks).values({ referrer_user_id: amb.user.id, deal_id: only.id, viewer_id: old.id, clicked_at: new Date(Date.now() - 31 * 24 * 3600_000) });
    const late = await signIn(old.cookie, seed.phone());
    expect(await referralCount(eq(referrals.referee_user_id, late.userId))).toBe(0);
    await db.delete(referralClicks).where(eq(referralClicks.viewer_id, old.id));
  });

  it('a failure in the referral step of a sign-in is logged, never thrown', async () => {
    await expect(onReferralSignIn({ userId: '00000000-0000-4000-8000-000000000000', isNewUser: true, visitorId: 'nobody' })).resolves.toBeUndefined();
  });

  it('an open invite to a phone becomes a pending request when that phone signs in', async () => {
    const deal = await rs.seedDeal();
    const amb = await seed.signedIn({ name: 'Inviter' });
    const phone = seed.phone();
    const sent = await post(`${V1}/referrer/send_request`, amb.cookie, { deal_id: deal.id, phone, name: 'New', idempotency_key: key() });
    const { request } = await sent.json();
    expect(request.state).toBe('open');
    const device = seed.viewer();
    // The device also opened another ambassador's link: the invite to the phone wins, no second request.
    const other = await seed.signedIn();
    const otherCode = await referralCodeOf((await getDb()).db, other.user.id);
    expect((await get(`/r/${otherCode}?deal=${deal.url_id}`, device.cookie)).status).toBe(302);
    const { userId } = await signIn(device.cookie, phone);
    const row = await rowOf(request.id);
    expect(row).toMatchObject({ state: 'pending', referee_user_id: userId });
    expect((await movesOf(request.id)).map((m) => [m.what, m.actor_kind])).toEqual([
      ['state:open', 'referrer'], ['state:pending', 'system'], ['step:received_request', 'system'],
    ]);
    const told = await notificationsOf(userId, 'referralReceived');
    expect(told).toHaveLength(1);
    // No second, click-attributed request for this user.
    expect(await referralCount(eq(referrals.referee_user_id, userId))).toBe(1);
  });
});
