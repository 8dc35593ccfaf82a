import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApi } from '@/server/api';
import { LIMITS } from '@/lib/http/rate-limit';
import { logger } from '@/lib/logger';
import { mintNativeLinkToken, NATIVE_LINK_MAX_TTL_S, verifyNativeLinkToken } from '@/features/auth/server/native-link';
import { CUSTOMER_DEALS_PATH, CUSTOMER_LINK_COOKIE } from '@/features/auth/customer-link';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { Seed } from '@/tests/fixtures/seed';

/**
 * A registered customer's link from the company's other channels (SPEC.md
 * section 7 redirect-native-customer; docs/ops/native-customer-link.md):
 * a signed token of their phone lands them on the reels page with the
 * number filled in the login modal; a bad or expired link is the plain
 * landing for a browser and a 4xx for an API client.
 */

const api = buildApi();
const seed = new Seed();
const setEnv = useEnvVars(['NATIVE_LINK_SECRET']);
const SECRET = 'native-link-secret-for-tests-0123456789';
const PATH = '/recommendation-service/api/v1/redirect-native-customer';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

afterEach(async () => {
  vi.restoreAllMocks();
  await seed.cleanup();
});

function open(t: string | null, opts: { cookie?: string; accept?: string } = {}) {
  return api.request(t === null ? PATH : `${PATH}?t=${encodeURIComponent(t)}`, {
    headers: { accept: opts.accept ?? BROWSER, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
}

/** A token signed with `secret` over any payload (to forge what mintNativeLinkToken would refuse to make). */
function signed(payload: unknown, secret = SECRET): string {
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${p}.${createHmac('sha256', secret).update(p).digest('base64url')}`;
}

const setCookies = (res: Response) => res.headers.getSetCookie();
const prefillOf = (res: Response) => setCookies(res).find((c) => c.startsWith(`${CUSTOMER_LINK_COOKIE}=`));

describe('GET /recommendation-service/api/v1/redirect-native-customer', () => {
  it('sends a browser to the reels page with the verified phone for the login modal in a short-lived cookie', async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const phone = seed.phone();
    const res = await open(mintNativeLinkToken(SECRET, phone));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/reels');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const cookie = prefillOf(res)!;
    expect(cookie).toBe(`${CUSTOMER_LINK_COOKIE}=${encodeURIComponent(phone)}; Path=/; Max-Age=600; SameSite=Lax`);
    // The page reads it (not HttpOnly); a first-time browser also gets its visitor id.
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(setCookies(res).some((c) => c.startsWith('sr_vid='))).toBe(true);
  });

  it('accepts a number written without +91 in the link maker, and redirects an API client the same way', async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const phone = seed.phone();
    const token = mintNativeLinkToken(SECRET, `0${phone.slice(3, 8)} ${phone.slice(8)}`);
    expect(verifyNativeLinkToken(SECRET, token)).toMatchObject({ ok: true, phone });
    const res = await open(token, { accept: 'application/json' });
    expect(res.status).toBe(302);
    expect(prefillOf(res)).toContain(encodeURIComponent(phone));
  });

  it('sends a customer already signed in with that number straight to the customers\' deals, with nothing to fill in', async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const me = await seed.signedIn();
    const res = await open(mintNativeLinkToken(SECRET, me.user.phone!), { cookie: me.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(CUSTOMER_DEALS_PATH);
    expect(prefillOf(res)).toBeUndefined();
    // Signed in as someone else: the modal, filled in with the link's number.
    const other = await seed.signedIn();
    const phone = seed.phone();
    const again = await open(mintNativeLinkToken(SECRET, phone), { cookie: other.cookie });
    expect(again.headers.get('location')).toBe('/reels');
    expect(prefillOf(again)).toContain(encodeURIComponent(phone));
  });

  it('answers each bad or expired link with a 4xx in the one error shape for an API client, the plain landing for a browser', async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const phone = seed.phone();
    const nowS = Math.floor(Date.now() / 1000);
    const good = mintNativeLinkToken(SECRET, phone);
    const [payload, mac] = good.split('.');
    const otherPhone = Buffer.from(JSON.stringify({ phone: seed.phone(), exp: nowS + 3600 })).toString('base64url');
    const cases: Array<[string, string | null, number, string]> = [
      ['no token', null, 403, 'link_invalid'],
      ['empty', '', 403, 'link_invalid'],
      ['garbage', 'hello', 403, 'link_invalid'],
      ['no signature', payload, 403, 'link_invalid'],
      ['altered signature', `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`, 403, 'link_invalid'],
      ['another payload under the signature', `${otherPhone}.${mac}`, 403, 'link_invalid'],
      ['another secret', mintNativeLinkToken('a-different-secret-of-enough-length-000', phone), 403, 'link_invalid'],
      ['lives over 7 days', signed({ phone, exp: nowS + NATIVE_LINK_MAX_TTL_S + 3600 }), 403, 'link_invalid'],
      ['a landline', signed({ phone: '+911123456789', exp: nowS + 3600 }), 403, 'link_invalid'],
      ['not E.164', signed({ phone: phone.slice(3), exp: nowS + 3600 }), 403, 'link_invalid'],
      ['no expiry', signed({ phone }), 403, 'link_invalid'],
      ['a fractional expiry', signed({ phone, exp: nowS + 3600.5 }), 403, 'link_invalid'],
      ['not JSON', `${Buffer.from('phone').toString('base64url')}.${createHmac('sha256', SECRET).update(Buffer.from('phone').toString('base64url')).digest('base64url')}`, 403, 'link_invalid'],
      ['too long', `${'a'.repeat(600)}.${mac}`, 403, 'link_invalid'],
      ['expired', signed({ phone, exp: nowS - 1 }), 410, 'link_expired'],
    ];
    for (const [name, t, status, code] of cases) {
      const api1 = await open(t, { accept: 'application/json' });
      expect([name, api1.status]).toEqual([name, status]);
      expect([name, await api1.json()]).toEqual([name, { error: { code, message: expect.any(String) } }]);
      expect([name, prefillOf(api1)]).toEqual([name, undefined]);
      const browser = await open(t);
      expect([name, browser.status, browser.headers.get('location')]).toEqual([name, 302, '/reels']);
      expect([name, prefillOf(browser)]).toEqual([name, undefined]);
    }
  });

  it('without NATIVE_LINK_SECRET: the plain landing for a browser, 404 for an API client', async () => {
    setEnv({ NATIVE_LINK_SECRET: undefined });
    const t = mintNativeLinkToken(SECRET, seed.phone());
    const browser = await open(t);
    expect([browser.status, browser.headers.get('location'), prefillOf(browser)]).toEqual([302, '/reels', undefined]);
    const client = await open(t, { accept: 'application/json' });
    expect(client.status).toBe(404);
    expect(await client.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('never writes the phone to the log, nor the token that carries it', async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const lines: string[] = [];
    const log = logger();
    for (const level of ['info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(log, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    const phone = seed.phone();
    const good = mintNativeLinkToken(SECRET, phone);
    await open(good);
    await open(signed({ phone, exp: Math.floor(Date.now() / 1000) - 5 }), { accept: 'application/json' });
    await open(`${good}x`);
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    expect(all).not.toContain(phone.slice(3));
    expect(all).not.toContain(good.split('.')[0]);
  });

  it(`is counted as \`auth\`: ${LIMITS.auth.perVisitor} a visitor per 10 minutes, then 429`, async () => {
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const v = seed.viewer();
    const t = mintNativeLinkToken(SECRET, seed.phone());
    for (let i = 0; i < LIMITS.auth.perVisitor!; i++) expect((await open(t, { cookie: v.cookie })).status).toBe(302);
    const over = await open(t, { cookie: v.cookie, accept: 'application/json' });
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  });
});

describe('mintNativeLinkToken and npm run link:customer', () => {
  it('refuses a number that is not an Indian mobile and a life over 7 days', () => {
    expect(() => mintNativeLinkToken(SECRET, '+911123456789')).toThrow(/Indian mobile/);
    expect(() => mintNativeLinkToken(SECRET, '12345')).toThrow(/Indian mobile/);
    expect(() => mintNativeLinkToken(SECRET, '+919812345678', NATIVE_LINK_MAX_TTL_S + 1)).toThrow(/7|604800/);
    expect(() => mintNativeLinkToken(SECRET, '+919812345678', 0)).toThrow();
  });

  it('prints a link the endpoint takes, and exits 1 without the secret', async () => {
    const run = promisify(execFile);
    const tsx = path.resolve('node_modules/.bin/tsx');
    const phone = seed.phone();
    const env = { ...process.env, NATIVE_LINK_SECRET: SECRET, LOG_LEVEL: 'silent' };
    const { stdout } = await run(tsx, ['scripts/link-customer.ts', phone, '--days', '2', '--base', 'https://solar.example'], { env });
    const url = new URL(stdout.trim());
    expect(url.origin + url.pathname).toBe(`https://solar.example${PATH}`);
    expect(stdout).not.toContain(phone);
    const check = verifyNativeLinkToken(SECRET, url.searchParams.get('t'));
    expect(check).toMatchObject({ ok: true, phone });
    if (check.ok) expect(check.expS - Date.now() / 1000).toBeGreaterThan(2 * 86_400 - 60);
    setEnv({ NATIVE_LINK_SECRET: SECRET });
    const res = await api.request(`${url.pathname}${url.search}`, { headers: { accept: BROWSER } });
    expect(prefillOf(res)).toContain(encodeURIComponent(phone));

    const { NATIVE_LINK_SECRET: _drop, ...without } = env;
    void _drop;
    await expect(run(tsx, ['scripts/link-customer.ts', phone, '--base', 'https://solar.example'], { env: without }))
      .rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('NATIVE_LINK_SECRET') });
    await expect(run(tsx, ['scripts/link-customer.ts', '+911123456789', '--base', 'https://solar.example'], { env }))
      .rejects.toMatchObject({ code: 1 });
    await expect(run(tsx, ['scripts/link-customer.ts', phone, '--days', '8', '--base', 'https://solar.example'], { env }))
      .rejects.toMatchObject({ code: 1 });
  }, 60_000);
});
