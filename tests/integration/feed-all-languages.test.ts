import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, options, topics } from '@/lib/db/schema';
import type { FeedItem, FeedResponse } from '@/features/reels/schemas';
import { getFeedPage, getReel } from '@/features/reels/server/feed';
import { drainDerivation } from '@/features/events/server/derive';
import { Seed } from '../fixtures/seed';

/**
 * The "All languages" feed as each asker sees it: reel cards named in the
 * asker's language whatever the reel's language (docs/decisions/025), from
 * one shared cached page; and a viewer's hidden TLDR reels never leave the
 * same question twice in a row (docs/decisions/024, 018).
 */
const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await api.request(path, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const feedUrl = (params: Record<string, string | number>) =>
  `/feeds-server/api/v1/feeds?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

type Names = [topic: string, category: string, option: string];
const namesOf = (i: Pick<FeedItem, 'topic_name' | 'category_name' | 'option_name'>): Names =>
  [i.topic_name, i.category_name, i.option_name];

/**
 * A topic with one category of two options, translated except the second
 * option (and the first option in Hinglish); an English and a Hindi reel
 * of the first option and an English reel of the second.
 */
async function translatedFeed() {
  const t = await seed.taxonomy({ optionsPerCategory: 2 });
  const { db } = await getDb();
  await db.update(topics).set({ translations: { hi: { name: 'सोलर कैसे काम करता है' }, he: { name: 'Solar kaise kaam karta hai' } } })
    .where(eq(topics.id, t.topic.id));
  await db.update(categories).set({ translations: { hi: { name: 'सोलर पैनल' }, he: { name: 'Solar panel' } } })
    .where(eq(categories.id, t.categories[0].id));
  await db.update(options).set({ translations: { hi: { name: 'कितनी सब्सिडी?' } } }).where(eq(options.id, t.options[0].id));
  const en1 = await seed.reel(t.options[0].id, { lang: 'en' });
  const hi1 = await seed.reel(t.options[0].id, { lang: 'hi' });
  const en2 = await seed.reel(t.options[1].id, { lang: 'en' });
  const english = {
    first: [t.topic.name, t.categories[0].name, t.options[0].name] as Names,
    second: [t.topic.name, t.categories[0].name, t.options[1].name] as Names,
  };
  const hindi = {
    first: ['सोलर कैसे काम करता है', 'सोलर पैनल', 'कितनी सब्सिडी?'] as Names,
    second: ['सोलर कैसे काम करता है', 'सोलर पैनल', t.options[1].name] as Names,
  };
  const hinglish = {
    first: ['Solar kaise kaam karta hai', 'Solar panel', t.options[0].name] as Names,
    second: ['Solar kaise kaam karta hai', 'Solar panel', t.options[1].name] as Names,
  };
  return { t, reels: { en1, hi1, en2 }, english, hindi, hinglish };
}

/** The feed's items by reel id, as names. */
function namesById(body: FeedResponse): Map<string, Names> {
  return new Map(body.feeds.map((f) => [f.id, namesOf(f)]));
}

describe('GET /feeds-server/api/v1/feeds (names in the asker\'s language)', () => {
  it('names every reel of lang=all in the interface language, English where a name is untranslated', async () => {
    const { t, reels, english, hindi, hinglish } = await translatedFeed();
    const { cookie } = seed.viewer();
    const all = feedUrl({ topic_id: t.topic.id, lang: 'all' });

    const hi = namesById(await getJson<FeedResponse>(all, { cookie: `${cookie}; NEXT_LOCALE=hi` }));
    expect(hi.get(reels.en1.id)).toEqual(hindi.first);
    expect(hi.get(reels.hi1.id)).toEqual(hindi.first);
    expect(hi.get(reels.en2.id)).toEqual(hindi.second);

    const he = namesById(await getJson<FeedResponse>(all, { cookie: `${cookie}; NEXT_LOCALE=he` }));
    expect(he.get(reels.en1.id)).toEqual(hinglish.first);
    expect(he.get(reels.hi1.id)).toEqual(hinglish.first);
    expect(he.get(reels.en2.id)).toEqual(hinglish.second);

    // A Hindi phone without a cookie: Accept-Language decides.
    const phone = namesById(await getJson<FeedResponse>(all, { cookie, 'accept-language': 'hi-IN,hi;q=0.9' }));
    expect(phone.get(reels.en1.id)).toEqual(hindi.first);

    // An English interface reads the Hindi reel with English names.
    const en = namesById(await getJson<FeedResponse>(all, { cookie: `${cookie}; NEXT_LOCALE=en` }));
    expect(en.get(reels.hi1.id)).toEqual(english.first);
    expect(en.get(reels.en2.id)).toEqual(english.second);
  });

  it('gives two askers of the same cached page their own names, in turn and at once', async () => {
    const { t, reels, english, hindi, hinglish } = await translatedFeed();
    const a = seed.viewer();
    const b = seed.viewer();
    const all = feedUrl({ topic_id: t.topic.id, lang: 'all' });
    const first = await getJson<FeedResponse>(all, { cookie: `${a.cookie}; NEXT_LOCALE=hi` });
    const second = await getJson<FeedResponse>(all, { cookie: `${b.cookie}; NEXT_LOCALE=en` });
    expect(second.feeds.map((f) => f.id)).toEqual(first.feeds.map((f) => f.id));
    expect(namesById(first).get(reels.en1.id)).toEqual(hindi.first);
    expect(namesById(second).get(reels.en1.id)).toEqual(english.first);
    // The first asker again, after the page was served in English: still Hindi.
    expect(namesById(await getJson<FeedResponse>(all, { cookie: `${a.cookie}; NEXT_LOCALE=hi` })).get(reels.en1.id)).toEqual(hindi.first);
    const together = await Promise.all([
      getJson<FeedResponse>(all, { cookie: `${a.cookie}; NEXT_LOCALE=he` }),
      getJson<FeedResponse>(all, { cookie: `${b.cookie}; NEXT_LOCALE=hi` }),
    ]);
    expect(namesById(together[0]).get(reels.en2.id)).toEqual(hinglish.second);
    expect(namesById(together[1]).get(reels.en2.id)).toEqual(hindi.second);
  });

  it('names an asked-for language in that language over the cookie, and a server-chosen one in the interface language', async () => {
    const { t, reels, english, hindi } = await translatedFeed();
    const { cookie } = seed.viewer();
    const asked = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'en' }), { cookie: `${cookie}; NEXT_LOCALE=hi` });
    expect(asked.feed_lang).toBe('en');
    expect(namesById(asked).get(reels.en1.id)).toEqual(english.first);
    const askedHi = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'hi' }), { cookie: `${cookie}; NEXT_LOCALE=en` });
    expect(namesById(askedHi).get(reels.hi1.id)).toEqual(hindi.first);
    // No lang: the server chooses Hindi from the cookie; the names are Hindi too.
    const chosen = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), { cookie: `${cookie}; NEXT_LOCALE=hi` });
    expect(chosen.feed_lang).toBe('hi');
    expect(namesById(chosen).get(reels.hi1.id)).toEqual(hindi.first);
  });

  it('names the server-rendered page (getFeedPage) as the API does for the same asker', async () => {
    const { t, reels, hindi } = await translatedFeed();
    const v = seed.viewer();
    // What app/_lib/feed-screen.tsx passes for a Hindi interface asking for every language.
    const ssr = await getFeedPage(v.principal, { page: 1, topic_id: t.topic.id, lang: 'all' }, { fallbackToAll: false, summaryLang: 'hi' });
    expect(namesById(ssr).get(reels.en1.id)).toEqual(hindi.first);
    expect(namesById(ssr).get(reels.en2.id)).toEqual(hindi.second);
  });

  it('names the reels of the TLDR list beside the feed in the asker\'s language', async () => {
    const { t, hindi } = await translatedFeed();
    const tldr = await seed.reel(t.options[0].id, { lang: 'en', is_tldr: true });
    const { cookie } = seed.viewer();
    const body = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all' }), { cookie: `${cookie}; NEXT_LOCALE=hi` });
    const entry = body.tldr.find((e) => e.topic_id === t.topic.id);
    expect(entry?.content?.id).toBe(tldr.id);
    expect(namesOf(entry!.content!)).toEqual(hindi.first);
    // The tile's own heading too, in Hindi and, for another asker of the same cached list, in Hinglish and English.
    expect(entry?.topic_name).toBe(hindi.first[0]);
    const he = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all' }), { cookie: `${cookie}; NEXT_LOCALE=he` });
    expect(he.tldr.find((e) => e.topic_id === t.topic.id)?.topic_name).toBe('Solar kaise kaam karta hai');
    const en = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all' }), { cookie: `${cookie}; NEXT_LOCALE=en` });
    expect(en.tldr.find((e) => e.topic_id === t.topic.id)?.topic_name).toBe(t.topic.name);
  });

  it('heads the TLDR tiles of a new visitor\'s Hinglish feed in English, as its cards', async () => {
    const { t } = await translatedFeed();
    await seed.reel(t.options[0].id, { lang: 'he' });
    const { cookie } = seed.viewer();
    // No cookie, no Accept-Language: the feed's first language is Hinglish (SPEC.md section 4), the interface English.
    const body = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), { cookie });
    expect(body.feed_lang).toBe('he');
    expect(body.feeds[0].topic_name).toBe(t.topic.name);
    expect(body.tldr.find((e) => e.topic_id === t.topic.id)?.topic_name).toBe(t.topic.name);
  });
});

describe('GET /feeds-server/api/v2/share/{id} (the shared reel\'s names)', () => {
  it('names the shared reel in the asker\'s language, as the feed after it', async () => {
    const { reels, english, hindi, hinglish } = await translatedFeed();
    const { cookie } = seed.viewer();
    const shared = async (headers: Record<string, string>) =>
      (await getJson<FeedResponse>(`/feeds-server/api/v2/share/${reels.en1.id}`, headers)).feeds[0];
    const hi = await shared({ cookie: `${cookie}; NEXT_LOCALE=hi` });
    expect(hi.id).toBe(reels.en1.id);
    expect(namesOf(hi)).toEqual(hindi.first);
    expect(namesOf(await shared({ cookie: `${cookie}; NEXT_LOCALE=he` }))).toEqual(hinglish.first);
    expect(namesOf(await shared({ cookie, 'accept-language': 'hi-IN' }))).toEqual(hindi.first);
    expect(namesOf(await shared({ cookie: `${cookie}; NEXT_LOCALE=en` }))).toEqual(english.first);
  });
});

describe('GET /feeds-server/api/v1/{id} and getReel (names in the asker\'s language)', () => {
  it('names one reel in ?lang, else the NEXT_LOCALE cookie, else Accept-Language, English where untranslated', async () => {
    const { reels, english, hindi, hinglish } = await translatedFeed();
    const { cookie, principal } = seed.viewer();
    const one = async (id: string, q = '', headers: Record<string, string> = {}) =>
      namesOf(await getJson<FeedItem>(`/feeds-server/api/v1/${id}${q}`, { cookie, ...headers }));
    expect(await one(reels.en1.id, '', { cookie: `${cookie}; NEXT_LOCALE=hi` })).toEqual(hindi.first);
    expect(await one(reels.en2.id, '', { cookie: `${cookie}; NEXT_LOCALE=he` })).toEqual(hinglish.second);
    expect(await one(reels.en1.id, '', { 'accept-language': 'hi-IN,hi;q=0.9' })).toEqual(hindi.first);
    expect(await one(reels.hi1.id, '?lang=en', { cookie: `${cookie}; NEXT_LOCALE=hi` })).toEqual(english.first);
    expect(await one(reels.hi1.id)).toEqual(english.first);
    expect((await api.request(`/feeds-server/api/v1/${reels.en1.id}?lang=fr`, { headers: { cookie } })).status).toBe(422);
    // The content page and the assistant pass the asker's language to getReel.
    expect(namesOf(await getReel(principal, reels.en1.id, 'hi'))).toEqual(hindi.first);
    expect(namesOf(await getReel(principal, reels.en1.id, 'he'))).toEqual(hinglish.first);
  });
});

/** Sends one player event as the browser's event client does, then folds it into watch_progress. */
async function playerEvent(cookie: string, event_type: string, content_id: string, content_watched: number): Promise<void> {
  const res = await api.request('/auth/api/v1/events', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ event_type, version: '1.0.0', payload: { content_id, content_watched, content_length: 30 } }),
  });
  expect(res.status).toBe(202);
  await drainDerivation((await getDb()).db);
}

/** Every reel of the main feed in every language that this viewer gets, page by page, in order. */
async function mainFeed(cookie: string): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await getJson<FeedResponse>(feedUrl({ lang: 'all', page }), { cookie });
    items.push(...body.feeds);
    if (page * 10 >= body.total_length) break;
  }
  return items;
}

describe('GET /feeds-server/api/v1/feeds (the main feed in every language, TLDR reels hidden)', () => {
  it('never puts the same question twice in a row where a seen TLDR reel was left out', async () => {
    // Five questions in English then Hindi; the English reels of the second and fourth are TLDR reels.
    // The shared page alternates questions (A-en B-en A-hi B-hi ...), so leaving out B-en would join A-en and A-hi.
    const t = await seed.taxonomy({ optionsPerCategory: 5 });
    const tldr: string[] = [];
    for (const [i, o] of t.options.entries()) {
      const en = await seed.reel(o.id, { lang: 'en', is_tldr: i === 1 || i === 3 });
      if (i === 1 || i === 3) tldr.push(en.id);
      await seed.reel(o.id, { lang: 'hi' });
    }
    const mine = new Set(t.options.map((o) => o.id));
    const fresh = seed.viewer();
    const watcher = seed.viewer();
    const before = (await mainFeed(fresh.cookie)).filter((f) => mine.has(f.option));
    expect(before.map((f) => f.id)).toEqual(expect.arrayContaining(tldr));

    for (const id of tldr) await playerEvent(watcher.cookie, 'VIDEO_PROGRESS', id, 4);
    const feed = await mainFeed(watcher.cookie);
    const shown = feed.filter((f) => mine.has(f.option));
    expect(shown).toHaveLength(8);
    for (const id of tldr) expect(shown.map((f) => f.id)).not.toContain(id);
    for (let i = 1; i < feed.length; i++) {
      if (mine.has(feed[i]!.option)) expect(feed[i]!.option, `reels ${i - 1} and ${i}`).not.toBe(feed[i - 1]!.option);
    }
    // The other viewer still gets every reel, in the shared order.
    expect((await mainFeed(fresh.cookie)).filter((f) => mine.has(f.option)).map((f) => f.id)).toEqual(before.map((f) => f.id));
  });

  it('keeps start_index, total_length and the reels of each page for a viewer with hidden reels', async () => {
    const t = await seed.taxonomy({ optionsPerCategory: 5 });
    const tldr: string[] = [];
    for (const o of t.options) {
      tldr.push((await seed.reel(o.id, { lang: 'en', is_tldr: true })).id);
      await seed.reel(o.id, { lang: 'hi' });
    }
    const fresh = seed.viewer();
    const watcher = seed.viewer();
    await playerEvent(watcher.cookie, 'VIDEO_PROGRESS', tldr[2]!, 4);
    for (let page = 1; page <= 50; page++) {
      const [all, mineP] = await Promise.all([
        getJson<FeedResponse>(feedUrl({ lang: 'all', page }), { cookie: fresh.cookie }),
        getJson<FeedResponse>(feedUrl({ lang: 'all', page }), { cookie: watcher.cookie }),
      ]);
      expect([mineP.start_index, mineP.total_length, mineP.page]).toEqual([all.start_index, all.total_length, all.page]);
      expect(mineP.feeds.map((f) => f.id).sort()).toEqual(all.feeds.map((f) => f.id).filter((id) => id !== tldr[2]!).sort());
      expect(mineP.count).toBe(mineP.feeds.length);
      if (page * 10 >= all.total_length) break;
    }
  });
});
