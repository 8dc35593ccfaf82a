import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { contentItems, jobs, leads, partners } from '@/lib/db/schema';
import type { FeedResponse } from '@/features/reels/schemas';
import type { PartnerAdmin, PartnerPublic, PartnerSubmission } from '@/features/partners/schemas';
import { smallPng } from '../fixtures/image';
import { Seed, type SeedTaxonomy } from '../fixtures/seed';

/**
 * Partners (SPEC.md sections 2, 3 "Partner" and "Feed response", 7
 * "Partner", 9 unskippable default 0; docs/api/partners.md): every endpoint
 * with its bad inputs and who may call it (visitor, user, STAFF, ADMIN), and
 * the partner's feed: its configs, topics, topvideos order, 404 for an
 * unknown partner, and a cache that follows every partner write.
 */
const api = buildApi();
const seed = new Seed();
const EVIL = { origin: 'https://evil.example' };
const tag = nanoid(6).toLowerCase().replace(/[^a-z0-9]/g, 'x');
const made: string[] = [];
/** A fresh partner id for this run. */
const pid = (name: string) => {
  const id = `t-${tag}-${name}`;
  made.push(id);
  return id;
};

let admin: Awaited<ReturnType<Seed['signedIn']>>;
let staff: Awaited<ReturnType<Seed['signedIn']>>;
let user: Awaited<ReturnType<Seed['signedIn']>>;
let other: Awaited<ReturnType<Seed['signedIn']>>;
let visitor: ReturnType<Seed['viewer']>;
let tA: SeedTaxonomy;
let tB: SeedTaxonomy;

beforeAll(async () => {
  admin = await seed.signedIn({ name: 'Admin A', roles: [{ role: 'ADMIN', topicId: null }] });
  staff = await seed.signedIn({ name: 'Staff S', roles: [{ role: 'STAFF', topicId: null }] });
  user = await seed.signedIn({ name: 'User U' });
  other = await seed.signedIn({ name: 'Other O' });
  visitor = seed.viewer();
  tA = await seed.taxonomy();
  tB = await seed.taxonomy();
});

afterAll(async () => {
  const { db } = await getDb();
  if (made.length) {
    const rows = await db.select({ id: leads.id }).from(leads).where(inArray(leads.partner_id, made));
    if (rows.length) {
      await db.delete(jobs).where(inArray(sql`${jobs.payload}->>'lead_id'`, rows.map((r) => r.id)));
      await db.delete(leads).where(inArray(leads.id, rows.map((r) => r.id)));
    }
    await db.delete(partners).where(inArray(partners.id, made));
  }
  await seed.cleanup();
});

const json = (b: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(b) });
function call(method: string, path: string, cookie: string | null, b?: unknown, headers: Record<string, string> = {}) {
  const { body, ...ct } = b === undefined ? { body: undefined } : json(b);
  return api.request(path, { method, headers: { ...(cookie ? { cookie } : {}), ...ct, ...headers }, body });
}
const errCode = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

function partnerBody(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Partner ${id}`,
    cta_text: 'Get a free quote',
    form_details: { heading: 'Talk to us', fields: ['name', 'phone', 'pin_code'], thank_you: 'Thanks! We will call you.' },
    button_text: 'Free quote',
    button_configs: { offer_text: '10% off rooftop solar', quick_offer_text: '10% off', unskippable_videos: 1 },
    ...extra,
  };
}

async function create(id: string, extra: Record<string, unknown> = {}): Promise<PartnerAdmin> {
  const res = await call('POST', '/partner/api/v1/admin/partners', admin.cookie, partnerBody(id, extra));
  expect(res.status).toBe(201);
  return (await res.json()) as PartnerAdmin;
}

async function feed(q: string, cookie = visitor.cookie): Promise<Response> {
  return api.request(`/feeds-server/api/v1/feeds${q}`, { headers: { cookie } });
}

describe('admin: create, list, edit, deactivate', () => {
  it('an ADMIN creates a partner (201) with SPEC.md section 9 defaults; the id is unique; it is listed', async () => {
    const id = pid('create');
    const p = await create(id, { button_configs: {} });
    expect(p).toMatchObject({
      id, name: `Partner ${id}`, ctaText: 'Get a free quote', active: true, ui_config: null, topic_ids: [],
      button_configs: { image_url: null, offer_text: null, quick_offer_text: null, show_button: true, unskippable_videos: 0 },
      formDetails: { heading: 'Talk to us', fields: ['name', 'phone', 'pin_code'] },
    });
    const dup = await call('POST', '/partner/api/v1/admin/partners', admin.cookie, partnerBody(id));
    expect(dup.status).toBe(409);
    expect((await errCode(dup)).code).toBe('partner_exists');
    const list = await call('GET', '/partner/api/v1/admin/partners', admin.cookie);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { partners: PartnerAdmin[] }).partners.map((x) => x.id)).toContain(id);
  });

  it('refuses bad bodies with 422: id, reserved id, fields, unskippable over 10, mode, unknown keys', async () => {
    const bad: Array<Record<string, unknown>> = [
      partnerBody('Bad_Id'),
      partnerBody('x'),
      partnerBody('admin'),
      partnerBody(pid('b1'), { form_details: { heading: 'H', fields: ['name'], thank_you: 'T' } }),
      partnerBody(pid('b2'), { form_details: { heading: 'H', fields: ['phone', 'phone'], thank_you: 'T' } }),
      partnerBody(pid('b3'), { form_details: { heading: 'H', fields: ['phone', 'age'], thank_you: 'T' } }),
      partnerBody(pid('b4'), { button_configs: { unskippable_videos: 11 } }),
      partnerBody(pid('b5'), { button_configs: { unskippable_videos: -1 } }),
      partnerBody(pid('b6'), { button_configs: { image_url: 'javascript:alert(1)' } }),
      partnerBody(pid('b7'), { ui_config: 'popup' }),
      partnerBody(pid('b8'), { extra: 1 }),
      { id: pid('b9'), name: 'No form' },
    ];
    for (const b of bad) {
      const res = await call('POST', '/partner/api/v1/admin/partners', admin.cookie, b);
      expect(res.status, JSON.stringify(b)).toBe(422);
    }
    const empty = await call('PATCH', `/partner/api/v1/admin/partners/${pid('b10')}`, admin.cookie, {});
    expect(empty.status).toBe(422);
  });

  it('who may: a visitor 401, a user 403, STAFF 403, another origin 403, no visitor id 401, a body over 8 KB 413', async () => {
    const path = '/partner/api/v1/admin/partners';
    const b = partnerBody(pid('who'));
    expect((await call('POST', path, visitor.cookie, b)).status).toBe(401);
    expect((await call('POST', path, user.cookie, b)).status).toBe(403);
    expect((await call('POST', path, staff.cookie, b)).status).toBe(403);
    expect((await call('POST', path, admin.cookie, b, EVIL)).status).toBe(403);
    const fresh = await call('POST', path, null, b);
    expect(fresh.status).toBe(401);
    expect((await errCode(fresh)).code).toBe('visitor_required');
    const big = await call('POST', path, admin.cookie, { ...b, name: 'x'.repeat(9000) });
    expect(big.status).toBe(413);
    for (const who of [visitor.cookie, user.cookie, staff.cookie]) {
      expect((await call('GET', path, who)).status).toBeGreaterThanOrEqual(401);
      expect((await call('PATCH', `${path}/${b.id}`, who, { name: 'Nope' })).status).toBeGreaterThanOrEqual(401);
      expect((await call('DELETE', `${path}/${b.id}`, who)).status).toBeGreaterThanOrEqual(401);
    }
    expect((await call('GET', path, staff.cookie)).status).toBe(403);
    const { db } = await getDb();
    expect(await db.select().from(partners).where(eq(partners.id, b.id))).toEqual([]);
  });

  it('an ADMIN edits and deactivates; an inactive partner is a 404 to the public and its feed', async () => {
    const id = pid('edit');
    await create(id);
    const edit = await call('PATCH', `/partner/api/v1/admin/partners/${id}`, admin.cookie, { name: 'Renamed', ui_config: 'webadbased' });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ name: 'Renamed', ui_config: 'webadbased' });
    expect(((await (await call('GET', `/partner/api/v1/${id}/data`, visitor.cookie)).json()) as PartnerPublic).name).toBe('Renamed');
    expect((await call('PATCH', `/partner/api/v1/admin/partners/${pid('missing')}`, admin.cookie, { name: 'X y' })).status).toBe(404);
    const del = await call('DELETE', `/partner/api/v1/admin/partners/${id}`, admin.cookie);
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ active: false });
    const gone = await call('GET', `/partner/api/v1/${id}/data`, visitor.cookie);
    expect(gone.status).toBe(404);
    expect((await errCode(gone)).code).toBe('partner_not_found');
    expect((await feed(`?partner_id=${id}`)).status).toBe(404);
    // The admin still sees it, and can bring it back.
    expect((await call('GET', `/partner/api/v1/admin/partners/${id}`, admin.cookie)).status).toBe(200);
    expect((await call('PATCH', `/partner/api/v1/admin/partners/${id}`, admin.cookie, { active: true })).status).toBe(200);
    expect((await call('GET', `/partner/api/v1/${id}/data`, visitor.cookie)).status).toBe(200);
  });
});

describe('public: GET /partner/api/v1/{id}/data', () => {
  it('anyone reads an active partner: id, name, ctaText, formDetails, ui_config, buttons, logo; unknown or malformed ids 404', async () => {
    const id = pid('data');
    await create(id, { ui_config: 'topvideos' });
    for (const who of [null, visitor.cookie, user.cookie]) {
      const res = await call('GET', `/partner/api/v1/${id}/data`, who);
      expect(res.status).toBe(200);
      const p = (await res.json()) as PartnerPublic;
      expect(p).toEqual({
        id, name: `Partner ${id}`, ctaText: 'Get a free quote',
        formDetails: { heading: 'Talk to us', fields: ['name', 'phone', 'pin_code'], thank_you: 'Thanks! We will call you.' },
        ui_config: 'topvideos', button_text: 'Free quote',
        button_configs: { image_url: null, offer_text: '10% off rooftop solar', quick_offer_text: '10% off', show_button: true, unskippable_videos: 1 },
        logo_url: null, guide_content_id: null,
      });
    }
    for (const bad of [pid('nobody'), 'BAD', 'a'.repeat(60), '%00x']) {
      const res = await call('GET', `/partner/api/v1/${bad}/data`, visitor.cookie);
      expect(res.status, bad).toBe(404);
    }
    expect((await call('GET', `/partner/api/v1/${id}/data?x=1`, visitor.cookie)).status).toBe(422);
  });
});

describe('POST /partner/api/v1/image (logo) and DELETE', () => {
  it('an ADMIN uploads a logo (a 256x256 WebP URL shown in the data); others are refused; a non-image is 415', async () => {
    const id = pid('logo');
    await create(id);
    const up = (cookie: string, blob: Blob, q = `?partner_id=${id}`, headers: Record<string, string> = {}) => {
      const form = new FormData();
      form.append('file', blob, 'logo.png');
      return api.request(`/partner/api/v1/image${q}`, { method: 'POST', headers: { cookie, ...headers }, body: form });
    };
    const png = new Blob([new Uint8Array(await smallPng())], { type: 'image/png' });
    for (const who of [visitor.cookie, user.cookie, staff.cookie]) expect((await up(who, png)).status).toBeGreaterThanOrEqual(401);
    expect((await up(admin.cookie, png, `?partner_id=${id}`, EVIL)).status).toBe(403);
    expect((await up(admin.cookie, png, '')).status).toBe(422);
    expect((await up(admin.cookie, png, `?partner_id=${pid('nologo')}`)).status).toBe(404);
    expect((await up(admin.cookie, new Blob(['not a picture'], { type: 'text/plain' }))).status).toBe(415);
    const res = await up(admin.cookie, png);
    expect(res.status).toBe(200);
    const { logo_url } = (await res.json()) as { logo_url: string };
    expect(logo_url).toMatch(/^\/media\/taxonomy\/[0-9a-f]{32}\/pic\.webp$/);
    expect(((await (await call('GET', `/partner/api/v1/${id}/data`, null)).json()) as PartnerPublic).logo_url).toBe(logo_url);
    const del = await call('DELETE', `/partner/api/v1/image?partner_id=${id}`, admin.cookie);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ partner_id: id, logo_url: null });
  });
});

describe('POST /partner/api/v1/topic/update/{id} and the partner feed', () => {
  it('an ADMIN sets the topics (ordered); the feed then shows only their reels with the partner configs', async () => {
    const id = pid('topics');
    await create(id);
    await seed.reels(tA.options[0].id, 2);
    await seed.reels(tB.options[0].id, 2);
    const path = `/partner/api/v1/topic/update/${id}`;
    for (const who of [visitor.cookie, user.cookie, staff.cookie]) {
      expect((await call('POST', path, who, { topic_ids: [tA.topic.id] })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await call('POST', path, admin.cookie, { topic_ids: [tA.topic.id] }, EVIL)).status).toBe(403);
    expect((await call('POST', path, admin.cookie, { topic_ids: ['nope'] })).status).toBe(422);
    expect((await call('POST', path, admin.cookie, { topic_ids: [tA.topic.id, tA.topic.id] })).status).toBe(422);
    const unknown = await call('POST', path, admin.cookie, { topic_ids: [randomUUID()] });
    expect(unknown.status).toBe(422);
    expect((await errCode(unknown)).code).toBe('topic_not_found');
    expect((await call('POST', `/partner/api/v1/topic/update/${pid('notopics')}`, admin.cookie, { topic_ids: [] })).status).toBe(404);

    // Before: every topic.
    const before = (await (await feed(`?partner_id=${id}&lang=en`)).json()) as FeedResponse;
    const topicsBefore = new Set(before.feeds.map((f) => f.topic));
    expect(topicsBefore.has(tA.topic.id) || topicsBefore.has(tB.topic.id) || before.total_length >= 4).toBe(true);

    const ok = await call('POST', path, admin.cookie, { topic_ids: [tA.topic.id] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ partner_id: id, topic_ids: [tA.topic.id] });
    const res = await feed(`?partner_id=${id}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as FeedResponse;
    expect(page.total_length).toBe(2);
    expect(page.feeds.every((f) => f.topic === tA.topic.id)).toBe(true);
    expect(page.tags).toEqual({ ui_config: null });
    expect(page.partner_configs).toEqual([{ partner_id: id, partner_name: `Partner ${id}`, button_text: 'Free quote' }]);
    expect(page.button_configs).toEqual({
      image_url: null, offer_text: '10% off rooftop solar', quick_offer_text: '10% off', show_button: true, unskippable_videos: 1,
    });
    // Another topic inside the partner's feed is empty, not a way out of it.
    expect(((await (await feed(`?partner_id=${id}&topic_id=${tB.topic.id}`)).json()) as FeedResponse).total_length).toBe(0);
    // [] = every topic again.
    await call('POST', path, admin.cookie, { topic_ids: [] });
    expect(((await (await feed(`?partner_id=${id}&topic_id=${tB.topic.id}`)).json()) as FeedResponse).total_length).toBe(2);
    expect((await call('GET', `/partner/api/v1/admin/partners/${id}`, admin.cookie)).status).toBe(200);
  });

  it('without a partner the feed carries SPEC.md section 9 defaults; an unknown partner is 404, a malformed id 422', async () => {
    const page = (await (await feed('')).json()) as FeedResponse;
    expect(page.tags).toEqual({ ui_config: null });
    expect(page.partner_configs).toEqual([]);
    expect(page.button_configs.unskippable_videos).toBe(0);
    const unknown = await feed(`?partner_id=${pid('ghost')}`);
    expect(unknown.status).toBe(404);
    expect((await errCode(unknown)).code).toBe('partner_not_found');
    expect((await feed('?partner_id=Not_A_Slug')).status).toBe(422);
  });

  it('the feed cache keys on the partner and a partner write drops it at once; topvideos is most viewed first', async () => {
    const id = pid('cache');
    const idB = pid('cacheb');
    await create(id);
    await create(idB, { button_text: 'Other button' });
    await call('POST', `/partner/api/v1/topic/update/${id}`, admin.cookie, { topic_ids: [tB.topic.id] });
    await call('POST', `/partner/api/v1/topic/update/${idB}`, admin.cookie, { topic_ids: [tB.topic.id] });
    const first = (await (await feed(`?partner_id=${id}`)).json()) as FeedResponse;
    const firstB = (await (await feed(`?partner_id=${idB}`)).json()) as FeedResponse;
    expect(first.partner_configs[0].button_text).toBe('Free quote');
    expect(firstB.partner_configs[0].button_text).toBe('Other button');
    await call('PATCH', `/partner/api/v1/admin/partners/${id}`, admin.cookie, {
      button_text: 'New text', button_configs: { unskippable_videos: 3 },
    });
    const after = (await (await feed(`?partner_id=${id}`)).json()) as FeedResponse;
    expect(after.partner_configs[0].button_text).toBe('New text');
    expect(after.button_configs.unskippable_videos).toBe(3);

    // Views: the second reel of topic B becomes the most viewed one.
    const ids = first.feeds.map((f) => f.id);
    expect(ids.length).toBe(2);
    const { db } = await getDb();
    await db.update(contentItems).set({ view_count: 50 }).where(eq(contentItems.id, ids[1]));
    await call('PATCH', `/partner/api/v1/admin/partners/${id}`, admin.cookie, { ui_config: 'topvideos' });
    const top = (await (await feed(`?partner_id=${id}`)).json()) as FeedResponse;
    expect(top.tags.ui_config).toBe('topvideos');
    expect(top.feeds.map((f) => f.id)).toEqual([ids[1], ids[0]]);
    // The other partner's feed keeps the ready order.
    expect(((await (await feed(`?partner_id=${idB}`)).json()) as FeedResponse).feeds.map((f) => f.id)).toEqual(ids);
  });
});

describe('guide_video/{id}', () => {
  it('an ADMIN sets an Approved reel; anyone reads it; a Pending or unknown reel is refused; others may not set it', async () => {
    const id = pid('guide');
    await create(id);
    const [approved] = await seed.reels(tA.options[0].id, 1);
    const [pending] = await seed.reels(tA.options[0].id, 1, { review_status: 'Pending' });
    const path = `/partner/api/v1/guide_video/${id}`;
    expect(await (await call('GET', path, null)).json()).toEqual({ partner_id: id, content_id: null });
    for (const who of [visitor.cookie, user.cookie, staff.cookie]) {
      expect((await call('POST', path, who, { content_id: approved.id })).status).toBeGreaterThanOrEqual(401);
    }
    expect((await call('POST', path, admin.cookie, { content_id: pending.id })).status).toBe(422);
    expect((await call('POST', path, admin.cookie, { content_id: randomUUID() })).status).toBe(404);
    expect((await call('POST', path, admin.cookie, { content_id: 'x' })).status).toBe(422);
    expect((await call('POST', path, admin.cookie, { content_id: approved.id }, EVIL)).status).toBe(403);
    const ok = await call('POST', path, admin.cookie, { content_id: approved.id });
    expect(ok.status).toBe(200);
    expect(await (await call('GET', path, visitor.cookie)).json()).toEqual({ partner_id: id, content_id: approved.id });
    expect((await call('GET', `/partner/api/v1/guide_video/${pid('noguide')}`, visitor.cookie)).status).toBe(404);
  });
});

describe('POST /partner/api/v1/form/{id} and GET /partner/api/v1/user/{id}/data', () => {
  it('a visitor sends the form: a callback lead with partner_id, CRM job queued; the same key once; the thank-you line', async () => {
    const id = pid('form');
    await create(id);
    const key = randomUUID();
    const b = { idempotency_key: key, name: 'Asha Verma', phone: '98123 45678', pin_code: '110 001' };
    const res = await call('POST', `/partner/api/v1/form/${id}`, visitor.cookie, b);
    expect(res.status).toBe(201);
    const out = (await res.json()) as { id: string; thank_you: string };
    expect(out.thank_you).toBe('Thanks! We will call you.');
    const { db } = await getDb();
    const [row] = await db.select().from(leads).where(eq(leads.id, out.id));
    expect(row).toMatchObject({ kind: 'callback', partner_id: id, phone: '+919812345678', pin_code: '110001', name: 'Asha Verma', viewer_id: visitor.id });
    const queued = await db.select().from(jobs).where(and(eq(jobs.kind, 'lead_webhook'), sql`${jobs.payload}->>'lead_id' = ${out.id}`));
    expect(queued).toHaveLength(1);
    const again = await call('POST', `/partner/api/v1/form/${id}`, visitor.cookie, b);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(out.id);
  });

  it('bad forms: missing or invalid fields 422 (SPEC.md section 5 texts), a field not asked 422, unknown partner 404, limits', async () => {
    const id = pid('formbad');
    await create(id);
    const path = `/partner/api/v1/form/${id}`;
    const ok = { idempotency_key: randomUUID(), name: 'Asha Verma', phone: '9812345678', pin_code: '110001' };
    // A fresh visitor per request: the form's limit is 10 per visitor per 10 minutes (checked below).
    const v = () => seed.viewer().cookie;
    const phone = await call('POST', path, v(), { ...ok, phone: '12345' });
    expect(phone.status).toBe(422);
    expect((await errCode(phone)).message).toBe('phone: Please enter valid Mobile Number');
    const cases: Array<Record<string, unknown>> = [
      { ...ok, name: 'Al' }, { ...ok, pin_code: '012345' }, { ...ok, idempotency_key: 'k' },
      { ...ok, email: 'a@b.co' }, { name: ok.name, phone: ok.phone, pin_code: ok.pin_code },
      { ...ok, phone: undefined }, { ...ok, phone: 9812345678 },
    ];
    for (const c of cases) expect((await call('POST', path, v(), c)).status, JSON.stringify(c)).toBe(422);
    expect((await call('POST', `/partner/api/v1/form/${pid('noform')}`, v(), ok)).status).toBe(404);
    expect((await call('POST', path, v(), ok, EVIL)).status).toBe(403);
    expect((await call('POST', path, null, ok)).status).toBe(401);
    expect((await call('POST', path, v(), { ...ok, name: 'x'.repeat(5000) })).status).toBe(413);
    const text = await api.request(path, { method: 'POST', headers: { cookie: v(), 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    // Rate limit: the 11th form of one visitor within 10 minutes is a 429.
    const one = v();
    for (let i = 0; i < 10; i++) expect((await call('POST', path, one, { ...ok, name: 'Al' })).status).toBe(422);
    expect((await call('POST', path, one, { ...ok, name: 'Al' })).status).toBe(429);
    const { db } = await getDb();
    expect(await db.select().from(leads).where(eq(leads.partner_id, id))).toEqual([]);
  });

  it('user/{id}/data: a visitor 401; a user sees only their own submissions of that partner', async () => {
    const id = pid('mine');
    await create(id, { form_details: { heading: 'H', fields: ['phone', 'email', 'message'], thank_you: 'Thanks' } });
    const path = `/partner/api/v1/user/${id}/data`;
    expect((await call('GET', path, visitor.cookie)).status).toBe(401);
    const send = (cookie: string, phone: string) => call('POST', `/partner/api/v1/form/${id}`, cookie, {
      idempotency_key: randomUUID(), phone, email: 'Me@Example.com', message: 'Call after 5',
    });
    expect((await send(user.cookie, '9812345601')).status).toBe(201);
    expect((await send(other.cookie, '9812345602')).status).toBe(201);
    const res = await call('GET', path, user.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { submissions } = (await res.json()) as { submissions: PartnerSubmission[] };
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ phone_last4: '5601', fields: { email: 'me@example.com', message: 'Call after 5' } });
    expect(JSON.stringify(submissions)).not.toContain('9812345601');
    expect((await call('GET', `/partner/api/v1/user/${pid('nomine')}/data`, user.cookie)).status).toBe(404);
  });
});
