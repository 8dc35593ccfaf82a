import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { VIEW_THRESHOLD_S } from '@/lib/constants';
import type { FeedItem, FeedResponse, TldrEntry } from '@/features/reels/schemas';
import { getFeedPage, getReel, getTopicTldr, listTldr } from '@/features/reels/server/feed';
import { feedCacheLoads } from '@/features/reels/server/feed-cache';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { verifyWatchTicket } from '@/features/reels/server/watch-ticket';
import { drainDerivation } from '@/features/events/server/derive';
import { Seed, viewerIdFromSetCookie, visitorCookieFromSetCookie } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

async function getJson<T>(path: string, cookie?: string): Promise<{ status: number; body: T; res: Response }> {
  const res = await api.request(path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as T, res };
}

const feedUrl = (params: Record<string, string | number>) =>
  `/feeds-server/api/v1/feeds?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** Every field of a feed item the server sends (SPEC.md section 3, plus poster, owner, duration, lang, sources, ticket). */
const ITEM_KEYS = [
  'id', 'category', 'category_name', 'option', 'option_name', 'option_meta', 'topic', 'topic_name', 'description',
  'pre_signed_url_thumbnail', 'pre_signed_url_poster', 'pre_signed_url_video', 'pre_signed_url_video_360',
  'pre_signed_url_video_240', 'reaction_count', 'user_id', 'like', 'created_at', 'topic_pic', 'category_pic',
  'option_pic', 'owner_pic', 'owner_name', 'duration', 'lang', 'is_tldr', 'sources', 'watched', 'vidWatched',
  'watch_ticket', 'share_slug',
].sort();

/** True when `item`'s ticket is one the server issued to `viewerId` for this reel (checked 3 s later). */
const ticketFits = (item: FeedItem, viewerId: string) =>
  verifyWatchTicket(item.watch_ticket, viewerId, item.id, Date.now() + VIEW_THRESHOLD_S * 1000 + 1000).ok;

function post(path: string, cookie: string, payload: unknown) {
  return api.request(path, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(payload),
  });
}

function noTicketsOf(r: FeedResponse): unknown {
  return JSON.parse(JSON.stringify(r), (k, val: unknown) => (k === 'watch_ticket' || k === 'firstTime' ? undefined : val));
}

describe('GET /feeds-server/api/v1/feeds', () => {
  it('pages 25 ready reels as 10/10/5 in ready order, then an empty page', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 25);
    const v = seed.viewer();
    const pages: FeedResponse[] = [];
    for (const page of [1, 2, 3, 4]) {
      const { status, body } = await getJson<FeedResponse>(feedUrl({ page, topic_id: t.topic.id }), v.cookie);
      expect(status).toBe(200);
      pages.push(body);
    }
    expect(pages.map((p) => p.count)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.feeds.length)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.start_index)).toEqual([0, 10, 20, 30]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.every((p) => p.total_length === 25)).toBe(true);
    const seen = pages.flatMap((p) => p.feeds.map((f) => f.id));
    expect(seen).toEqual(reels.map((r) => r.id));
  });

  it('never repeats or skips a reel when another reel becomes ready mid-paging', async () => {
    const t = await seed.taxonomy();
    const late = await seed.reel(t.options[0].id, { status: 'processing' });
    const reels = await seed.reels(t.options[0].id, 25);
    const v = seed.viewer();
    const p1 = (await getJson<FeedResponse>(feedUrl({ page: 1, topic_id: t.topic.id }), v.cookie)).body;
    await seed.markReady(late.id);
    const p2 = (await getJson<FeedResponse>(feedUrl({ page: 2, topic_id: t.topic.id }), v.cookie)).body;
    const p3 = (await getJson<FeedResponse>(feedUrl({ page: 3, topic_id: t.topic.id }), v.cookie)).body;
    expect(p1.total_length).toBe(25);
    expect(p2.total_length).toBe(26);
    const seen = [...p1.feeds, ...p2.feeds, ...p3.feeds].map((f) => f.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...reels.map((r) => r.id), late.id]);
  });

  it('shows only ready, approved reels', async () => {
    const t = await seed.taxonomy();
    const opt = t.options[0].id;
    const [ready] = await seed.reels(opt, 1);
    await seed.reel(opt, { status: 'processing' });
    await seed.reel(opt, { status: 'failed' });
    await seed.reel(opt, { review_status: 'Pending' });
    await seed.reel(opt, { review_status: 'Rejected' });
    const { body } = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), seed.viewer().cookie);
    expect(body.feeds.map((f) => f.id)).toEqual([ready.id]);
    expect(body.total_length).toBe(1);
  });

  it('combines topic, category, option and lang filters', async () => {
    const t = await seed.taxonomy({ categories: 2, optionsPerCategory: 2 });
    const [o11, o12, o21] = t.options;
    const a = await seed.reels(o11.id, 2, { lang: 'en' });
    const b = await seed.reels(o11.id, 1, { lang: 'hi' });
    const c = await seed.reels(o12.id, 2, { lang: 'hi' });
    const d = await seed.reels(o21.id, 3, { lang: 'he' });
    const cookie = seed.viewer().cookie;
    const ids = async (p: Record<string, string>) =>
      (await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, ...p }), cookie)).body.feeds.map((f) => f.id);
    // Without lang, one language: Hinglish for a visitor with no cookie and no Accept-Language.
    expect(await ids({})).toEqual(d.map((r) => r.id));
    expect(await ids({ lang: 'all' })).toEqual(expect.arrayContaining([...a, ...b, ...c, ...d].map((r) => r.id)));
    expect(await ids({ lang: 'all' })).toHaveLength(8);
    // A default language with no reel under the filters shows every language rather than nothing.
    expect((await ids({ category_id: t.categories[0].id })).sort()).toEqual([...a, ...b, ...c].map((r) => r.id).sort());
    expect((await ids({ option_id: o11.id })).sort()).toEqual([...a, ...b].map((r) => r.id).sort());
    expect(await ids({ option_id: o11.id, lang: 'en' })).toEqual(a.map((r) => r.id));
    expect(await ids({ category_id: t.categories[0].id, lang: 'hi' })).toEqual([...b, ...c].map((r) => r.id));
    expect(await ids({ option_id: o11.id, lang: 'hi' })).toEqual(b.map((r) => r.id));
    expect(await ids({ category_id: t.categories[1].id, lang: 'en' })).toEqual([]);
    const other = await seed.taxonomy();
    // An option of another topic combined with this topic matches nothing.
    await seed.reels(other.options[0].id, 1);
    expect(await ids({ option_id: other.options[0].id })).toEqual([]);
  });

  it('sends the reel fields, signed media URLs, sources and the default configs', async () => {
    const t = await seed.taxonomy();
    const owner = await seed.user('Asha Rao');
    const reel = await seed.reel(t.options[0].id, {
      description: 'What net metering means', sources: 'MNRE guidelines 2024\n\n  CEA regulations  \n', user_id: owner.id,
      duration_s: 42.5, lang: 'he',
    });
    const { body } = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), seed.viewer().cookie);
    const item = body.feeds[0];
    expect(item).toMatchObject({
      id: reel.id,
      topic: t.topic.id, topic_name: t.topic.name, topic_pic: t.topic.pic,
      category: t.categories[0].id, category_name: 'Category 1',
      option: t.options[0].id, option_name: 'Option 1.1', option_meta: { total_reaction: 0 },
      description: 'What net metering means',
      reaction_count: { comment: 0, like: 0, views: 0 },
      user_id: owner.id, owner_name: 'Asha Rao', owner_pic: '/pics/creator.png',
      like: false, watched: false, vidWatched: false,
      duration: 42.5, lang: 'he', is_tldr: false,
      sources: ['MNRE guidelines 2024', 'CEA regulations'],
    });
    expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    for (const key of ['pre_signed_url_video', 'pre_signed_url_video_360', 'pre_signed_url_video_240',
      'pre_signed_url_thumbnail', 'pre_signed_url_poster'] as const) {
      expect(item[key], key).toMatch(/^\/media\/|^https?:\/\//);
      expect(item[key], key).toContain(reel.id);
    }
    expect(new Set([item.pre_signed_url_video, item.pre_signed_url_video_360, item.pre_signed_url_video_240]).size).toBe(3);
    expect(body.tags).toEqual({ ui_config: null });
    expect(body.partner_configs).toEqual([]);
    expect(body.button_configs).toEqual({
      image_url: null, offer_text: null, quick_offer_text: null, show_button: false, unskippable_videos: 0,
    });
  });

  it('marks firstTime only on the first request of a viewer, with or without a cookie', async () => {
    const t = await seed.taxonomy();
    await seed.reels(t.options[0].id, 1);
    const first = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }));
    const id = viewerIdFromSetCookie(first.res);
    expect(id).toBeDefined();
    seed.track(id!);
    expect(first.body.firstTime).toBe(true);
    const again = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), visitorCookieFromSetCookie(first.res));
    expect(again.body.firstTime).toBe(false);
    expect(viewerIdFromSetCookie(again.res)).toBeUndefined();

    const v = seed.viewer();
    expect((await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), v.cookie)).body.firstTime).toBe(true);
    expect((await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, page: 2 }), v.cookie)).body.firstTime).toBe(false);
  });

  it('sets like, watched and vidWatched per viewer', async () => {
    const t = await seed.taxonomy();
    const [r1, r2, r3] = await seed.reels(t.options[0].id, 3);
    const alice = seed.viewer();
    const bob = seed.viewer();
    expect((await post('/uploader/api/v1/like/', alice.cookie, { content_id: r1.id })).status).toBe(200);
    const ev = (event_type: string, content_id: string, content_watched: number) =>
      ({ event_type, version: '1.0.0', payload: { content_id, content_watched, content_length: 30 } });
    expect((await post('/auth/api/v1/events', alice.cookie, ev('VIDEO_PROGRESS', r2.id, 10))).status).toBe(202);
    expect((await post('/auth/api/v1/events', alice.cookie, ev('VIDEO_COMPLETE', r3.id, 30))).status).toBe(202);
    // Progress is derived from the events asynchronously (docs/decisions/011).
    await drainDerivation((await getDb()).db);

    const byId = (b: FeedResponse) => new Map(b.feeds.map((f) => [f.id, f]));
    const a = byId((await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), alice.cookie)).body);
    const b = byId((await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), bob.cookie)).body);
    const flags = (m: Map<string, FeedItem>, id: string) => {
      const f = m.get(id)!;
      return [f.like, f.watched, f.vidWatched, f.reaction_count.like];
    };
    expect(flags(a, r1.id)).toEqual([true, false, false, 1]);
    expect(flags(a, r2.id)).toEqual([false, true, false, 0]);
    expect(flags(a, r3.id)).toEqual([false, true, true, 0]);
    expect(flags(b, r1.id)).toEqual([false, false, false, 1]);
    expect(flags(b, r2.id)).toEqual([false, false, false, 0]);
    expect(flags(b, r3.id)).toEqual([false, false, false, 0]);
  });

  it('gives every item, TLDR reels included, a watch ticket of this viewer for this reel', async () => {
    const t = await seed.taxonomy({ categories: 2 });
    await seed.reels(t.options[0].id, 3);
    const tldr = await seed.reel(t.options[1].id, { is_tldr: true });
    const alice = seed.viewer();
    const bob = seed.viewer();
    const a = (await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), alice.cookie)).body;
    const b = (await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), bob.cookie)).body;
    const aTldr = a.tldr.find((e) => e.topic_id === t.topic.id)!.content!;
    expect(aTldr.id).toBe(tldr.id);
    for (const item of [...a.feeds, aTldr]) {
      expect(ticketFits(item, alice.id), item.id).toBe(true);
      expect(ticketFits(item, bob.id), item.id).toBe(false);
      // Not usable the moment it is sent: a view needs 3 s of the server's clock.
      expect(verifyWatchTicket(item.watch_ticket, alice.id, item.id).ok).toBe(false);
    }
    // The same cached page, another viewer: other tickets (kept out of the shared bytes).
    expect(b.feeds.map((f) => f.id)).toEqual(a.feeds.map((f) => f.id));
    for (const [i, item] of b.feeds.entries()) {
      expect(item.watch_ticket).not.toBe(a.feeds[i].watch_ticket);
      expect(ticketFits(item, bob.id)).toBe(true);
    }
  });

  it('sends exactly the FeedItem fields, and SSR pages get the same items from the same serializer', async () => {
    const t = await seed.taxonomy({ categories: 2 });
    const reels = await seed.reels(t.options[0].id, 4, { sources: 'a\nb "quoted"' });
    await seed.reel(t.options[1].id, { is_tldr: true, description: 'Émoji ☀️ and "quotes"' });
    const v = seed.viewer();
    await post('/uploader/api/v1/like/', v.cookie, { content_id: reels[1].id });
    await post('/auth/api/v1/events', v.cookie, { event_type: 'VIDEO_COMPLETE', version: '1.0.0', payload: { content_id: reels[2].id, content_watched: 30 } });
    await drainDerivation((await getDb()).db);
    const q = { page: 1, topic_id: t.topic.id, lang: 'en' as const };
    const res = await api.request(feedUrl(q), { headers: { cookie: v.cookie } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const sent = (await res.json()) as FeedResponse;
    for (const f of sent.feeds) expect(Object.keys(f).sort()).toEqual(ITEM_KEYS);
    expect(Object.keys(sent.tldr.find((e) => e.content)!.content!).sort()).toEqual(ITEM_KEYS);
    expect(sent.feeds.map((f) => [f.like, f.vidWatched, f.reaction_count.like, f.option_meta.total_reaction]))
      .toEqual([[false, false, 0, 1], [true, false, 1, 1], [false, true, 0, 1], [false, false, 0, 1], [false, false, 0, 0]]);
    // Tickets carry the second they were issued in; everything else is equal.
    const noTickets = (r: unknown) => JSON.parse(JSON.stringify(r), (k, val: unknown) => (k === 'watch_ticket' ? undefined : val));
    const ssr = await getFeedPage(v.principal, q);
    expect(noTickets(ssr)).toEqual(noTickets(sent));
    for (const f of ssr.feeds) expect(ticketFits(f, v.id)).toBe(true);
    const one = await getReel(v.principal, reels[1].id);
    expect(Object.keys(one).sort()).toEqual(ITEM_KEYS);
    expect(noTickets(one)).toEqual(noTickets(sent.feeds[1]));
    expect(ticketFits(one, v.id)).toBe(true);
    const list = await listTldr(v.principal);
    const entry = list.find((e) => e.topic_id === t.topic.id)!;
    expect(noTickets(entry)).toEqual(noTickets(sent.tldr.find((e) => e.topic_id === t.topic.id)));
    expect(ticketFits(entry.content!, v.id)).toBe(true);
    const byTopic = await getTopicTldr(v.principal, t.topic.slug);
    expect(noTickets(byTopic)).toEqual(noTickets(entry));
    expect(ticketFits(byTopic.content!, v.id)).toBe(true);
    // The assistant's related reels: the same items, tickets of the asker.
    const related = await listReadyReelsForTopics(v.principal, [t.topic.slug], 'en', 3);
    expect(related.length).toBe(3);
    for (const r of related) {
      expect(Object.keys(r).sort()).toEqual(ITEM_KEYS);
      expect(ticketFits(r, v.id)).toBe(true);
    }
  });

  it('keeps counts out of cached pages: a like reloads no page, not even its own, and shows at once', async () => {
    const t = await seed.taxonomy({ categories: 2 });
    const [mine] = await seed.reels(t.options[0].id, 2);
    await seed.reels(t.options[1].id, 2);
    const other = await seed.taxonomy();
    await seed.reels(other.options[0].id, 2);
    const v = seed.viewer();
    const { db } = await getDb();
    // A frozen clock: no TTL runs out between the requests, so any reload would be the like's doing.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const page = async (topic: string) => (await getJson<FeedResponse>(feedUrl({ topic_id: topic }), v.cookie)).body;
      const mineBefore = await page(t.topic.id);
      const otherBefore = await page(other.topic.id);
      const loads = feedCacheLoads(db);
      expect((await post('/uploader/api/v1/like/', v.cookie, { content_id: mine.id })).status).toBe(200);
      const otherAfter = await page(other.topic.id);
      const mineAfter = await page(t.topic.id);
      expect(feedCacheLoads(db).shared).toBe(loads.shared);
      expect(noTicketsOf(otherAfter)).toEqual(noTicketsOf(otherBefore));
      const item = mineAfter.feeds.find((f) => f.id === mine.id)!;
      expect(item).toMatchObject({ like: true, reaction_count: { like: 1 }, option_meta: { total_reaction: 1 } });
      // The other reel of the same option shows the option's new total too.
      expect(mineAfter.feeds.filter((f) => f.option === mine.option_id).map((f) => f.option_meta.total_reaction)).toEqual([1, 1]);
      expect(mineAfter.feeds.filter((f) => f.option !== mine.option_id).map((f) => f.option_meta.total_reaction)).toEqual([0, 0]);
      expect(mineBefore.feeds.find((f) => f.id === mine.id)!.reaction_count.like).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists every topic with its TLDR reel', async () => {
    const t = await seed.taxonomy({ type_tag: 'HOT' });
    const bare = await seed.taxonomy();
    await seed.reels(t.options[0].id, 2);
    const tldr = await seed.reel(t.options[0].id, { is_tldr: true, description: 'Topic in 60 seconds' });
    const { body } = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), seed.viewer().cookie);
    const mine = body.tldr.find((e) => e.topic_id === t.topic.id);
    expect(mine).toMatchObject({ topic_name: t.topic.name, topic_slug: t.topic.slug, type_tag: 'HOT', topic_pic: t.topic.pic });
    expect(mine?.content?.id).toBe(tldr.id);
    expect(mine?.content?.is_tldr).toBe(true);
    expect(body.tldr.find((e) => e.topic_id === bare.topic.id)?.content).toBeNull();
  });

  it.each([
    ['page=-1'], ['page=0'], ['page=abc'], ['page=1.5'], ['page=1000000000'], ['page='],
    ['topic_id=not-a-uuid'], ['category_id=1'], ['option_id=%24gt'], ['lang=fr'], ['utm=1'],
  ])('answers 422 in the one error shape for %s', async (qs) => {
    const res = await api.request(`/feeds-server/api/v1/feeds?${qs}`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toEqual({ error: { code: 'validation_failed', message: expect.any(String) } });
  });

  it('answers 200 with no feeds for a page past the end', async () => {
    const t = await seed.taxonomy();
    await seed.reels(t.options[0].id, 3);
    const { status, body } = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, page: 99_999 }), seed.viewer().cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ feeds: [], count: 0, total_length: 3, start_index: 999_980, page: 99_999 });
  });

  it('carries a request id', async () => {
    const res = await api.request('/feeds-server/api/v1/feeds?page=abc', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const res2 = await api.request('/feeds-server/api/v1/feeds?page=abc');
    expect(res2.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /feeds-server/api/v1/{id}', () => {
  it('answers one ready reel with this viewer\'s like flag', async () => {
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id);
    const v = seed.viewer();
    expect((await post('/uploader/api/v1/like/', v.cookie, { content_id: reel.id })).status).toBe(200);
    const { status, body } = await getJson<FeedItem>(`/feeds-server/api/v1/${reel.id}`, v.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: reel.id, like: true, reaction_count: { like: 1 }, topic: t.topic.id });
    expect(Object.keys(body).sort()).toEqual(ITEM_KEYS);
    expect(ticketFits(body, v.id)).toBe(true);
    const other = await getJson<FeedItem>(`/feeds-server/api/v1/${reel.id}`, seed.viewer().cookie);
    expect(other.body.like).toBe(false);
  });

  it('answers 404 content_not_found for malformed, unknown, processing and failed reels', async () => {
    const t = await seed.taxonomy();
    const processing = await seed.reel(t.options[0].id, { status: 'processing' });
    const failed = await seed.reel(t.options[0].id, { status: 'failed' });
    for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000', processing.id, failed.id, '%27%20or%201%3D1']) {
      const res = await api.request(`/feeds-server/api/v1/${id}`);
      expect(res.status, id).toBe(404);
      expect((await res.json()).error.code, id).toBe('content_not_found');
    }
  });
});

describe('GET /feeds-server/api/v1/tldr/topic and /feeds-server/api/v2/tldr/topic', () => {
  it('v1 lists every topic; v2 only those with a TLDR reel, preferring ?lang', async () => {
    const t = await seed.taxonomy();
    const bare = await seed.taxonomy();
    const [en] = await seed.reels(t.options[0].id, 1, { is_tldr: true, lang: 'en' });
    const [hi] = await seed.reels(t.options[0].id, 1, { is_tldr: true, lang: 'hi' });
    const viewer = seed.viewer();
    const cookie = viewer.cookie;
    const v1 = (await getJson<{ tldr: TldrEntry[] }>('/feeds-server/api/v1/tldr/topic', cookie)).body.tldr;
    expect(v1.find((e) => e.topic_id === t.topic.id)?.content?.id).toBe(hi.id); // newest
    expect(ticketFits(v1.find((e) => e.topic_id === t.topic.id)!.content!, viewer.id)).toBe(true);
    expect(v1.find((e) => e.topic_id === bare.topic.id)).toMatchObject({ content: null });

    const v2en = (await getJson<{ tldr: TldrEntry[] }>('/feeds-server/api/v2/tldr/topic?lang=en', cookie)).body.tldr;
    expect(v2en.find((e) => e.topic_id === t.topic.id)?.content?.id).toBe(en.id);
    expect(v2en.find((e) => e.topic_id === bare.topic.id)).toBeUndefined();
    const v2he = (await getJson<{ tldr: TldrEntry[] }>('/feeds-server/api/v2/tldr/topic?lang=he', cookie)).body.tldr;
    expect(v2he.find((e) => e.topic_id === t.topic.id)?.content?.id).toBe(hi.id); // falls back to newest

    expect((await api.request('/feeds-server/api/v2/tldr/topic?lang=xx')).status).toBe(422);
    expect((await api.request('/feeds-server/api/v1/tldr/topic?x=1')).status).toBe(422);
  });
});

describe('GET /feeds-server/api/v1/popup/tldr/{id}', () => {
  it('answers the TLDR entry of a topic by id or slug, and 404 for unknown topics', async () => {
    const t = await seed.taxonomy();
    const tldr = await seed.reel(t.options[0].id, { is_tldr: true });
    for (const key of [t.topic.id, t.topic.slug]) {
      const v = seed.viewer();
      const { status, body } = await getJson<TldrEntry>(`/feeds-server/api/v1/popup/tldr/${key}`, v.cookie);
      expect(status).toBe(200);
      expect(body).toMatchObject({ topic_id: t.topic.id, content: { id: tldr.id, is_tldr: true, like: false } });
      expect(ticketFits(body.content!, v.id)).toBe(true);
    }
    const bare = await seed.taxonomy();
    expect((await getJson<TldrEntry>(`/feeds-server/api/v1/popup/tldr/${bare.topic.id}`)).body.content).toBeNull();
    for (const id of ['no-such-topic', '00000000-0000-4000-8000-000000000000', '%00', 'x%20y']) {
      const res = await api.request(`/feeds-server/api/v1/popup/tldr/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'topic_not_found', message: expect.any(String) } });
    }
  });
});
