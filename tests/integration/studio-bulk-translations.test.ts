import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, options, topics } from '@/lib/db/schema';
import { Seed } from '../fixtures/seed';

/**
 * POST /uploader/api/v1/bulk/create with Hindi and Hinglish names
 * (docs/api/studio.md "Topics and taxonomy"; docs/decisions/025): new rows
 * get them, a reused row keeps its own unless new ones are given (merged per
 * language), plain names as before, and bad translations are a 422 naming
 * the field with nothing written.
 */
const api = buildApi();
const seed = new Seed();

afterEach(async () => {
  await seed.cleanup();
});

async function call(cookie: string, body: unknown): Promise<Response> {
  return api.request('/uploader/api/v1/bulk/create', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The topic's categories and options as stored: name and translations, in display order. */
async function stored(topicId: string) {
  const { db } = await getDb();
  const cats = await db.select().from(categories).where(eq(categories.topic_id, topicId)).orderBy(asc(categories.sort_order), asc(categories.name));
  const opts = cats.length
    ? await db.select().from(options).where(inArray(options.category_id, cats.map((c) => c.id))).orderBy(asc(options.sort_order), asc(options.name))
    : [];
  return cats.map((c) => ({
    name: c.name, translations: c.translations,
    options: opts.filter((o) => o.category_id === c.id).map((o) => ({ name: o.name, translations: o.translations })),
  }));
}

describe('POST /uploader/api/v1/bulk/create with translations', () => {
  it('stores the Hindi and Hinglish names of new rows, merges given ones into reused rows, and takes plain names as before', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 2 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const { db } = await getDb();
    await db.update(categories).set({ translations: { hi: { name: 'श्रेणी 1' }, he: { name: 'Shreni 1' } } }).where(eq(categories.id, t.categories[0].id));
    await db.update(options).set({ translations: { hi: { name: 'विकल्प 1.1' } } }).where(eq(options.id, t.options[0].id));
    await db.update(options).set({ translations: { hi: { name: 'विकल्प 1.2' }, he: { name: 'Vikalp 1.2' } } }).where(eq(options.id, t.options[1].id));

    const res = await call(curator.cookie, {
      topic_id: t.topic.id,
      categories: [
        {
          // Reused: only the Hinglish name is given, so the Hindi one stays.
          name: 'Category 1', translations: { he: { name: 'Category ek' } },
          options: [
            'Option 1.1', // reused, nothing given: keeps its Hindi name
            { name: 'Option 1.2' }, // the same, as an object
            { name: 'Bifacial (glass-glass)', translations: { hi: { name: 'बाइफेशियल' }, he: { name: 'Bifacial' } } },
          ],
        },
        { name: 'Panels', translations: { hi: { name: 'पैनल' } }, options: [{ name: 'Mono PERC', translations: { he: { name: 'Mono PERC' } } }, 'TOPCon'] },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.created).toBe(4);
    expect(body.categories[0]).toEqual({
      id: t.categories[0].id, name: 'Category 1',
      options: [{ id: t.options[0].id, name: 'Option 1.1' }, { id: t.options[1].id, name: 'Option 1.2' }, { id: expect.any(String), name: 'Bifacial (glass-glass)' }],
    });

    expect(await stored(t.topic.id)).toEqual([
      {
        name: 'Category 1', translations: { hi: { name: 'श्रेणी 1' }, he: { name: 'Category ek' } },
        options: [
          { name: 'Option 1.1', translations: { hi: { name: 'विकल्प 1.1' } } },
          { name: 'Option 1.2', translations: { hi: { name: 'विकल्प 1.2' }, he: { name: 'Vikalp 1.2' } } },
          { name: 'Bifacial (glass-glass)', translations: { hi: { name: 'बाइफेशियल' }, he: { name: 'Bifacial' } } },
        ],
      },
      {
        name: 'Panels', translations: { hi: { name: 'पैनल' } },
        options: [{ name: 'Mono PERC', translations: { he: { name: 'Mono PERC' } } }, { name: 'TOPCon', translations: {} }],
      },
    ]);

    // The read side answers in the asker's language, English where no translation is stored.
    const read = (await (await api.request(`/uploader-read/api/v1/topic_details/${t.topic.id}?lang=hi`)).json()) as {
      categories: Array<{ name: string; options: Array<{ name: string }> }>;
    };
    expect(read.categories.map((c) => [c.name, c.options.map((o) => o.name)])).toEqual([
      ['श्रेणी 1', ['विकल्प 1.1', 'विकल्प 1.2', 'बाइफेशियल']],
      ['पैनल', ['Mono PERC', 'TOPCon']],
    ]);

    // A repeat with the Hindi name of a reused option replaces that language only, and creates nothing.
    const again = await call(curator.cookie, {
      topic_id: t.topic.id, categories: [{ name: 'Panels', options: [{ name: 'Mono PERC', translations: { hi: { name: 'मोनो PERC' } } }] }],
    });
    expect(again.status).toBe(200);
    expect((await again.json()).created).toBe(0);
    const panels = (await stored(t.topic.id))[1];
    expect(panels.translations).toEqual({ hi: { name: 'पैनल' } });
    expect(panels.options[0].translations).toEqual({ hi: { name: 'मोनो PERC' }, he: { name: 'Mono PERC' } });
  });

  it('refuses a name too long, an unknown language or field with a 422 naming it, and writes nothing of the request', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const { db } = await getDb();
    await db.update(categories).set({ translations: { hi: { name: 'श्रेणी 1' } } }).where(eq(categories.id, t.categories[0].id));
    const before = await stored(t.topic.id);

    // Each request starts with a valid new category and a translation for the existing one, then one bad part.
    const good = [
      { name: 'Category 1', translations: { hi: { name: 'बदला हुआ' } }, options: [] },
      { name: 'Fresh', translations: { hi: { name: 'नया' } }, options: ['Fresh option'] },
    ];
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'Too long', translations: { hi: { name: 'क'.repeat(121) } }, options: [] }, /^categories\.2\.translations\.hi\.name:/],
      [{ name: 'Opt long', options: ['ok', { name: 'x', translations: { he: { name: 'x'.repeat(121) } } }] }, /^categories\.2\.options\.1\.translations\.he\.name:/],
      [{ name: 'Unknown', options: [{ name: 'x', translations: { fr: { name: 'Autre' } } }] }, /^categories\.2\.options\.0\.translations\.fr:/],
      [{ name: 'Field', translations: { hi: { title: 'शीर्षक' } }, options: [] }, /^categories\.2\.translations\.hi\.title:/],
      [{ name: 'Not a name', options: [{ name: 'x', extra: true }] }, /^categories\.2\.options\.0\.extra:/],
      [{ name: 'English long', options: ['x'.repeat(121)] }, /^categories\.2\.options\.0\.name:/],
    ];
    for (const [bad, field] of cases) {
      const res = await call(curator.cookie, { topic_id: t.topic.id, categories: [...good, bad] });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toMatch(field);
    }
    expect(await stored(t.topic.id)).toEqual(before);

    // The same good part alone is written.
    expect((await call(curator.cookie, { topic_id: t.topic.id, categories: good })).status).toBe(200);
    expect((await stored(t.topic.id)).map((c) => [c.name, c.translations])).toEqual([
      ['Category 1', { hi: { name: 'बदला हुआ' } }],
      ['Fresh', { hi: { name: 'नया' } }],
    ]);
  });

  it('takes a bulk of fully translated names beyond the ordinary body\'s 2000 keys and items', async () => {
    const t = await seed.taxonomy({ categories: 0, optionsPerCategory: 0 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const tr = (n: string) => ({ hi: { name: `${n} हिंदी` }, he: { name: `${n} Hinglish` } });
    const cats = Array.from({ length: 6 }, (_, ci) => ({
      name: `Category ${ci}`, translations: tr(`C${ci}`),
      options: Array.from({ length: 50 }, (_, oi) => ({ name: `Option ${ci}.${oi}`, translations: tr(`O${ci}.${oi}`) })),
    }));
    const res = await call(curator.cookie, { topic_id: t.topic.id, categories: cats });
    expect(res.status).toBe(200);
    expect((await res.json()).created).toBe(6 + 6 * 50);
    const rows = await stored(t.topic.id);
    expect(rows[5].options[49]).toEqual({ name: 'Option 5.49', translations: tr('O5.49') });
  });

  it('refuses a caller without the role, with nothing written', async () => {
    const t = await seed.taxonomy({ categories: 0, optionsPerCategory: 0 });
    const creator = await seed.signedIn({ roles: [{ role: 'CREATOR', topicId: t.topic.id }] });
    const res = await call(creator.cookie, { topic_id: t.topic.id, categories: [{ name: 'Panels', translations: { hi: { name: 'पैनल' } }, options: [] }] });
    expect(res.status).toBe(403);
    expect(await stored(t.topic.id)).toEqual([]);
  });
});

describe('PATCH /uploader/api/v1/topic/{id} with descriptions in three languages', () => {
  it('takes each description at its bound of 2000 characters, Hindi in Devanagari included', async () => {
    const t = await seed.taxonomy({ categories: 0, optionsPerCategory: 0 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const translations = { hi: { description: 'छ'.repeat(2000) }, he: { description: 'h'.repeat(2000) } };
    const res = await api.request(`/uploader/api/v1/topic/${t.topic.id}`, {
      method: 'PATCH',
      headers: { cookie: curator.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'e'.repeat(2000), translations }),
    });
    expect(res.status).toBe(200);
    const { db } = await getDb();
    const [row] = await db.select().from(topics).where(eq(topics.id, t.topic.id));
    expect(row.translations).toEqual(translations);
    expect(row.description).toHaveLength(2000);
  });
});
