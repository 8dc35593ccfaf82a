import { describe, expect, it } from 'vitest';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { hostRefusal, pageMethodRefusal, refusedMethod, targetRefusal } from './request-checks';

describe('targetRefusal', () => {
  it.each([
    '/share/%E0%A4', '/topic/%', '/tldr/%', '/content/%', '/invite/%', '/studio/topic/%', '/_next/static/%E0%A4.js', '/a%zz',
    '/auth/api/v1/topic/%00/topic_role', '/media/%00/master.m3u8', '/a\0b', 'http://localhost/share/%E0%A4',
    '/auth/api/v1/users?q=ab%00cd', '/referral/api/v1/deals?url_id=%00', '/feeds-server/api/v1/feeds?a%00=1', '/x?q=a\0',
    'http://[bad', 'garbage',
  ])('refuses %j with 400 bad_request', (target) => {
    expect(targetRefusal(target)).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it.each([
    '/', '/reels', '/tldr/caf%C3%A9', '/share/abc%2Fdef', '/feeds-server/api/v1/feeds?page=2&lang=hi',
    // A malformed escape in the query is the handlers' to keep as it came (they do not throw on it).
    '/reels?utm_campaign=50%off', '/x?q=%E0%A4', '/x?q=%2500', '*', 'http://localhost:3000/reels?x=1',
  ])('lets %j through', (target) => {
    expect(targetRefusal(target)).toBeNull();
  });
});

describe('refusedMethod and pageMethodRefusal', () => {
  it('TRACE, TRACK and CONNECT are refused everywhere with 405 and an Allow header', () => {
    for (const m of ['TRACE', 'TRACK', 'CONNECT']) {
      expect(refusedMethod(m, false)).toMatchObject({ status: 405, code: 'method_not_allowed', headers: { Allow: 'GET, HEAD' } });
      expect(refusedMethod(m, true)?.headers?.Allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    }
    for (const m of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(refusedMethod(m, true)).toBeNull();
  });

  it('pages take GET and HEAD only', () => {
    expect(pageMethodRefusal('GET')).toBeNull();
    expect(pageMethodRefusal('HEAD')).toBeNull();
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      expect(pageMethodRefusal(m)).toMatchObject({ status: 405, code: 'method_not_allowed', headers: { Allow: 'GET, HEAD' } });
    }
  });
});

describe('hostRefusal', () => {
  const configure = useEnvVars(['NODE_ENV', 'PUBLIC_URL', 'ALLOWED_HOSTS', 'TRUST_PROXY']);

  it('in production without PUBLIC_URL or ALLOWED_HOSTS: only localhost, 127.0.0.1 and [::1], with 421', () => {
    configure({ NODE_ENV: 'production', PUBLIC_URL: undefined, ALLOWED_HOSTS: undefined, TRUST_PROXY: 'false' });
    expect(hostRefusal({ host: 'evil.example' }, '/reels')).toMatchObject({ status: 421, code: 'host_not_allowed' });
    expect(hostRefusal({}, '/reels')).toMatchObject({ status: 421 });
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST.']) expect(hostRefusal({ host }, '/reels'), host).toBeNull();
    // The absolute form names its own host, which must pass too.
    expect(hostRefusal({ host: 'localhost' }, 'http://evil.example/reels')).toMatchObject({ status: 421 });
  });

  it('with ALLOWED_HOSTS only the listed hosts (an entry without a port takes any port), X-Forwarded-Host included', () => {
    configure({ NODE_ENV: 'production', PUBLIC_URL: undefined, ALLOWED_HOSTS: 'solar.example, www.solar.example:8443', TRUST_PROXY: 'true' });
    expect(hostRefusal({ host: 'solar.example' }, '/')).toBeNull();
    expect(hostRefusal({ host: 'solar.example:3000' }, '/')).toBeNull();
    expect(hostRefusal({ host: 'www.solar.example:8443' }, '/')).toBeNull();
    expect(hostRefusal({ host: 'www.solar.example' }, '/')).toMatchObject({ status: 421 });
    expect(hostRefusal({ host: 'localhost' }, '/')).toMatchObject({ status: 421 });
    expect(hostRefusal({ host: 'solar.example', 'x-forwarded-host': 'evil.example' }, '/')).toMatchObject({ status: 421 });
    expect(hostRefusal({ host: 'app.internal:3000', 'x-forwarded-host': 'solar.example' }, '/')).toBeNull();
  });

  it('with PUBLIC_URL alone, or outside production, any host (no URL is made from it then)', () => {
    configure({ NODE_ENV: 'production', PUBLIC_URL: 'https://solar.example', ALLOWED_HOSTS: undefined });
    expect(hostRefusal({ host: 'evil.example' }, '/')).toBeNull();
    configure({ NODE_ENV: 'development', PUBLIC_URL: undefined, ALLOWED_HOSTS: undefined });
    expect(hostRefusal({ host: 'evil.example' }, '/')).toBeNull();
  });
});
