import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, deals, options, topics } from '@/lib/db/schema';
import { seedStarterDeals, STARTER_DEALS } from '@/features/referrals/server/starter-deals';
import type { CategorySummary, OptionSummary, TopicDetails, TopicSummary } from '@/features/reels/server/taxonomy';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';
import { CatalogueSeed } from '../fixtures/referrals-catalogue';

/**
 * Names and deal texts in the asker's language (migration 0009's
 * `translations`): the read side, the feed's reel cards and TLDR tiles, the
 * deals catalogue and the staff deal editor, with English where a text is
 * not translated; and the starter deals' re-seed filling missing texts.
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const cs = new CatalogueSeed();
const V1 = '/referral/api/v1';
const STAFF = [{ role: 'STAFF' as const, topicId: null }];

afterEach(() => seed.cleanup());
afterAll(async () => {
  await rs.cleanup();
  await cs.cleanup();
});

async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await api.request(path, { headers });
  return { status: res.status, body: (await res.json()) as T };
}

/** A topic with one category and two options; the topic, the category and the first option translated. */
async function translatedWorld() {
  const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 2 });
  const { db } = await getDb();
  await db.update(topics).set({
    description: 'Panels and inverters.',
    translations: { hi: { name: 'सोलर कैसे काम करता है' }, he: { name: 'Solar kaise kaam karta hai', description: 'Panels aur inverter.' } },
  }).where(eq(topics.id, t.topic.id));
  await db.update(categories).set({ translations: { hi: { name: 'सोलर पैनल' }, he: { name: 'Solar panel' } } })
    .where(eq(categories.id, t.categories[0].id));
  await db.update(options).set({ translations: { hi: { name: 'कितनी सब्सिडी?' }, he: { name: '', } } })
    .where(eq(options.id, t.options[0].id));
  return t;
}

describe('GET /uploader-read/api/v3/topics', () => {
  it('answers names in ?lang, else the NEXT_LOCALE cookie, else Accept-Language; English where untranslated', async () => {
    const t = await translatedWorld();
    const topicOf = async (q: string, headers: Record<string, string> = {}) => {
      const { status, body } = await getJson<{ topics: TopicSummary[] }>(`/uploader-read/api/v3/topics${q}`, headers);
      expect(status).toBe(200);
      const x = body.topics.find((y) => y.id === t.topic.id)!;
      expect(x).not.toHaveProperty('translations');
      return [x.name, x.description];
    };
    expect(await topicOf('?lang=hi')).toEqual(['सोलर कैसे काम करता है', 'Panels and inverters.']);
    expect(await topicOf('?lang=he')).toEqual(['Solar kaise kaam karta hai', 'Panels aur inverter.']);
    expect(await topicOf('?lang=en', { cookie: 'NEXT_LOCALE=hi' })).toEqual([t.topic.name, 'Panels and inverters.']);
    expect(await topicOf('', { cookie: 'NEXT_LOCALE=he' })).toEqual(['Solar kaise kaam karta hai', 'Panels aur inverter.']);
    expect(await topicOf('', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' })).toEqual(['सोलर कैसे काम करता है', 'Panels and inverters.']);
    expect(await topicOf('')).toEqual([t.topic.name, 'Panels and inverters.']);
  });

  it('refuses an unknown language with a 422 naming lang', async () => {
    const res = await api.request('/uploader-read/api/v3/topics?lang=iw');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^lang:/);
  });
});

describe('GET /uploader-read/api/v1/topic_details/{id}', () => {
  it('answers the topic, its categories and options in the language, option by option with English fallback', async () => {
    const t = await translatedWorld();
    const { status, body } = await getJson<TopicDetails>(`/uploader-read/api/v1/topic_details/${t.topic.slug}?lang=hi`);
    expect(status).toBe(200);
    expect(body.name).toBe('सोलर कैसे काम करता है');
    expect(body.categories[0].name).toBe('सोलर पैनल');
    expect(body.categories[0].options.map((o) => o.name)).toEqual(['कितनी सब्सिडी?', t.options[1].name]);
    // An empty Hinglish text is no translation.
    const he = await getJson<TopicDetails>(`/uploader-read/api/v1/topic_details/${t.topic.id}`, { cookie: 'NEXT_LOCALE=he' });
    expect(he.body.categories[0].name).toBe('Solar panel');
    expect(he.body.categories[0].options.map((o) => o.name)).toEqual([t.options[0].name, t.options[1].name]);
  });
});

describe('GET /uploader-read/api/v1/{id}/category and {a}/{b}/options and v1/options', () => {
  it('answer names in the asker language', async () => {
    const t = await translatedWorld();
    const cats = await getJson<{ categories: CategorySummary[] }>(`/uploader-read/api/v1/${t.topic.id}/category?lang=he`);
    expect(cats.body.categories.map((c) => c.name)).toEqual(['Solar panel']);
    const opts = await getJson<{ options: OptionSummary[] }>(
      `/uploader-read/api/v1/${t.topic.id}/${t.categories[0].id}/options`, { cookie: 'NEXT_LOCALE=hi' });
    expect(opts.body.options.map((o) => o.name)).toEqual(['कितनी सब्सिडी?', t.options[1].name]);
    const all = await getJson<{ options: OptionSummary[] }>(`/uploader-read/api/v1/options?category_id=${t.categories[0].id}&lang=hi`);
    expect(all.body.options.map((o) => o.name)).toEqual(['कितनी सब्सिडी?', t.options[1].name]);
    const en = await getJson<{ options: OptionSummary[] }>(`/uploader-read/api/v1/options?category_id=${t.categories[0].id}&lang=en`);
    expect(en.body.options.map((o) => o.name)).toEqual([t.options[0].name, t.options[1].name]);
  });
});

describe('GET /feeds-server/api/v1/{id} and /feeds-server/api/v2/tldr/topic', () => {
  it('names a reel card in the asker language, whatever the reel language, and a TLDR tile in ?lang', async () => {
    const t = await translatedWorld();
    const hiReel = await seed.reel(t.options[0].id, { lang: 'hi', is_tldr: true });
    const enReel = await seed.reel(t.options[0].id, { lang: 'en' });
    const v = seed.viewer();
    type Card = { topic_name: string; category_name: string; option_name: string };
    const hi = await getJson<Card>(`/feeds-server/api/v1/${enReel.id}`, { cookie: `${v.cookie}; NEXT_LOCALE=hi` });
    expect(hi.status).toBe(200);
    expect([hi.body.topic_name, hi.body.category_name, hi.body.option_name]).toEqual(['सोलर कैसे काम करता है', 'सोलर पैनल', 'कितनी सब्सिडी?']);
    const en = await getJson<Card>(`/feeds-server/api/v1/${hiReel.id}`, { cookie: v.cookie });
    expect([en.body.topic_name, en.body.category_name, en.body.option_name]).toEqual([t.topic.name, t.categories[0].name, t.options[0].name]);
    const tldr = await getJson<{ tldr: Array<{ topic_id: string; topic_name: string }> }>('/feeds-server/api/v2/tldr/topic?lang=he', { cookie: v.cookie });
    expect(tldr.body.tldr.find((x) => x.topic_id === t.topic.id)?.topic_name).toBe('Solar kaise kaam karta hai');
  });
});

describe('listReadyReelsForTopics (the assistant related reels)', () => {
  it('names the topic in the asker language, also on a reel of another language', async () => {
    const t = await translatedWorld();
    await seed.reel(t.options[0].id, { lang: 'en' });
    const v = seed.viewer();
    const [hi] = await listReadyReelsForTopics(v.principal, [t.topic.slug], 'hi', 3);
    expect(hi.topic_name).toBe('सोलर कैसे काम करता है');
    const [en] = await listReadyReelsForTopics(v.principal, [t.topic.slug], 'en', 3);
    expect(en.topic_name).toBe(t.topic.name);
  });
});

describe('GET /referral/api/v1/all_deals, deals, one_deal', () => {
  it('answer title, ribbon, description and terms in the asker language, English where untranslated', async () => {
    const d = await rs.seedDeal({ sort_order: 90_100 });
    const { db } = await getDb();
    await db.update(deals).set({
      ribbon: 'New',
      translations: { hi: { title: 'घर रेफ़र करें', ribbon: 'नया', description: 'एक टेस्ट डील' }, he: { title: 'Ghar refer karein', terms: 'Test shartein' } },
    }).where(eq(deals.id, d.id));
    const v = seed.viewer();
    type D = { id: string; title: string; ribbon: string | null; description: string; terms: string };
    const list = await getJson<{ deals: D[] }>(`${V1}/all_deals?lang=hi`, { cookie: v.cookie });
    expect(list.status).toBe(200);
    const mine = list.body.deals.find((x) => x.id === d.id)!;
    expect([mine.title, mine.ribbon, mine.description, mine.terms]).toEqual(['घर रेफ़र करें', 'नया', 'एक टेस्ट डील', 'Test terms']);
    const one = await getJson<{ deal: D }>(`${V1}/deals?deal_id=${d.id}`, { cookie: `${v.cookie}; NEXT_LOCALE=he` });
    expect([one.body.deal.title, one.body.deal.ribbon, one.body.deal.description, one.body.deal.terms])
      .toEqual(['Ghar refer karein', 'New', 'A test deal', 'Test shartein']);
    const en = await getJson<{ deal: D }>(`${V1}/one_deal?deal_id=${d.id}&lang=en`, { cookie: `${v.cookie}; NEXT_LOCALE=hi` });
    expect(en.body.deal.title).toBe(d.title);
    expect((await api.request(`${V1}/all_deals?lang=fr`, { headers: { cookie: v.cookie } })).status).toBe(422);
  });
});

describe('POST /referral/api/v1/deals and PATCH /referral/api/v1/deals/{id} with translations (staff)', () => {
  const send = (method: string, path: string, cookie: string, body: unknown) => api.request(path, {
    method, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const fields = (urlId: string) => ({ url_id: urlId, title: 'Refer a neighbour', reward_inr: 5000 });
  const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  it('stores the three texts, answers them to staff, and refuses a text too long or an unknown language', async () => {
    const staff = await seed.signedIn({ roles: STAFF });
    const user = await seed.signedIn();
    const a = cs.trackDeal(`test-l10n-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`);
    const translations = { hi: { title: 'पड़ोसी को रेफ़र करें', terms: 'शर्तें' }, he: { title: 'Padosi ko refer karein' } };
    const res = await send('POST', `${V1}/deals`, staff.cookie, { ...fields(a), translations });
    expect(res.status).toBe(201);
    const { deal } = (await res.json()) as { deal: { id: string; title: string; translations: unknown } };
    expect(deal.title).toBe('Refer a neighbour');
    expect(deal.translations).toEqual(translations);

    const b = cs.trackDeal(`test-l10n-${nanoid(8).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`);
    const long = await send('POST', `${V1}/deals`, staff.cookie, { ...fields(b), translations: { hi: { title: 'क'.repeat(121) } } });
    expect(long.status).toBe(422);
    expect(await message(long)).toMatch(/^translations\.hi\.title:/);
    const unknown = await send('POST', `${V1}/deals`, staff.cookie, { ...fields(b), translations: { fr: { title: 'Parrainer' } } });
    expect(unknown.status).toBe(422);
    expect(await message(unknown)).toMatch(/^translations\.fr:/);
    const field = await send('POST', `${V1}/deals`, staff.cookie, { ...fields(b), translations: { he: { name: 'x' } } });
    expect(field.status).toBe(422);
    expect(await message(field)).toMatch(/^translations\.he\.name:/);
    const { db } = await getDb();
    expect(await db.select().from(deals).where(eq(deals.url_id, b))).toHaveLength(0);

    // A language given replaces that language's texts; the other stays.
    const patched = await send('PATCH', `${V1}/deals/${deal.id}`, staff.cookie, { translations: { he: { title: 'Naya title', ribbon: 'Naya' } } });
    expect(patched.status).toBe(200);
    const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
    const now = { hi: translations.hi, he: { title: 'Naya title', ribbon: 'Naya' } };
    expect(row.translations).toEqual(now);
    const tooLongRibbon = await send('PATCH', `${V1}/deals/${deal.id}`, staff.cookie, { translations: { hi: { ribbon: 'x'.repeat(17) } } });
    expect(tooLongRibbon.status).toBe(422);
    expect(await message(tooLongRibbon)).toMatch(/^translations\.hi\.ribbon:/);
    // Who may not: a user without the role changes nothing.
    expect((await send('PATCH', `${V1}/deals/${deal.id}`, user.cookie, { translations: {} })).status).toBe(403);
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0].translations).toEqual(now);
  });
});

describe('seedStarterDeals', () => {
  it('carries Hindi and Hinglish texts, and a re-seed fills missing ones without new rows or touching edited deals', async () => {
    const { db } = await getDb();
    const ids = STARTER_DEALS.map((d) => d.url_id);
    const before = await db.select().from(deals).where(inArray(deals.url_id, ids));
    const had = new Set(before.map((r) => r.url_id));
    for (const id of ids) if (!had.has(id)) cs.trackDeal(id);
    try {
      await seedStarterDeals(db);
      const home = 'sample-refer-a-home';
      // An older database: the deal has no translations yet, or a blank one.
      await db.update(deals).set({ translations: { hi: { title: '  ' } } }).where(eq(deals.url_id, home));
      expect(await seedStarterDeals(db)).toBe(0);
      const rows = await db.select().from(deals).where(inArray(deals.url_id, ids));
      expect(rows).toHaveLength(3);
      for (const r of rows) {
        if (!had.has(r.url_id) || r.url_id === home) {
          expect(r.translations.hi?.title).toMatch(/[\u0900-\u097F]/);
          expect(r.translations.he?.title).toMatch(/^[\x20-\x7E]+$/);
          expect(r.translations.hi?.terms).toContain('pmsuryaghar.gov.in');
        }
      }
      // Translations never change a figure: the same numbers in all three languages.
      const numbers = (s: string | undefined) => (s?.match(/\d[\d,]*/g) ?? []).join(' ');
      for (const d of STARTER_DEALS) {
        for (const l of ['hi', 'he'] as const) {
          expect(numbers(d.translations?.[l]?.description)).toBe(numbers(d.description));
          expect(numbers(d.translations?.[l]?.title)).toBe(numbers(d.title));
        }
      }
      const homeRow = rows.find((r) => r.url_id === home)!;
      expect(homeRow.translations.hi?.description).toContain('78,000');
      expect(homeRow.translations.he?.description).toContain('78,000');
      // Staff renamed it: the seed's translations would not match, so none are filled.
      await db.update(deals).set({ title: 'Our own offer', translations: {} }).where(eq(deals.url_id, home));
      await seedStarterDeals(db);
      expect((await db.select().from(deals).where(eq(deals.url_id, home)))[0].translations).toEqual({});
    } finally {
      for (const r of before) {
        await db.update(deals).set({ title: r.title, translations: r.translations }).where(eq(deals.id, r.id));
      }
    }
  });
});
