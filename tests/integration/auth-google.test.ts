import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { setSingleton } from '@/lib/singleton';
import { getDb } from '@/lib/db/client';
import { deviceUsers, users } from '@/lib/db/schema';
import { deviceToken, newDeviceId } from '@/lib/auth/device';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { buildApi } from '@/server/api';
import { ageOtpSends, signInTestKit } from '../fixtures/otp';
import { sessionTokenFromSetCookie } from '../fixtures/seed';

/**
 * Google sign-in through the API with the real verification path: tokens
 * signed by a key this test serves as a JWKS (GOOGLE_JWKS_URL), so
 * audience, issuer, expiry and signature are all checked for real; linking
 * Google and a phone to one user, and one email never making two users.
 */
const CLIENT = '5678-test.apps.googleusercontent.com';
const KID = 'k1';
const google = await generateKeyPair('RS256');
const attacker = await generateKeyPair('RS256');
const jwks = { keys: [{ ...(await exportJWK(google.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const JWKS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;

function useGoogle(clientId: string | undefined) {
  if (clientId) process.env.GOOGLE_CLIENT_ID = clientId;
  else delete process.env.GOOGLE_CLIENT_ID;
  process.env.GOOGLE_JWKS_URL = JWKS_URL;
  setSingleton('env', undefined);
}
useGoogle(CLIENT);

const api = buildApi();
const { seed, codes } = signInTestKit();
afterEach(() => useGoogle(CLIENT));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nowS = () => Math.floor(Date.now() / 1000);
let n = 0;
/** A fresh Google account's claims. */
function account(over: Record<string, unknown> = {}): JWTPayload {
  n += 1;
  const tag = `${Date.now()}${n}${Math.floor(Math.random() * 1e6)}`;
  return {
    iss: 'https://accounts.google.com', aud: CLIENT, sub: `sub-${tag}`, email: `user${tag}@example.com`, email_verified: true,
    name: 'Asha Rao', iat: nowS() - 10, exp: nowS() + 3600, ...over,
  };
}
const sign = (c: JWTPayload, key: CryptoKey = google.privateKey) =>
  new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);

function post(path: string, cookie: string, body: unknown) {
  return api.request(path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function googleLogin(cookie: string, claims: JWTPayload, extra: Record<string, unknown> = { over_18: true, accept_terms: true }, version = 'v2') {
  const res = await post(`/auth/api/${version}/oauth/login`, cookie, { credential: await sign(claims), ...extra });
  const body = await res.json();
  if (res.status === 200) seed.trackUser(body.user.userId);
  const token = sessionTokenFromSetCookie(res);
  return { res, body, session: token ? `${SESSION_COOKIE}=${token}` : undefined };
}

describe('POST /auth/api/v2/oauth/login', () => {
  it('records the browser\'s device mark with the user, and sets the mark again', async () => {
    const device = newDeviceId();
    const mark = `sr_dev=${deviceToken(device)}`;
    const first = await googleLogin(`${seed.viewer().cookie}; ${mark}`, account());
    expect(first.res.status).toBe(200);
    expect(first.res.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${mark}; Max-Age=34560000;`)));
    const { db } = await getDb();
    expect(await db.select({ d: deviceUsers.device_id }).from(deviceUsers).where(eq(deviceUsers.user_id, first.body.user.userId)))
      .toEqual([{ d: device }]);
  });

  it('signs a new user in with a verified email, and the same account in again (v3 and v5 are the same call)', async () => {
    const c = account();
    const first = await googleLogin(seed.viewer().cookie, c);
    expect(first.res.status).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user).toMatchObject({ email: c.email, emailVerified: true, hasGoogle: true, name: 'Asha Rao', phone: null });
    for (const v of ['v3', 'v5']) {
      const again = await googleLogin(seed.viewer().cookie, c, {}, v);
      expect(again.res.status, v).toBe(200);
      expect(again.body).toMatchObject({ is_new_user: false, user: { userId: first.body.user.userId } });
    }
    expect((await googleLogin(seed.viewer().cookie, c, {}, 'v4')).res.status).toBe(404);
  });

  it('asks a new user for both confirmations', async () => {
    const r = await googleLogin(seed.viewer().cookie, account(), { over_18: true });
    expect(r.res.status).toBe(422);
    expect(r.body.error.code).toBe('terms_required');
  });

  it('refuses a wrong audience, a wrong issuer, an expired token and a bad signature', async () => {
    const cookie = seed.viewer().cookie;
    const cases: Array<[string, Promise<string>]> = [
      ['audience', sign(account({ aud: 'someone-else.apps.googleusercontent.com' }))],
      ['issuer', sign(account({ iss: 'https://evil.example' }))],
      ['expired', sign(account({ iat: nowS() - 7200, exp: nowS() - 3600 }))],
      ['signature', sign(account(), attacker.privateKey)],
      ['unverified email', sign(account({ email_verified: false }))],
    ];
    for (const [name, token] of cases) {
      const res = await post('/auth/api/v2/oauth/login', cookie, { credential: await token, over_18: true, accept_terms: true });
      expect(res.status, name).toBe(401);
      expect((await res.json()).error.code, name).toBe('invalid_google_token');
    }
    const junk = await post('/auth/api/v2/oauth/login', cookie, { credential: 'not.a.jwt', over_18: true, accept_terms: true });
    expect(junk.status).toBe(401);
    expect((await post('/auth/api/v2/oauth/login', cookie, { credential: '' })).status).toBe(422);
  });

  it('answers 404 google_signin_disabled without GOOGLE_CLIENT_ID', async () => {
    useGoogle(undefined);
    const r = await googleLogin(seed.viewer().cookie, account());
    expect(r.res.status).toBe(404);
    expect(r.body.error.code).toBe('google_signin_disabled');
  });

  it('takes an email another user only typed (unverified) away from them: one email, one user', async () => {
    const typed = await seed.signedIn();
    const c = account();
    const { db } = await getDb();
    await db.update(users).set({ email: c.email as string, email_verified: false }).where(eq(users.id, typed.user.id));
    const r = await googleLogin(seed.viewer().cookie, c);
    expect(r.res.status).toBe(200);
    expect(r.body.user.userId).not.toBe(typed.user.id);
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, typed.user.id));
    expect(before.email).toBeNull();
    expect(await db.select().from(users).where(eq(users.email, c.email as string))).toHaveLength(1);
  });
});

describe('one user, a phone and a Google account', () => {
  it('links Google from the profile; signing in with either gives the same user', async () => {
    const u = await seed.signedIn();
    const c = account();
    const link = await post('/auth/api/v1/user/google', u.cookie, { credential: await sign(c) });
    expect(link.status).toBe(200);
    expect((await link.json()).hasGoogle).toBe(true);
    const byGoogle = await googleLogin(seed.viewer().cookie, c, {});
    expect(byGoogle.body.user.userId).toBe(u.user.id);
    // Linking the same Google account to someone else is refused.
    const other = await seed.signedIn();
    const taken = await post('/auth/api/v1/user/google', other.cookie, { credential: await sign(c) });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe('google_in_use');
    // A visitor cannot link.
    expect((await post('/auth/api/v1/user/google', seed.viewer().cookie, { credential: await sign(account()) })).status).toBe(401);
  });

  it('adds a phone to a Google user by OTP; a phone of another user is refused', async () => {
    const g = await googleLogin(seed.viewer().cookie, account());
    const session = `${g.session}; ${seed.viewer().cookie}`;
    const phone = seed.phone();
    await post('/auth/api/v1/otp/initiate', session, { phone });
    const ok = await post('/auth/api/v1/otp/verify', session, { phone, otp: codes.last(phone) });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.user).toMatchObject({ userId: g.body.user.userId, phone: `+91 ******${phone.slice(-4)}`, hasGoogle: true });
    const other = await seed.signedIn();
    const theirs = other.user.phone!;
    await ageOtpSends(theirs, 61);
    const session2 = body.user && `${new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(ok.headers.get('set-cookie')!)![0]}; ${seed.viewer().cookie}`;
    await post('/auth/api/v1/otp/initiate', session2, { phone: theirs });
    const clash = await post('/auth/api/v1/otp/verify', session2, { phone: theirs, otp: codes.last(theirs) });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.code).toBe('phone_in_use');
  });
});
