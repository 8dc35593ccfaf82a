import { afterEach, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import type { FeedResponse, TldrEntry } from '@/features/reels/schemas';
import { getFeedPage } from '@/features/reels/server/feed';
import { Seed } from '@/tests/fixtures/seed';

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

/**
 * A topic whose every option has one reel per language, seeded as the
 * starter library does (en, hi, he of one question, then the next), so the
 * plain ready order puts each question three times in a row.
 */
async function questionsInThreeLanguages(questions: number) {
  const t = await seed.taxonomy({ optionsPerCategory: questions });
  const byLang = { en: [] as string[], hi: [] as string[], he: [] as string[] };
  for (const o of t.options) {
    for (const lang of ['en', 'hi', 'he'] as const) byLang[lang].push((await seed.reel(o.id, { lang })).id);
  }
  return { t, byLang };
}

describe('GET /feeds-server/api/v2/share/{id} (the feed after a shared topic)', () => {
  it('follows the same rule: ?lang, else the NEXT_LOCALE cookie, else Accept-Language hi, else Hinglish', async () => {
    const { t, byLang } = await questionsInThreeLanguages(3);
    const { cookie } = seed.viewer();
    const share = async (q: string, headers: Record<string, string> = {}) => {
      const body = await getJson<FeedResponse>(`/feeds-server/api/v2/share/${t.topic.slug}${q}`, { cookie, ...headers });
      return { lang: body.feed_lang, ids: body.feeds.map((f) => f.id) };
    };
    expect(await share('')).toEqual({ lang: 'he', ids: byLang.he });
    expect(await share('', { 'accept-language': 'hi-IN,hi;q=0.9' })).toEqual({ lang: 'hi', ids: byLang.hi });
    expect(await share('', { cookie: `${cookie}; NEXT_LOCALE=en`, 'accept-language': 'hi-IN' })).toEqual({ lang: 'en', ids: byLang.en });
    expect(await share('?lang=hi', { cookie: `${cookie}; NEXT_LOCALE=en` })).toEqual({ lang: 'hi', ids: byLang.hi });
  });
});

describe('GET /feeds-server/api/v1/feeds (the feed\'s language)', () => {
  it('is in one language: ?lang, else the NEXT_LOCALE cookie, else Accept-Language hi, else Hinglish', async () => {
    const { t, byLang } = await questionsInThreeLanguages(3);
    const { cookie } = seed.viewer();
    const feed = async (q: Record<string, string>, headers: Record<string, string> = {}) => {
      const body = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, ...q }), { cookie, ...headers });
      return { lang: body.feed_lang, ids: body.feeds.map((f) => f.id) };
    };
    expect(await feed({})).toEqual({ lang: 'he', ids: byLang.he });
    expect(await feed({}, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toEqual({ lang: 'hi', ids: byLang.hi });
    expect(await feed({}, { 'accept-language': 'en-IN,hi;q=0.9' })).toEqual({ lang: 'he', ids: byLang.he });
    expect(await feed({}, { cookie: `${cookie}; NEXT_LOCALE=en`, 'accept-language': 'hi-IN' })).toEqual({ lang: 'en', ids: byLang.en });
    expect(await feed({}, { cookie: `${cookie}; NEXT_LOCALE=hi` })).toEqual({ lang: 'hi', ids: byLang.hi });
    expect(await feed({ lang: 'en' }, { cookie: `${cookie}; NEXT_LOCALE=hi`, 'accept-language': 'hi' })).toEqual({ lang: 'en', ids: byLang.en });
    const all = await feed({ lang: 'all' }, { cookie: `${cookie}; NEXT_LOCALE=hi` });
    expect(all.lang).toBe('all');
    expect([...all.ids].sort()).toEqual([...byLang.en, ...byLang.hi, ...byLang.he].sort());
  });

  it('shows every language when the chosen default has no reel, but not when the person asked for it', async () => {
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 2, { lang: 'en' });
    const { cookie } = seed.viewer();
    const byDefault = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id }), { cookie });
    expect(byDefault.feed_lang).toBe('all');
    expect(byDefault.feeds.map((f) => f.id)).toEqual(reels.map((r) => r.id));
    const asked = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'he' }), { cookie });
    expect(asked).toMatchObject({ feed_lang: 'he', feeds: [], total_length: 0 });
  });

  it('in all languages never puts the same question twice in a row, across pages, and pages neither repeat nor skip', async () => {
    const { t, byLang } = await questionsInThreeLanguages(9); // 27 reels: pages of 10, 10, 7
    const v = seed.viewer();
    const page = (n: number) => getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all', page: n }), { cookie: v.cookie });
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.feeds.length)).toEqual([10, 10, 7, 0]);
    const list = pages.flatMap((p) => p.feeds);
    expect(list.map((f) => f.id).sort()).toEqual([...byLang.en, ...byLang.hi, ...byLang.he].sort());
    for (let i = 1; i < list.length; i++) expect(list[i]!.option, `reels ${i - 1} and ${i}`).not.toBe(list[i - 1]!.option);
    // The plain ready order (each question three times in a row) is what the rule undoes.
    expect(list[0]!.option).not.toBe(list[1]!.option);
    // The same page again is the same reels in the same order.
    expect((await page(2)).feeds.map((f) => f.id)).toEqual(pages[1]!.feeds.map((f) => f.id));
  });

  it('in all languages keeps paging stable when a reel becomes ready mid-paging', async () => {
    const { t } = await questionsInThreeLanguages(8); // 24 reels
    const late = await seed.reel(t.options[0].id, { lang: 'en', status: 'processing' });
    const v = seed.viewer();
    const page = (n: number) => getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all', page: n }), { cookie: v.cookie });
    const p1 = await page(1);
    await seed.markReady(late.id);
    const rest = [await page(2), await page(3)];
    const seen = [p1, ...rest].flatMap((p) => p.feeds.map((f) => f.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(25);
    // The late reel joins the last page (the order inside a page may move it).
    expect(rest[1]!.feeds.map((f) => f.id)).toContain(late.id);
  });

  it('is the same page for the server-rendered feed (getFeedPage) as for the API', async () => {
    const { t } = await questionsInThreeLanguages(4);
    const v = seed.viewer();
    const ssr = await getFeedPage(v.principal, { page: 1, topic_id: t.topic.id, lang: 'all' });
    const sent = await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, lang: 'all' }), { cookie: v.cookie });
    expect(ssr.feeds.map((f) => f.id)).toEqual(sent.feeds.map((f) => f.id));
  });
});

describe('GET /feeds-server/api/v1/popup/tldr/{id} (the summary\'s language)', () => {
  it('plays the summary in the interface language where one exists', async () => {
    const t = await seed.taxonomy();
    const tldr = {
      en: await seed.reel(t.options[0].id, { is_tldr: true, lang: 'en' }),
      hi: await seed.reel(t.options[0].id, { is_tldr: true, lang: 'hi' }),
      he: await seed.reel(t.options[0].id, { is_tldr: true, lang: 'he' }),
    };
    const { cookie } = seed.viewer();
    const popup = async (q: string, headers: Record<string, string> = {}) =>
      (await getJson<TldrEntry>(`/feeds-server/api/v1/popup/tldr/${t.topic.slug}${q}`, { cookie, ...headers })).content?.id;
    expect(await popup('?lang=hi')).toBe(tldr.hi.id);
    expect(await popup('?lang=en')).toBe(tldr.en.id);
    expect(await popup('', { cookie: `${cookie}; NEXT_LOCALE=he` })).toBe(tldr.he.id);
    expect(await popup('', { 'accept-language': 'hi-IN,hi;q=0.9' })).toBe(tldr.hi.id);
    // A new visitor's interface is English: so is the summary.
    expect(await popup('')).toBe(tldr.en.id);
    expect((await api.request(`/feeds-server/api/v1/popup/tldr/${t.topic.slug}?lang=fr`)).status).toBe(422);
  });

  it('falls back to the newest summary in another language', async () => {
    const t = await seed.taxonomy();
    await seed.reel(t.options[0].id, { is_tldr: true, lang: 'en' });
    const newest = await seed.reel(t.options[0].id, { is_tldr: true, lang: 'he' });
    const { cookie } = seed.viewer();
    const body = await getJson<TldrEntry>(`/feeds-server/api/v1/popup/tldr/${t.topic.id}?lang=hi`, { cookie });
    expect(body.content?.id).toBe(newest.id);
  });
});

describe('GET /feeds-server/api/v1/feeds (the TLDR list beside the feed)', () => {
  it('prefers the feed\'s language, and in all languages the interface language', async () => {
    const t = await seed.taxonomy();
    const en = await seed.reel(t.options[0].id, { is_tldr: true, lang: 'en' });
    const hi = await seed.reel(t.options[0].id, { is_tldr: true, lang: 'hi' });
    await seed.reel(t.options[0].id, { lang: 'he' });
    const { cookie } = seed.viewer();
    const tldrOf = async (q: Record<string, string>, headers: Record<string, string> = {}) =>
      (await getJson<FeedResponse>(feedUrl({ topic_id: t.topic.id, ...q }), { cookie, ...headers }))
        .tldr.find((e) => e.topic_id === t.topic.id)?.content?.id;
    expect(await tldrOf({ lang: 'en' })).toBe(en.id);
    expect(await tldrOf({ lang: 'hi' })).toBe(hi.id);
    expect(await tldrOf({ lang: 'all' }, { cookie: `${cookie}; NEXT_LOCALE=en` })).toBe(en.id);
    expect(await tldrOf({ lang: 'all' }, { cookie: `${cookie}; NEXT_LOCALE=hi` })).toBe(hi.id);
  });
});
