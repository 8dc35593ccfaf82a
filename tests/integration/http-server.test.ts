import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { buildApi } from '@/server/api';
import { createRequestListener } from '@/server/request-listener';
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
  it('gets a signed cookie, which Next already sees on that same request; a returning visitor gets none', async () => {
    const res = await fetch(`${base}/tldr?x=1`, { headers: { cookie: 'NEXT_LOCALE=hi' } });
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^sr_vid=[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const pair = set.split(';')[0];
    expect(seenByNext.find((s) => s.url === '/tldr?x=1')?.cookie).toBe(`NEXT_LOCALE=hi; ${pair}`);
    expect((await fetch(`${base}/tldr`, { headers: { cookie: pair } })).headers.get('set-cookie')).toBeNull();
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
