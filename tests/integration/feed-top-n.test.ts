import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems } from '@/lib/db/schema';
import { setSingleton } from '@/lib/singleton';
import { invalidateFeedCache } from '@/features/reels/server/feed';
import type { FeedResponse } from '@/features/reels/schemas';
import { Seed } from '@/tests/fixtures/seed';

/**
 * The top-N videos experiment on the feed (docs/decisions/012): with
 * `top_n=<configured id>` a feed opens with its N most viewed reels, most
 * viewed first, then the rest in feed order, every reel once across pages;
 * any other id is the normal feed. Each test reads its own topic's feed
 * (PostgreSQL is shared with other test files running at the same time).
 */
const EXP = 'topn-test';
const saved = { id: process.env.EXPERIMENT_TOP_N_VIDEOS_ID, n: process.env.EXPERIMENT_TOP_N };
beforeAll(() => {
  process.env.EXPERIMENT_TOP_N_VIDEOS_ID = EXP;
  process.env.EXPERIMENT_TOP_N = '3';
  setSingleton('env', undefined);
});
afterAll(() => {
  for (const [k, v] of [['EXPERIMENT_TOP_N_VIDEOS_ID', saved.id], ['EXPERIMENT_TOP_N', saved.n]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  setSingleton('env', undefined);
});

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

async function feed(params: Record<string, string>, cookie: string): Promise<{ status: number; body: FeedResponse }> {
  const res = await api.request(`/feeds-server/api/v1/feeds?${new URLSearchParams(params)}`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as FeedResponse };
}

describe('GET /feeds-server/api/v1/feeds?top_n=', () => {
  it('opens the feed with the 3 most viewed reels, then the rest in feed order, each reel once over the pages', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 12);
    const { db } = await getDb();
    // Views: reel 7 most, then reel 11, then reel 2.
    for (const [i, views] of [[7, 900], [11, 500], [2, 100], [5, 10]] as const) {
      await db.update(contentItems).set({ view_count: views }).where(eq(contentItems.id, reels[i].id));
    }
    invalidateFeedCache();
    const v = seed.viewer();
    const p1 = await feed({ top_n: EXP, topic_id: t.topic.id }, v.cookie);
    const p2 = await feed({ top_n: EXP, topic_id: t.topic.id, page: '2' }, v.cookie);
    expect(p1.status).toBe(200);
    const ids = [...p1.body.feeds, ...p2.body.feeds].map((f) => f.id);
    const top = [reels[7].id, reels[11].id, reels[2].id];
    expect(ids.slice(0, 3)).toEqual(top);
    expect(ids.slice(3)).toEqual(reels.map((r) => r.id).filter((id) => !top.includes(id)));
    expect(p1.body.total_length).toBe(12);

    const plain = await feed({ topic_id: t.topic.id }, v.cookie);
    expect(plain.body.feeds.map((f) => f.id)).toEqual(reels.slice(0, 10).map((r) => r.id));
  });

  it('an id that is not the configured one gives the normal order', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 4);
    const { db } = await getDb();
    await db.update(contentItems).set({ view_count: 50 }).where(inArray(contentItems.id, [reels[3].id]));
    invalidateFeedCache();
    const v = seed.viewer();
    const order = reels.map((r) => r.id);
    const ids = async (q: Record<string, string>) => (await feed({ topic_id: t.topic.id, ...q }, v.cookie)).body.feeds.map((f) => f.id);
    expect(await ids({ top_n: 'ended-experiment' })).toEqual(order);
    expect(await ids({})).toEqual(order);
    // With the experiment: the 3 most viewed (reel 3, then ties in feed order: reels 0 and 1), then reel 2.
    expect(await ids({ top_n: EXP })).toEqual([order[3], order[0], order[1], order[2]]);
  });

  it('refuses a malformed experiment id (422)', async () => {
    const v = seed.viewer();
    const res = await feed({ top_n: 'no spaces!' }, v.cookie);
    expect(res.status).toBe(422);
  });
});
