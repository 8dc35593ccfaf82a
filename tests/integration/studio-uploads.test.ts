import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs } from '@/lib/db/schema';
import type { RoleGrant } from '@/lib/auth/principal';
import { uploadDir } from '@/features/reels/server/ingest';
import { makeClip } from '../fixtures/clips';
import { Seed } from '../fixtures/seed';

/**
 * POST /uploader/api/v1/uploadvideo on both databases: who may upload where
 * (docs/decisions/008: visitor, user, creator, co-curator, curator, a
 * curator of another topic, admin), uploads start Pending and owned by the
 * uploader, and the same file twice is refused as a duplicate with a link
 * to the first reel.
 */
const api = buildApi();
const seed = new Seed();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-studio-uploads-'));
const made: string[] = [];
let topicId: string;
let optionId: string;
let otherTopicId: string;
const clips: string[] = [];

beforeAll(async () => {
  const t = await seed.taxonomy();
  topicId = t.topic.id;
  optionId = t.options[0].id;
  otherTopicId = (await seed.taxonomy()).topic.id;
  // Distinct files (each its own hash): one per allowed uploader.
  for (let i = 0; i < 4; i++) clips.push(await makeClip(path.join(tmp, `c${i}.mp4`), { width: 240, height: 426, durationS: 1 + i, audio: false }));
}, 120_000);

afterAll(async () => {
  const { db } = await getDb();
  if (made.length) {
    await db.delete(jobs).where(sql`${jobs.payload}->>'contentId' in (${sql.join(made.map((id) => sql`${id}`), sql`, `)})`);
    await db.delete(contentItems).where(inArray(contentItems.id, made));
    for (const id of made) fs.rmSync(uploadDir(id), { recursive: true, force: true });
  }
  await seed.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function uploadAs(cookie: string | null, file: string, description: string): Promise<Response> {
  const form = new FormData();
  form.set('option_id', optionId);
  form.set('description', description);
  form.set('lang', 'en');
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
  const res = await api.request('/uploader/api/v1/uploadvideo', { method: 'POST', headers: cookie ? { cookie } : {}, body: form });
  if (res.status === 201) {
    const body = await res.clone().json() as { content_id: string };
    made.push(body.content_id);
  }
  return res;
}

describe('POST /uploader/api/v1/uploadvideo: who may upload', () => {
  const cases: Array<[string, RoleGrant[] | null | 'other', number]> = [
    ['visitor', null, 401],
    ['user', [], 403],
    ['creator', [{ role: 'CREATOR', topicId: 'T' }], 201],
    ['co-curator', [{ role: 'CO-CURATOR', topicId: 'T' }], 201],
    ['curator', [{ role: 'CURATOR', topicId: 'T' }], 201],
    ['curator of another topic', 'other', 403],
    ['admin', [{ role: 'ADMIN', topicId: null }], 201],
  ];
  let next = 0;
  for (const [who, roles, status] of cases) {
    it(`${who}: ${status}`, async () => {
      let cookie: string | null;
      if (roles === null) cookie = seed.viewer().cookie;
      else if (roles === 'other') cookie = (await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: otherTopicId }] })).cookie;
      else cookie = (await seed.signedIn({ roles: roles.map((r) => ({ ...r, topicId: r.topicId === 'T' ? topicId : r.topicId })) })).cookie;
      const file = status === 201 ? clips[next++] : clips[0];
      const res = await uploadAs(cookie, file, `upload by ${who}`);
      expect(res.status).toBe(status);
      if (status === 201) expect(await res.json()).toMatchObject({ review_status: 'Pending' });
      if (status === 403) expect((await res.json()).error.message).toBe('Sorry. You are not authorized for this action!');
    });
  }
});

describe('POST /uploader/api/v1/uploadvideo: duplicates', () => {
  it('refuses a file already uploaded, naming the first reel, and stores nothing', async () => {
    const creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId }] });
    const { db } = await getDb();
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(contentItems))[0].n;
    const res = await uploadAs(creator.cookie, clips[0], 'the same file again');
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe('duplicate_video');
    expect(body.error.message).toContain(`/content/${made[0]}`);
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(contentItems))[0].n;
    expect(Number(after)).toBe(Number(before));
  });
});
