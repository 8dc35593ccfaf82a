import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs, uploadReservations } from '@/lib/db/schema';
import { MAX_UPLOAD_BYTES } from '@/lib/constants';
import type { UploadLimits } from '@/features/reels/server/upload-reservations';
import { uploadDir } from '@/features/reels/server/ingest';
import { cleanExpiredUploads, createUploadHandler, UPLOAD_EXPIRY_MS } from '@/server/uploads';
import { makeClip } from '../fixtures/clips';
import { Seed } from '../fixtures/seed';

/**
 * POST /uploader/api/v1/upload/ (tus creation) on both databases: each
 * unfinished upload holds its declared Upload-Length against its creator
 * (upload_reservations) until it finishes, is terminated or expires. Past
 * UPLOAD_MAX_OPEN_PER_USER (default 3) a creation is 429 `upload_limit`,
 * past UPLOAD_MAX_RESERVED_BYTES_PER_USER (default 600 MB) 413
 * `upload_limit`; other users are not affected, and parallel creations never
 * overshoot.
 */

const TUS = '/uploader/api/v1/upload/';
const seed = new Seed();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-upload-limits-'));
const servers: http.Server[] = [];
let topicId: string;
let optionId: string;
/** The server with the environment's limits (3 uploads, 600 MB). */
let base: string;
let dir: string;

async function serve(name: string, limits?: UploadLimits): Promise<{ base: string; dir: string }> {
  const directory = path.join(tmp, name);
  const handler = createUploadHandler({ directory, limits });
  const server = http.createServer((req, res) => void handler.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dir: directory };
}

beforeAll(async () => {
  const t = await seed.taxonomy();
  topicId = t.topic.id;
  optionId = t.options[0].id;
  ({ base, dir } = await serve('default'));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  // Reservations go with their users (foreign key, on delete cascade).
  await seed.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function creator(): Promise<{ id: string; token: string }> {
  const u = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId }] });
  return { id: u.user.id, token: u.token };
}

function create(at: string, token: string | undefined, size: number): Promise<Response> {
  return fetch(`${at}${TUS}`, {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': `option_id ${b64(optionId)}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

function terminate(at: string, token: string, location: string): Promise<Response> {
  return fetch(`${at}${location}`, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } });
}

async function reservationsOf(userId: string) {
  const { db } = await getDb();
  return db.select().from(uploadReservations).where(eq(uploadReservations.user_id, userId));
}

async function expectUploadLimit(res: Response, status: 413 | 429): Promise<void> {
  expect(res.status).toBe(status);
  const body = await res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe('upload_limit');
  expect(Object.keys(body)).toEqual(['error']);
}

describe('POST /uploader/api/v1/upload/: unfinished uploads per user', () => {
  it('refuses the 4th unfinished upload with 429 upload_limit; a terminated one frees its slot; another user is unaffected', async () => {
    const me = await creator();
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(base, me.token, MAX_UPLOAD_BYTES);
      expect(res.status).toBe(201);
      locations.push(res.headers.get('location') ?? '');
    }
    const rows = await reservationsOf(me.id);
    expect(rows.map((r) => r.upload_id).sort()).toEqual(locations.map((l) => l.split('/').pop()).sort());
    expect(rows.every((r) => r.bytes === MAX_UPLOAD_BYTES)).toBe(true);
    // Each holds its room for the upload's 24 h.
    for (const r of rows) {
      expect(r.expires_at.getTime() - r.created_at.getTime()).toBeGreaterThan(UPLOAD_EXPIRY_MS - 60_000);
      expect(r.expires_at.getTime() - r.created_at.getTime()).toBeLessThan(UPLOAD_EXPIRY_MS + 60_000);
    }

    const fourth = await create(base, me.token, 1000);
    await expectUploadLimit(fourth, 429);
    expect(fourth.headers.get('location')).toBeNull();
    expect(await reservationsOf(me.id)).toHaveLength(3);
    // Nothing stored for the refused one: three uploads, each a file and its description.
    expect(fs.readdirSync(dir).filter((n) => !n.endsWith('.json'))).toHaveLength(3);

    const other = await creator();
    expect((await create(base, other.token, MAX_UPLOAD_BYTES)).status).toBe(201);

    expect((await terminate(base, me.token, locations[0])).status).toBe(204);
    expect(await reservationsOf(me.id)).toHaveLength(2);
    expect((await create(base, me.token, 1000)).status).toBe(201);
    await expectUploadLimit(await create(base, me.token, 1000), 429);
  });

  it('refuses with 413 upload_limit the creation that would pass the reserved bytes', async () => {
    const small = await serve('bytes', { maxOpenPerUser: 10, maxReservedBytesPerUser: 5000 });
    const me = await creator();
    const first = await create(small.base, me.token, 3000);
    expect(first.status).toBe(201);
    expect((await create(small.base, me.token, 2000)).status).toBe(201);
    await expectUploadLimit(await create(small.base, me.token, 1), 413);
    expect((await reservationsOf(me.id)).reduce((n, r) => n + r.bytes, 0)).toBe(5000);
    // Another user's room is their own.
    const other = await creator();
    expect((await create(small.base, other.token, 5000)).status).toBe(201);
    // Terminating frees the bytes.
    expect((await terminate(small.base, me.token, first.headers.get('location') ?? '')).status).toBe(204);
    expect((await create(small.base, me.token, 3000)).status).toBe(201);
  });

  it('never lets parallel creations of one user pass the limit', async () => {
    const me = await creator();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(base, me.token, 1000)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await reservationsOf(me.id)).toHaveLength(3);
    for (const r of answers) if (r.status === 201) await terminate(base, me.token, r.headers.get('location') ?? '');
    expect(await reservationsOf(me.id)).toHaveLength(0);
  });

  it('frees the slot of an upload whose last byte arrived, even when the file is refused', async () => {
    const me = await creator();
    const created = await Promise.all([0, 1, 2].map(() => create(base, me.token, 600)));
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    const last = await fetch(`${base}${created[0].headers.get('location')}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream',
        Authorization: `Bearer ${me.token}`,
      },
      body: new Uint8Array(Buffer.from('not a video\n'.repeat(50))),
    });
    expect(last.status).toBe(422);
    expect(await reservationsOf(me.id)).toHaveLength(2);
    expect((await create(base, me.token, 1000)).status).toBe(201);
  });

  it('does not count a reservation past its expiry, and the clean-up removes expired ones', async () => {
    const me = await creator();
    const made = await Promise.all([0, 1, 2].map(() => create(base, me.token, 1000)));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    const { db } = await getDb();
    // One reservation outlived its 24 h (its upload file too, below); it holds no room any more.
    const [staleId, expiredId] = made.map((r) => (r.headers.get('location') ?? '').split('/').pop() ?? '');
    await db.update(uploadReservations).set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(uploadReservations.upload_id, staleId));
    expect((await create(base, me.token, 1000)).status).toBe(201);
    await expectUploadLimit(await create(base, me.token, 1000), 429);

    // The upload whose tus file expires goes with its reservation, whatever the row's own clock says.
    const info = path.join(dir, `${expiredId}.json`);
    const desc = JSON.parse(fs.readFileSync(info, 'utf8')) as { creation_date: string };
    desc.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    fs.writeFileSync(info, JSON.stringify(desc));
    expect(await cleanExpiredUploads(dir)).toBeGreaterThanOrEqual(1);
    const left = (await reservationsOf(me.id)).map((r) => r.upload_id);
    expect(left).not.toContain(staleId);
    expect(left).not.toContain(expiredId);
    expect(left).toHaveLength(2);
    expect((await create(base, me.token, 1000)).status).toBe(201);
  });

  it('GET <upload>/result tells the uploader why a finished upload\'s reel failed', async () => {
    const me = await creator();
    const bytes = fs.readFileSync(await makeClip(path.join(tmp, 'result.mp4'), { width: 64, height: 112, durationS: 1, audio: false }));
    const created = await create(base, me.token, bytes.length);
    const location = created.headers.get('location') ?? '';
    const done = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream',
        Authorization: `Bearer ${me.token}`,
      },
      body: new Uint8Array(bytes),
    });
    expect(done.status).toBe(200);
    const { content_id: contentId } = await done.json() as { content_id: string };
    const { db } = await getDb();
    try {
      expect(await reservationsOf(me.id)).toEqual([]);
      const asked = () => fetch(`${base}${location}/result`, { headers: { Authorization: `Bearer ${me.token}` } });
      expect(await (await asked()).json()).toEqual({ content_id: contentId, review_status: 'Pending', status: 'processing' });
      // What the transcode job stores when the decoded video runs past the limit.
      const reason = 'This video is longer than 90 seconds. Videos can be at most 90 seconds.';
      await db.update(contentItems).set({ status: 'failed', failure_reason: reason }).where(eq(contentItems.id, contentId));
      expect(await (await asked()).json()).toEqual({
        content_id: contentId, review_status: 'Pending', status: 'failed',
        failure: { code: 'video_too_long', max_duration_s: 90 }, failure_reason: reason,
      });
      // An internal error (ffmpeg's output, a path) is never shown to the uploader: only its code.
      await db.update(contentItems).set({ failure_reason: 'ffmpeg exited 1: /srv/data/work/x.mkv: Invalid data' }).where(eq(contentItems.id, contentId));
      expect(await (await asked()).json()).toEqual({
        content_id: contentId, review_status: 'Pending', status: 'failed',
        failure: { code: 'processing_failed' }, failure_reason: null,
      });
    } finally {
      await db.delete(jobs).where(sql`${jobs.payload}->>'contentId' = ${contentId}`);
      await db.delete(contentItems).where(eq(contentItems.id, contentId));
      fs.rmSync(uploadDir(contentId), { recursive: true, force: true });
    }
  });

  it('reserves nothing for callers who may not upload', async () => {
    const visitor = await create(base, undefined, 1000);
    expect(visitor.status).toBe(401);
    const plain = await seed.signedIn();
    const refused = await create(base, plain.token, 1000);
    expect(refused.status).toBe(403);
    expect(await reservationsOf(plain.user.id)).toEqual([]);
  });
});
