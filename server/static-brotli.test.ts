import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBrotliAsset } from './static-brotli';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-br-'));
const js = 'console.log("hello from a chunk");'.repeat(50);
let server: http.Server;
let base: string;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'static', 'chunks', 'a.js'), js);
  fs.writeFileSync(path.join(dist, 'static', 'chunks', 'a.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'static', 'chunks', 'b.js'), js);
  server = http.createServer((req, res) => {
    if (!serveBrotliAsset(req, res, dist)) res.writeHead(299).end('next');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(p: string, encoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('serveBrotliAsset', () => {
  it('sends the .br twin of a build asset to a browser that accepts br, cached as immutable', async () => {
    const res = await get('/_next/static/chunks/a.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(js);
  });

  it('leaves the request to Next without br support, without a twin, or outside /_next/static', async () => {
    expect((await get('/_next/static/chunks/a.js', 'gzip')).status).toBe(299);
    expect((await get('/_next/static/chunks/b.js', 'br')).status).toBe(299);
    expect((await get('/reels', 'br')).status).toBe(299);
    expect((await get('/_next/static/chunks/../../../etc/passwd.js', 'br')).status).toBe(299);
  });
});
