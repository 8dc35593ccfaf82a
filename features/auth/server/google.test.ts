import { afterAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';

/** Google's keys, as a local JWKS server serves them; a second key pair plays an attacker. */
const KID = 'test-key-1';
const google = await generateKeyPair('RS256');
const attacker = await generateKeyPair('RS256');
const jwks = { keys: [{ ...(await exportJWK(google.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };

let jwksHits = 0;
const server = http.createServer((req, res) => {
  if (req.url === '/certs') {
    jwksHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  } else if (req.url === '/broken') {
    res.writeHead(500);
    res.end('oops');
  } else {
    res.writeHead(404);
    res.end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A port nothing listens on: a server opened and closed again. */
const closed = http.createServer();
await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/certs`;
await new Promise<void>((resolve) => closed.close(() => resolve()));

process.env.LOG_LEVEL = 'silent';
delete process.env.GOOGLE_CLIENT_ID;
process.env.GOOGLE_JWKS_URL = `${base}/certs`;
const { verifyGoogleIdToken, CLOCK_TOLERANCE_S } = await import('./google');
const { logger } = await import('@/lib/logger');

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CLIENT = '1234-test.apps.googleusercontent.com';
const EMAIL = 'asha@example.com';
const opts = { clientId: CLIENT };
const nowS = () => Math.floor(Date.now() / 1000);

function claims(over: Record<string, unknown> = {}): JWTPayload {
  return {
    iss: 'https://accounts.google.com',
    aud: CLIENT,
    sub: '110169484474386276334',
    email: EMAIL,
    email_verified: true,
    name: 'Asha Rao',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    iat: nowS() - 10,
    exp: nowS() + 3600,
    ...over,
  } as JWTPayload;
}

/** Signs `payload` the way Google does (RS256, its kid), or with another key or kid. */
function sign(payload: JWTPayload, { key = google.privateKey, kid = KID }: { key?: CryptoKey; kid?: string } = {}) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err, 'expected the token to be refused').not.toBeNull();
  const { status, code } = err as { status: number; code: string };
  return { status, code };
}

const INVALID = { status: 401, code: 'invalid_google_token' };

describe('verifyGoogleIdToken', () => {
  it('returns the identity of a good token, with the URL from GOOGLE_JWKS_URL', async () => {
    const id = await verifyGoogleIdToken(await sign(claims()), opts);
    expect(id).toEqual({
      sub: '110169484474386276334',
      email: EMAIL,
      emailVerified: true,
      name: 'Asha Rao',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    expect(jwksHits).toBeGreaterThan(0);
  });

  it('accepts the issuer without scheme, and leaves out absent name and picture', async () => {
    const id = await verifyGoogleIdToken(await sign(claims({ iss: 'accounts.google.com', name: undefined, picture: undefined })), opts);
    expect(id).toEqual({ sub: '110169484474386276334', email: EMAIL, emailVerified: true });
  });

  it('is off (404) when no client id is configured', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims())))).toEqual({ status: 404, code: 'google_signin_disabled' });
  });

  it('refuses a token for another client (aud)', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ aud: 'other.apps.googleusercontent.com' })), opts))).toEqual(INVALID);
  });

  it('refuses a token from another issuer', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ iss: 'https://evil.example' })), opts))).toEqual(INVALID);
  });

  it('refuses an expired token, beyond the clock tolerance only', async () => {
    const justExpired = await sign(claims({ iat: nowS() - 3600, exp: nowS() - Math.floor(CLOCK_TOLERANCE_S / 2) }));
    await expect(verifyGoogleIdToken(justExpired, opts)).resolves.toMatchObject({ emailVerified: true });
    const expired = await sign(claims({ iat: nowS() - 7200, exp: nowS() - CLOCK_TOLERANCE_S - 60 }));
    expect(await refusal(verifyGoogleIdToken(expired, opts))).toEqual(INVALID);
  });

  it('checks the time against opts.now', async () => {
    const token = await sign(claims());
    expect(await refusal(verifyGoogleIdToken(token, { ...opts, now: new Date(Date.now() + 2 * 3600_000) }))).toEqual(INVALID);
  });

  it('refuses a token without exp', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ exp: undefined })), opts))).toEqual(INVALID);
  });

  it('refuses a token not yet valid (nbf)', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ nbf: nowS() + 3600 })), opts))).toEqual(INVALID);
  });

  it('refuses a token signed by another key under Google\'s kid', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims(), { key: attacker.privateKey }), opts))).toEqual(INVALID);
  });

  it('refuses a token signed by a key of unknown kid', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims(), { key: attacker.privateKey, kid: 'unknown' }), opts))).toEqual(INVALID);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const none = new UnsecuredJWT(claims()).encode();
    expect(await refusal(verifyGoogleIdToken(none, opts))).toEqual(INVALID);
  });

  it('refuses an HS256 token, even one keyed with Google\'s public key', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const hs = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: KID }).sign(secret);
    expect(await refusal(verifyGoogleIdToken(hs, opts))).toEqual(INVALID);
  });

  it('refuses a token whose email Google has not verified', async () => {
    for (const v of [false, 'true', undefined]) {
      expect(await refusal(verifyGoogleIdToken(await sign(claims({ email_verified: v })), opts))).toEqual(INVALID);
    }
  });

  it('refuses a token without email or sub', async () => {
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ email: undefined })), opts))).toEqual(INVALID);
    expect(await refusal(verifyGoogleIdToken(await sign(claims({ sub: undefined })), opts))).toEqual(INVALID);
  });

  it('refuses malformed strings', async () => {
    const good = await sign(claims());
    for (const s of ['', 'not-a-jwt', 'a.b.c', `${good}x`, good.split('.').slice(0, 2).join('.'), 'x'.repeat(20_000)]) {
      expect(await refusal(verifyGoogleIdToken(s, opts)), s.slice(0, 40)).toEqual(INVALID);
    }
  });

  it('answers 503 when Google\'s keys cannot be read (server down or failing)', async () => {
    const token = await sign(claims());
    const unavailable = { status: 503, code: 'google_unavailable' };
    expect(await refusal(verifyGoogleIdToken(token, { ...opts, jwksUrl: downUrl }))).toEqual(unavailable);
    expect(await refusal(verifyGoogleIdToken(token, { ...opts, jwksUrl: `${base}/broken` }))).toEqual(unavailable);
  });

  it('logs the reason of a refusal, never the token or the email', async () => {
    const warn = vi.spyOn(logger(), 'warn');
    try {
      const token = await sign(claims({ email_verified: false }));
      await refusal(verifyGoogleIdToken(token, opts));
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain('email_not_verified');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(token.split('.')[1]);
      expect(logged).not.toContain(EMAIL);
    } finally {
      warn.mockRestore();
    }
  });
});
