import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePageResponse } from './page-response';
import { serveHlsVendor, HLS_VENDOR_PATH } from './vendor-hls';

const PAGE = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/_next/static/chunks/one.js" async="" nonce="N1"></script></head>`
  + `<body>${'<p>reel</p>'.repeat(400)}<script src="/_next/static/chunks/two.js" nonce="N1" async=""></script></body></html>`;
let server: http.Server;
let base: string;

beforeAll(async () => {
  // Writes the way Next does: headers set, flushed, then the body in small chunks (cut mid-tag).
  server = http.createServer((req, res) => {
    void (async () => {
      if (serveHlsVendor(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://x');
      await preparePageResponse(req, res, { hold: url.searchParams.has('hold'), nonce: 'N1', starter: 'self.__starter=1' });
      const json = url.pathname === '/data';
      res.setHeader('Content-Type', json ? 'application/json' : 'text/html; charset=utf-8');
      const body = json ? JSON.stringify({ html: PAGE }) : PAGE;
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.flushHeaders();
      for (let i = 0; i < body.length; i += 37) {
        res.write(Buffer.from(body.slice(i, i + 37)));
        (res as unknown as { flush?: () => void }).flush?.();
      }
      res.end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

function get(p: string, encoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; wire: number }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const body = enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8'), wire: raw.length });
      });
    }).on('error', reject);
  });
}

describe('page responses', () => {
  it('are compressed with brotli where accepted, else gzip, else sent as they are', async () => {
    const br = await get('/page', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(PAGE);
    // Flushed every 37 bytes here, as a stream is: smaller all the same.
    expect(br.wire).toBeLessThan(PAGE.length);
    const gz = await get('/page', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(PAGE);
    const plain = await get('/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(PAGE);
  });

  it('hold their Next scripts when asked, whatever the encoding, with the runtime and the starter first in the head', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const res = await get('/page?hold', enc);
      expect(res.status).toBe(200);
      // The length changed: no stale Content-Length.
      if (!enc) expect(res.headers['content-length']).toBeUndefined();
      expect(res.text).toMatch(/^<!DOCTYPE html><html><head><script nonce="N1">\(function\(w,d\)\{.*;self\.__starter=1<\/script><meta/);
      expect(res.text).toContain('<script data-held-src="/_next/static/chunks/one.js" nonce="N1"></script>');
      expect(res.text).toContain('<script data-held-src="/_next/static/chunks/two.js" nonce="N1"></script>');
      expect(res.text).not.toContain(' src="/_next/static/');
      expect(res.text.replace(/<script[^>]*>.*?<\/script>/g, '')).toBe(PAGE.replace(/<script[^>]*>.*?<\/script>/g, ''));
    }
  });

  it('leave a body that is not HTML unchanged, even where scripts are held', async () => {
    const res = await get('/data?hold', 'br');
    expect(JSON.parse(res.text)).toEqual({ html: PAGE });
  });
});

describe('hls.js\' own build', () => {
  it('is served at its versioned path, brotli where accepted, cached for a year', async () => {
    expect(HLS_VENDOR_PATH).toMatch(/^\/vendor\/hls\.light-\d+\.\d+\.\d+\.min\.js$/);
    const br = await get(HLS_VENDOR_PATH, 'br');
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.text).toContain('Hls');
    const plain = await get(HLS_VENDOR_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(br.text);
    expect(br.wire).toBeLessThan(plain.wire / 3);
  });

  it('answers only its own path', async () => {
    const res = await get('/vendor/hls.light-0.0.0.min.js');
    expect(res.text).toBe(PAGE);
  });
});
