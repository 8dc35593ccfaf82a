import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, topics } from '@/lib/db/schema';
import { setSingleton } from '@/lib/singleton';
import { invalidateFeedCache } from '@/features/reels/server/feed-cache';
import { searchResponseSchema, type SearchResponse } from '@/features/reels/schemas';
import { Seed } from '@/tests/fixtures/seed';
import { seedSearchLibrary, type SearchLibrary } from '@/tests/fixtures/search-library';
import { useEnvVars } from '@/tests/fixtures/env-vars';
import { syncKnowledge } from '@/features/assistant/server/knowledge';

/**
 * GET /feeds-server/api/v1/search (docs/decisions/031-search.md) over the
 * starter library's reels (tests/fixtures/search-library.ts, under topic
 * slugs of this file's own). PostgreSQL is shared with other test files, so
 * results are read for this file's reels and topics only. Every request
 * carries its own X-Forwarded-For (TRUST_PROXY on for this file), so the
 * per-IP search limit is spent per test.
 */
process.env.TRUST_PROXY = 'true';
setSingleton('env', undefined);

const api = buildApi();
const seed = new Seed();
let lib: SearchLibrary;
const setEnv = useEnvVars(['IP_LIMIT_SEARCH']);

beforeAll(async () => {
  lib = await seedSearchLibrary();
  // The suggested questions, as the server syncs them at start-up.
  await syncKnowledge();
}, 60_000);
afterAll(async () => {
  await lib?.cleanup();
  await seed.cleanup();
  delete process.env.TRUST_PROXY;
  setSingleton('env', undefined);
});

let ipSeq = 0;
/** A client address no other test uses. */
const newIp = () => `198.51.${100 + Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

const searchUrl = (params: Record<string, string | number>) =>
  `/feeds-server/api/v1/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

async function search(params: Record<string, string | number>, headers: Record<string, string> = {}): Promise<SearchResponse> {
  const res = await api.request(searchUrl(params), { headers: { cookie: seed.viewer().cookie, 'x-forwarded-for': newIp(), ...headers } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  // The answer keeps its schema: reels are feed items, playable as the feed's.
  return searchResponseSchema.parse(JSON.parse(text));
}

/** This file's reels among the results, as `<option key>:<lang>`, in order. */
function ours(body: SearchResponse): string[] {
  const keyOf = new Map([...lib.reels].map(([k, id]) => [id, k]));
  return body.reels.flatMap((r) => (keyOf.has(r.id) ? [keyOf.get(r.id)!] : []));
}

/** This file's topics among the results, by the library's slugs. */
function ourTopics(body: SearchResponse): string[] {
  const bySlug = new Map([...lib.slugs].map(([k, slug]) => [slug, k]));
  return body.topics.flatMap((t) => (bySlug.has(t.slug) ? [bySlug.get(t.slug)!] : []));
}

describe('GET /feeds-server/api/v1/search', () => {
  it('finds the net-metering and subsidy reels however they are typed: English, Devanagari, Hinglish, typos', async () => {
    const cases: Array<[string, 'en' | 'hi' | 'he', string]> = [
      ['net metering', 'en', 'net-vs-gross'],
      ['नेट मीटरिंग', 'hi', 'net-vs-gross'],
      ['net metring', 'he', 'net-vs-gross'],
      ['Net Meetering', 'hi', 'net-vs-gross'],
      ['sabsidi', 'he', 'subsidy-3kw'],
      ['सब्सिडी', 'hi', 'subsidy-3kw'],
      ['subsidy', 'en', 'subsidy-3kw'],
      ['subsdy', 'en', 'subsidy-3kw'],
    ];
    for (const [q, lang, option] of cases) {
      const found = ours(await search({ q, lang }));
      // The reel in the asked language is this file's first; the others of the question are found too.
      expect(found[0], q).toBe(`${option}:${lang}`);
      expect(found, q).toEqual(expect.arrayContaining([`${option}:en`, `${option}:hi`, `${option}:he`]));
    }
  });

  it('finds topics by name and description, named in the asked language', async () => {
    const body = await search({ q: 'नेट मीटरिंग', lang: 'hi' });
    expect(ourTopics(body)).toEqual(['getting-connected']);
    const topic = body.topics.find((t) => t.slug === lib.slugs.get('getting-connected'))!;
    expect(topic).toEqual({ id: lib.topics.get('getting-connected'), slug: lib.slugs.get('getting-connected'), name: 'कनेक्शन कैसे लें', pic: expect.any(String) });
    expect(ourTopics(await search({ q: 'sabsidi aur paisa', lang: 'he' }))[0]).toBe('subsidy-and-money');
    expect((await search({ q: 'sabsidi aur paisa', lang: 'he' })).topics.find((t) => t.id === lib.topics.get('subsidy-and-money'))?.name)
      .toBe('Subsidy aur paisa');
  });

  it('puts reels in the person\'s language first: ?lang, else the NEXT_LOCALE cookie, else Accept-Language hi, else Hinglish', async () => {
    const order = (body: SearchResponse) => ours(body).filter((k) => k.startsWith('net-vs-gross:')).map((k) => k.split(':')[1]);
    const asked = await search({ q: 'net metering', lang: 'hi' });
    expect(asked.lang).toBe('hi');
    expect(order(asked)[0]).toBe('hi');
    // Every reel in the asked language comes before every reel in another.
    const langs = asked.reels.map((r) => r.lang);
    expect(langs.lastIndexOf('hi')).toBeLessThan(langs.findIndex((l) => l !== 'hi') === -1 ? Infinity : langs.findIndex((l) => l !== 'hi'));
    const viewer = seed.viewer();
    const byCookie = await search({ q: 'net metering' }, { cookie: `${viewer.cookie}; NEXT_LOCALE=en`, 'accept-language': 'hi-IN' });
    expect([byCookie.lang, order(byCookie)[0]]).toEqual(['en', 'en']);
    const byPhone = await search({ q: 'net metering' }, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect([byPhone.lang, order(byPhone)[0]]).toEqual(['hi', 'hi']);
    const byDefault = await search({ q: 'net metering' });
    expect([byDefault.lang, order(byDefault)[0]]).toEqual(['he', 'he']);
    // Names on the reels are in the asked language too.
    const hiReel = asked.reels.find((r) => r.id === lib.reels.get('net-vs-gross:en'))!;
    expect(hiReel.option_name).toBe('नेट मीटरिंग या ग्रॉस मीटरिंग?');
  });

  it('pages by 10 as the feed: no reel twice, none skipped, has_more until the last page', async () => {
    const word = `zorbex${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    const t = await seed.taxonomy();
    const made = await seed.reels(t.options[0].id, 25, { description: `About ${word} and the grid` });
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await search({ q: word, lang: 'en', page }));
    expect(pages.map((p) => p.reels.length)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false, false]);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    const ids = pages.flatMap((p) => p.reels.map((r) => r.id));
    expect(new Set(ids).size).toBe(25);
    // Equal scores: feed order (ready order), as the feed pages.
    expect(ids).toEqual(made.map((r) => r.id));
  });

  it('shows only ready, approved reels, and follows review moves and edits at once', async () => {
    const word = `quandle${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    const t = await seed.taxonomy();
    const o = t.options[0].id;
    const visible = await seed.reel(o, { description: `${word} visible` });
    await seed.reel(o, { description: `${word} processing`, status: 'processing' });
    await seed.reel(o, { description: `${word} failed`, status: 'failed' });
    await seed.reel(o, { description: `${word} pending`, review_status: 'Pending' });
    await seed.reel(o, { description: `${word} rejected`, review_status: 'Rejected' });
    expect((await search({ q: word, lang: 'en' })).reels.map((r) => r.id)).toEqual([visible.id]);

    const { db } = await getDb();
    // Taken down (the studio drops the feed's pages with it): gone from the search too.
    await db.update(contentItems).set({ review_status: 'Rejected' }).where(eq(contentItems.id, visible.id));
    invalidateFeedCache();
    expect((await search({ q: word, lang: 'en' })).reels).toEqual([]);
    await db.update(contentItems).set({ review_status: 'Approved' }).where(eq(contentItems.id, visible.id));
    invalidateFeedCache();

    // A new description is found by its words, the old one no more.
    const fresh = `flimbert${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    await db.update(contentItems).set({ description: `Now about ${fresh}` }).where(eq(contentItems.id, visible.id));
    invalidateFeedCache();
    expect((await search({ q: fresh, lang: 'en' })).reels.map((r) => r.id)).toEqual([visible.id]);
    expect((await search({ q: word, lang: 'en' })).reels).toEqual([]);

    // A renamed topic finds its reels and itself by the new name.
    const topicWord = `grontex${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    await db.update(topics).set({ name: `The ${topicWord} topic` }).where(eq(topics.id, t.topic.id));
    invalidateFeedCache();
    const byTopic = await search({ q: topicWord, lang: 'en' });
    expect(byTopic.reels.map((r) => r.id)).toEqual([visible.id]);
    expect(byTopic.topics.map((x) => x.id)).toEqual([t.topic.id]);
  });

  it('follows an edit nobody announced (a script, a process without Redis) within the staleness check', async () => {
    const word = `plonket${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    const t = await seed.taxonomy();
    const reel = await seed.reel(t.options[0].id, { description: `${word} before` });
    invalidateFeedCache();
    expect((await search({ q: word, lang: 'en' })).reels.map((r) => r.id)).toEqual([reel.id]);

    // Written straight to the database: no cache is told.
    const { db } = await getDb();
    const fresh = `zintrop${nanoid(6).replace(/[^a-z]/gi, 'q').toLowerCase()}`;
    await db.update(contentItems).set({ description: `Now about ${fresh}` }).where(eq(contentItems.id, reel.id));
    // Past the staleness check (features/reels/server/search.ts, every 5 s): only the clock moves.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      expect((await search({ q: fresh, lang: 'en' })).reels.map((r) => r.id)).toEqual([reel.id]);
      // The old word's postings and ranking were made before the edit: dropped with it.
      expect((await search({ q: word, lang: 'en' })).reels).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the suggested questions in the asked language', async () => {
    const body = await search({ q: 'net metering', lang: 'hi' });
    expect(body.questions.length).toBeGreaterThan(0);
    for (const q of body.questions) expect(q).toMatch(/[\u0900-\u097F]/);
    expect(body.questions.some((q) => q.includes('नेट मीटरिंग'))).toBe(true);
    const en = await search({ q: 'सब्सिडी', lang: 'en' });
    expect(en.questions.some((q) => /subsidy/i.test(q))).toBe(true);
    for (const q of en.questions) expect(q).not.toMatch(/[\u0900-\u097F]/);
  });

  it('refuses bad input with a 422 in the one error shape, naming the field', async () => {
    const { cookie } = seed.viewer();
    const bad: Array<[string, string]> = [
      ['/feeds-server/api/v1/search', 'q'],
      [searchUrl({ q: '' }), 'q'],
      [searchUrl({ q: '   \t ' }), 'q'],
      [searchUrl({ q: 'स'.repeat(201) }), 'q'],
      [searchUrl({ q: 'net\u0000metering' }), 'q'],
      [searchUrl({ q: 'subsidy', lang: 'fr' }), 'lang'],
      [searchUrl({ q: 'subsidy', lang: 'all' }), 'lang'],
      [searchUrl({ q: 'subsidy', page: 0 }), 'page'],
      [searchUrl({ q: 'subsidy', page: 'two' }), 'page'],
      [searchUrl({ q: 'subsidy', sort: 'new' }), 'sort'],
    ];
    for (const [url, field] of bad) {
      const res = await api.request(url, { headers: { cookie, 'x-forwarded-for': newIp() } });
      expect(res.status, url).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body, url).toEqual({ error: { code: 'validation_failed', message: expect.stringContaining(field) } });
    }
    // 200 characters is still a query.
    expect((await api.request(searchUrl({ q: 'स'.repeat(200) }), { headers: { cookie, 'x-forwarded-for': newIp() } })).status).toBe(200);
  });

  it('is rate-limited per visitor and per IP (429 rate_limited with Retry-After)', async () => {
    const { cookie } = seed.viewer();
    let last: Response | undefined;
    for (let i = 0; i < 121; i++) last = await api.request(searchUrl({ q: 'solar' }), { headers: { cookie, 'x-forwarded-for': newIp() } });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await last!.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });

    setEnv({ IP_LIMIT_SEARCH: '5' });
    const ip = newIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await api.request(searchUrl({ q: 'solar' }), { headers: { cookie: seed.viewer().cookie, 'x-forwarded-for': ip } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
