import { afterEach, describe, expect, it } from 'vitest';
import { buildApi } from '@/server/api';
import type { CategorySummary, OptionSummary, TopicDetails, TopicSummary } from '@/features/reels/server/taxonomy';
import { Seed } from '@/tests/fixtures/seed';

const api = buildApi();
const seed = new Seed();
afterEach(() => seed.cleanup());

async function getJson<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await api.request(path);
  return { status: res.status, body: (await res.json()) as T };
}

/** Topic with 2 categories x 2 options; ready reels: o11 x3, o12 x1, o21 x2 (+ hidden ones). */
async function world() {
  const t = await seed.taxonomy({ categories: 2, optionsPerCategory: 2, type_tag: 'HOT' });
  const [o11, o12, o21] = t.options;
  await seed.reels(o11.id, 3);
  await seed.reels(o12.id, 1);
  await seed.reels(o21.id, 2);
  await seed.reel(o21.id, { status: 'processing' });
  await seed.reel(o11.id, { status: 'failed' });
  return t;
}

describe('GET /uploader-read/api/v3/topics', () => {
  it('lists topics with type tag, picture and counts of categories, options and ready reels', async () => {
    const t = await world();
    const { status, body } = await getJson<{ topics: TopicSummary[] }>('/uploader-read/api/v3/topics');
    expect(status).toBe(200);
    expect(body.topics.find((x) => x.id === t.topic.id)).toEqual({
      id: t.topic.id, slug: t.topic.slug, name: t.topic.name, description: '', type_tag: 'HOT', pic: t.topic.pic,
      sort_order: 0, category_count: 2, option_count: 4, content_count: 6,
    });
  });
});

describe('GET /uploader-read/api/v1/options', () => {
  it('lists all options, or those of ?category_id, with ready reel counts', async () => {
    const t = await world();
    const all = (await getJson<{ options: OptionSummary[] }>('/uploader-read/api/v1/options')).body.options;
    for (const o of t.options) expect(all.some((x) => x.id === o.id)).toBe(true);
    const { body } = await getJson<{ options: OptionSummary[] }>(`/uploader-read/api/v1/options?category_id=${t.categories[0].id}`);
    expect(body.options.map((o) => [o.name, o.content_count])).toEqual([['Option 1.1', 3], ['Option 1.2', 1]]);
    expect((await getJson<{ options: OptionSummary[] }>('/uploader-read/api/v1/options?category_id=00000000-0000-4000-8000-000000000000')).body.options).toEqual([]);
    expect((await api.request('/uploader-read/api/v1/options?category_id=abc')).status).toBe(422);
  });
});

describe('GET /uploader-read/api/v1/{id}/category', () => {
  it('lists the categories of a topic, by id or slug; 404 for unknown topics', async () => {
    const t = await world();
    for (const key of [t.topic.id, t.topic.slug]) {
      const { status, body } = await getJson<{ categories: CategorySummary[] }>(`/uploader-read/api/v1/${key}/category`);
      expect(status).toBe(200);
      expect(body.categories.map((c) => [c.id, c.option_count, c.content_count])).toEqual([
        [t.categories[0].id, 2, 4], [t.categories[1].id, 2, 2],
      ]);
    }
    const res = await api.request('/uploader-read/api/v1/00000000-0000-4000-8000-000000000000/category');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('topic_not_found');
  });
});

describe('GET /uploader-read/api/v1/{a}/{b}/options', () => {
  it('lists the options of a category of a topic; 404 when they do not belong together', async () => {
    const t = await world();
    const other = await seed.taxonomy();
    const { status, body } = await getJson<{ options: OptionSummary[] }>(`/uploader-read/api/v1/${t.topic.id}/${t.categories[1].id}/options`);
    expect(status).toBe(200);
    expect(body.options.map((o) => [o.id, o.content_count])).toEqual([[t.options[2].id, 2], [t.options[3].id, 0]]);
    const cases: Array<[string, string]> = [
      [`/uploader-read/api/v1/${t.topic.id}/${other.categories[0].id}/options`, 'category_not_found'],
      [`/uploader-read/api/v1/${t.topic.id}/nope/options`, 'category_not_found'],
      [`/uploader-read/api/v1/nope/${t.categories[0].id}/options`, 'topic_not_found'],
    ];
    for (const [path, code] of cases) {
      const res = await api.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code, path).toBe(code);
    }
  });
});

describe('GET /uploader-read/api/v1/topic_details/{id}', () => {
  it('answers the topic with its categories, their options and counts', async () => {
    const t = await world();
    const { status, body } = await getJson<TopicDetails>(`/uploader-read/api/v1/topic_details/${t.topic.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: t.topic.id, category_count: 2, option_count: 4, content_count: 6, type_tag: 'HOT' });
    expect(body.categories.map((c) => [c.name, c.options.map((o) => [o.name, o.content_count])])).toEqual([
      ['Category 1', [['Option 1.1', 3], ['Option 1.2', 1]]],
      ['Category 2', [['Option 2.1', 2], ['Option 2.2', 0]]],
    ]);
    expect((await getJson<TopicDetails>(`/uploader-read/api/v1/topic_details/${t.topic.slug}`)).body.id).toBe(t.topic.id);
  });

  it('is not swallowed by {id}/category, and 404s unknown or malformed topics', async () => {
    for (const id of ['category', 'no-such-topic', '%00', '%27%3B--', 'a'.repeat(300)]) {
      const res = await api.request(`/uploader-read/api/v1/topic_details/${id}`);
      expect(res.status, id).toBe(404);
      expect((await res.json()).error.code, id).toBe('topic_not_found');
    }
  });
});

describe('GET /uploader-read/api/v1/content_count/{id}', () => {
  it('counts the ready reels of a topic; 404 for unknown topics', async () => {
    const t = await world();
    expect((await getJson(`/uploader-read/api/v1/content_count/${t.topic.id}`)).body).toEqual({ topic_id: t.topic.id, content_count: 6 });
    const res = await api.request('/uploader-read/api/v1/content_count/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('topic_not_found');
  });
});
