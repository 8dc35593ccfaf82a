import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { buildApi, isApiPath } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();

describe('unknown API paths and methods', () => {
  it.each([
    ['GET', '/feeds-server/api/v9/nothing/here/at/all'],
    ['GET', '/uploader/api/v1/like/'],
    ['POST', '/feeds-server/api/v1/feeds'],
    ['GET', '/referral/api/v1/nope'],
    ['DELETE', '/uploader-read/api/v3/topics'],
  ])('%s %s answers 404 in the one error shape', async (method, path) => {
    const res = await api.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('isApiPath', () => {
  it('claims the API prefixes and nothing else', () => {
    for (const p of ['/feeds-server/api/v1/feeds?page=2', '/uploader/api/v1/like/', '/uploader-read/api/v3/topics',
      '/auth/api/v1/events', '/recommendation-service/api/v1/chat/', '/partner/api/v1/x/data', '/referral/api/inbox', '/api/logger',
      'http://localhost:3000/auth/api/v1/me']) {
      expect(isApiPath(p), p).toBe(true);
    }
    for (const p of ['/', '/reels', '/tldr/solar-basics', '/media/abc/master.m3u8', '/_next/static/x.js', '/feeds-server', '/apix', 'garbage']) {
      expect(isApiPath(p), p).toBe(false);
    }
  });
});

describe('bad input is a 4xx in the one error shape, never a 500, and changes nothing', () => {
  const seed = new Seed();
  afterAll(() => seed.cleanup());

  const deep = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;
  const cases: Array<[string, string, string, number, string]> = [
    ['a lone surrogate in an event payload', '/auth/api/v1/events', '{"event_type":"CLICK_TLDR","version":"1.0.0","payload":{"a":"\\ud800"}}', 400, 'invalid_json'],
    ['an event payload nested 6,000 levels deep', '/auth/api/v1/events', `{"event_type":"CLICK_TLDR","version":"1.0.0","payload":${deep}}`, 0, ''],
    ['a NUL in the chat topic', '/recommendation-service/api/v1/chat/', '{"message":"subsidy?","language":"english","topic":"a\\u0000b"}', 422, 'validation_failed'],
    ['a control character in the chat message', '/recommendation-service/api/v1/chat/', '{"message":"bill\\u001b[2J","language":"english"}', 422, 'validation_failed'],
    ['a lone surrogate in the chat message', '/recommendation-service/api/v1/chat/', '{"message":"\\udc00 subsidy","language":"english"}', 400, 'invalid_json'],
    ['a NUL in a lead name', '/api/v1/leads/callback', '{"name":"Ra\\u0000m"}', 422, 'validation_failed'],
    ['a lone surrogate in a like', '/uploader/api/v1/like/', '{"content_id":"\\ud800"}', 400, 'invalid_json'],
    ['invalid JSON', '/uploader/api/v1/like/', '{"content_id":', 400, 'invalid_json'],
    ['JSON nested 6,000 levels deep', '/api/v1/leads/subsidy', deep, 422, 'validation_failed'],
  ];

  it.each(cases)('%s', async (_name, path, body, status, code) => {
    const v = seed.viewer();
    const res = await api.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: v.cookie }, body });
    if (status) expect(res.status).toBe(status);
    else {
      // The whole body is over the event's size bound before its depth is looked at: either is a 4xx.
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const json = await res.json() as { error: { code: string; message: string } };
    expect(json).toEqual({ error: { code: code || expect.any(String), message: expect.any(String) } });
    const { db } = await getDb();
    const [{ n }] = await db.select({ n: count() }).from(events).where(eq(events.viewer_id, v.id));
    expect(n).toBe(0);
  });

  it('an oversized body is a 413 with Connection: close', async () => {
    const v = seed.viewer();
    const res = await api.request('/auth/api/v1/events', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: v.cookie }, body: `{"x":"${'a'.repeat(70_000)}"}`,
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it.each([
    ['/uploader/api/v1/like/', { content_id: '00000000-0000-4000-8000-000000000000' }],
    ['/uploader/api/v1/unlike/', { content_id: '00000000-0000-4000-8000-000000000000' }],
    ['/auth/api/v1/events', { event_type: 'CLICK_TLDR', version: '1.0.0', payload: {} }],
    ['/recommendation-service/api/v1/chat/', { message: 'subsidy?', language: 'english' }],
    ['/api/v1/leads/callback', {}],
  ])('POST %s without the visitor cookie the server issued: 401 visitor_required; from another origin: 403', async (path, body) => {
    const noCookie = await api.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(noCookie.status).toBe(401);
    expect((await noCookie.json()).error.code).toBe('visitor_required');
    const foreign = await api.request(`http://localhost${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example', host: 'localhost', cookie: seed.viewer().cookie },
      body: JSON.stringify(body),
    });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('origin_not_allowed');
  });
});

describe('the request listener\'s refusals (server/request-checks.ts)', () => {
  it('answer with codes the interface translates in en, hi and he', async () => {
    const { hostRefusal, pageMethodRefusal, refusedMethod, targetRefusal } = await import('@/server/request-checks');
    // Production without PUBLIC_URL or ALLOWED_HOSTS: the host refusal applies.
    const vars = process.env as Record<string, string | undefined>;
    const saved = { NODE_ENV: vars.NODE_ENV, PUBLIC_URL: vars.PUBLIC_URL, ALLOWED_HOSTS: vars.ALLOWED_HOSTS };
    Object.assign(vars, { NODE_ENV: 'production', PUBLIC_URL: '', ALLOWED_HOSTS: '' });
    const { setSingleton } = await import('@/lib/singleton');
    setSingleton('env', undefined);
    try {
      const codes = [refusedMethod('TRACE', false), pageMethodRefusal('PUT'), targetRefusal('/%'), hostRefusal({ host: 'evil.example' }, '/')]
        .map((r) => r?.code);
      expect(codes).toEqual(['method_not_allowed', 'method_not_allowed', 'bad_request', 'host_not_allowed']);
      for (const locale of ['en', 'hi', 'he']) {
        const messages = (await import(`@/messages/${locale}.json`)).default as { errors: Record<string, string> };
        for (const code of codes) expect(messages.errors[code!], `${locale} errors.${code}`).toBeTruthy();
      }
    } finally {
      Object.assign(vars, saved);
      for (const k of Object.keys(saved) as Array<keyof typeof saved>) if (saved[k] === undefined) delete vars[k];
      setSingleton('env', undefined);
    }
  });
});
