import { afterEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, options, reactions, topics, userRoles, viewers, views, watchProgress } from '@/lib/db/schema';
import { setSingleton } from '@/lib/singleton';
import { operatorGrant } from '@/features/studio/server/roles';
import { ageOtpSends, signInTestKit } from '../fixtures/otp';
import { sessionTokenFromSetCookie } from '../fixtures/seed';
import { SESSION_COOKIE } from '@/lib/auth/session';

/**
 * Topics and taxonomy in the studio (docs/api/studio.md; docs/decisions/008):
 * creating and editing topics, categories and options, bulk/create, resets,
 * the profile stack, the guide video, and how an ADMIN is made (ADMIN_PHONES
 * on sign-in, the operator's user:grant).
 */
const api = buildApi();
const { seed, codes } = signInTestKit();
const madeTopics: string[] = [];

afterEach(async () => {
  if (madeTopics.length) {
    const { db } = await getDb();
    await db.delete(topics).where(inArray(topics.id, madeTopics.splice(0)));
  }
});

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return api.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const admin = () => seed.signedIn({ roles: [{ role: 'ADMIN', topicId: null }] });

describe('POST /uploader/api/v1/topic and PATCH /uploader/api/v1/topic/{id}', () => {
  it('makes a topic with a unique slug from its name, shown at once by the read side', async () => {
    const a = await admin();
    const name = `Rooftop Solar ${crypto.randomUUID().slice(0, 6)}`;
    const first = await call('POST', '/uploader/api/v1/topic', a.cookie, { name, type_tag: 'HOT', description: 'Panels on your roof' });
    expect(first.status).toBe(201);
    const t1 = (await first.json()).topic;
    madeTopics.push(t1.id);
    const base = name.toLowerCase().replace(/ /g, '-');
    expect(t1).toMatchObject({ name, slug: base, type_tag: 'HOT', description: 'Panels on your roof' });
    const second = await call('POST', '/uploader/api/v1/topic', a.cookie, { name });
    const t2 = (await second.json()).topic;
    madeTopics.push(t2.id);
    expect(t2).toMatchObject({ slug: `${base}-2`, type_tag: 'FREE' });
    expect((await call('POST', '/uploader/api/v1/topic', a.cookie, { name, type_tag: 'WARM' })).status).toBe(422);

    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t1.id }] });
    const patched = await call('PATCH', `/uploader/api/v1/topic/${t1.id}`, curator.cookie, { name: 'Renamed', type_tag: 'FREE' });
    expect((await patched.json()).topic).toMatchObject({ id: t1.id, name: 'Renamed', type_tag: 'FREE', slug: base });
    expect((await call('PATCH', `/uploader/api/v1/topic/${crypto.randomUUID()}`, a.cookie, { name: 'x' })).status).toBe(404);
  });
});

describe('categories and options', () => {
  it('creates, renames and sorts; a taken name is 409; the read side shows changes at once', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const readCats = async () => (await (await api.request(`/uploader-read/api/v1/${t.topic.id}/category`, { headers: { cookie: seed.viewer().cookie } })).json());
    await readCats();
    const cat = await call('POST', '/uploader/api/v1/category', curator.cookie, { topic_id: t.topic.id, name: 'Subsidy' });
    expect(cat.status).toBe(201);
    const catId = (await cat.json()).category.id;
    expect((await call('POST', '/uploader/api/v1/category', curator.cookie, { topic_id: t.topic.id, name: 'Subsidy' })).status).toBe(409);
    const opt = await call('POST', '/uploader/api/v1/option', curator.cookie, { category_id: catId, name: 'PM Surya Ghar' });
    expect(opt.status).toBe(201);
    const optId = (await opt.json()).option.id;
    expect((await (await call('PATCH', `/uploader/api/v1/option/${optId}`, curator.cookie, { name: 'PM Surya Ghar Yojana', sort_order: 3 })).json()).option)
      .toMatchObject({ name: 'PM Surya Ghar Yojana', sort_order: 3 });
    expect((await (await call('PATCH', `/uploader/api/v1/category/${catId}`, curator.cookie, { name: 'Subsidies' })).json()).category.name).toBe('Subsidies');
    expect(JSON.stringify(await readCats())).toContain('Subsidies');
    expect((await call('PATCH', `/uploader/api/v1/category/${catId}`, curator.cookie, { name: 'Category 1' })).status).toBe(409);
    expect((await call('POST', '/uploader/api/v1/option', curator.cookie, { category_id: crypto.randomUUID(), name: 'x' })).status).toBe(404);
  });
});

describe('POST /uploader/api/v1/bulk/create', () => {
  it('creates categories and options in one go, reuses names that exist, and is bounded', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 1 });
    const a = await admin();
    const res = await call('POST', '/uploader/api/v1/bulk/create', a.cookie, {
      topic_id: t.topic.id,
      categories: [{ name: 'Category 1', options: ['Option 1.1', 'Option 1.2'] }, { name: 'Costs', options: ['1 kW', '3 kW'] }],
    });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b.created).toBe(4);
    expect(b.categories[0]).toEqual({ id: t.categories[0].id, name: 'Category 1', options: [{ id: t.options[0].id, name: 'Option 1.1' }, { id: expect.any(String), name: 'Option 1.2' }] });
    const again = await call('POST', '/uploader/api/v1/bulk/create', a.cookie, { topic_id: t.topic.id, categories: [{ name: 'Costs', options: ['1 kW', '3 kW'] }] });
    expect((await again.json()).created).toBe(0);
    const tooMany = { topic_id: t.topic.id, categories: Array.from({ length: 51 }, (_, i) => ({ name: `C${i}`, options: [] })) };
    expect((await call('POST', '/uploader/api/v1/bulk/create', a.cookie, tooMany)).status).toBe(422);
    const { db } = await getDb();
    expect(await db.select().from(categories).where(eq(categories.topic_id, t.topic.id))).toHaveLength(2);
  });
});

describe('POST /uploader/api/v1/reset/topic|category|option/{id}', () => {
  it('a reset of an option drops its reels\' likes, views and progress and zeroes the counts; others stay', async () => {
    const t = await seed.taxonomy({ categories: 1, optionsPerCategory: 2 });
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const [r1] = await seed.reels(t.options[0].id, 1);
    const [r2] = await seed.reels(t.options[1].id, 1);
    const v = seed.viewer();
    const { db } = await getDb();
    await db.insert(viewers).values({ id: v.id });
    for (const r of [r1, r2]) {
      await db.insert(reactions).values({ viewer_id: v.id, content_id: r.id });
      await db.insert(views).values({ viewer_id: v.id, content_id: r.id });
      await db.insert(watchProgress).values({ viewer_id: v.id, content_id: r.id, watched: true });
      await db.update(contentItems).set({ like_count: 1, view_count: 1 }).where(eq(contentItems.id, r.id));
    }
    await db.update(options).set({ total_reaction: 1 }).where(inArray(options.id, [t.options[0].id, t.options[1].id]));

    const feedOf = async () => new Map(((await (await api.request(`/feeds-server/api/v1/feeds?topic_id=${t.topic.id}`, { headers: { cookie: v.cookie } })).json())
      .feeds as Array<{ id: string; like: boolean; reaction_count: { like: number } }>).map((f) => [f.id, f]));
    // The feed caches this visitor's likes and the counts: the reset must drop them at once.
    expect((await feedOf()).get(r1.id)).toMatchObject({ like: true, reaction_count: { like: 1 } });
    expect((await call('POST', `/uploader/api/v1/reset/option/${t.options[0].id}`, curator.cookie, {})).status).toBe(422);
    const res = await call('POST', `/uploader/api/v1/reset/option/${t.options[0].id}`, curator.cookie, { confirm: true });
    expect(await res.json()).toEqual({ reels: 1, reactions: 1, views: 1, progress: 1 });
    const counts = await db.select({ id: contentItems.id, like: contentItems.like_count, views: contentItems.view_count }).from(contentItems)
      .where(inArray(contentItems.id, [r1.id, r2.id]));
    expect(counts.find((c) => c.id === r1.id)).toMatchObject({ like: 0, views: 0 });
    expect(counts.find((c) => c.id === r2.id)).toMatchObject({ like: 1, views: 1 });
    expect((await db.select().from(options).where(eq(options.id, t.options[0].id)))[0].total_reaction).toBe(0);
    expect(await db.select().from(reactions).where(eq(reactions.content_id, r2.id))).toHaveLength(1);

    const byId = await feedOf();
    expect(byId.get(r1.id)).toMatchObject({ like: false, reaction_count: { like: 0 } });
    expect(byId.get(r2.id)).toMatchObject({ like: true, reaction_count: { like: 1 } });

    expect((await call('POST', `/uploader/api/v1/reset/topic/${t.topic.id}`, curator.cookie, { confirm: true })).status).toBe(403);
    const a = await admin();
    expect(await (await call('POST', `/uploader/api/v1/reset/topic/${t.topic.id}`, a.cookie, { confirm: true })).json())
      .toEqual({ reels: 2, reactions: 1, views: 1, progress: 1 });
    expect(await db.select().from(watchProgress).where(eq(watchProgress.viewer_id, v.id))).toEqual([]);
    expect((await call('POST', `/uploader/api/v1/reset/category/${crypto.randomUUID()}`, a.cookie, { confirm: true })).status).toBe(404);
  });
});

describe('PUT /uploader/api/v1/profile_stack/{id}', () => {
  it('sets the order of categories and options; an id of another topic is 422 and changes nothing', async () => {
    const t = await seed.taxonomy({ categories: 2, optionsPerCategory: 2 });
    const other = await seed.taxonomy();
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const res = await call('PUT', `/uploader/api/v1/profile_stack/${t.topic.id}`, curator.cookie, {
      categories: [{ id: t.categories[1].id, options: [t.options[3].id, t.options[2].id] }, { id: t.categories[0].id }],
    });
    expect(await res.json()).toEqual({ categories: 2, options: 2 });
    const { db } = await getDb();
    const cats = await db.select().from(categories).where(eq(categories.topic_id, t.topic.id)).orderBy(asc(categories.sort_order));
    expect(cats.map((c) => c.id)).toEqual([t.categories[1].id, t.categories[0].id]);
    const opts = await db.select().from(options).where(eq(options.category_id, t.categories[1].id)).orderBy(asc(options.sort_order));
    expect(opts.map((o) => o.id)).toEqual([t.options[3].id, t.options[2].id]);

    const bad = await call('PUT', `/uploader/api/v1/profile_stack/${t.topic.id}`, curator.cookie, {
      categories: [{ id: t.categories[0].id }, { id: other.categories[0].id }],
    });
    expect(bad.status).toBe(422);
    const after = await db.select().from(categories).where(eq(categories.topic_id, t.topic.id)).orderBy(asc(categories.sort_order));
    expect(after.map((c) => c.id)).toEqual([t.categories[1].id, t.categories[0].id]);
  });
});

describe('POST and GET /uploader/api/v1/upload/guide_video', () => {
  it('takes only an Approved reel of the topic, and reads it back', async () => {
    const t = await seed.taxonomy();
    const other = await seed.taxonomy();
    const curator = await seed.signedIn({ roles: [{ role: 'CURATOR', topicId: t.topic.id }] });
    const good = await seed.reel(t.options[0].id);
    const pending = await seed.reel(t.options[0].id, { review_status: 'Pending' });
    const foreign = await seed.reel(other.options[0].id);
    for (const r of [pending, foreign]) {
      expect((await call('POST', '/uploader/api/v1/upload/guide_video', curator.cookie, { topic_id: t.topic.id, content_id: r.id })).status).toBe(422);
    }
    const get = async () => (await call('GET', `/uploader/api/v1/upload/guide_video?topic_id=${t.topic.id}`, curator.cookie)).json();
    expect(await get()).toEqual({ topic_id: t.topic.id, content_id: null });
    expect((await call('POST', '/uploader/api/v1/upload/guide_video', curator.cookie, { topic_id: t.topic.id, content_id: good.id })).status).toBe(200);
    expect(await get()).toEqual({ topic_id: t.topic.id, content_id: good.id });
    const { db } = await getDb();
    expect((await db.select().from(topics).where(eq(topics.id, t.topic.id)))[0].guide_content_id).toBe(good.id);
  });
});

describe('ADMIN_PHONES', () => {
  async function signIn(phone: string) {
    const v = seed.viewer();
    const post = (path: string, body: unknown) => call('POST', path, v.cookie, body);
    expect((await post('/auth/api/v1/otp/initiate', { phone: phone.slice(3) })).status).toBe(200);
    const res = await post('/auth/api/v1/otp/verify', { phone, otp: codes.last(phone)!, over_18: true, accept_terms: true });
    expect(res.status).toBe(200);
    const userId = (await res.json()).user.userId as string;
    seed.trackUser(userId);
    return { userId, cookie: `${SESSION_COOKIE}=${sessionTokenFromSetCookie(res)}; ${v.cookie}` };
  }

  it('a listed phone becomes ADMIN on sign-in (once); an unlisted one does not', async () => {
    const listed = seed.phone();
    const unlisted = seed.phone();
    const before = process.env.ADMIN_PHONES;
    process.env.ADMIN_PHONES = ` ${listed.slice(3)}, not-a-phone,+919000000001`;
    setSingleton('env', undefined);
    try {
      const a = await signIn(listed);
      const u = await signIn(unlisted);
      const { db } = await getDb();
      const grants = async (userId: string) => db.select({ role: userRoles.role, topic: userRoles.topic_id }).from(userRoles).where(eq(userRoles.user_id, userId));
      expect(await grants(a.userId)).toEqual([{ role: 'ADMIN', topic: null }]);
      expect(await grants(u.userId)).toEqual([]);
      expect(await (await call('POST', '/auth/api/v1/entity_permission', a.cookie, { action: 'topic.create' })).json()).toEqual({ allowed: true });
      await ageOtpSends(listed, 120);
      await signIn(listed);
      expect(await grants(a.userId)).toHaveLength(1);
    } finally {
      if (before === undefined) delete process.env.ADMIN_PHONES;
      else process.env.ADMIN_PHONES = before;
      setSingleton('env', undefined);
    }
  });
});

describe('npm run user:grant (operatorGrant)', () => {
  it('grants and revokes by phone, role and topic slug; refuses unknown users, roles and topics', async () => {
    const t = await seed.taxonomy();
    const u = await seed.signedIn();
    const phone = u.user.phone!;
    expect(await operatorGrant(phone.slice(3), 'CURATOR', t.topic.slug, false)).toMatchObject({ userId: u.user.id, role: 'CURATOR', topicId: t.topic.id, changed: true });
    expect((await operatorGrant(phone, 'CURATOR', t.topic.id, false)).changed).toBe(false);
    expect((await operatorGrant(phone, 'ADMIN', null, false)).changed).toBe(true);
    const { db } = await getDb();
    expect(await db.select().from(userRoles).where(and(eq(userRoles.user_id, u.user.id), isNull(userRoles.topic_id)))).toHaveLength(1);
    expect((await operatorGrant(phone, 'CURATOR', t.topic.slug, true)).changed).toBe(true);
    expect((await operatorGrant(phone, 'CURATOR', t.topic.slug, true)).changed).toBe(false);
    await expect(operatorGrant(seed.phone(), 'ADMIN', null, false)).rejects.toThrow(/no user with this phone/);
    await expect(operatorGrant(phone, 'OWNER', null, false)).rejects.toThrow(/unknown role/);
    await expect(operatorGrant(phone, 'CREATOR', 'no-such-topic', false)).rejects.toThrow(/no topic/);
    await expect(operatorGrant(phone, 'ADMIN', t.topic.slug, false)).rejects.toThrow(/give no topic/);
    await expect(operatorGrant('12345', 'ADMIN', null, false)).rejects.toThrow(/not a valid/);
  });
});
