import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems } from '@/lib/db/schema';
import { videoTooLongMessage } from '@/lib/media/probe';
import { PROCESSING_TIMEOUT_MESSAGE } from '@/lib/media/transcode';
import { Seed } from '../fixtures/seed';

/**
 * My uploads in the studio (docs/api/studio.md "Review"): each reel says
 * whether it is still processing, ready or failed, and a failed one says
 * why as a code the studio translates (`failure`, with the limit for
 * video_too_long) and, when the reason was written for the uploader, its
 * English sentence (`failure_reason`). Internal errors (a tool's output, a
 * server path) never reach the answer.
 */
const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());
afterAll(() => seed.cleanup());

async function get(path: string, cookie: string): Promise<Response> {
  return api.request(path, { headers: { cookie } });
}

type Listed = { id: string; status: string; media: unknown; failure: unknown; failure_reason: unknown };

/** A creator's reels in each processing state, failed ones with the reasons the media code writes. */
async function uploads() {
  const t = await seed.taxonomy();
  const creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
  const mine = { review_status: 'Pending' as const, user_id: creator.user.id };
  const ready = await seed.reel(t.options[0].id, { ...mine, description: 'ready' });
  const processing = await seed.reel(t.options[0].id, { ...mine, status: 'processing', description: 'processing' });
  const failed = async (description: string, reason: string) => {
    const reel = await seed.reel(t.options[0].id, { ...mine, status: 'failed', description });
    const { db } = await getDb();
    await db.update(contentItems).set({ failure_reason: reason }).where(eq(contentItems.id, reel.id));
    return reel;
  };
  const tooLong = await failed('too long', videoTooLongMessage(90));
  const tooSlow = await failed('too slow', PROCESSING_TIMEOUT_MESSAGE);
  const internal = await failed('internal', 'source video is missing (/srv/sr/data/uploads/0b7c1e)');
  return { t, creator, ready, processing, tooLong, tooSlow, internal };
}

describe('GET /uploader/api/v1/video?scope=mine', () => {
  it('says per reel whether it is processing, ready or failed, and why a failed one failed', async () => {
    const u = await uploads();
    const res = await get('/uploader/api/v1/video?scope=mine&status=All', u.creator.cookie);
    expect(res.status).toBe(200);
    const body = await res.json() as { total: number; items: Listed[] };
    expect(body.total).toBe(5);
    const byId = new Map(body.items.map((i) => [i.id, i]));

    expect(byId.get(u.ready.id)).toMatchObject({ status: 'ready', failure: null, failure_reason: null, media: expect.any(Object) });
    expect(byId.get(u.processing.id)).toMatchObject({ status: 'processing', failure: null, failure_reason: null, media: null });
    expect(byId.get(u.tooLong.id)).toMatchObject({
      status: 'failed', media: null,
      failure: { code: 'video_too_long', max_duration_s: 90 },
      failure_reason: 'This video is longer than 90 seconds. Videos can be at most 90 seconds.',
    });
    expect(byId.get(u.tooSlow.id)).toMatchObject({
      status: 'failed', failure: { code: 'processing_timeout' }, failure_reason: PROCESSING_TIMEOUT_MESSAGE,
    });
    // Not written for the uploader: the generic code, and the server's path stays out of the answer.
    expect(byId.get(u.internal.id)).toMatchObject({ status: 'failed', failure: { code: 'processing_failed' }, failure_reason: null });
    expect(JSON.stringify(body)).not.toContain('/srv/sr/data');
  });

  it('GET /uploader/api/v1/content/{id} answers the same for the uploader; others get 404 for an unpublished failed reel', async () => {
    const u = await uploads();
    const one = await get(`/uploader/api/v1/content/${u.tooLong.id}`, u.creator.cookie);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      id: u.tooLong.id, status: 'failed', failure: { code: 'video_too_long', max_duration_s: 90 },
      failure_reason: videoTooLongMessage(90),
    });

    const stranger = await seed.signedIn();
    expect((await get(`/uploader/api/v1/content/${u.tooLong.id}`, stranger.cookie)).status).toBe(404);
    const theirs = await (await get('/uploader/api/v1/video?scope=mine&status=All', stranger.cookie)).json() as { total: number; items: Listed[] };
    expect(theirs.total).toBe(0);

    // The topic's curator reviews it and reads the same reason (rejecting a broken upload is theirs to do).
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: u.t.topic.id }] });
    const queue = await (await get('/uploader/api/v1/video?scope=review&status=Pending', curator.cookie)).json() as { items: Listed[] };
    expect(queue.items.find((i) => i.id === u.internal.id)).toMatchObject({ failure: { code: 'processing_failed' }, failure_reason: null });
    expect(queue.items.find((i) => i.id === u.tooSlow.id)).toMatchObject({ failure: { code: 'processing_timeout' } });
  });

  it('needs a signed-in user', async () => {
    const res = await api.request('/uploader/api/v1/video?scope=mine');
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('login_required');
  });
});
