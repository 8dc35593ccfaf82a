import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
process.env.LOG_LEVEL = 'silent';
process.env.IP_LIMIT_VISITORS = '3';
const { createApiApp } = await import('./app');
const { principal, requireRole, requireUser, requireVisitor, sameOrigin } = await import('./principal');
const { rateLimit } = await import('./rate-limit');
const { newVisitorId, visitorToken } = await import('../auth/visitor');
const { deviceToken, newDeviceId } = await import('../auth/device');
const { hasRole } = await import('../auth/principal');

/** A small API with each guard on its own path; the principal is set by `principal()` unless a test injects one. */
function app(inject?: { userId: string | null; roles: { role: 'ADMIN' | 'CREATOR' | 'CO-CURATOR' | 'CURATOR'; topicId: string | null }[] }) {
  const a = createApiApp();
  a.use('*', principal());
  if (inject) {
    a.use('*', async (c, next) => {
      c.set('principal', { ...c.var.principal, ...inject });
      await next();
    });
  }
  a.get('/who', (c) => c.json(c.var.principal));
  a.post('/write', sameOrigin(), requireVisitor(), (c) => c.json({ ok: true }));
  a.post('/limited', requireVisitor(), rateLimit('leads'), (c) => c.json({ ok: true }));
  a.get('/user', requireUser(), (c) => c.json({ ok: true }));
  a.get('/topic/:id/curate', requireRole('CURATOR', (c) => c.req.param('id') ?? null), (c) => c.json({ ok: true }));
  return a as unknown as Hono;
}

const cookieOf = (id: string) => ({ cookie: `sr_vid=${visitorToken(id)}` });

/** A request as @hono/node-server hands it over: headers and the peer address of the socket. */
function from(ip: string, headers: Record<string, string> = {}) {
  return { incoming: { headers, socket: { remoteAddress: ip } } };
}

describe('principal()', () => {
  it('reads the visitor and device mark from the signed cookies or the X-Fingerprint-Id header, and sets no new cookie', async () => {
    const id = newVisitorId();
    const device = newDeviceId();
    const cases: Array<[Record<string, string>, string | null]> = [
      [{ cookie: `sr_vid=${visitorToken(id)}; sr_dev=${deviceToken(device)}` }, device],
      // A native client that keeps no cookies has no device mark, and is given none.
      [{ 'x-fingerprint-id': visitorToken(id) }, null],
    ];
    for (const [headers, deviceId] of cases) {
      const res = await app().request('/who', { headers });
      expect(await res.json()).toEqual({ visitorId: id, isNewVisitor: false, userId: null, roles: [], deviceId });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('mints a device mark once for a browser without a valid one (none, forged, unsigned, or a visitor token), visitor or not', async () => {
    const id = newVisitorId();
    const variants = ['', `; sr_dev=${newDeviceId()}`, `; sr_dev=${newDeviceId()}.AAAAAAAAAAAAAAAAAAAAAA`, `; sr_dev=${visitorToken(id)}`];
    for (const extra of variants) {
      const res = await app().request('/who', { headers: { cookie: `sr_vid=${visitorToken(id)}${extra}` } });
      const p = await res.json();
      expect(p.visitorId, extra).toBe(id);
      expect(p.deviceId, extra).toMatch(/^[0-9A-Za-z]{20}$/);
      const set = res.headers.get('set-cookie')!;
      expect(set).toMatch(new RegExp(`^sr_dev=${p.deviceId}\\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax$`));
      // Sent back, it is read and not minted again.
      const again = await app().request('/who', { headers: { cookie: `sr_vid=${visitorToken(id)}; ${set.split(';')[0]}` } });
      expect((await again.json()).deviceId).toBe(p.deviceId);
      expect(again.headers.get('set-cookie')).toBeNull();
    }
    // A first visit gets both cookies; the principal carries the new mark.
    const first = await app().request('/who', {}, from('192.0.2.91'));
    const fp = await first.json();
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^sr_vid=${fp.visitorId}\\..*, sr_dev=${fp.deviceId}\\.`));
  });

  it('mints a new visitor for a request without one (or with a forged one), per-IP limited', async () => {
    const a = app();
    const ids = new Set<string>();
    const variants: Array<Record<string, string>> = [{}, { cookie: `sr_vid=${newVisitorId()}` }, { cookie: `sr_vid=${newVisitorId()}.AAAAAAAAAAAAAAAAAAAAAA` }];
    for (const headers of variants) {
      const res = await a.request('/who', { headers }, from('203.0.113.7', headers));
      expect(res.status).toBe(200);
      const p = await res.json();
      expect(p.isNewVisitor).toBe(true);
      expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^sr_vid=${p.visitorId}\\.`));
      ids.add(p.visitorId);
    }
    expect(ids.size).toBe(3);
    // IP_LIMIT_VISITORS=3 for this file: the fourth new visitor from one address is refused.
    const res = await a.request('/who', {}, from('203.0.113.7'));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    // A visitor the server issued is never counted against that limit.
    const known = cookieOf(newVisitorId());
    expect((await a.request('/who', { headers: known }, from('203.0.113.7', known))).status).toBe(200);
    // Another address has its own count.
    expect((await a.request('/who', {}, from('198.51.100.1'))).status).toBe(200);
  });
});

describe('requireVisitor()', () => {
  it('refuses a write from a caller that brought no server-issued visitor id', async () => {
    const headers = { cookie: `sr_vid=${newVisitorId()}` };
    const res = await app().request('/write', { method: 'POST', headers }, from('192.0.2.50', headers));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('visitor_required');
    expect((await app().request('/write', { method: 'POST', headers: cookieOf(newVisitorId()) })).status).toBe(200);
  });
});

describe('sameOrigin()', () => {
  const id = newVisitorId();
  it.each([
    ['its own origin', { origin: 'http://localhost', host: 'localhost' }, 200],
    ['no Origin (a non-browser client)', { host: 'localhost' }, 200],
    ['another origin', { origin: 'https://evil.example', host: 'localhost' }, 403],
    ['the opaque origin "null"', { origin: 'null', host: 'localhost' }, 403],
    ['no Origin but Sec-Fetch-Site cross-site', { host: 'localhost', 'sec-fetch-site': 'cross-site' }, 403],
    ['a forwarded host without TRUST_PROXY', { origin: 'https://evil.example', host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, 403],
  ])('%s -> %i', async (_name, headers, status) => {
    const res = await app().request('http://localhost/write', { method: 'POST', headers: { ...headers, ...cookieOf(id) } });
    expect(res.status).toBe(status);
    if (status === 403) expect((await res.json()).error.code).toBe('origin_not_allowed');
  });
});

describe('rateLimit()', () => {
  it('answers 429 with Retry-After once the per-visitor limit is spent, and counts visitors apart', async () => {
    const a = app();
    const alice = cookieOf(newVisitorId());
    for (let i = 0; i < 10; i++) expect((await a.request('/limited', { method: 'POST', headers: alice })).status).toBe(200);
    const refused = await a.request('/limited', { method: 'POST', headers: alice });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await a.request('/limited', { method: 'POST', headers: cookieOf(newVisitorId()) })).status).toBe(200);
  });
});

describe('requireUser() and requireRole()', () => {
  const topic = '00000000-0000-4000-8000-000000000001';
  const other = '00000000-0000-4000-8000-000000000002';
  const visitor = cookieOf(newVisitorId());

  it('asks a visitor to log in (401 login_required)', async () => {
    for (const path of ['/user', `/topic/${topic}/curate`]) {
      const res = await app().request(path, { headers: visitor });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('login_required');
    }
  });

  it('lets a signed-in user through requireUser', async () => {
    expect((await app({ userId: 'u1', roles: [] }).request('/user', { headers: visitor })).status).toBe(200);
  });

  it.each([
    ['a user without roles', [], 403],
    ['a creator of the topic', [{ role: 'CREATOR' as const, topicId: topic }], 403],
    ['a curator of another topic', [{ role: 'CURATOR' as const, topicId: other }], 403],
    ['a curator of the topic', [{ role: 'CURATOR' as const, topicId: topic }], 200],
    ['an admin', [{ role: 'ADMIN' as const, topicId: null }], 200],
  ])('requireRole(CURATOR, topic): %s -> %i', async (_name, roles, status) => {
    const res = await app({ userId: 'u1', roles }).request(`/topic/${topic}/curate`, { headers: visitor });
    expect(res.status).toBe(status);
    if (status === 403) expect(await res.json()).toEqual({ error: { code: 'forbidden', message: 'Sorry. You are not authorized for this action!' } });
  });

  it('hasRole: a role held everywhere (topicId null) counts in every topic', () => {
    const p = { visitorId: 'v', isNewVisitor: false, userId: 'u', roles: [{ role: 'CO-CURATOR' as const, topicId: null }] };
    expect(hasRole(p, 'CO-CURATOR', topic)).toBe(true);
    expect(hasRole(p, 'CURATOR', topic)).toBe(false);
  });
});
