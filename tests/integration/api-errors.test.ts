import { describe, expect, it } from 'vitest';
import { buildApi, isApiPath } from '@/server/api';

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
