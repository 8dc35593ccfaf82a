import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { buildApi } from '@/server/api';
import { createRequestListener, refuseConnect } from '@/server/request-listener';
import { loggerOptions } from '@/lib/logger';
import { setSingleton } from '@/lib/singleton';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The one port's listener over a real socket: security headers on pages,
 * API answers and media; the CSP nonce handed to Next; the visitor cookie of
 * a first page visit; a 413 that closes the connection; a malformed path.
 * Next itself is replaced by a handler that records what it was given
 * (Next's boundary; the end-to-end suite runs the real one).
 */

const seed = new Seed();
let server: http.Server;
let base: string;
const seenByNext: Array<{ url: string; csp?: string; cookie?: string }> = [];
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-dist-'));

beforeAll(async () => {
  const api = getRequestListener(buildApi().fetch);
  server = http.createServer(createRequestListener({
    api,
    next: (req, res) => {
      seenByNext.push({ url: req.url ?? '', csp: req.headers['content-security-policy'] as string | undefined, cookie: req.headers.cookie });
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>page</html>');
    },
    distDir, dev: false, mediaOrigins: [], embedOrigins: ['https://partner.example'],
  }));
  server.on('connect', refuseConnect); // as server/index.ts does
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await seed.cleanup();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('a page: CSP with a fresh nonce (the same one Next is given), frame-ancestors none, no microphone', async () => {
    const a = await fetch(`${base}/reels`);
    const b = await fetch(`${base}/reels`);
    const csp = a.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/media-src 'self' blob:/);
    expect(csp).toContain("object-src 'none'");
    expect(seenByNext.find((s) => s.url === '/reels')?.csp).toContain(`'nonce-${nonce}'`);
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(a.headers.get('permissions-policy')).toContain('microphone=()');
    expect(a.headers.get('x-frame-options')).toBe('DENY');
    expect(a.headers.get('strict-transport-security')).toBeNull();
  });

  it('chat pages may use the microphone; the embeddable chat keeps its frame allow-list', async () => {
    expect((await fetch(`${base}/assistant`)).headers.get('permissions-policy')).toContain('microphone=(self)');
    const embed = await fetch(`${base}/chat/external/solar`);
    expect(embed.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://partner.example");
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('permissions-policy')).toContain('microphone=(self)');
  });

  it('an API answer and a media answer: a data-only CSP and nosniff', async () => {
    for (const p of ['/uploader-read/api/v3/topics', '/media/nope/00000000-0000-4000-8000-000000000000/master.m3u8']) {
      const res = await fetch(`${base}${p}`);
      expect(res.headers.get('content-security-policy'), p).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
    }
  });
});

describe('the visitor of a first page visit', () => {
  it('gets a signed cookie, which Next already sees on that same request, and a device mark; a returning visitor gets none', async () => {
    const res = await fetch(`${base}/tldr?x=1`, { headers: { cookie: 'NEXT_LOCALE=hi' } });
    const [set, mark, ...more] = res.headers.getSetCookie();
    expect(set).toMatch(/^sr_vid=[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    // The device mark (lib/auth/device.ts), which logout does not renew.
    expect(mark).toMatch(/^sr_dev=[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(more).toEqual([]);
    const pair = set.split(';')[0];
    expect(seenByNext.find((s) => s.url === '/tldr?x=1')?.cookie).toBe(`NEXT_LOCALE=hi; ${pair}`);
    // A visitor without a mark gets only the mark; one with both gets nothing.
    const onlyMark = (await fetch(`${base}/tldr`, { headers: { cookie: pair } })).headers.getSetCookie();
    expect(onlyMark).toEqual([expect.stringMatching(/^sr_dev=/)]);
    expect((await fetch(`${base}/tldr`, { headers: { cookie: `${pair}; ${mark.split(';')[0]}` } })).headers.get('set-cookie')).toBeNull();
  });

  it('asset requests get no visitor', async () => {
    expect((await fetch(`${base}/_next/static/chunks/x.js`)).headers.get('set-cookie')).toBeNull();
  });
});

describe('requests that used to break the listener', () => {
  it('GET /_next/static/%E0%A4.js with Accept-Encoding: br is not a 500', async () => {
    const res = await fetch(`${base}/_next/static/%E0%A4.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBeLessThan(500);
  });

  it('a 413 says Connection: close, and a keep-alive client\'s next request still succeeds', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const v = seed.viewer();
    const send = (body: string, p: string) => new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
      const req = http.request(`${base}${p}`, {
        method: 'POST', agent,
        headers: { 'content-type': 'application/json', cookie: v.cookie, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
    const big = await send(JSON.stringify({ message: 'x'.repeat(200_000), language: 'english' }), '/recommendation-service/api/v1/chat/');
    expect(big.status).toBe(413);
    expect(big.connection).toBe('close');
    expect(JSON.parse(big.body)).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
    const next = await send(JSON.stringify({ content_id: '00000000-0000-4000-8000-000000000000' }), '/uploader/api/v1/like/');
    expect(next.status).toBe(404);
    agent.destroy();
  });
});

/** One request over a real socket with any method and headers (fetch refuses TRACE and a Host header). */
function send(method: string, p: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    // A body always with its length (Node sends a DELETE's body unframed otherwise, which breaks the next request).
    const framed = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(`${base}${p}`, { method, headers: framed }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes `raw` on a fresh connection and returns everything the server answers until it closes. */
function rawRequest(raw: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      text += c;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    setTimeout(() => socket.end(), 2000).unref();
  });
}

const errorShape = (code: string) => ({ error: { code, message: expect.any(String) } });

describe('a client\'s malformed request is a 4xx in the one error shape, before any handler', () => {
  it.each([
    // A NUL would reach PostgreSQL (which refuses it in text: a 500 with the SQL in the log).
    ['/auth/api/v1/users?q=ab%00cd'], ['/referral/api/v1/deals?url_id=%00'], ['/auth/api/v1/topic/%00/topic_role'],
    ['/feeds-server/api/v1/feeds?a%00=1'], ['/media/%00/master.m3u8'],
    // A path that does not percent-decode would throw URIError in a page's generateMetadata.
    ['/share/%E0%A4'], ['/topic/%'], ['/tldr/%'], ['/content/%'], ['/invite/%'], ['/studio/topic/%'], ['/uploader/api/v1/tus/%'],
  ])('GET %s -> 400 bad_request; Next never sees it', async (p) => {
    const seen = seenByNext.length;
    const u = await seed.signedIn();
    const res = await send('GET', p, { cookie: u.cookie });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual(errorShape('bad_request'));
    expect(seenByNext.length).toBe(seen);
  });

  it('a well-formed escape in a path and a malformed one in a page\'s query still reach Next', async () => {
    expect((await send('GET', '/tldr/caf%C3%A9')).status).toBe(404); // Next's stand-in answers 404
    expect((await send('GET', '/reels?utm_campaign=50%off')).status).toBe(404);
    expect(seenByNext.map((s) => s.url)).toEqual(expect.arrayContaining(['/tldr/caf%C3%A9', '/reels?utm_campaign=50%off']));
  });
});

describe('methods', () => {
  it.each([
    ['TRACE', '/sw.js'], ['PUT', '/reels'], ['DELETE', '/'], ['POST', '/share/abc'], ['PATCH', '/profile'], ['OPTIONS', '/reels'],
  ])('%s %s (a page) -> 405 with Allow: GET, HEAD; Next never sees it', async (method, p) => {
    const seen = seenByNext.length;
    const res = await send(method, p, {}, method === 'TRACE' || method === 'OPTIONS' ? undefined : '{}');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(res.body)).toEqual(errorShape('method_not_allowed'));
    expect(seenByNext.length).toBe(seen);
  });

  it('HEAD of a page still reaches Next; TRACE of an API path is 405 too, listing the API\'s methods', async () => {
    expect((await send('HEAD', '/reels')).status).toBe(404);
    const trace = await send('TRACE', '/feeds-server/api/v1/feeds', { cookie: 'sr_sid=secret' });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(trace.body).not.toContain('secret');
  });

  it('TRACK is refused by Node\'s parser; CONNECT gets 405 and the connection is closed', async () => {
    expect(await rawRequest('TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    const connect = await rawRequest('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect(connect).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(connect).toContain('"code":"method_not_allowed"');
  });
});

describe('the Host header', () => {
  const configure = useEnvVars(['NODE_ENV', 'PUBLIC_URL', 'ALLOWED_HOSTS', 'TRUST_PROXY']);

  it('production without PUBLIC_URL or ALLOWED_HOSTS: evil.example is refused with 421 (pages, API, media); localhost works', async () => {
    configure({ NODE_ENV: 'production', PUBLIC_URL: undefined, ALLOWED_HOSTS: undefined, TRUST_PROXY: 'false' });
    const seen = seenByNext.length;
    for (const p of ['/share/0123456789', '/uploader-read/api/v3/topics', '/media/nope/00000000-0000-4000-8000-000000000000/master.m3u8']) {
      const res = await send('GET', p, { host: 'evil.example' });
      expect(res.status, p).toBe(421);
      expect(JSON.parse(res.body)).toEqual(errorShape('host_not_allowed'));
    }
    expect(seenByNext.length).toBe(seen);
    expect((await send('GET', '/reels', { host: 'localhost:3000' })).status).toBe(404); // Next's stand-in
    expect((await send('GET', '/reels', { host: '127.0.0.1:3000' })).status).toBe(404);
    expect((await send('GET', '/uploader-read/api/v3/topics', { host: 'localhost' })).status).toBe(200);
  });

  it('with ALLOWED_HOSTS an unlisted Host, or an unlisted X-Forwarded-Host behind TRUST_PROXY, is refused', async () => {
    configure({ NODE_ENV: 'production', PUBLIC_URL: undefined, ALLOWED_HOSTS: 'solar.example', TRUST_PROXY: 'true' });
    expect((await send('GET', '/reels', { host: 'solar.example' })).status).toBe(404);
    expect((await send('GET', '/reels', { host: 'evil.example' })).status).toBe(421);
    expect((await send('GET', '/reels', { host: 'solar.example', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
    expect((await send('GET', '/reels', { host: 'app.internal:3000', 'x-forwarded-host': 'solar.example' })).status).toBe(404);
  });
});

describe('browser log lines in the server log (POST /api/logger, /api/errorLog)', () => {
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(() => {
    setSingleton('logger', pino(loggerOptions('trace'), new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        cb();
      },
    })));
  });
  afterAll(() => setSingleton('logger', undefined));

  const post = (p: string, cookie: string, body: unknown) => send('POST', p, { cookie, 'content-type': 'application/json' }, JSON.stringify(body));

  it('an anonymous "fatal" is written at warn (40), tagged as the client\'s', async () => {
    lines.length = 0;
    const v = seed.viewer();
    expect((await post('/api/logger', v.cookie, { level: 'fatal', message: 'fatal from a browser' })).status).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, source: 'client', clientLevel: 'fatal', visitorId: v.id, msg: 'fatal from a browser' });
  });

  it('UPI ids, phones, e-mails and tokens are masked in every field, URLs and context included', async () => {
    lines.length = 0;
    const v = seed.viewer();
    const res = await post('/api/errorLog', v.cookie, {
      message: 'pay ravi.k@okaxis or 9812345678@ybl, call +91 98123 45678',
      stack: 'Error: x\n    at pay (https://solar.example/app.js:12:5) asha@example.com',
      context: {
        vpa: 'asha@oksbi', url: 'https://solar.example/claim?token=abcdef123456&vpa=ravi%40okhdfcbank',
        auth: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', reel: '3f2a1b4c-1234-4567-8901-123456789012',
      },
    });
    expect(res.status).toBe(204);
    expect(lines).toHaveLength(1);
    const text = JSON.stringify(lines[0]);
    for (const leak of ['okaxis', '9812345678', '98123', 'oksbi', 'okhdfcbank', 'asha@example.com', 'abcdef123456', 'eyJ']) expect(text).not.toContain(leak);
    expect(lines[0]).toMatchObject({
      level: 40, source: 'client', clientLevel: 'error',
      msg: 'pay [upi] or [upi], call [number]',
      context: { reel: '3f2a1b4c-1234-4567-8901-123456789012', url: 'https://solar.example/claim?token=[redacted]&vpa=[upi]' },
    });
    expect(String(lines[0].stack)).toContain('app.js:12:5');
  });
});
