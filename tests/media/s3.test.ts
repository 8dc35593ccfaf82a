import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { env } from '@/lib/env';
import { initMediaSigning, signedMediaUrls } from '@/lib/storage/signing';
import { getStorage } from '@/lib/storage/storage';
import type { S3Storage } from '@/lib/storage/s3';
import { listenMedia, makeReadyReel } from '../fixtures/ready-reel';
import { makeOption } from '../fixtures/taxonomy';

/**
 * S3 mode (S3_BUCKET set) against s3rver, an S3-compatible server run in
 * this process: the job uploads the reel to the bucket, the media route
 * rewrites playlists to presigned segment URLs and redirects images.
 */

interface S3rverInstance { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-s3-'));
let s3: S3rverInstance;
let server: http.Server;
let base: string;
let option: Awaited<ReturnType<typeof makeOption>>;
let contentId: string;
let renditions: number[];

beforeAll(async () => {
  s3 = new S3rver({
    port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 'bucket-data'),
    configureBuckets: [{ name: 'reels-test' }],
  });
  const addr = await s3.run();
  // Before anything reads the config: env() and getStorage() are made once per process.
  Object.assign(process.env, {
    S3_BUCKET: 'reels-test',
    S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  expect(getStorage().kind).toBe('s3');
  await initMediaSigning();

  ({ option, contentId, renditions } = await makeReadyReel(tmp, 's3'));
  ({ server, base } = await listenMedia());
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await option?.remove();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const storage = getStorage() as S3Storage;
  const out = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `content/${contentId}/` }));
  return (out.Contents ?? []).map((o) => o.Key!.slice(`content/${contentId}/`.length)).sort();
}

describe('S3 storage', () => {
  it('stores the whole reel in the bucket and nothing on local disk', async () => {
    const keys = await bucketKeys();
    for (const k of ['master.m3u8', '240/index.m3u8', '360/index.m3u8', '240/seg_00000.ts', '360/seg_00000.ts', 'poster.jpg', 'thumb.jpg']) {
      expect(keys).toContain(k);
    }
    expect(fs.existsSync(path.join(env().DATA_DIR, 'media'))).toBe(false);
  });

  it('serves playlists whose segments are presigned S3 URLs, byte-exact MPEG-TS', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    const master = await fetch(base + urls.master);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('360/index.m3u8');

    const first = await (await fetch(base + urls.r360)).text();
    const again = await (await fetch(base + urls.r360)).text();
    // Signed at the start of the expiry bucket: the same URLs for every viewer, so a CDN can cache them.
    expect(again).toBe(first);
    const segments = first.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      expect(s.startsWith(`${env().S3_ENDPOINT}/reels-test/content/${contentId}/360/seg_`)).toBe(true);
      expect(s).toContain('X-Amz-Signature=');
    }
    const seg = await fetch(segments[0]);
    expect(seg.status).toBe(200);
    const bytes = Buffer.from(await seg.arrayBuffer());
    expect(bytes.length % 188).toBe(0);
    for (let i = 0; i < bytes.length; i += 188) expect(bytes[i]).toBe(0x47);
  });

  it('redirects poster and thumbnail to presigned URLs', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    for (const u of [urls.poster, urls.thumbnail]) {
      const res = await fetch(base + u, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const img = await fetch(res.headers.get('location')!);
      expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
  });

  it('still checks the token before touching the bucket', async () => {
    const urls = signedMediaUrls(contentId, renditions);
    const res = await fetch(base + urls.r360.replace(/\/media\/(\d+)\./, (_m, e) => `/media/${Number(e) + 1}.`));
    expect(res.status).toBe(403);
  });

  it('deletes a reel prefix', async () => {
    await getStorage().deletePrefix(`content/${contentId}`);
    expect(await bucketKeys()).toEqual([]);
  });
});
