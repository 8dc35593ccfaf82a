import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, HttpError, withQuery } from './client';

let server: http.Server;
let base = '';
const seen: { method?: string; url?: string; body?: string; type?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, type: req.headers['content-type'] });
      if (req.url?.startsWith('/ok')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hello: 'world' }));
      } else if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'content_not_found', message: 'This video is not available.' } }));
      } else if (req.url === '/html') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200).end('{}'), 500);
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('apiRequest', () => {
  it('returns the JSON answer and sends query and JSON body', async () => {
    const got = await apiRequest<{ hello: string }>(`${base}/ok`, { method: 'POST', query: { page: 2, topic_id: undefined, lang: 'hi' }, json: { content_id: 'x' } });
    expect(got).toEqual({ hello: 'world' });
    const last = seen[seen.length - 1];
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/ok?page=2&lang=hi');
    expect(last.type).toBe('application/json');
    expect(JSON.parse(last.body!)).toEqual({ content_id: 'x' });
  });

  it('turns the one error shape into an HttpError with its code', async () => {
    const err = await apiRequest(`${base}/missing`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 404, code: 'content_not_found', message: 'This video is not available.' });
  });

  it('gives a status-based code when the error body is not JSON', async () => {
    const err = await apiRequest(`${base}/html`).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('times out with code timeout', async () => {
    const err = await apiRequest(`${base}/slow`, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('reports a caller abort as aborted, a refused connection as network_error', async () => {
    const ctrl = new AbortController();
    const p = apiRequest(`${base}/slow`, { signal: ctrl.signal });
    ctrl.abort();
    expect(await p.catch((e: unknown) => e)).toMatchObject({ code: 'aborted' });
    expect(await apiRequest('http://127.0.0.1:1/x').catch((e: unknown) => e)).toMatchObject({ code: 'network_error' });
  });

  it('returns undefined for 204', async () => {
    expect(await apiRequest(`${base}/empty`, { method: 'DELETE' })).toBeUndefined();
  });
});

describe('withQuery', () => {
  it('leaves out empty values and appends to an existing query', () => {
    expect(withQuery('/a', { x: 1, y: null, z: '' })).toBe('/a?x=1');
    expect(withQuery('/a?b=1', { c: true })).toBe('/a?b=1&c=true');
    expect(withQuery('/a', {})).toBe('/a');
  });
});
