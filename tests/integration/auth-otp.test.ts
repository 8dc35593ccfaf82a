import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { deviceUsers, otpLog, otpRequests, sessions, users } from '@/lib/db/schema';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { visitorToken } from '@/lib/auth/visitor';
import { deviceToken, newDeviceId } from '@/lib/auth/device';
import { createApiApp } from '@/lib/http/app';
import { setSingleton } from '@/lib/singleton';
import { authRoutes } from '@/features/auth/server/routes';
import { ageOtpSends, signInTestKit } from '../fixtures/otp';
import { sessionTokenFromSetCookie } from '../fixtures/seed';
import { CookieJar } from '../fixtures/cookie-jar';

/**
 * Phone OTP sign-in (docs/api/accounts.md "Phone OTP"): initiate, resend,
 * verify v1 and v2, every limit counted in the database, requests bound to
 * the device that asked (a stranger can neither use nor spoil the owner's),
 * and the answers that must not tell a registered number from an
 * unregistered one.
 */
const api = buildApi();
const { seed, codes } = signInTestKit();

function post(path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A random different 6-digit code than `right`. */
const wrongOf = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');


async function initiate(cookie: string, phone: string) {
  const res = await post('/auth/api/v1/otp/initiate', cookie, { phone });
  return { res, body: await res.json() };
}

describe('POST /auth/api/v1/otp/initiate', () => {
  it('sends a 6-digit code for a 10-digit number and for +91 E.164, and stores only its HMAC', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    const { res, body } = await initiate(v.cookie, phone.slice(3));
    expect(res.status).toBe(200);
    expect(body).toEqual({ request_id: expect.stringMatching(/^[0-9a-f-]{36}$/), expires_in_s: 300, resend_after_s: 60 });
    const code = codes.last(phone);
    expect(code).toMatch(/^\d{6}$/);
    const { db } = await getDb();
    const [row] = await db.select().from(otpRequests).where(eq(otpRequests.id, body.request_id));
    expect(row.phone).toBe(phone);
    expect(row.code_mac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
  });

  it('refuses what is not an Indian mobile with the SPEC message', async () => {
    const v = seed.viewer();
    for (const phone of ['12345', '+14155552671', '0000000000', 'abcdefghij', '+91 12345 67890', '']) {
      const res = await post('/auth/api/v1/otp/initiate', v.cookie, { phone });
      expect(res.status, phone).toBe(422);
      const b = await res.json();
      expect(b.error.code).toMatch(/invalid_phone|validation_failed/);
      if (b.error.code === 'invalid_phone') expect(b.error.message).toBe('Please enter valid Mobile Number');
    }
    expect((await post('/auth/api/v1/otp/initiate', v.cookie, { phone: 98765 })).status).toBe(422);
    expect((await post('/auth/api/v1/otp/initiate', v.cookie, { phone: '9876543210', extra: 1 })).status).toBe(422);
  });

  it('answers a registered and an unregistered number the same', async () => {
    const registered = await seed.signedIn();
    const v = seed.viewer();
    const other = seed.phone();
    const a = await initiate(v.cookie, registered.user.phone!);
    const b = await initiate(v.cookie, other);
    expect(a.res.status).toBe(b.res.status);
    expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
    expect({ ...a.body, request_id: 'x' }).toEqual({ ...b.body, request_id: 'x' });
    expect([...a.res.headers.keys()].sort()).toEqual([...b.res.headers.keys()].sort());
  });

  it('waits 60 s between sends to one phone from one device, then allows 5 an hour', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    expect((await initiate(v.cookie, phone)).res.status).toBe(200);
    const again = await initiate(v.cookie, phone);
    expect(again.res.status).toBe(429);
    expect(again.body.error.code).toBe('otp_resend_wait');
    expect(Number(again.res.headers.get('retry-after'))).toBeGreaterThan(50);
    for (let i = 2; i <= 5; i++) {
      await ageOtpSends(phone, 61);
      expect((await initiate(v.cookie, phone)).res.status, `send ${i}`).toBe(200);
    }
    await ageOtpSends(phone, 61);
    const sixth = await initiate(v.cookie, phone);
    expect(sixth.res.status).toBe(429);
    expect(sixth.body.error.code).toBe('otp_send_limit');
  });

  it('allows 10 sends a day per device and phone', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    for (let i = 1; i <= 10; i++) {
      expect((await initiate(v.cookie, phone)).res.status, `send ${i}`).toBe(200);
      await ageOtpSends(phone, 15 * 60); // four an hour: under the hourly limit
    }
    const eleventh = await initiate(v.cookie, phone);
    expect(eleventh.res.status).toBe(429);
    expect(eleventh.body.error.code).toBe('otp_send_limit');
  });

  it('needs a visitor the server issued and this site as Origin', async () => {
    const phone = seed.phone();
    const anon = await api.request('/auth/api/v1/otp/initiate', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }),
    });
    expect(anon.status).toBe(401);
    const v = seed.viewer();
    const evil = await post('/auth/api/v1/otp/initiate', v.cookie, { phone }, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(codes.last(phone)).toBeUndefined();
  });
});

describe('POST /auth/api/v2/otp/initiate/{id}', () => {
  it('resends a new code for the request after 60 s; the old code stops working', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    const { body } = await initiate(v.cookie, phone);
    const first = codes.last(phone)!;
    const early = await post(`/auth/api/v2/otp/initiate/${body.request_id}`, v.cookie);
    expect(early.status).toBe(429);
    expect((await early.json()).error.code).toBe('otp_resend_wait');
    await ageOtpSends(phone, 61);
    const res = await post(`/auth/api/v2/otp/initiate/${body.request_id}`, v.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).request_id).toBe(body.request_id);
    const second = codes.last(phone)!;
    if (second !== first) {
      const old = await post('/auth/api/v2/otp/verify', v.cookie, { request_id: body.request_id, otp: first, over_18: true, accept_terms: true });
      expect(old.status).toBe(401);
    }
    const ok = await post('/auth/api/v2/otp/verify', v.cookie, { request_id: body.request_id, otp: second, over_18: true, accept_terms: true });
    expect(ok.status).toBe(200);
    seed.trackUser((await ok.json()).user.userId);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const v = seed.viewer();
    expect((await post('/auth/api/v2/otp/initiate/00000000-0000-4000-8000-000000000000', v.cookie)).status).toBe(404);
    expect((await post('/auth/api/v2/otp/initiate/not-a-uuid', v.cookie)).status).toBe(404);
  });
});

describe('POST /auth/api/v1/otp/verify', () => {
  it('signs a new user in with both confirmations: a session row, an httpOnly cookie, the user', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    await initiate(v.cookie, phone);
    const code = codes.last(phone)!;
    const missing = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: code, over_18: true });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.code).toBe('terms_required');
    const res = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: code, over_18: true, accept_terms: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    seed.trackUser(body.user.userId);
    expect(body.is_new_user).toBe(true);
    expect(body.token).toBeUndefined();
    expect(body.user).toMatchObject({ isUserVisitor: false, phone: `+91 ******${phone.slice(-4)}`, onboardingStatus: 'INITIAL_ONBOARDING' });
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/sr_sid=s1\.[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    const token = sessionTokenFromSetCookie(res)!;
    const me = await api.request('/auth/api/v1/me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(await me.json()).toMatchObject({ userId: body.user.userId, isUserVisitor: false });
    // Single use.
    const again = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: code, over_18: true, accept_terms: true });
    expect(again.status).toBe(410);
  });

  it('signs an existing user in without the confirmations, and gives API clients a Bearer token', async () => {
    const u = await seed.signedIn();
    const v = seed.viewer();
    await initiate(v.cookie, u.user.phone!);
    const res = await post('/auth/api/v1/otp/verify', v.cookie, { phone: u.user.phone!, otp: codes.last(u.user.phone!)!, client: 'api' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.is_new_user).toBe(false);
    expect(body.user.userId).toBe(u.user.id);
    expect(body.token).toMatch(/^s1\./);
    expect(res.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    const me = await api.request('/auth/api/v1/user/me', { headers: { authorization: `Bearer ${body.token}` } });
    expect((await me.json()).userId).toBe(u.user.id);
  });

  it('refuses a code after 5 minutes', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    await initiate(v.cookie, phone);
    const { db } = await getDb();
    await db.update(otpRequests).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(otpRequests.phone, phone));
    const res = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true });
    expect(res.status).toBe(410);
    expect((await res.json()).error.code).toBe('otp_expired');
  });

  it('only the latest request is valid: a new initiate voids the earlier code', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    const first = await initiate(v.cookie, phone);
    const firstCode = codes.last(phone)!;
    await ageOtpSends(phone, 61);
    await initiate(v.cookie, phone);
    const byId = await post('/auth/api/v2/otp/verify', v.cookie, { request_id: first.body.request_id, otp: firstCode, over_18: true, accept_terms: true });
    expect(byId.status).toBe(410);
    const latest = codes.last(phone)!;
    if (latest !== firstCode) {
      expect((await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: firstCode, over_18: true, accept_terms: true })).status).toBe(401);
    }
  });

  it('locks a code after 5 wrong tries, and the device for the phone after 10 in a day, even with the right code after resends', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    const { body } = await initiate(v.cookie, phone);
    let right = codes.last(phone)!;
    for (let i = 1; i <= 5; i++) {
      const r = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: wrongOf(right), over_18: true, accept_terms: true });
      expect(r.status, `wrong ${i}`).toBe(401);
    }
    const sixth = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: right, over_18: true, accept_terms: true });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error.code).toBe('otp_locked');
    // A resend of the same request never resets its tries.
    await ageOtpSends(phone, 61);
    expect((await post(`/auth/api/v2/otp/initiate/${body.request_id}`, v.cookie)).status).toBe(429);
    // A new request: 5 more wrong tries reach the device's 10 a day for this phone.
    await initiate(v.cookie, phone);
    right = codes.last(phone)!;
    for (let i = 6; i <= 10; i++) {
      const r = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: wrongOf(right), over_18: true, accept_terms: true });
      expect(r.status, `wrong ${i}`).toBe(401);
    }
    const eleventh = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: right, over_18: true, accept_terms: true });
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).error.code).toBe('otp_locked');
    await ageOtpSends(phone, 61);
    const blocked = await initiate(v.cookie, phone);
    expect(blocked.res.status).toBe(429);
    expect(blocked.body.error.code).toBe('otp_locked');
    const { db } = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('refuses malformed bodies with 4xx and writes nothing', async () => {
    const v = seed.viewer();
    const phone = seed.phone();
    for (const b of [{}, { phone }, { phone, otp: 123456 }, { phone, otp: '1'.repeat(13) }, { phone, otp: '123456', over_18: 'yes' }]) {
      const r = await post('/auth/api/v1/otp/verify', v.cookie, b);
      expect(r.status, JSON.stringify(b)).toBe(422);
    }
    const notJson = await api.request('/auth/api/v1/otp/verify', { method: 'POST', headers: { cookie: v.cookie, 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const none = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: '123456' });
    expect(none.status).toBe(410);
  });
});

describe('POST /auth/api/v1/logout', () => {
  it('revokes the session: the same cookie is a visitor afterwards, and the device gets a fresh visitor', async () => {
    const u = await seed.signedIn();
    const before = await api.request('/auth/api/v1/me', { headers: { cookie: u.cookie } });
    expect((await before.json()).userId).toBe(u.user.id);
    const out = await post('/auth/api/v1/logout', u.cookie);
    expect(out.status).toBe(204);
    const set = out.headers.get('set-cookie')!;
    expect(set).toContain(`${SESSION_COOKIE}=; Path=/; Max-Age=0`);
    expect(set).toMatch(/sr_vid=[0-9A-Za-z]{20}\./);
    const after = await api.request('/auth/api/v1/me', { headers: { cookie: u.cookie } });
    const me = await after.json();
    expect(me.userId).toBeNull();
    expect(me.isUserVisitor).toBe(true);
    const { db } = await getDb();
    const [s] = await db.select().from(sessions).where(eq(sessions.user_id, u.user.id));
    expect(s.revoked_at).not.toBeNull();
  });
});

describe('POST /auth/api/v1/otp/initiate, verify, v2 verify, v2 initiate/{id}: a request is the device\'s that asked', () => {
  const confirm = { over_18: true, accept_terms: true };

  it('a stranger\'s 10 wrong codes lock only the stranger; the owner then asks for a code on their own device and signs in', async () => {
    const phone = seed.phone();
    const stranger = seed.viewer();
    const owner = seed.viewer();
    for (const round of [0, 1]) {
      if (round) await ageOtpSends(phone, 61);
      expect((await initiate(stranger.cookie, phone)).res.status).toBe(200);
      const right = codes.last(phone)!;
      for (let i = 1; i <= 5; i++) {
        const r = await post('/auth/api/v1/otp/verify', stranger.cookie, { phone, otp: wrongOf(right), ...confirm });
        expect(r.status, `wrong ${round * 5 + i}`).toBe(401);
      }
    }
    // The stranger's device is locked out of this phone...
    await ageOtpSends(phone, 61);
    const strangerAgain = await initiate(stranger.cookie, phone);
    expect(strangerAgain.res.status).toBe(429);
    expect(strangerAgain.body.error.code).toBe('otp_locked');
    // ...and the owner's is not: their own code signs them in.
    const mine = await initiate(owner.cookie, phone);
    expect(mine.res.status).toBe(200);
    const res = await post('/auth/api/v1/otp/verify', owner.cookie, { phone, otp: codes.last(phone)!, ...confirm });
    expect(res.status).toBe(200);
    seed.trackUser((await res.json()).user.userId);
    const { db } = await getDb();
    const wrong = await db.select().from(otpLog).where(and(eq(otpLog.phone, phone), eq(otpLog.kind, 'wrong')));
    expect(wrong).toHaveLength(10);
    expect(new Set(wrong.map((w) => w.viewer_id))).toEqual(new Set([stranger.id]));
  });

  it('a stranger can neither verify nor resend the owner\'s request, nor replace it by a send of their own', async () => {
    const phone = seed.phone();
    const owner = seed.viewer();
    const stranger = seed.viewer();
    const mine = await initiate(owner.cookie, phone);
    const ownerCode = codes.last(phone)!;
    // The stranger may ask for a code of their own at once (the 60 s wait is per device), which leaves the owner's valid.
    const theirs = await initiate(stranger.cookie, phone);
    expect(theirs.res.status).toBe(200);
    const strangerCode = codes.last(phone)!;
    // The owner's id with the owner's right code, from the stranger: as if there were no such request.
    const byId = await post('/auth/api/v2/otp/verify', stranger.cookie, { request_id: mine.body.request_id, otp: ownerCode, ...confirm });
    expect(byId.status).toBe(410);
    expect((await byId.json()).error.code).toBe('otp_expired');
    await ageOtpSends(phone, 61);
    const resend = await post(`/auth/api/v2/otp/initiate/${mine.body.request_id}`, stranger.cookie);
    expect(resend.status).toBe(404);
    expect((await resend.json()).error.code).toBe('otp_request_not_found');
    // v1 names the stranger's own latest request: the owner's code is wrong there.
    if (ownerCode !== strangerCode) {
      expect((await post('/auth/api/v1/otp/verify', stranger.cookie, { phone, otp: ownerCode, ...confirm })).status).toBe(401);
    }
    const { db } = await getDb();
    const [row] = await db.select().from(otpRequests).where(eq(otpRequests.id, mine.body.request_id));
    expect(row).toMatchObject({ viewer_id: owner.id, wrong_tries: 0, send_count: 1, consumed_at: null, superseded_at: null });
    const ok = await post('/auth/api/v2/otp/verify', owner.cookie, { request_id: mine.body.request_id, otp: ownerCode, ...confirm });
    expect(ok.status).toBe(200);
    seed.trackUser((await ok.json()).user.userId);
  });

  it('sends at most 20 codes a day to one phone over all devices, however many devices ask', async () => {
    const phone = seed.phone();
    const devices = [seed.viewer(), seed.viewer(), seed.viewer(), seed.viewer()];
    for (const [d, v] of devices.entries()) {
      for (let i = 1; i <= 5; i++) {
        expect((await initiate(v.cookie, phone)).res.status, `device ${d} send ${i}`).toBe(200);
        await ageOtpSends(phone, 61);
      }
    }
    // The owner's own device, which has asked for nothing, is refused too: the residual risk docs/api/accounts.md names.
    const owner = await initiate(seed.viewer().cookie, phone);
    expect(owner.res.status).toBe(429);
    expect(owner.body.error.code).toBe('otp_send_limit');
    expect(Number(owner.res.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    // The cap is the phone's: another phone from the same devices is not affected.
    expect((await initiate(devices[0].cookie, seed.phone())).res.status).toBe(200);
  });

  it('a native client without cookies (X-Fingerprint-Id) initiates, resends and verifies its own request, and gets no device mark', async () => {
    const phone = seed.phone();
    const app = seed.viewer();
    const headers = { 'x-fingerprint-id': visitorToken(app.id) };
    const call = (path: string, body?: unknown) => api.request(path, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const started = await call('/auth/api/v1/otp/initiate', { phone });
    expect(started.status).toBe(200);
    expect(started.headers.get('set-cookie')).toBeNull();
    const { request_id } = await started.json();
    await ageOtpSends(phone, 61);
    expect((await call(`/auth/api/v2/otp/initiate/${request_id}`)).status).toBe(200);
    // A browser with another visitor cannot use it.
    const other = await post('/auth/api/v2/otp/verify', seed.viewer().cookie, { request_id, otp: codes.last(phone)!, ...confirm });
    expect(other.status).toBe(410);
    const res = await call('/auth/api/v2/otp/verify', { request_id, otp: codes.last(phone)!, ...confirm, client: 'api' });
    expect(res.status).toBe(200);
    const body = await res.json();
    seed.trackUser(body.user.userId);
    expect(body.token).toMatch(/^s1\./);
    const { db } = await getDb();
    expect(await db.select().from(deviceUsers).where(eq(deviceUsers.user_id, body.user.userId))).toEqual([]);
  });
});

describe('POST /auth/api/v1/otp/verify: roles from the first session', () => {
  it('an ADMIN_PHONES number\'s very first sign-in answers with ADMIN, and its new session makes an ADMIN-only call at once', async () => {
    const listed = seed.phone();
    const unlisted = seed.phone();
    const before = process.env.ADMIN_PHONES;
    process.env.ADMIN_PHONES = listed.slice(3);
    setSingleton('env', undefined);
    try {
      for (const [phone, status] of [[listed, 200], [unlisted, 403]] as const) {
        const v = seed.viewer();
        await initiate(v.cookie, phone);
        const res = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true });
        expect(res.status).toBe(200);
        const body = await res.json();
        seed.trackUser(body.user.userId);
        expect(body.is_new_user).toBe(true);
        expect(body.user.permissions.roles).toEqual(status === 200 ? [{ role: 'ADMIN', topicId: null }] : []);
        const session = `${SESSION_COOKIE}=${sessionTokenFromSetCookie(res)}; ${v.cookie}`;
        const admin = await api.request('/partner/api/v1/admin/partners', { headers: { cookie: session } });
        expect(admin.status, phone === listed ? 'listed' : 'unlisted').toBe(status);
      }
    } finally {
      if (before === undefined) delete process.env.ADMIN_PHONES;
      else process.env.ADMIN_PHONES = before;
      setSingleton('env', undefined);
    }
  });

  it('grants in the sign-in\'s own transaction: when the grant fails there is no session, no user, and the code still works', async () => {
    const failing = createApiApp().route('/', authRoutes({ grantRoles: async () => { throw new Error('grant failed'); } }));
    const v = seed.viewer();
    const phone = seed.phone();
    await initiate(v.cookie, phone);
    const code = codes.last(phone)!;
    const res = await failing.request('/auth/api/v1/otp/verify', {
      method: 'POST', headers: { cookie: v.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ phone, otp: code, over_18: true, accept_terms: true }),
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('set-cookie') ?? '').not.toContain(SESSION_COOKIE);
    const { db } = await getDb();
    expect(await db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    const ok = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: code, over_18: true, accept_terms: true });
    expect(ok.status).toBe(200);
    seed.trackUser((await ok.json()).user.userId);
  });
});

describe('the device mark (sr_dev) at sign-in and logout', () => {
  it('is recorded at every sign-in, survives logout, and a second number on the same browser shares it', async () => {
    const jar = new CookieJar(seed.viewer().cookie);
    const send = async (path: string, body?: unknown) => jar.keep(await post(path, jar.header, body));
    const signIn = async (phone: string) => {
      await ageOtpSends(phone, 61);
      expect((await send('/auth/api/v1/otp/initiate', { phone })).status).toBe(200);
      const res = await send('/auth/api/v1/otp/verify', { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true });
      expect(res.status).toBe(200);
      const userId = (await res.json()).user.userId as string;
      seed.trackUser(userId);
      return userId;
    };
    const first = seed.phone();
    const a = await signIn(first);
    const mark = jar.get('sr_dev')!;
    expect(mark).toMatch(/^[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}$/);
    const deviceId = mark.split('.')[0];
    const visitorBefore = jar.get('sr_vid');
    const out = await send('/auth/api/v1/logout');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('sr_dev='))).toBe(false);
    expect(jar.get('sr_sid')).toBeUndefined();
    expect(jar.get('sr_vid')).not.toBe(visitorBefore);
    expect(jar.get('sr_dev')).toBe(mark);
    const b = await signIn(seed.phone());
    expect(jar.get('sr_dev')).toBe(mark);
    const { db } = await getDb();
    const rows = await db.select().from(deviceUsers).where(eq(deviceUsers.device_id, deviceId));
    expect(rows.map((r) => r.user_id).sort()).toEqual([a, b].sort());
    // Signing in again on the device brings its last_seen_at up to date.
    await db.update(deviceUsers).set({ last_seen_at: sql`now() - interval '3 days'` }).where(eq(deviceUsers.user_id, a));
    await send('/auth/api/v1/logout');
    await signIn(first);
    const [again] = await db.select().from(deviceUsers).where(and(eq(deviceUsers.device_id, deviceId), eq(deviceUsers.user_id, a)));
    expect(Date.now() - again.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('a forged or unsigned mark is not recorded: the browser gets a new one', async () => {
    const forged = newDeviceId();
    const jar = new CookieJar(`${seed.viewer().cookie}; sr_dev=${forged}.${deviceToken(newDeviceId()).split('.')[1]}`);
    const phone = seed.phone();
    jar.keep(await post('/auth/api/v1/otp/initiate', jar.header, { phone }));
    const res = jar.keep(await post('/auth/api/v1/otp/verify', jar.header, { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true }));
    expect(res.status).toBe(200);
    const userId = (await res.json()).user.userId as string;
    seed.trackUser(userId);
    const { db } = await getDb();
    const rows = await db.select().from(deviceUsers).where(eq(deviceUsers.user_id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].device_id).not.toBe(forged);
    expect(jar.get('sr_dev')!.split('.')[0]).toBe(rows[0].device_id);
  });
});
