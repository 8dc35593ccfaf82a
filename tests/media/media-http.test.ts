import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { expiryBucketS, initMediaSigning, mediaExpiryS, mediaToken, signedMediaUrls } from '@/lib/storage/signing';
import { listenMedia, makeReadyReel } from '../fixtures/ready-reel';
import { makeOption } from '../fixtures/taxonomy';
import { spawnTsx } from '../fixtures/spawn';

/**
 * GET /media/<token>/<contentId>/<file>: signed HLS playlists, segments,
 * poster and thumbnail through handleMediaRequest on a real http.Server.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-http-'));
let option: Awaited<ReturnType<typeof makeOption>>;
let server: http.Server;
let base: string;
let contentId: string;
let renditions: number[];

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** Sends `rawPath` exactly as written (no URL normalisation), like a hostile client could. */
function request(rawPath: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/`, { method: opts.method ?? 'GET', path: rawPath, headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString('utf8')) as { error: { code: string; message: string } };
const mediaFile = (...parts: string[]) => path.join(env().DATA_DIR, 'media', 'content', contentId, ...parts);

beforeAll(async () => {
  await initMediaSigning();
  ({ option, contentId, renditions } = await makeReadyReel(tmp, 'http'));
  ({ server, base } = await listenMedia());
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await option?.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('GET /media/<token>/<contentId>/...', () => {
  it('serves the master playlist, a rendition playlist and its segments under one token', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    const master = await request(urls.master);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    expect(master.body.toString()).toContain('360/index.m3u8');

    expect(urls.r360).toMatch(new RegExp(`/${contentId}/360/index\\.m3u8$`));
    expect(urls.r240).toMatch(new RegExp(`/${contentId}/240/index\\.m3u8$`));
    const playlist = await request(urls.r360);
    expect(playlist.status).toBe(200);
    const firstSegment = playlist.body.toString().split('\n').find((l) => l.endsWith('.ts'))!;
    // Segments are named relatively: the player resolves them against the playlist URL, token included.
    const segUrl = new URL(firstSegment, `${base}${urls.r360}`).pathname;
    const seg = await request(segUrl);
    expect(seg.status).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(seg.headers['accept-ranges']).toBe('bytes');
    expect(seg.headers.etag).toMatch(/^".+"$/);
    expect(seg.headers['last-modified']).toBeTruthy();
    expect(seg.body.equals(fs.readFileSync(mediaFile('360', firstSegment)))).toBe(true);
    expect(Number(seg.headers['content-length'])).toBe(seg.body.length);

    for (const [url, type] of [[urls.thumbnail, 'image/jpeg'], [urls.poster, 'image/jpeg']]) {
      const img = await request(url);
      expect([img.status, img.headers['content-type'], img.headers['cache-control']])
        .toEqual([200, type, 'public, max-age=31536000, immutable']);
    }
  });

  it('answers Range requests with 206 and the exact bytes, 416 when unsatisfiable, 304 on a matching ETag', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    const segPath = urls.r240.replace('index.m3u8', 'seg_00000.ts');
    const bytes = fs.readFileSync(mediaFile('240', 'seg_00000.ts'));

    const part = await request(segPath, { headers: { Range: 'bytes=100-299' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${bytes.length}`);
    expect(part.body.equals(bytes.subarray(100, 300))).toBe(true);

    const tail = await request(segPath, { headers: { Range: 'bytes=-188' } });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(bytes.subarray(bytes.length - 188))).toBe(true);

    const open = await request(segPath, { headers: { Range: `bytes=${bytes.length - 10}-` } });
    expect([open.status, open.body.length]).toEqual([206, 10]);

    const beyond = await request(segPath, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const full = await request(segPath);
    const again = await request(segPath, { headers: { 'If-None-Match': String(full.headers.etag) } });
    expect([again.status, again.body.length]).toEqual([304, 0]);

    const head = await request(segPath, { method: 'HEAD' });
    expect([head.status, Number(head.headers['content-length']), head.body.length]).toEqual([200, bytes.length, 0]);
  });

  it('refuses a tampered token, another reel\'s token and an expired token with 403 in the one error shape', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    const token = urls.master.split('/')[2];
    const sig = token.split('.')[1];
    const flipped = `${token.split('.')[0]}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const laterExpiry = `${Number(token.split('.')[0]) + 3600}.${sig}`;
    for (const bad of [flipped, laterExpiry, 'garbage']) {
      const res = await request(urls.master.replace(token, bad));
      expect(res.status).toBe(403);
      expect(json(res).error.code).toBe('media_url_invalid');
    }

    const otherToken = mediaToken('11111111-1111-4111-8111-111111111111');
    const other = await request(urls.master.replace(token, otherToken));
    expect([other.status, json(other).error.code]).toEqual([403, 'media_url_invalid']);

    const ttlMs = env().MEDIA_URL_TTL_S * 1000;
    const old = signedMediaUrls(contentId, renditions, Date.now() - ttlMs - 2 * 3600_000);
    const expired = await request(old.r240);
    expect(expired.status).toBe(403);
    expect(json(expired).error).toEqual({ code: 'media_url_expired', message: expect.any(String) });
  });

  it('never serves a file outside the reel folder', async () => {
    const token = mediaToken(contentId);
    const prefix = `/media/${token}/${contentId}`;
    const attempts = [
      `${prefix}/../../../../etc/passwd`,
      `${prefix}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
      `${prefix}/240/..%2f..%2f..%2fpglite`,
      `${prefix}/..%5c..%5cetc%5cpasswd`,
      `/media/${token}/..%2f${contentId}/master.m3u8`,
      `${prefix}/240/seg_00000.ts%00.jpg`,
      `${prefix}/source.mp4`,
    ];
    for (const p of attempts) {
      const res = await request(p);
      expect([400, 404]).toContain(res.status);
      expect(json(res).error.code).toMatch(/^(not_found|bad_request)$/);
    }
    expect((await request(`${prefix}/%zz`)).status).toBe(400);
    expect((await request(`${prefix}/240/seg_99999.ts`)).status).toBe(404);
    expect((await request(`${prefix}/master.m3u8`, { method: 'POST' })).status).toBe(405);
  });
});

describe('GET /media/library/<picture>.png', () => {
  it('serves a profile picture without a token, cached for a year, and nothing else from that folder', async () => {
    const dir = path.join(env().DATA_DIR, 'media', 'library');
    fs.mkdirSync(dir, { recursive: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    fs.writeFileSync(path.join(dir, 'topic-subsidy-abc123.png'), png);
    const ok = await request('/media/library/topic-subsidy-abc123.png');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toContain('immutable');
    expect(ok.body.equals(png)).toBe(true);
    expect((await request('/media/library/missing-1.png')).status).toBe(404);
    expect((await request('/media/library/..%2f..%2fpglite')).status).toBeGreaterThanOrEqual(400);
    expect((await request('/media/library/../content/x.png')).status).toBe(404);
  });
});

describe('signedMediaUrls', () => {
  const id = '22222222-2222-4222-8222-222222222222';

  it('points r360 and r240 at the nearest rendition at or below them', () => {
    const pick = (r: number[]) => {
      const u = signedMediaUrls(id, r);
      return [u.r360.split('/').at(-2), u.r240.split('/').at(-2)];
    };
    expect(pick([240, 360, 720])).toEqual(['360', '240']);
    expect(pick([240, 360])).toEqual(['360', '240']);
    expect(pick([240, 480])).toEqual(['240', '240']);
    expect(pick([160])).toEqual(['160', '160']);
  });

  it('gives the same URLs within one expiry bucket, expiring MEDIA_URL_TTL_S ahead rounded down', () => {
    const bucketMs = expiryBucketS() * 1000;
    const start = Math.floor(Date.now() / bucketMs) * bucketMs;
    expect(signedMediaUrls(id, [240], start + 1000)).toEqual(signedMediaUrls(id, [240], start + bucketMs - 1000));
    expect(signedMediaUrls(id, [240], start + 1000)).not.toEqual(signedMediaUrls(id, [240], start + bucketMs + 1000));
    const exp = mediaExpiryS(start + 1000);
    expect(exp * 1000).toBeLessThanOrEqual(start + 1000 + env().MEDIA_URL_TTL_S * 1000);
    expect(exp * 1000).toBeGreaterThan(start + 1000 + env().MEDIA_URL_TTL_S * 1000 - bucketMs);
  });

  it('keeps a generated secret in the settings table across restarts, and refuses to sign before start-up', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-secret-'));
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-secret-'));
    const run = async (dir: string) => {
      const child = spawnTsx('tests/fixtures/print-media-token.ts', [], {
        DATA_DIR: dir, DATABASE_URL: undefined, MEDIA_SIGNING_SECRET: undefined, LOG_LEVEL: 'silent',
      });
      await child.exited;
      return child.lines;
    };
    try {
      const [[refusal, first], [, elsewhere]] = await Promise.all([run(dataDir), run(otherDir)]);
      const [, second] = await run(dataDir);
      expect(refusal).toMatch(/not initialised.*initMediaSigning/);
      expect(first).toMatch(/^4102444800\.[A-Za-z0-9_-]{43}$/);
      expect(second).toBe(first);
      expect(elsewhere).not.toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
