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
