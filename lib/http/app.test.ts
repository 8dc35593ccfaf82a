import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import { createApiApp, INTERNAL_ERROR_MESSAGE, jsonContentType, limitBody } from './app';
import { ApiError, type ApiErrorCode } from './errors';

process.env.LOG_LEVEL = 'silent';

function app() {
  const a = createApiApp();
  a.get('/boom', () => {
    throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
  });
  a.get('/api-error', () => {
    // Not a member of the closed set: the mapping passes whatever code an ApiError carries.
    throw new ApiError(409, 'already_done' as ApiErrorCode, 'Already done.');
  });
  a.get('/syntax', () => JSON.parse('{'));
  a.get('/http', () => {
    throw new HTTPException(401, { message: 'Who are you?' });
  });
  a.post('/small', limitBody(10), jsonContentType(), (c) => c.json({ ok: true }));
  return a;
}

describe('createApiApp error handling', () => {
  it('answers an unexpected error with a 500 that carries no internals', async () => {
    const res = await app().request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE } });
    expect(text).not.toMatch(/ECONNREFUSED|hunter2|at /);
  });

  it('maps ApiError, SyntaxError and HTTPException to the one shape', async () => {
    const a = app();
    const r1 = await a.request('/api-error');
    expect([r1.status, await r1.json()]).toEqual([409, { error: { code: 'already_done', message: 'Already done.' } }]);
    const r2 = await a.request('/syntax');
    expect([r2.status, (await r2.json()).error.code]).toEqual([400, 'invalid_json']);
    const r3 = await a.request('/http');
    expect([r3.status, await r3.json()]).toEqual([401, { error: { code: 'unauthorized', message: 'Who are you?' } }]);
  });

  it('answers unknown paths with 404 not_found and every answer with a request id', async () => {
    const res = await app().request('/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('limits bodies (413) and content types (415)', async () => {
    const a = app();
    const big = await a.request('/small', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"0123456789"}' });
    expect([big.status, (await big.json()).error.code]).toEqual([413, 'payload_too_large']);
    const form = await a.request('/small', { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: '{}' });
    expect([form.status, (await form.json()).error.code]).toEqual([415, 'unsupported_media_type']);
    const ok = await a.request('/small', { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' });
    expect(ok.status).toBe(200);
  });
});
