import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import { getStorage } from '@/lib/storage/storage';
import type { S3Storage } from '@/lib/storage/s3';
import { initMediaSigning } from '@/lib/storage/signing';
import { createUploadHandler } from '@/server/uploads';
import { uploadDir } from '@/features/reels/server/ingest';
import { addMultipartCalls } from '@/scripts/lib/s3rver-multipart';
import { makeClip } from '../fixtures/clips';
import { Seed } from '../fixtures/seed';

/**
 * Resumable uploads with S3 configured: the tus store is the bucket
 * (@tus/s3-store), so two web processes (here two upload handlers, each with
 * its own store and cache) serve one upload's PATCHes in turn. Against
 * s3rver with the multipart calls it lacks (scripts/lib/s3rver-multipart.ts).
 */

interface S3rverInstance { run(): Promise<AddressInfo>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const TUS = '/uploader/api/v1/upload/';
const seed = new Seed();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-uploads-s3-'));
let s3: S3rverInstance;
const servers: http.Server[] = [];
const bases: string[] = [];
let optionId: string;
let token: string;
let clip: Buffer;

beforeAll(async () => {
  const dir = path.join(tmp, 'bucket-data');
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'tus-test' }] });
  addMultipartCalls(s3, dir);
  const addr = await s3.run();
  // Before anything reads the config: env() and getStorage() are made once per process.
  Object.assign(process.env, {
    S3_BUCKET: 'tus-test', S3_ENDPOINT: `http://127.0.0.1:${addr.port}`, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await initMediaSigning();
  for (let i = 0; i < 2; i++) {
    const handler = createUploadHandler({ directory: path.join(tmp, `tus-${i}`) });
    const server = http.createServer((req, res) => void handler.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  const t = await seed.taxonomy();
  optionId = t.options[0].id;
  ({ token } = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId: t.topic.id }] }));
  clip = fs.readFileSync(await makeClip(path.join(tmp, 'clip.mp4'), { width: 360, height: 640, durationS: 3 }));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  const { db } = await getDb();
  const ids = (await db.select({ id: contentItems.id }).from(contentItems)).map((r) => r.id);
  for (const id of ids) fs.rmSync(uploadDir(id), { recursive: true, force: true });
  await db.delete(jobs);
  if (ids.length) await db.delete(contentItems).where(inArray(contentItems.id, ids));
  await seed.cleanup();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const tusHeaders = () => ({ 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` });

async function create(base: string, size: number): Promise<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const res = await fetch(`${base}${TUS}`, {
    method: 'POST', headers: { ...tusHeaders(), 'Upload-Length': String(size), 'Upload-Metadata': `option_id ${b64(optionId)}` },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

async function bucketKeys(): Promise<string[]> {
  const storage = getStorage() as S3Storage;
  const out = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
  return (out.Contents ?? []).map((o) => o.Key!).filter((k) => !k.startsWith('content/'));
}

describe('tus uploads on S3 (PATCHes on two processes)', () => {
  it('takes PATCHes in turn on two processes, each seeing the other\'s offset, and makes one Pending reel', async () => {
    const url = await create(bases[0], clip.length);
    const chunk = Math.ceil(clip.length / 3);
    let offset = 0;
    let last: Response | null = null;
    for (let i = 0; offset < clip.length; i++) {
      const base = bases[(i + 1) % 2];
      const head = await fetch(`${base}${url}`, { method: 'HEAD', headers: tusHeaders() });
      expect(Number(head.headers.get('upload-offset'))).toBe(offset);
      last = await fetch(`${base}${url}`, {
        method: 'PATCH',
        headers: { ...tusHeaders(), 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(clip.subarray(offset, offset + chunk)),
      });
      offset = Number(last.headers.get('upload-offset'));
    }
    expect(last?.status).toBe(200);
    const contentId = last!.headers.get('upload-content-id')!;
    const { db } = await getDb();
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, contentId));
    expect(row.review_status).toBe('Pending');
    // The tus objects are gone from the bucket; nothing is left in either process's folder.
    expect(await bucketKeys()).toEqual([]);
    const left = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d) : []);
    expect([...left(path.join(tmp, 'tus-0')), ...left(path.join(tmp, 'tus-1'))]).toEqual([]);
  });

  it('terminates on one process an upload begun on the other, leaving nothing in the bucket', async () => {
    const url = await create(bases[0], clip.length);
    await fetch(`${bases[0]}${url}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(), 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(clip.subarray(0, 1000)),
    });
    const del = await fetch(`${bases[1]}${url}`, { method: 'DELETE', headers: tusHeaders() });
    expect(del.status).toBe(204);
    expect((await fetch(`${bases[0]}${url}`, { method: 'HEAD', headers: tusHeaders() })).status).toBe(404);
    expect(await bucketKeys()).toEqual([]);
  });
});
