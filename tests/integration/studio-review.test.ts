import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, contentReviews, notifications } from '@/lib/db/schema';
import { verifyMediaToken } from '@/lib/storage/signing';
import { Seed } from '../fixtures/seed';

/**
 * Review of reels (docs/api/studio.md "Review"; docs/decisions/008): every
 * state move with its audit row, the uploader's notification, the feeds
 * showing only Approved reels (at once after a move), the uploader's edit
 * that sends a Rejected reel back to Pending, and the studio's lists.
 */
const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());
afterAll(() => seed.cleanup());

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return api.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A topic with a creator, a co-curator and a curator. */
async function world() {
  const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 2 });
  const creator = await seed.signedIn({ name: 'Asha Creator', roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
  const coCurator = await seed.signedIn({ roles: [{ role: 'CO-CURATOR', topicId: t.topic.id }] });
  const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
  return { t, creator, coCurator, curator };
}

async function feedIds(topicId: string): Promise<string[]> {
  const res = await api.request(`/feeds-server/api/v1/feeds?topic_id=${topicId}`, { headers: { cookie: seed.viewer().cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()).feeds as Array<{ id: string }>).map((f) => f.id);
}

async function audit(contentId: string) {
  const { db } = await getDb();
  return db.select().from(contentReviews).where(eq(contentReviews.content_id, contentId)).orderBy(asc(contentReviews.id));
}

async function notificationsOf(userId: string) {
  const { db } = await getDb();
  return db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(asc(notifications.id));
}

describe('POST /uploader/api/v1/content/status', () => {
  it('approves a Pending reel: audit row, the feed shows it at once, the creator is notified', async () => {
    const { t, creator, coCurator } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const visible = await seed.reel(t.options[0].id);
    expect(await feedIds(t.topic.id)).toEqual([visible.id]);

    const res = await call('POST', '/uploader/api/v1/content/status', coCurator.cookie, { content_id: reel.id, status: 'Approved' });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.changed).toBe(true);
    expect(b.reel).toMatchObject({ id: reel.id, review_status: 'Approved', review_reason: null, topic_id: t.topic.id });
    expect((await feedIds(t.topic.id)).sort()).toEqual([reel.id, visible.id].sort());

    expect(await audit(reel.id)).toEqual([expect.objectContaining({
      actor_user_id: coCurator.user.id, from_status: 'Pending', to_status: 'Approved', reason: null,
    })]);
    expect(await notificationsOf(creator.user.id)).toEqual([expect.objectContaining({
      key: 'reelApproved', params: { topic: t.topic.name }, link: `/content/${reel.id}`,
    })]);
  });

  it('rejects a Pending reel with a reason: never in the feed, the creator reads the reason', async () => {
    const { t, creator, curator } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const res = await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Rejected', reason: '  Audio is too quiet  ' });
    expect(res.status).toBe(200);
    expect((await res.json()).reel).toMatchObject({ review_status: 'Rejected', review_reason: 'Audio is too quiet' });
    expect(await feedIds(t.topic.id)).toEqual([]);
    expect(await audit(reel.id)).toEqual([expect.objectContaining({
      actor_user_id: curator.user.id, from_status: 'Pending', to_status: 'Rejected', reason: 'Audio is too quiet',
    })]);
    expect(await notificationsOf(creator.user.id)).toEqual([expect.objectContaining({
      key: 'reelRejected', params: { topic: t.topic.name, reason: 'Audio is too quiet' },
    })]);
  });

  it('a take-down leaves the feed at once', async () => {
    const { t, creator, coCurator } = await world();
    const reel = await seed.reel(t.options[0].id, { user_id: creator.user.id });
    expect(await feedIds(t.topic.id)).toEqual([reel.id]);
    const res = await call('POST', '/uploader/api/v1/content/status', coCurator.cookie, { content_id: reel.id, status: 'Rejected', reason: 'Subsidy amount changed' });
    expect(res.status).toBe(200);
    expect(await feedIds(t.topic.id)).toEqual([]);
    expect(await audit(reel.id)).toEqual([expect.objectContaining({ from_status: 'Approved', to_status: 'Rejected', reason: 'Subsidy amount changed' })]);
    expect((await notificationsOf(creator.user.id)).map((n) => n.key)).toEqual(['reelRejected']);
  });

  it('needs a reason of 3..500 characters to reject; nothing is written without one', async () => {
    const { t, creator, curator } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    for (const reason of [undefined, '', ' no', 'x'.repeat(501)]) {
      const res = await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Rejected', reason });
      expect(res.status, String(reason)).toBe(422);
      expect((await res.json()).error.message).toMatch(/^reason: /);
    }
    expect((await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Pending' })).status).toBe(422);
    const { db } = await getDb();
    const [row] = await db.select().from(contentItems).where(eq(contentItems.id, reel.id));
    expect(row.review_status).toBe('Pending');
    expect(await audit(reel.id)).toEqual([]);
  });

  it('a reviewer does not approve their own upload; an admin may; a Rejected reel is not approved by this call', async () => {
    const { t, coCurator } = await world();
    const own = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: coCurator.user.id });
    expect((await call('POST', '/uploader/api/v1/content/status', coCurator.cookie, { content_id: own.id, status: 'Approved' })).status).toBe(403);
    const admin = await seed.signedIn({ roles: [{ role: 'ADMIN', topicId: null }] });
    const adminsOwn = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: admin.user.id });
    expect((await call('POST', '/uploader/api/v1/content/status', admin.cookie, { content_id: adminsOwn.id, status: 'Approved' })).status).toBe(200);
    expect(await notificationsOf(admin.user.id)).toEqual([]);
    const rejected = await seed.reel(t.options[0].id, { review_status: 'Rejected' });
    expect((await call('POST', '/uploader/api/v1/content/status', admin.cookie, { content_id: rejected.id, status: 'Approved' })).status).toBe(403);
  });

  it('404 for an unknown reel, the same as for a hidden one', async () => {
    const { t, creator } = await world();
    const stranger = await seed.signedIn();
    const hidden = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const unknown = await call('POST', '/uploader/api/v1/content/status', stranger.cookie, { content_id: crypto.randomUUID(), status: 'Approved' });
    const seen = await call('POST', '/uploader/api/v1/content/status', stranger.cookie, { content_id: hidden.id, status: 'Approved' });
    expect(unknown.status).toBe(404);
    expect(seen.status).toBe(404);
    expect(await seen.json()).toEqual(await unknown.json());
  });

  it('a reel still processing cannot be approved (409) and is hidden from others until ready', async () => {
    const { t, creator, curator } = await world();
    const stranger = await seed.signedIn();
    const reel = await seed.reel(t.options[0].id, { status: 'processing', review_status: 'Pending', user_id: creator.user.id });
    const res = await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Approved' });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('not_ready');
    expect(await audit(reel.id)).toEqual([]);
    const approvedProcessing = await seed.reel(t.options[0].id, { status: 'processing', user_id: creator.user.id });
    expect((await call('GET', `/uploader/api/v1/content/${approvedProcessing.id}`, stranger.cookie)).status).toBe(404);
    expect((await call('GET', `/uploader/api/v1/content/${approvedProcessing.id}`, creator.cookie)).status).toBe(200);
    await seed.markReady(approvedProcessing.id);
    expect((await call('GET', `/uploader/api/v1/content/${approvedProcessing.id}`, stranger.cookie)).status).toBe(200);
  });
});

describe('GET /uploader/api/v1/content/{id}', () => {
  it('shows the reel with its review state and history to its uploader', async () => {
    const { t, creator, curator } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Rejected', reason: 'Blurry' });
    const res = await call('GET', `/uploader/api/v1/content/${reel.id}`, creator.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: reel.id, review_status: 'Rejected', review_reason: 'Blurry', option_id: t.options[0].id, topic_name: t.topic.name,
      history: [{ actor_user_id: curator.user.id, from_status: 'Pending', to_status: 'Rejected', reason: 'Blurry', created_at: expect.any(String) }],
    });
    expect((await call('GET', '/uploader/api/v1/content/not-a-uuid', creator.cookie)).status).toBe(404);
  });
});

describe('PATCH /uploader/api/v1/content/{id}', () => {
  it('an edit of a Rejected reel sends it back to Pending with an audit row by the uploader', async () => {
    const { t, creator, curator } = await world();
    const reel = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    await call('POST', '/uploader/api/v1/content/status', curator.cookie, { content_id: reel.id, status: 'Rejected', reason: 'Wrong option' });
    const res = await call('PATCH', `/uploader/api/v1/content/${reel.id}`, creator.cookie, { option_id: t.options[1].id, description: 'Net metering in 60 s', is_tldr: true });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.resubmitted).toBe(true);
    expect(b.reel).toMatchObject({ option_id: t.options[1].id, description: 'Net metering in 60 s', is_tldr: true, review_status: 'Pending', review_reason: null });
    expect((await audit(reel.id)).map((a) => [a.from_status, a.to_status, a.actor_user_id])).toEqual([
      ['Pending', 'Rejected', curator.user.id],
      ['Rejected', 'Pending', creator.user.id],
    ]);
  });

  it('an edit of an Approved reel keeps it Approved; an option of a topic the uploader may not upload to is refused', async () => {
    const { t, creator } = await world();
    const other = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id, { user_id: creator.user.id });
    const ok = await call('PATCH', `/uploader/api/v1/content/${reel.id}`, creator.cookie, { description: 'Fixed a typo' });
    expect((await ok.json()).reel.review_status).toBe('Approved');
    expect((await call('PATCH', `/uploader/api/v1/content/${reel.id}`, creator.cookie, { option_id: other.options[0].id })).status).toBe(403);
    expect((await call('PATCH', `/uploader/api/v1/content/${reel.id}`, creator.cookie, { option_id: crypto.randomUUID() })).status).toBe(404);
    expect((await call('PATCH', `/uploader/api/v1/content/${reel.id}`, creator.cookie, { review_status: 'Approved' })).status).toBe(422);
    expect(await audit(reel.id)).toEqual([]);
  });
});

describe('GET /uploader/api/v1/video and /uploader/api/v1/content_count/review', () => {
  it('mine lists my uploads by status; review lists the reels I may review, not my own, 10 per page with the total', async () => {
    const { t, creator, coCurator } = await world();
    const other = await seed.taxonomy();
    await seed.reels(t.options[0].id, 12, { review_status: 'Pending', user_id: creator.user.id });
    await seed.reels(t.options[0].id, 2, { review_status: 'Rejected', user_id: creator.user.id });
    await seed.reels(t.options[0].id, 1, { review_status: 'Pending', user_id: coCurator.user.id });
    await seed.reels(other.options[0].id, 3, { review_status: 'Pending' });

    const list = async (cookie: string, q: string) => (await call('GET', `/uploader/api/v1/video?${q}`, cookie)).json();
    const mine = await list(creator.cookie, 'scope=mine&status=Rejected');
    expect(mine).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(mine.items.every((r: { review_status: string }) => r.review_status === 'Rejected')).toBe(true);
    expect((await list(creator.cookie, 'scope=mine&status=All')).total).toBe(14);

    const p1 = await list(coCurator.cookie, 'scope=review&status=Pending');
    const p2 = await list(coCurator.cookie, 'scope=review&status=Pending&page=2');
    expect([p1.total, p1.items.length, p2.items.length]).toEqual([12, 10, 2]);
    expect([...p1.items, ...p2.items].every((r: { user_id: string; topic_id: string }) => r.user_id === creator.user.id && r.topic_id === t.topic.id)).toBe(true);
    expect((await list(coCurator.cookie, `scope=review&status=Pending&topic_id=${other.topic.id}`)).total).toBe(0);
    expect((await list(creator.cookie, 'scope=review&status=Pending')).total).toBe(0);
    expect((await call('GET', '/uploader/api/v1/video?status=Waiting', creator.cookie)).status).toBe(422);

    const count = async (cookie: string) => (await (await call('GET', '/uploader/api/v1/content_count/review', cookie)).json()).pending;
    expect(await count(coCurator.cookie)).toBe(12);
    expect(await count(creator.cookie)).toBe(0);
  });
});

describe('media URLs of listed reels', () => {
  it('a ready Pending reel carries signed media URLs for its reviewer; a processing one carries none; a visitor never sees it', async () => {
    const { t, creator, coCurator } = await world();
    const ready = await seed.reel(t.options[0].id, { review_status: 'Pending', user_id: creator.user.id });
    const processing = await seed.reel(t.options[0].id, { status: 'processing', review_status: 'Pending', user_id: creator.user.id });
    const res = await call('GET', '/uploader/api/v1/video?scope=review&status=Pending', coCurator.cookie);
    expect(res.status).toBe(200);
    const items = (await res.json()).items as Array<{ id: string; media: Record<string, string> | null; renditions?: unknown }>;
    const byId = new Map(items.map((i) => [i.id, i]));
    const media = byId.get(ready.id)!.media!;
    const shape = (file: string) => new RegExp(`^/media/([^/]+)/${ready.id}/${file}$`);
    expect(media.master).toMatch(shape('master\\.m3u8'));
    expect(media.r360).toMatch(shape('360/index\\.m3u8'));
    expect(media.r240).toMatch(shape('240/index\\.m3u8'));
    expect(media.poster).toMatch(shape('poster\\.jpg'));
    expect(media.thumbnail).toMatch(shape('thumb\\.jpg'));
    const token = shape('master\\.m3u8').exec(media.master)![1];
    expect(verifyMediaToken(token, ready.id).ok).toBe(true);
    expect(byId.get(ready.id)!.renditions).toBeUndefined();
    expect(byId.get(processing.id)!.media).toBeNull();

    const one = await (await call('GET', `/uploader/api/v1/content/${ready.id}`, coCurator.cookie)).json();
    expect(one.media).toEqual(media);
    expect((await (await call('GET', `/uploader/api/v1/content/${processing.id}`, creator.cookie)).json()).media).toBeNull();
    const mine = await (await call('GET', '/uploader/api/v1/video?scope=mine&status=Pending', creator.cookie)).json();
    expect(mine.items.find((i: { id: string }) => i.id === ready.id).media).toEqual(media);

    expect(await feedIds(t.topic.id)).toEqual([]);
  });
});
