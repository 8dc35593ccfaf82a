import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, HttpError } from './client';

let server: http.Server;
let base = '';
const seen: { method?: string; url?: string; body?: string; type?: string; accept?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, type: req.headers['content-type'], accept: req.headers.accept });
      if (req.url?.startsWith('/ok')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
      } else if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'content_not_found', message: 'This video is not available.' } }));
      } else if (req.url === '/limited') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' })
          .end(JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down.' } }));
      } else if (req.url === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 500);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('apiFetch', () => {
  it('returns a 2xx answer and sends the body as given, asking for JSON', async () => {
    const res = await apiFetch(`${base}/ok?page=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"content_id":"x"}' });
    expect(await res.json()).toEqual({ hello: 'world' });
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ method: 'POST', url: '/ok?page=2', type: 'application/json', accept: 'application/json' });
    expect(JSON.parse(last.body!)).toEqual({ content_id: 'x' });
  });

  it('turns the one error shape into an HttpError with its code, and a 429\'s Retry-After', async () => {
    const err = await apiFetch(`${base}/missing`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 404, code: 'content_not_found', message: 'This video is not available.' });
    expect(await apiFetch(`${base}/limited`).catch((e: unknown) => e)).toMatchObject({ status: 429, code: 'rate_limited', retryAfterS: 42 });
  });

  it('gives a status-based code when the error body is not JSON', async () => {
    expect(await apiFetch(`${base}/html`).catch((e: unknown) => e)).toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('times out with code timeout', async () => {
    expect(await apiFetch(`${base}/slow`, { timeoutMs: 50 }).catch((e: unknown) => e)).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('reports a caller abort as aborted, a refused connection as network_error', async () => {
    const ctrl = new AbortController();
    const p = apiFetch(`${base}/slow`, { signal: ctrl.signal });
    ctrl.abort();
    expect(await p.catch((e: unknown) => e)).toMatchObject({ code: 'aborted' });
    expect(await apiFetch('http://127.0.0.1:1/x').catch((e: unknown) => e)).toMatchObject({ code: 'network_error' });
  });
});
