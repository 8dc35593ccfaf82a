import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getRequestListener } from '@hono/node-server';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs, userRoles } from '@/lib/db/schema';
import type { RoleGrant } from '@/lib/auth/principal';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import { buildApi } from '@/server/api';
import { createRequestListener } from '@/server/request-listener';
import { cleanExpiredUploads, createUploadHandler, isTusPath, tusUploadDir } from '@/server/uploads';
import { uploadDir } from '@/features/reels/server/ingest';
import { uploadTempDir } from '@/features/reels/server/upload-routes';
import { makeClip } from '../fixtures/clips';
import { Seed } from '../fixtures/seed';

/**
 * Studio uploads over HTTP through the real request listener: resumable tus
 * uploads under /uploader/api/v1/upload/ and the single-request
 * POST /uploader/api/v1/uploadvideo, on real ffmpeg clips. SPEC.md sections
 * 5, 6 and 8; docs/decisions/008 (who may upload where).
 */

const SPEC_TOO_LARGE = 'Oops! It seems like your video file is too large for upload(Max Limit 200MB).';
const SPEC_FORBIDDEN = 'Sorry. You are not authorized for this action!';
const TUS = '/uploader/api/v1/upload/';
const UPLOADVIDEO = '/uploader/api/v1/uploadvideo';

const seed = new Seed();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-uploads-'));
let server: http.Server;
let base: string;
let topicId: string;
let optionId: string;
let otherTopicId: string;
let otherOptionId: string;
let creator: Awaited<ReturnType<Seed['signedIn']>>;
let clip: string;

beforeAll(async () => {
  const api = getRequestListener(buildApi().fetch);
  server = http.createServer(createRequestListener({
    api,
    uploads: createUploadHandler().handle,
    next: (_req, res) => {
      res.writeHead(404);
      res.end();
    },
    distDir: tmp, dev: false, mediaOrigins: [], embedOrigins: [],
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await seed.taxonomy();
  topicId = t.topic.id;
  optionId = t.options[0].id;
  const other = await seed.taxonomy();
  otherTopicId = other.topic.id;
  otherOptionId = other.options[0].id;
  creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId }] });
  clip = await makeClip(path.join(tmp, 'resume.mp4'), { width: 360, height: 640, durationS: 3 });
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  const { db } = await getDb();
  const ids = (await db.select({ id: contentItems.id }).from(contentItems)).map((r) => r.id);
  for (const id of ids) fs.rmSync(uploadDir(id), { recursive: true, force: true });
  await db.delete(jobs);
  if (ids.length) await db.delete(contentItems).where(inArray(contentItems.id, ids));
  await seed.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields).map(([k, v]) => `${k} ${b64(v)}`).join(',');
}

/** Files left in the tus folder (uploads and their descriptions). */
function tusFiles(): string[] {
  return fs.existsSync(tusUploadDir()) ? fs.readdirSync(tusUploadDir()) : [];
}

/** Bytes under a folder. */
function bytesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}

function auth(token?: string): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function create(token: string | undefined, size: number, fields: Record<string, string> = { option_id: optionId },
  extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${TUS}`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': metadata(fields), ...auth(token), ...extra },
  });
}

async function patch(url: string, token: string, offset: number, bytes: Buffer): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', ...auth(token),
    },
    body: new Uint8Array(bytes),
  });
}

async function head(url: string, token: string): Promise<Response> {
  return fetch(`${base}${url}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...auth(token) } });
}

/** Creates and sends a whole file in one PATCH; returns the last answer. */
async function tusUpload(token: string, file: string, fields: Record<string, string> = { option_id: optionId }): Promise<Response> {
  const bytes = fs.readFileSync(file);
  const created = await create(token, bytes.length, fields);
  if (created.status !== 201) throw new Error(await created.text());
  return patch(created.headers.get('location') ?? '', token, 0, bytes);
}

async function uploadVideo(token: string | undefined, file: Buffer, name: string, fields: Record<string, string> = { option_id: optionId },
  extra: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'video/mp4' }), name);
  return fetch(`${base}${UPLOADVIDEO}`, { method: 'POST', headers: { ...auth(token), ...extra }, body: form });
}

/** Sends a raw HTTP request, writing `chunks` (or a declared length and a few bytes) and reading the answer. */
function rawRequest(opts: http.RequestOptions, write: (req: http.ClientRequest) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${opts.path}`, opts, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { body += d; });
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, body }); req.destroy(); });
    });
    req.on('error', reject);
    write(req);
  });
}

describe('tus /uploader/api/v1/upload/', () => {
  it('resumes an upload cut half-way and makes the same reel: Pending, owned by the uploader, hashed', async () => {
    const bytes = fs.readFileSync(clip);
    const created = await create(creator.token, bytes.length, {
      option_id: optionId, description: 'Rooftop solar in 3 s', lang: 'hi', is_tldr: 'true',
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location') ?? '';
    expect(url.startsWith(TUS)).toBe(true);

    // The phone's network drops half-way through the PATCH.
    const half = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}${url}`, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length), Authorization: `Bearer ${creator.token}`,
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, half), () => setTimeout(() => {
        req.destroy();
        resolve();
      }, 300));
    });

    // The app comes back: HEAD tells how much arrived (once the cut PATCH has let go of the upload).
    let offset = -1;
    for (let i = 0; i < 50; i++) {
      const h = await head(url, creator.token);
      if (h.status === 200) {
        offset = Number(h.headers.get('upload-offset'));
        if (offset > 0) break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);

    const done = await patch(url, creator.token, offset, bytes.subarray(offset));
    expect(done.status).toBe(200);
    const contentId = done.headers.get('upload-content-id');
    expect(contentId).toBeTruthy();
    expect(await done.json()).toEqual({ content_id: contentId, review_status: 'Pending' });

    const { db } = await getDb();
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, contentId ?? ''));
    expect(row).toMatchObject({
      content_hash: sha256(clip), review_status: 'Pending', user_id: creator.user.id, option_id: optionId,
      description: 'Rooftop solar in 3 s', lang: 'hi', is_tldr: true, status: 'processing',
    });
    // The stored source is the whole file, byte for byte.
    const src = fs.readdirSync(uploadDir(row.id)).find((n) => n.startsWith('source')) ?? '';
    expect(sha256(path.join(uploadDir(row.id), src))).toBe(sha256(clip));
    expect(tusFiles()).toEqual([]);

    // A client that lost the last answer asks for it again.
    const again = await fetch(`${base}${url}/result`, { headers: auth(creator.token) });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ content_id: contentId, review_status: 'Pending' });
    expect((await head(url, creator.token)).status).toBe(404);
  });

  it('refuses 201 MB at creation with the spec message, storing nothing', async () => {
    const res = await create(creator.token, 201 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'file_too_large', message: SPEC_TOO_LARGE } });
    expect(tusFiles()).toEqual([]);
    // The limit itself is accepted.
    const ok = await create(creator.token, MAX_UPLOAD_BYTES);
    expect(ok.status).toBe(201);
    const url = ok.headers.get('location') ?? '';
    expect((await fetch(`${base}${url}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...auth(creator.token) } })).status).toBe(204);
    expect(tusFiles()).toEqual([]);
  });

  it('refuses a duplicate with a link to the reel already there, and leaves no file', async () => {
    const { db } = await getDb();
    const [first] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.content_hash, sha256(clip)));
    expect(first).toBeDefined();
    const res = await tusUpload(creator.token, clip);
    expect(res.status).toBe(409);
    const body = await res.json() as { error: { code: string; message: string; content_id: string; link: string } };
    expect(body.error).toMatchObject({ code: 'duplicate_video', content_id: first.id, link: `/content/${first.id}` });
    expect(body.error.message).toContain(`/content/${first.id}`);
    expect(tusFiles()).toEqual([]);
    expect(await db.select().from(contentItems).where(eq(contentItems.content_hash, sha256(clip)))).toHaveLength(1);
  });

  it('refuses a file with no video (422 no_video_stream) and one over VIDEO_MAX_DURATION_S (422 video_too_long)', async () => {
    const text = path.join(tmp, 'notes.mp4');
    fs.writeFileSync(text, 'Rooftop solar saves money.\n'.repeat(200));
    const a = await tusUpload(creator.token, text);
    expect(a.status).toBe(422);
    expect(await a.json()).toMatchObject({ error: { code: 'no_video_stream' } });

    const long = await makeClip(path.join(tmp, 'long.mp4'), { width: 64, height: 112, durationS: 95, fps: 5, audio: false });
    const b = await tusUpload(creator.token, long);
    expect(b.status).toBe(422);
    const body = await b.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('video_too_long');
    expect(body.error.message).toContain('90 seconds');
    expect(tusFiles()).toEqual([]);
    const { db } = await getDb();
    expect(await db.select().from(contentItems).where(inArray(contentItems.content_hash, [sha256(text), sha256(long)]))).toEqual([]);
  });

  // docs/decisions/008 "upload to a topic": CREATOR, CO-CURATOR and CURATOR of the topic, and ADMIN.
  it.each<[string, number, RoleGrant[] | null]>([
    ['a visitor', 401, null],
    ['a user without a role', 403, []],
    ['a creator of the topic', 201, [{ role: 'CREATOR', topicId: 'topic' }]],
    ['a co-curator of the topic', 201, [{ role: 'CO-CURATOR', topicId: 'topic' }]],
    ['a curator of the topic', 201, [{ role: 'CURATOR', topicId: 'topic' }]],
    ['a curator of another topic', 403, [{ role: 'CURATOR', topicId: 'other' }]],
    ['an admin', 201, [{ role: 'ADMIN', topicId: null }]],
  ])('creating an upload as %s: %i', async (_who, status, roles) => {
    let res: Response;
    let token: string | undefined;
    if (roles === null) {
      res = await create(undefined, 1000, { option_id: optionId }, { cookie: seed.viewer().cookie });
    } else {
      const ids: Record<string, string> = { topic: topicId, other: otherTopicId };
      token = (await seed.signedIn({ roles: roles.map((r) => ({ ...r, topicId: r.topicId && ids[r.topicId] })) })).token;
      res = await create(token, 1000);
    }
    expect(res.status).toBe(status);
    if (status === 401) expect(await res.json()).toMatchObject({ error: { code: 'login_required' } });
    if (status === 403) expect(await res.json()).toEqual({ error: { code: 'forbidden', message: SPEC_FORBIDDEN } });
    if (status === 201) {
      const url = res.headers.get('location') ?? '';
      expect(url).toMatch(/^\/uploader\/api\/v1\/upload\/[0-9a-f]{32}$/);
      expect(tusFiles()).toHaveLength(2);
      const ended = await fetch(`${base}${url}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...auth(token) } });
      expect(ended.status).toBe(204);
    }
    expect(tusFiles()).toEqual([]);
  });

  it('refuses a creator an option of another topic, and invalid metadata', async () => {
    const elsewhere = await create(creator.token, 1000, { option_id: otherOptionId });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({ error: { code: 'forbidden', message: SPEC_FORBIDDEN } });

    const badMeta = await create(creator.token, 1000, { option_id: optionId, lang: 'fr' });
    expect(badMeta.status).toBe(422);
    expect(tusFiles()).toEqual([]);
  });

  it('refuses a write from another origin', async () => {
    const res = await create(creator.token, 1000, { option_id: optionId }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    expect(tusFiles()).toEqual([]);
  });

  it('does not let another user see or resume someone\'s upload', async () => {
    const bytes = fs.readFileSync(clip);
    const created = await create(creator.token, bytes.length);
    const url = created.headers.get('location') ?? '';
    expect((await patch(url, creator.token, 0, bytes.subarray(0, 100))).status).toBe(204);
    const other = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId }] });
    expect((await head(url, other.token)).status).toBe(404);
    expect((await patch(url, other.token, 100, bytes.subarray(100))).status).toBe(404);
    expect((await fetch(`${base}${url}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...auth(other.token) } })).status).toBe(404);
    const mine = await head(url, creator.token);
    expect(mine.headers.get('upload-offset')).toBe('100');
    await fetch(`${base}${url}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...auth(creator.token) } });
    expect(tusFiles()).toEqual([]);
  });

  it('asks again with the last byte: a creator whose role was taken away meanwhile gets 403 and no reel', async () => {
    const bytes = fs.readFileSync(await makeClip(path.join(tmp, 'revoked.mp4'), { width: 200, height: 356, durationS: 1 }));
    const soon = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId }] });
    const created = await create(soon.token, bytes.length);
    const url = created.headers.get('location') ?? '';
    expect((await patch(url, soon.token, 0, bytes.subarray(0, 100))).status).toBe(204);
    const { db } = await getDb();
    await db.delete(userRoles).where(eq(userRoles.user_id, soon.user.id));
    const last = await patch(url, soon.token, 100, bytes.subarray(100));
    expect(last.status).toBe(403);
    expect(await last.json()).toEqual({ error: { code: 'forbidden', message: SPEC_FORBIDDEN } });
    expect(await db.select().from(contentItems).where(eq(contentItems.user_id, soon.user.id))).toEqual([]);
    expect(tusFiles()).toEqual([]);
  });

  it('leaves the guide video paths under the prefix to the API', () => {
    expect(isTusPath('/uploader/api/v1/upload/')).toBe(true);
    expect(isTusPath('/uploader/api/v1/upload/0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isTusPath('/uploader/api/v1/upload/guide_video?topic_id=x')).toBe(false);
    expect(isTusPath('/uploader/api/v1/uploadvideo')).toBe(false);
  });

  it('removes unfinished uploads 24 h after their creation', async () => {
    const created = await create(creator.token, 5000);
    const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
    const fresh = await create(creator.token, 5000);
    const freshId = (fresh.headers.get('location') ?? '').split('/').pop() ?? '';
    const info = path.join(tusUploadDir(), `${id}.json`);
    const desc = JSON.parse(fs.readFileSync(info, 'utf8')) as { creation_date: string };
    desc.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    fs.writeFileSync(info, JSON.stringify(desc));
    expect(await cleanExpiredUploads()).toBe(1);
    expect(tusFiles().sort()).toEqual([freshId, `${freshId}.json`].sort());
    await fetch(`${base}${TUS}${freshId}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...auth(creator.token) } });
    expect(tusFiles()).toEqual([]);
  });
});

describe('POST /uploader/api/v1/uploadvideo', () => {
  it('ingests a small file in one request as a Pending reel of the uploader', async () => {
    const file = await makeClip(path.join(tmp, 'single.mp4'), { width: 320, height: 568, durationS: 2 });
    const res = await uploadVideo(creator.token, fs.readFileSync(file), 'single.mp4', {
      option_id: optionId, description: 'One request', lang: 'en', is_tldr: 'false',
    });
    expect(res.status).toBe(201);
    const { content_id } = await res.json() as { content_id: string };
    const { db } = await getDb();
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, content_id));
    expect(row).toMatchObject({ content_hash: sha256(file), review_status: 'Pending', user_id: creator.user.id, description: 'One request' });
    expect(bytesUnder(uploadTempDir())).toBe(0);

    const dup = await uploadVideo(creator.token, fs.readFileSync(file), 'again.mp4');
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ error: { code: 'duplicate_video', content_id, link: `/content/${content_id}` } });
  });

  it('refuses a declared 201 MB body with the spec message before reading it', async () => {
    const boundary = 'sr-boundary';
    const res = await rawRequest({
      path: UPLOADVIDEO,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${creator.token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(201 * 1024 * 1024),
      },
    }, (req) => req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n\r\n${'x'.repeat(4096)}`));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'file_too_large', message: SPEC_TOO_LARGE } });
    expect(bytesUnder(uploadTempDir())).toBe(0);
  });

  it('stops a 201 MB body sent without a length at 200 MB and keeps nothing', async () => {
    const boundary = 'sr-boundary';
    const chunk = Buffer.alloc(1024 * 1024, 7);
    let peak = 0;
    const res = await rawRequest({
      path: UPLOADVIDEO,
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    }, (req) => {
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="option_id"\r\n\r\n${optionId}\r\n`);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n\r\n`);
      let sent = 0;
      const next = () => {
        while (sent < 201) {
          peak = Math.max(peak, bytesUnder(uploadTempDir()));
          sent++;
          if (!req.write(chunk)) {
            req.once('drain', next);
            return;
          }
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      req.on('error', () => undefined);
      next();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'file_too_large', message: SPEC_TOO_LARGE } });
    expect(peak).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(bytesUnder(uploadTempDir())).toBe(0);
  });

  it('applies the same checks: visitor 401, no role 403, another topic 403, another origin 403, no video 422', async () => {
    // Refused before the body is read: a small one, so the client is not cut off mid-send.
    const bytes = fs.readFileSync(clip).subarray(0, 2048);
    expect((await uploadVideo(undefined, bytes, 'a.mp4')).status).toBe(401);
    const plain = await seed.signedIn();
    const noRole = await uploadVideo(plain.token, bytes, 'a.mp4');
    expect(noRole.status).toBe(403);
    expect(await noRole.json()).toEqual({ error: { code: 'forbidden', message: SPEC_FORBIDDEN } });
    expect((await uploadVideo(creator.token, bytes, 'a.mp4', { option_id: otherOptionId })).status).toBe(403);
    const evil = await uploadVideo(creator.token, bytes, 'a.mp4', { option_id: optionId }, { Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    const text = await uploadVideo(creator.token, Buffer.from('not a video\n'.repeat(100)), 'n.mp4');
    expect(text.status).toBe(422);
    expect(await text.json()).toMatchObject({ error: { code: 'no_video_stream' } });
    expect(bytesUnder(uploadTempDir())).toBe(0);
  });
});
