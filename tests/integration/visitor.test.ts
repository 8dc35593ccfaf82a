import { afterAll, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterAll(() => seed.cleanup());

describe('POST /auth/api/v1/visitor', () => {
  it('gives a client without cookies a visitor token, which then works as X-Fingerprint-Id for a write', async () => {
    const first = await api.request('/auth/api/v1/visitor', { method: 'POST' });
    expect(first.status).toBe(201);
    const body = await first.json() as { visitor_id: string; token: string; is_new: boolean; isUserVisitor: boolean };
    expect(body).toMatchObject({ is_new: true, isUserVisitor: true });
    expect(body.token.startsWith(`${body.visitor_id}.`)).toBe(true);
    seed.track(body.visitor_id);

    const again = await api.request('/auth/api/v1/visitor', { method: 'POST', headers: { 'x-fingerprint-id': body.token } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ visitor_id: body.visitor_id, is_new: false });

    // A write with the token as its fingerprint id is the visitor's (404: no such reel, not 401).
    const like = await api.request('/uploader/api/v1/like/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint-id': body.token },
      body: JSON.stringify({ content_id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(like.status).toBe(404);
  });

  it('refuses another site\'s page (403) and hands out nothing', async () => {
    const res = await api.request('http://localhost/auth/api/v1/visitor', {
      method: 'POST', headers: { origin: 'https://evil.example', host: 'localhost' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
