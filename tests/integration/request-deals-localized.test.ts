import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { deals, referrals } from '@/lib/db/schema';
import { referralCodeOf } from '@/features/referrals/server/codes';
import { buildApi } from '@/server/api';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import { uniqueTag } from '../fixtures/referrals-rewards';

/**
 * Every Request's `deal` (inbox, outbox, get_request, referrer_list, the
 * send and accept answers, a DealView's `request`, done_deals) carries the
 * deal's texts in the asker's language (docs/decisions/025; docs/api/referrals.md
 * "Request"): `?lang=hi|he`, else the NEXT_LOCALE cookie, else
 * Accept-Language; each text without a translation (absent or blank) is the
 * English one. Another `lang` is the validator's 422 and changes nothing.
 * Runs on PGlite and on PostgreSQL.
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

type Texts = { title: string; ribbon: string | null; description: string; terms: string };
const EN: Texts = { title: 'Rooftop solar', ribbon: 'NEW', description: 'A test deal', terms: 'Test terms' };
const HI: Texts = { title: 'छत पर सोलर', ribbon: 'नया', description: 'घर की छत पर सोलर', terms: 'शर्तें लागू' };
/** Hinglish has a title and description only (its terms are blank): ribbon and terms fall back to English. */
const HE: Texts = { title: 'Chhat par solar', ribbon: EN.ribbon, description: 'Ghar ki chhat par solar', terms: EN.terms };

async function call(method: string, path: string, cookie: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await api.request(path, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...opts.headers },
    body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
  });
  return { status: res.status, body: await res.json() };
}

type RequestJson = { id: string; deal: Texts & { id: string } };
const textsOf = (r: RequestJson | undefined): Texts | undefined =>
  r && { title: r.deal.title, ribbon: r.deal.ribbon, description: r.deal.description, terms: r.deal.terms };

/** A deal with the English texts of EN, and with HI and HE as translations unless `plain`. */
async function seedDeal(plain = false) {
  const deal = await rs.seedDeal({
    title: EN.title,
    translations: plain ? {} : {
      hi: { title: HI.title, ribbon: HI.ribbon!, description: HI.description, terms: HI.terms },
      he: { title: HE.title, description: HE.description, terms: '  ' },
    },
  });
  const { db } = await getDb();
  await db.update(deals).set({ ribbon: EN.ribbon }).where(eq(deals.id, deal.id));
  return deal;
}

/**
 * A referrer A and a referee B; A's pending requests to B with the
 * translated deal (`pending`) and with a deal without translations
 * (`pendingPlain`); and accepted referrals of both deals whose order is
 * placed (`done`, `donePlain`).
 */
async function world() {
  const deal = await seedDeal();
  const plain = await seedDeal(true);
  const a = await seed.signedIn({ name: 'Asha Referrer' });
  const b = await seed.signedIn({ name: 'Bina Referee' });
  const base = { referrerId: a.user.id, refereeId: b.user.id, refereePhone: b.user.phone!, refereeName: 'Bina' };
  const pending = await rs.seedReferral({ ...base, dealId: deal.id });
  const pendingPlain = await rs.seedReferral({ ...base, dealId: plain.id });
  const placed = { state: 'accepted' as const, step: 'order_placed' as const, orderPlacedAt: new Date() };
  const done = await rs.seedReferral({ ...base, dealId: deal.id, ...placed });
  const donePlain = await rs.seedReferral({ ...base, dealId: plain.id, ...placed });
  return { deal, plain, a, b, pending, pendingPlain, done, donePlain };
}

describe('GET /referral/api/v1/inbox and GET /referral/api/v1/outbox', () => {
  it('answer each deal in ?lang, else the NEXT_LOCALE cookie, else Accept-Language, English where untranslated', async () => {
    const w = await world();
    const box = async (which: 'inbox' | 'outbox', q: string, cookie: string, headers: Record<string, string> = {}) => {
      const res = await call('GET', `${V1}/${which}${q}`, cookie, { headers });
      expect(res.status).toBe(200);
      const items = res.body.items as RequestJson[];
      return [w.pending.id, w.pendingPlain.id].map((id) => textsOf(items.find((r) => r.id === id)));
    };
    expect(await box('inbox', '?lang=hi', w.b.cookie)).toEqual([HI, EN]);
    expect(await box('inbox', '?page=1&lang=he', w.b.cookie)).toEqual([HE, EN]);
    expect(await box('outbox', '?lang=hi', w.a.cookie)).toEqual([HI, EN]);
    expect(await box('outbox', '', `${w.a.cookie}; NEXT_LOCALE=he`)).toEqual([HE, EN]);
    expect(await box('inbox', '', w.b.cookie, { 'accept-language': 'hi-IN,hi;q=0.9' })).toEqual([HI, EN]);
    expect(await box('inbox', '?lang=en', `${w.b.cookie}; NEXT_LOCALE=hi`)).toEqual([EN, EN]);
    expect(await box('outbox', '', w.a.cookie)).toEqual([EN, EN]);
  });
});

describe('GET /referral/api/v1/get_request', () => {
  it('answers the deal in the asker\'s language for either side and staff', async () => {
    const w = await world();
    const staff = await seed.signedIn({ roles: STAFF });
    const texts = async (id: string, q: string, cookie: string) => {
      const res = await call('GET', `${V1}/get_request?id=${id}${q}`, cookie);
      expect(res.status).toBe(200);
      return textsOf(res.body.request as RequestJson);
    };
    expect(await texts(w.pending.id, '&lang=hi', w.a.cookie)).toEqual(HI);
    expect(await texts(w.pending.id, '&lang=he', w.b.cookie)).toEqual(HE);
    expect(await texts(w.pending.id, '', `${staff.cookie}; NEXT_LOCALE=hi`)).toEqual(HI);
    expect(await texts(w.pending.id, '&lang=en', `${w.b.cookie}; NEXT_LOCALE=he`)).toEqual(EN);
    expect(await texts(w.pending.id, '', w.a.cookie)).toEqual(EN);
    for (const lang of ['hi', 'he']) expect(await texts(w.pendingPlain.id, `&lang=${lang}`, w.b.cookie)).toEqual(EN);
  });
});

describe('GET /referral/api/v1/referrer_list/{user_id}/{page}', () => {
  it('answers the deals in the asker\'s language', async () => {
    const w = await world();
    const list = async (q: string, cookie: string) => {
      const res = await call('GET', `${V1}/referrer_list/${w.a.user.id}/1${q}`, cookie);
      expect(res.status).toBe(200);
      const items = res.body.items as RequestJson[];
      return [w.pending.id, w.pendingPlain.id].map((id) => textsOf(items.find((r) => r.id === id)));
    };
    expect(await list('?lang=hi', w.a.cookie)).toEqual([HI, EN]);
    expect(await list('', `${w.a.cookie}; NEXT_LOCALE=he`)).toEqual([HE, EN]);
    expect(await list('', w.a.cookie)).toEqual([EN, EN]);
  });
});

describe('POST /referral/api/v1/referrer/send_request and POST /referral/api/v1/referee/send_request', () => {
  it('answer the new request\'s deal in the asker\'s language; the invite text keeps the body\'s lang', async () => {
    const deal = await seedDeal();
    const a = await seed.signedIn({ name: 'Asha Referrer' });
    const c = await seed.signedIn({ name: 'Chetan' });
    const send = { deal_id: deal.id, phone: c.user.phone, name: 'Chetan', idempotency_key: `k-${uniqueTag()}`, lang: 'en' };
    const first = await call('POST', `${V1}/referrer/send_request?lang=hi`, a.cookie, { body: send });
    expect(first.status).toBe(201);
    expect(textsOf(first.body.request)).toEqual(HI);
    // The invite goes to the friend in the body's language: the English title, not the asker's Hindi.
    expect(first.body.invite.text).toContain(EN.title);
    expect(first.body.invite.text).not.toContain(HI.title);
    const again = await call('POST', `${V1}/referrer/send_request`, `${a.cookie}; NEXT_LOCALE=he`, { body: send });
    expect(again.status).toBe(200);
    expect(again.body.request.id).toBe(first.body.request.id);
    expect(textsOf(again.body.request)).toEqual(HE);

    const d = await seed.signedIn({ name: 'Deepa' });
    const code = await referralCodeOf((await getDb()).db, a.user.id);
    const ask = { referrer_code: code, deal_id: deal.id, idempotency_key: `k-${uniqueTag()}` };
    const asked = await call('POST', `${V1}/referee/send_request?lang=he`, d.cookie, { body: ask });
    expect(asked.status).toBe(201);
    expect(textsOf(asked.body.request)).toEqual(HE);
    const askedAgain = await call('POST', `${V1}/referee/send_request`, d.cookie, { body: ask, headers: { 'accept-language': 'hi-IN' } });
    expect(askedAgain.status).toBe(200);
    expect(textsOf(askedAgain.body.request)).toEqual(HI);
  });
});

describe('POST /referral/api/v1/request/action', () => {
  it('answers the accepted and the declined request with the deal in the asker\'s language', async () => {
    const w = await world();
    const accepted = await call('POST', `${V1}/request/action?lang=he`, w.b.cookie, { body: { request_id: w.pending.id, action: 'accept' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.request).toMatchObject({ id: w.pending.id, state: 'accepted' });
    expect(textsOf(accepted.body.request)).toEqual(HE);
    const declined = await call('POST', `${V1}/request/action`, `${w.b.cookie}; NEXT_LOCALE=hi`, {
      body: { request_id: w.pendingPlain.id, action: 'decline' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.request).toMatchObject({ id: w.pendingPlain.id, state: 'declined' });
    expect(textsOf(declined.body.request)).toEqual(EN);
  });
});

describe('GET /referral/api/v1/deals/get/{referral_id} and POST /referral/api/v1/deals/{referral_id}/step', () => {
  it('answer the deal view\'s request.deal in the asker\'s language, as its reward\'s title', async () => {
    const w = await world();
    const staff = await seed.signedIn({ roles: STAFF });
    const view = async (id: string, q: string, cookie: string) => {
      const res = await call('GET', `${V1}/deals/get/${id}${q}`, cookie);
      expect(res.status).toBe(200);
      return textsOf(res.body.deal.request as RequestJson);
    };
    expect(await view(w.done.id, '?lang=hi', w.a.cookie)).toEqual(HI);
    expect(await view(w.done.id, '', `${w.b.cookie}; NEXT_LOCALE=he`)).toEqual(HE);
    expect(await view(w.done.id, '?lang=en', `${staff.cookie}; NEXT_LOCALE=hi`)).toEqual(EN);
    expect(await view(w.done.id, '', w.b.cookie)).toEqual(EN);
    expect(await view(w.donePlain.id, '?lang=hi', w.a.cookie)).toEqual(EN);

    const early = await rs.seedReferral({
      dealId: w.deal.id, referrerId: w.a.user.id, refereeId: w.b.user.id, refereePhone: w.b.user.phone!, state: 'accepted',
    });
    const moved = await call('POST', `${V1}/deals/${early.id}/step?lang=hi`, w.b.cookie, { body: { to: 'schedule_a_call' } });
    expect(moved.status).toBe(200);
    expect(moved.body.deal.request).toMatchObject({ id: early.id, step: 'schedule_a_call' });
    expect(textsOf(moved.body.deal.request)).toEqual(HI);

    const staffList = await call('GET', `${V1}/staff/deals?step=order_placed&lang=he`, staff.cookie);
    const items = staffList.body.items as Array<{ request: RequestJson }>;
    expect([w.done.id, w.donePlain.id].map((id) => textsOf(items.find((d) => d.request.id === id)?.request))).toEqual([HE, EN]);
  });
});

describe('GET /referral/api/v1/done_deals/{user_id}', () => {
  it('answers each done deal in the asker\'s language, English where untranslated', async () => {
    const w = await world();
    const done = async (userId: string, q: string, cookie: string, headers: Record<string, string> = {}) => {
      const res = await call('GET', `${V1}/done_deals/${userId}${q}`, cookie, { headers });
      expect(res.status).toBe(200);
      const items = res.body.items as RequestJson[];
      expect(items.map((r) => r.id).sort()).toEqual([w.done.id, w.donePlain.id].sort());
      return [w.done.id, w.donePlain.id].map((id) => textsOf(items.find((r) => r.id === id)));
    };
    expect(await done(w.a.user.id, '?lang=hi', w.a.cookie)).toEqual([HI, EN]);
    expect(await done(w.b.user.id, '?lang=he', w.b.cookie)).toEqual([HE, EN]);
    expect(await done(w.b.user.id, '', `${w.b.cookie}; NEXT_LOCALE=hi`)).toEqual([HI, EN]);
    expect(await done(w.a.user.id, '', w.a.cookie, { 'accept-language': 'hi-IN,hi;q=0.9' })).toEqual([HI, EN]);
    expect(await done(w.a.user.id, '?lang=en', `${w.a.cookie}; NEXT_LOCALE=he`)).toEqual([EN, EN]);
  });
});

describe('an unknown lang', () => {
  it('is a 422 validation_failed naming lang on every route that answers a request, and changes nothing', async () => {
    const w = await world();
    const c = await seed.signedIn({ name: 'Chetan' });
    const code = await referralCodeOf((await getDb()).db, w.a.user.id);
    const cases: Array<[string, string, string, unknown?]> = [
      ['GET', `${V1}/inbox?lang=xx`, w.b.cookie],
      ['GET', `${V1}/outbox?page=1&lang=xx`, w.a.cookie],
      ['GET', `${V1}/get_request?id=${w.pending.id}&lang=xx`, w.a.cookie],
      ['GET', `${V1}/referrer_list/${w.a.user.id}/1?lang=xx`, w.a.cookie],
      ['GET', `${V1}/done_deals/${w.a.user.id}?lang=xx`, w.a.cookie],
      ['POST', `${V1}/request/action?lang=xx`, w.b.cookie, { request_id: w.pending.id, action: 'accept' }],
      ['POST', `${V1}/referrer/send_request?lang=xx`, w.a.cookie,
        { deal_id: w.deal.id, phone: c.user.phone, name: 'Chetan', idempotency_key: `k-${uniqueTag()}` }],
      ['POST', `${V1}/referee/send_request?lang=xx`, c.cookie, { referrer_code: code, deal_id: w.deal.id, idempotency_key: `k-${uniqueTag()}` }],
    ];
    for (const [method, path, cookie, body] of cases) {
      const res = await call(method, path, cookie, { body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body, `${method} ${path}`).toEqual({ error: { code: 'validation_failed', message: expect.stringMatching(/^lang: /) } });
    }
    const { db } = await getDb();
    expect((await db.select().from(referrals).where(eq(referrals.id, w.pending.id)))[0].state).toBe('pending');
    expect((await db.select({ n: count() }).from(referrals).where(eq(referrals.referee_phone, c.user.phone!)))[0].n).toBe(0);
  });
});
