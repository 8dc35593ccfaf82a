import { afterEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, topics } from '@/lib/db/schema';
import { Seed } from '../fixtures/seed';

/**
 * The studio's taxonomy writes with Hindi and Hinglish names
 * (docs/api/studio.md; migration 0009 `translations`): stored, read back in
 * the asker's language by the read side, bounded like the English name.
 */
const api = buildApi();
const seed = new Seed();
const madeTopics: string[] = [];

afterEach(async () => {
  if (madeTopics.length) {
    const { db } = await getDb();
    await db.delete(topics).where(inArray(topics.id, madeTopics.splice(0)));
  }
  await seed.cleanup();
});

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return api.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const admin = () => seed.signedIn({ roles: [{ role: 'ADMIN', topicId: null }] });

describe('POST /uploader/api/v1/topic and PATCH /uploader/api/v1/topic/{id} with translations', () => {
  it('stores three names and descriptions; the read side answers each language', async () => {
    const a = await admin();
    const name = `Solar basics ${crypto.randomUUID().slice(0, 6)}`;
    const translations = {
      hi: { name: 'सोलर की बुनियादी बातें', description: 'छत पर पैनल' },
      he: { name: 'Solar ki basic baatein' },
    };
    const res = await call('POST', '/uploader/api/v1/topic', a.cookie, { name, description: 'Panels on your roof', translations });
    expect(res.status).toBe(201);
    const t = (await res.json()).topic;
    madeTopics.push(t.id);
    expect(t).toMatchObject({ name, translations });

    const read = async (lang: string) => {
      const body = (await (await api.request(`/uploader-read/api/v1/topic_details/${t.id}?lang=${lang}`)).json()) as { name: string; description: string };
      return [body.name, body.description];
    };
    expect(await read('hi')).toEqual(['सोलर की बुनियादी बातें', 'छत पर पैनल']);
    expect(await read('he')).toEqual(['Solar ki basic baatein', 'Panels on your roof']);
    expect(await read('en')).toEqual([name, 'Panels on your roof']);

    const patched = await call('PATCH', `/uploader/api/v1/topic/${t.id}`, a.cookie, { translations: { he: { name: 'Solar basics, aasaan' } } });
    expect(patched.status).toBe(200);
    // The Hinglish set is replaced, the Hindi one stays.
    expect((await patched.json()).topic.translations).toEqual({ hi: translations.hi, he: { name: 'Solar basics, aasaan' } });
  });

  it('refuses a name too long, an unknown language or field with a 422 naming it, and stores nothing', async () => {
    const a = await admin();
    const name = `Refused ${crypto.randomUUID().slice(0, 6)}`;
    const cases: Array<[unknown, RegExp]> = [
      [{ hi: { name: 'स'.repeat(121) } }, /^translations\.hi\.name:/],
      [{ he: { description: 'x'.repeat(2001) } }, /^translations\.he\.description:/],
      [{ ur: { name: 'سولر' } }, /^translations\.ur:/],
      [{ hi: { title: 'सोलर' } }, /^translations\.hi\.title:/],
    ];
    for (const [translations, field] of cases) {
      const res = await call('POST', '/uploader/api/v1/topic', a.cookie, { name, translations });
      expect(res.status).toBe(422);
      expect(await message(res)).toMatch(field);
    }
    const { db } = await getDb();
    expect(await db.select().from(topics).where(eq(topics.name, name))).toHaveLength(0);
  });

  it('refuses a caller without the role', async () => {
    const user = await seed.signedIn();
    const res = await call('POST', '/uploader/api/v1/topic', user.cookie, { name: 'Nope', translations: { hi: { name: 'नहीं' } } });
    expect(res.status).toBe(403);
  });
});

describe('POST and PATCH /uploader/api/v1/category and /uploader/api/v1/option with translations', () => {
  it('store three names, read back per language; a name too long or an unknown language is 422', async () => {
    const a = await admin();
    const tx = await seed.taxonomy({ categories: 0, optionsPerCategory: 0 });
    const cat = await call('POST', '/uploader/api/v1/category', a.cookie, {
      topic_id: tx.topic.id, name: 'Subsidy', translations: { hi: { name: 'सब्सिडी' }, he: { name: 'Subsidy' } },
    });
    expect(cat.status).toBe(201);
    const category = (await cat.json()).category;
    expect(category.translations).toEqual({ hi: { name: 'सब्सिडी' }, he: { name: 'Subsidy' } });
    const opt = await call('POST', '/uploader/api/v1/option', a.cookie, {
      category_id: category.id, name: 'How much for 3 kW?', translations: { hi: { name: '3 kW पर कितनी?' } },
    });
    expect(opt.status).toBe(201);
    const option = (await opt.json()).option;

    const names = async (lang: string) => {
      const res = await api.request(`/uploader-read/api/v1/topic_details/${tx.topic.id}?lang=${lang}`);
      const body = (await res.json()) as { categories: Array<{ name: string; options: Array<{ name: string }> }> };
      return [body.categories[0].name, body.categories[0].options[0].name];
    };
    expect(await names('hi')).toEqual(['सब्सिडी', '3 kW पर कितनी?']);
    expect(await names('he')).toEqual(['Subsidy', 'How much for 3 kW?']);

    const renamed = await call('PATCH', `/uploader/api/v1/option/${option.id}`, a.cookie, { translations: { he: { name: '3 kW par kitni?' } } });
    expect(renamed.status).toBe(200);
    expect(await names('he')).toEqual(['Subsidy', '3 kW par kitni?']);
    const catPatch = await call('PATCH', `/uploader/api/v1/category/${category.id}`, a.cookie, { translations: { hi: { name: 'केंद्र की सब्सिडी' } } });
    expect(catPatch.status).toBe(200);
    expect(await names('hi')).toEqual(['केंद्र की सब्सिडी', '3 kW पर कितनी?']);

    // The editor's read: English names with the stored translations, whatever the asker's language.
    const forEditing = (await (await api.request(`/uploader-read/api/v1/topic_details/${tx.topic.id}?include=translations&lang=hi`)).json()) as {
      categories: Array<{ name: string; translations: unknown; options: Array<{ name: string; translations: unknown }> }>;
    };
    expect(forEditing.categories[0]).toMatchObject({ name: 'Subsidy', translations: { hi: { name: 'केंद्र की सब्सिडी' }, he: { name: 'Subsidy' } } });
    expect(forEditing.categories[0].options[0]).toMatchObject({
      name: 'How much for 3 kW?', translations: { hi: { name: '3 kW पर कितनी?' }, he: { name: '3 kW par kitni?' } },
    });
    expect((await api.request(`/uploader-read/api/v1/topic_details/${tx.topic.id}?include=everything`)).status).toBe(422);

    const long = await call('PATCH', `/uploader/api/v1/category/${category.id}`, a.cookie, { translations: { hi: { name: 'क'.repeat(121) } } });
    expect(long.status).toBe(422);
    expect(await message(long)).toMatch(/^translations\.hi\.name:/);
    const unknown = await call('POST', '/uploader/api/v1/option', a.cookie, {
      category_id: category.id, name: 'Another', translations: { fr: { name: 'Autre' } },
    });
    expect(unknown.status).toBe(422);
    expect(await message(unknown)).toMatch(/^translations\.fr:/);
    const { db } = await getDb();
    expect((await db.select().from(categories).where(eq(categories.id, category.id)))[0].translations)
      .toEqual({ hi: { name: 'केंद्र की सब्सिडी' }, he: { name: 'Subsidy' } });
  });
});
