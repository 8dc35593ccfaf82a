import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { categories, contentItems, options, topics, userRoles } from '@/lib/db/schema';
import type { Principal, Role } from '@/lib/auth/principal';
import { getStorage } from '@/lib/storage/storage';
import { setTaxonomyPicture, type PictureOwner } from '@/features/studio/server/taxonomy';
import { smallPng } from '../fixtures/image';
import { Seed, type SeedTaxonomy } from '../fixtures/seed';

/**
 * The studio's roles matrix (docs/decisions/008) through every studio
 * endpoint: a visitor gets 401, a user without the action 403 with SPEC.md
 * section 8's message, and each role exactly what the decision gives it.
 * Where a row says what the endpoint writes (`state`), a refused call must
 * leave it exactly as it was and an allowed one must change it.
 * Also the role endpoints themselves (topic_role, entity_permission).
 */
const api = buildApi();
const seed = new Seed();
const madeTopics: string[] = [];
const FORBIDDEN = 'Sorry. You are not authorized for this action!';

type ActorName = 'visitor' | 'user' | 'creator' | 'coCurator' | 'curator' | 'otherCurator' | 'admin';
const ACTORS: ActorName[] = ['visitor', 'user', 'creator', 'coCurator', 'curator', 'otherCurator', 'admin'];

interface World {
  t: SeedTaxonomy;
  other: SeedTaxonomy;
  cookie: Record<ActorName, string>;
  userId: Record<Exclude<ActorName, 'visitor'>, string>;
  adminPrincipal: Principal;
  png: Buffer;
}

let w: World;

async function call(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return api.request(path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** As `call`, with an image body: a multipart form with a `file` part, or the raw bytes as `image/png` (docs/api/studio.md "Pictures"). */
async function callImage(path: string, cookie: string, png: Buffer, as: 'multipart' | 'raw'): Promise<Response> {
  if (as === 'raw') {
    return api.request(path, { method: 'POST', headers: { cookie, 'content-type': 'image/png' }, body: new Uint8Array(png) });
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  return api.request(path, { method: 'POST', headers: { cookie }, body: form });
}

beforeAll(async () => {
  const t = await seed.taxonomy({ categories: 2, optionsPerCategory: 2 });
  const other = await seed.taxonomy();
  const as = (role: Role, topicId: string | null) => seed.signedIn({ roles: [{ role, topicId }] });
  const user = await seed.signedIn();
  const creator = await as('CREATOR', t.topic.id);
  const coCurator = await as('CO-CURATOR', t.topic.id);
  const curator = await as('CURATOR', t.topic.id);
  const otherCurator = await as('CURATOR', other.topic.id);
  const admin = await as('ADMIN', null);
  w = {
    t, other,
    cookie: {
      visitor: seed.viewer().cookie, user: user.cookie, creator: creator.cookie, coCurator: coCurator.cookie,
      curator: curator.cookie, otherCurator: otherCurator.cookie, admin: admin.cookie,
    },
    userId: {
      user: user.user.id, creator: creator.user.id, coCurator: coCurator.user.id, curator: curator.user.id,
      otherCurator: otherCurator.user.id, admin: admin.user.id,
    },
    adminPrincipal: admin.principal,
    png: await smallPng(),
  };
});

afterEach(async () => {
  if (madeTopics.length) {
    const { db } = await getDb();
    await db.delete(topics).where(inArray(topics.id, madeTopics.splice(0)));
  }
});

afterAll(() => seed.cleanup());

/** One row of the matrix: a request made fresh for each actor, and who may. */
interface Row {
  name: string;
  allowed: ActorName[];
  /** Answer of a signed-in caller without the action (default 403). */
  denied?: 404;
  request: (who: ActorName) => Promise<Response>;
  /** Run before each caller's request, e.g. giving the row something to delete. */
  prepare?: () => Promise<void>;
  /** What the endpoint writes, read before and after each call: unchanged when refused, changed when allowed. */
  state?: () => Promise<unknown>;
}

const uniq = (who: string) => `${who} ${randomUUID().slice(0, 8)}`;
const ALL_USERS: ActorName[] = ['user', 'creator', 'coCurator', 'curator', 'otherCurator', 'admin'];

/** The user the grant and revoke rows change: made fresh before each call, holding `role` in the topic when it is to be revoked. */
let grantTarget = '';

/**
 * POST and DELETE /auth/api/v1/topic/{id}/topic_role for each role, with who may (docs/decisions/008;
 * ADMIN and STAFF, held everywhere, by operators only: docs/decisions/010).
 */
function grantRows(): Row[] {
  const who: Record<Role, ActorName[]> = { CREATOR: ['curator', 'admin'], 'CO-CURATOR': ['curator', 'admin'], CURATOR: ['admin'], ADMIN: [], STAFF: [] };
  const state = async () => {
    const { db } = await getDb();
    return db.select({ role: userRoles.role, topic: userRoles.topic_id }).from(userRoles).where(eq(userRoles.user_id, grantTarget));
  };
  return (['CREATOR', 'CO-CURATOR', 'CURATOR', 'ADMIN', 'STAFF'] as const).flatMap((role): Row[] => [
    {
      name: `POST /auth/api/v1/topic/{id}/topic_role ${role}`, allowed: who[role], state,
      prepare: async () => { grantTarget = (await seed.user()).id; },
      request: (a) => call('POST', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie[a], { user_id: grantTarget, role }),
    },
    {
      name: `DELETE /auth/api/v1/topic/{id}/topic_role ${role}`, allowed: who[role], state,
      prepare: async () => {
        grantTarget = (await seed.user()).id;
        const { db } = await getDb();
        await db.insert(userRoles).values({ user_id: grantTarget, role, topic_id: role === 'ADMIN' ? null : w.t.topic.id });
      },
      request: (a) => call('DELETE', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie[a], { user_id: grantTarget, role }),
    },
  ]);
}

/** The creator's reel a review or edit row changes: made fresh before each call. */
let creatorsReelId = '';
const creatorsReel = (status: 'Pending' | 'Approved') => async () => {
  creatorsReelId = (await seed.reel(w.t.options[0].id, { review_status: status, user_id: w.userId.creator })).id;
};
const creatorsReelState = async () => {
  const { db } = await getDb();
  return db.select({ status: contentItems.review_status, reason: contentItems.review_reason, description: contentItems.description })
    .from(contentItems).where(eq(contentItems.id, creatorsReelId));
};

/** The taxonomy row and table a picture row writes to. */
function pictureTarget(kind: PictureOwner) {
  if (kind === 'topic') return { id: w.t.topic.id, table: topics };
  if (kind === 'category') return { id: w.t.categories[0].id, table: categories };
  return { id: w.t.options[1].id, table: options };
}

/** The stored taxonomy pictures (folders under `taxonomy/` in the local media storage the tests use). */
function storedPictures(): string[] {
  const storage = getStorage();
  if (storage.kind !== 'local') throw new Error('tests use local storage');
  const dir = storage.filePath('taxonomy');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/**
 * POST and DELETE /uploader/api/v1/{kind}/{id}/picture: topic.edit for a
 * topic, taxonomy.edit of its topic for a category or option; both the
 * CURATOR of the topic and ADMIN. The topic's picture goes as multipart,
 * the others as a raw image body. A DELETE row first gives the row a stored
 * picture, so a refused DELETE must leave both the row and the file.
 */
function pictureRows(kind: PictureOwner): Row[] {
  const path = () => `/uploader/api/v1/${kind}/${pictureTarget(kind).id}/picture`;
  const state = async () => {
    const { id, table } = pictureTarget(kind);
    const { db } = await getDb();
    const [row] = await db.select({ pic: table.pic }).from(table).where(eq(table.id, id));
    return { pic: row.pic, files: storedPictures() };
  };
  return [
    {
      name: `POST /uploader/api/v1/${kind}/{id}/picture`, allowed: ['curator', 'admin'], state,
      request: (a) => callImage(path(), w.cookie[a], w.png, kind === 'topic' ? 'multipart' : 'raw'),
    },
    {
      name: `DELETE /uploader/api/v1/${kind}/{id}/picture`, allowed: ['curator', 'admin'], state,
      prepare: async () => { await setTaxonomyPicture(w.adminPrincipal, kind, pictureTarget(kind).id, w.png); },
      request: (a) => call('DELETE', path(), w.cookie[a]),
    },
  ];
}

const rows: Row[] = [
  { name: 'GET /auth/api/v1/topic_role', allowed: ALL_USERS, request: (a) => call('GET', '/auth/api/v1/topic_role', w.cookie[a]) },
  {
    name: 'GET /auth/api/v1/topic/{id}/topic_role', allowed: ['curator', 'admin'],
    request: (a) => call('GET', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie[a]),
  },
  ...grantRows(),
  {
    name: 'POST /auth/api/v1/entity_permission', allowed: ALL_USERS,
    request: (a) => call('POST', '/auth/api/v1/entity_permission', w.cookie[a], { action: 'content.review', topic_id: w.t.topic.id }),
  },
  {
    name: 'GET /auth/api/v1/entity_permission', allowed: ALL_USERS,
    request: (a) => call('GET', `/auth/api/v1/entity_permission?action=topic.edit&topic_id=${w.t.topic.id}`, w.cookie[a]),
  },
  {
    name: 'POST /uploader/api/v1/content/status approve Pending', allowed: ['coCurator', 'curator', 'admin'], denied: 404,
    prepare: creatorsReel('Pending'), state: creatorsReelState,
    request: (a) => call('POST', '/uploader/api/v1/content/status', w.cookie[a], { content_id: creatorsReelId, status: 'Approved' }),
  },
  {
    name: 'POST /uploader/api/v1/content/status reject Pending', allowed: ['coCurator', 'curator', 'admin'], denied: 404,
    prepare: creatorsReel('Pending'), state: creatorsReelState,
    request: (a) => call('POST', '/uploader/api/v1/content/status', w.cookie[a], { content_id: creatorsReelId, status: 'Rejected', reason: 'Blurry slides' }),
  },
  {
    name: 'POST /uploader/api/v1/content/status take down Approved', allowed: ['coCurator', 'curator', 'admin'],
    prepare: creatorsReel('Approved'), state: creatorsReelState,
    request: (a) => call('POST', '/uploader/api/v1/content/status', w.cookie[a], { content_id: creatorsReelId, status: 'Rejected', reason: 'Out of date figures' }),
  },
  {
    name: 'GET /uploader/api/v1/content/{id} of a Pending reel', allowed: ['creator', 'coCurator', 'curator', 'admin'], denied: 404,
    request: async (a) => {
      const reel = await seed.reel(w.t.options[0].id, { review_status: 'Pending', user_id: w.userId.creator });
      return call('GET', `/uploader/api/v1/content/${reel.id}`, w.cookie[a]);
    },
  },
  {
    name: 'PATCH /uploader/api/v1/content/{id} of the creator\'s reel', allowed: ['creator'],
    prepare: creatorsReel('Approved'), state: creatorsReelState,
    request: (a) => call('PATCH', `/uploader/api/v1/content/${creatorsReelId}`, w.cookie[a], { description: 'Better words' }),
  },
  { name: 'GET /uploader/api/v1/video', allowed: ALL_USERS, request: (a) => call('GET', '/uploader/api/v1/video?scope=review&status=Pending', w.cookie[a]) },
  { name: 'GET /uploader/api/v1/content_count/review', allowed: ALL_USERS, request: (a) => call('GET', '/uploader/api/v1/content_count/review', w.cookie[a]) },
  ...pictureRows('topic'),
  ...pictureRows('category'),
  ...pictureRows('option'),
  {
    name: 'POST /uploader/api/v1/topic', allowed: ['admin'],
    request: async (a) => {
      const res = await call('POST', '/uploader/api/v1/topic', w.cookie[a], { name: uniq('Topic'), type_tag: 'HOT' });
      if (res.status === 201) madeTopics.push((await res.clone().json()).topic.id);
      return res;
    },
  },
  {
    name: 'PATCH /uploader/api/v1/topic/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('PATCH', `/uploader/api/v1/topic/${w.t.topic.id}`, w.cookie[a], { description: uniq('About') }),
  },
  {
    name: 'POST /uploader/api/v1/category', allowed: ['curator', 'admin'],
    request: (a) => call('POST', '/uploader/api/v1/category', w.cookie[a], { topic_id: w.t.topic.id, name: uniq('Cat') }),
  },
  {
    name: 'PATCH /uploader/api/v1/category/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('PATCH', `/uploader/api/v1/category/${w.t.categories[1].id}`, w.cookie[a], { name: uniq('Cat') }),
  },
  {
    name: 'POST /uploader/api/v1/option', allowed: ['curator', 'admin'],
    request: (a) => call('POST', '/uploader/api/v1/option', w.cookie[a], { category_id: w.t.categories[1].id, name: uniq('Opt') }),
  },
  {
    name: 'PATCH /uploader/api/v1/option/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('PATCH', `/uploader/api/v1/option/${w.t.options[3].id}`, w.cookie[a], { sort_order: 5 }),
  },
  {
    name: 'POST /uploader/api/v1/bulk/create', allowed: ['curator', 'admin'],
    request: (a) => call('POST', '/uploader/api/v1/bulk/create', w.cookie[a], { topic_id: w.t.topic.id, categories: [{ name: uniq('Bulk'), options: ['A', 'B'] }] }),
  },
  {
    name: 'POST /uploader/api/v1/reset/topic/{id}', allowed: ['admin'],
    request: (a) => call('POST', `/uploader/api/v1/reset/topic/${w.t.topic.id}`, w.cookie[a], { confirm: true }),
  },
  {
    name: 'POST /uploader/api/v1/reset/category/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('POST', `/uploader/api/v1/reset/category/${w.t.categories[1].id}`, w.cookie[a], { confirm: true }),
  },
  {
    name: 'POST /uploader/api/v1/reset/option/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('POST', `/uploader/api/v1/reset/option/${w.t.options[3].id}`, w.cookie[a], { confirm: true }),
  },
  {
    name: 'PUT /uploader/api/v1/profile_stack/{id}', allowed: ['curator', 'admin'],
    request: (a) => call('PUT', `/uploader/api/v1/profile_stack/${w.t.topic.id}`, w.cookie[a], {
      categories: [{ id: w.t.categories[0].id, options: [w.t.options[0].id, w.t.options[1].id] }, { id: w.t.categories[1].id }],
    }),
  },
  {
    name: 'POST /uploader/api/v1/upload/guide_video', allowed: ['curator', 'admin'],
    request: async (a) => {
      const reel = await seed.reel(w.t.options[0].id);
      return call('POST', '/uploader/api/v1/upload/guide_video', w.cookie[a], { topic_id: w.t.topic.id, content_id: reel.id });
    },
  },
  {
    name: 'GET /uploader/api/v1/upload/guide_video', allowed: ALL_USERS,
    request: (a) => call('GET', `/uploader/api/v1/upload/guide_video?topic_id=${w.t.topic.id}`, w.cookie[a]),
  },
];

describe('the studio roles matrix (docs/decisions/008)', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const seen: Record<string, number> = {};
    for (const a of ACTORS) {
      await row.prepare?.();
      const before = await row.state?.();
      const res = await row.request(a);
      seen[a] = res.status;
      if (a === 'visitor') {
        expect(res.status, a).toBe(401);
        expect((await res.json()).error.code).toBe('login_required');
      } else if (row.allowed.includes(a)) {
        expect([200, 201], `${a}: ${await res.clone().text()}`).toContain(res.status);
      } else if (row.denied === 404 && res.status === 404) {
        expect((await res.json()).error.code).toBe('not_found');
      } else {
        expect(res.status, `${a}: ${await res.clone().text()}`).toBe(403);
        expect((await res.json()).error).toEqual({ code: 'forbidden', message: FORBIDDEN });
      }
      if (row.state) {
        const after = await row.state();
        if (row.allowed.includes(a)) expect(after, `${a} changed it`).not.toEqual(before);
        else expect(after, `${a} changed nothing`).toEqual(before);
      }
    }
    expect(Object.keys(seen)).toHaveLength(ACTORS.length);
  });

  it('a visitor without a server-issued id is refused every studio write', async () => {
    const res = await api.request('/uploader/api/v1/topic', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /auth/api/v1/topic_role', () => {
  it('lists my grants with the topic names', async () => {
    const res = await call('GET', '/auth/api/v1/topic_role', w.cookie.curator);
    expect(res.status).toBe(200);
    expect((await res.json()).roles).toEqual([
      { role: 'CURATOR', topic_id: w.t.topic.id, topic_name: w.t.topic.name, created_at: expect.any(String) },
    ]);
    expect((await (await call('GET', '/auth/api/v1/topic_role', w.cookie.user)).json()).roles).toEqual([]);
  });
});

describe('GET /auth/api/v1/topic/{id}/topic_role', () => {
  it('lists the topic\'s grants with user id, name and username; 404 for an unknown topic', async () => {
    const res = await call('GET', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie.curator);
    const roles = (await res.json()).roles as Array<{ user_id: string; role: string; name: string; username: string | null }>;
    expect(roles).toEqual(expect.arrayContaining([
      expect.objectContaining({ user_id: w.userId.creator, role: 'CREATOR', name: 'Test User', username: null }),
      expect.objectContaining({ user_id: w.userId.curator, role: 'CURATOR' }),
    ]));
    expect(roles.some((r) => r.user_id === w.userId.otherCurator || r.user_id === w.userId.admin)).toBe(false);
    expect((await call('GET', `/auth/api/v1/topic/${randomUUID()}/topic_role`, w.cookie.admin)).status).toBe(404);
    expect((await call('GET', `/auth/api/v1/topic/${w.t.topic.slug}/topic_role`, w.cookie.admin)).status).toBe(200);
  });
});

describe('POST and DELETE /auth/api/v1/topic/{id}/topic_role', () => {
  it('grants and revokes idempotently, and the grant takes effect on the next request', async () => {
    const target = await seed.signedIn();
    const path = `/auth/api/v1/topic/${w.t.topic.id}/topic_role`;
    const canReview = async () => (await (await call('POST', '/auth/api/v1/entity_permission', target.cookie,
      { action: 'content.review', topic_id: w.t.topic.id })).json()).allowed;
    expect(await canReview()).toBe(false);
    const first = await call('POST', path, w.cookie.curator, { user_id: target.user.id, role: 'CO-CURATOR' });
    expect(await first.json()).toEqual({ changed: true, topic_id: w.t.topic.id });
    expect(await (await call('POST', path, w.cookie.curator, { user_id: target.user.id, role: 'CO-CURATOR' })).json()).toEqual({ changed: false, topic_id: w.t.topic.id });
    expect(await canReview()).toBe(true);
    const { db } = await getDb();
    expect(await db.select().from(userRoles).where(eq(userRoles.user_id, target.user.id))).toHaveLength(1);
    expect(await (await call('DELETE', path, w.cookie.curator, { user_id: target.user.id, role: 'CO-CURATOR' })).json()).toEqual({ changed: true, topic_id: w.t.topic.id });
    expect(await (await call('DELETE', path, w.cookie.curator, { user_id: target.user.id, role: 'CO-CURATOR' })).json()).toEqual({ changed: false, topic_id: w.t.topic.id });
    expect(await canReview()).toBe(false);
  });

  it('404 for an unknown topic or user; 422 for an unknown role', async () => {
    expect((await call('POST', `/auth/api/v1/topic/${randomUUID()}/topic_role`, w.cookie.admin, { user_id: w.userId.user, role: 'CREATOR' })).status).toBe(404);
    expect((await call('POST', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie.admin, { user_id: randomUUID(), role: 'CREATOR' })).status).toBe(404);
    expect((await call('POST', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie.admin, { user_id: 'nobody', role: 'CREATOR' })).status).toBe(404);
    expect((await call('POST', `/auth/api/v1/topic/${w.t.topic.id}/topic_role`, w.cookie.admin, { user_id: w.userId.user, role: 'OWNER' })).status).toBe(422);
  });

  it('a curator cannot grant in another topic', async () => {
    const res = await call('POST', `/auth/api/v1/topic/${w.other.topic.id}/topic_role`, w.cookie.curator, { user_id: w.userId.user, role: 'CREATOR' });
    expect(res.status).toBe(403);
    const { db } = await getDb();
    expect(await db.select().from(userRoles).where(and(eq(userRoles.user_id, w.userId.user), isNull(userRoles.topic_id)))).toEqual([]);
  });
});

describe('POST /auth/api/v1/entity_permission', () => {
  it('answers the policy per action and topic', async () => {
    const ask = async (who: ActorName, action: string, topic_id?: string) =>
      (await (await call('POST', '/auth/api/v1/entity_permission', w.cookie[who], { action, topic_id })).json()).allowed;
    expect(await ask('creator', 'content.upload', w.t.topic.id)).toBe(true);
    expect(await ask('creator', 'content.review', w.t.topic.id)).toBe(false);
    expect(await ask('coCurator', 'content.review', w.t.topic.id)).toBe(true);
    expect(await ask('coCurator', 'taxonomy.edit', w.t.topic.id)).toBe(false);
    expect(await ask('curator', 'taxonomy.edit', w.t.topic.id)).toBe(true);
    expect(await ask('curator', 'topic.reset', w.t.topic.id)).toBe(false);
    expect(await ask('otherCurator', 'taxonomy.edit', w.t.topic.id)).toBe(false);
    expect(await ask('admin', 'topic.create')).toBe(true);
    expect(await ask('curator', 'topic.create')).toBe(false);
    expect(await ask('admin', 'topic.edit', randomUUID())).toBe(false);
    expect((await call('POST', '/auth/api/v1/entity_permission', w.cookie.admin, { action: 'launch.rocket' })).status).toBe(422);
  });
});
