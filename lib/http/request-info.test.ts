import { afterEach, describe, expect, it } from 'vitest';
import { setSingleton } from '../singleton';

/** env() is parsed once per process (lib/singleton.ts): forget it so each test reads its own TRUST_PROXY. */
function withTrustProxy(value: 'true' | 'false') {
  process.env.TRUST_PROXY = value;
  setSingleton('env', undefined);
}

afterEach(() => withTrustProxy('false'));

const forwarded = {
  host: 'app.internal:3000',
  origin: 'https://solar.example',
  'x-forwarded-for': '203.0.113.9, 10.0.0.2',
  'x-forwarded-host': 'solar.example',
  'x-forwarded-proto': 'https',
};

describe('request-info', async () => {
  const { clientIpOf, isAllowedOrigin, isHttpsOf, requestOriginOf } = await import('./request-info');

  it('without TRUST_PROXY believes the socket and the Host header, never forwarded headers', () => {
    withTrustProxy('false');
    expect(clientIpOf(forwarded, '10.0.0.2')).toBe('10.0.0.2');
    expect(isHttpsOf(forwarded, false)).toBe(false);
    expect(requestOriginOf(forwarded, false)).toBe('http://app.internal:3000');
    expect(isAllowedOrigin(forwarded, false)).toBe(false);
  });

  it('with TRUST_PROXY takes the address the proxy saw, its scheme and host', () => {
    withTrustProxy('true');
    expect(clientIpOf(forwarded, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientIpOf({ 'x-forwarded-for': '198.51.100.4' }, '10.0.0.2')).toBe('198.51.100.4');
    expect(isHttpsOf(forwarded, false)).toBe(true);
    expect(requestOriginOf(forwarded, false)).toBe('https://solar.example');
    expect(isAllowedOrigin(forwarded, false)).toBe(true);
  });
});

describe('principal() cookie', async () => {
  const { Hono } = await import('hono');
  process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
  const { principal } = await import('./principal');
  const app = new Hono().use('*', principal()).get('/', (c) => c.text('ok'));
  const call = (headers: Record<string, string>, encrypted = false) =>
    app.request('http://x/', { headers }, { incoming: { headers, socket: { remoteAddress: '192.0.2.77', encrypted } } });

  it('is Secure over https: directly, or through a trusted proxy only', async () => {
    withTrustProxy('false');
    expect((await call({}, true)).headers.get('set-cookie')).toMatch(/; Secure/);
    expect((await call({ 'x-forwarded-proto': 'https' })).headers.get('set-cookie')).not.toMatch(/Secure/);
    withTrustProxy('true');
    expect((await call({ 'x-forwarded-proto': 'https' })).headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

describe('host policy', async () => {
  const { hostPolicyNotice, hostPolicyOf, isHostAllowed, publicOriginOf, splitHost } = await import('./request-info');
  const prod = { NODE_ENV: 'production' as const, PUBLIC_URL: undefined, ALLOWED_HOSTS: [] as string[] };

  it('splits a Host into lowercased name and port, and refuses what is not a host', () => {
    expect(splitHost('Solar.Example.:8443')).toEqual({ hostname: 'solar.example', port: '8443' });
    expect(splitHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
    for (const bad of ['', 'a b', 'evil.example/x', 'user@evil.example', 'evil.example:99999']) expect(splitHost(bad), bad).toBeNull();
  });

  it('is local-only in production with neither variable, and says what to set', () => {
    const policy = hostPolicyOf(prod);
    expect(policy).toEqual({ kind: 'local-only' });
    expect(isHostAllowed('localhost:3000', policy)).toBe(true);
    expect(isHostAllowed('evil.example', policy)).toBe(false);
    expect(isHostAllowed(undefined, policy)).toBe(false);
    expect(hostPolicyNotice(prod)).toMatch(/PUBLIC_URL.*ALLOWED_HOSTS/);
    expect(hostPolicyNotice({ ...prod, PUBLIC_URL: 'https://solar.example' })).toBeNull();
    expect(hostPolicyNotice({ ...prod, NODE_ENV: 'development' })).toBeNull();
  });

  it('lists ALLOWED_HOSTS and PUBLIC_URL\'s host together', () => {
    const policy = hostPolicyOf({ ...prod, PUBLIC_URL: 'https://solar.example', ALLOWED_HOSTS: ['admin.solar.example'] });
    expect(isHostAllowed('solar.example', policy)).toBe(true);
    expect(isHostAllowed('admin.solar.example:3000', policy)).toBe(true);
    expect(isHostAllowed('evil.example', policy)).toBe(false);
    expect(isHostAllowed('solar.example.evil.example', policy)).toBe(false);
  });

  it('the public origin is PUBLIC_URL\'s whatever the Host, else the request\'s own', () => {
    process.env.PUBLIC_URL = 'https://solar.example/app';
    setSingleton('env', undefined);
    expect(publicOriginOf({ host: 'evil.example' }, false)).toBe('https://solar.example');
    delete process.env.PUBLIC_URL;
    setSingleton('env', undefined);
    expect(publicOriginOf({ host: 'localhost:3000' }, false)).toBe('http://localhost:3000');
  });
});
