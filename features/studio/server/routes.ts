import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { translationsSchema } from '@/lib/localized-schema';
import { ROLES } from '@/lib/auth/principal';
import type { ApiEnv } from '@/lib/http/app';
import { multipartMaxBytes } from '@/lib/http/body';
import { guards } from '@/lib/http/guards';
import { principal, requireUser } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { IMAGE_MAX_BYTES, readImageUpload } from '@/lib/media/image';
import { body, query } from '@/lib/http/validate';
import { STUDIO_ACTIONS } from '../policy';
import { changeTopicGrant, entityPermission, listMyGrants, listTopicGrants } from './roles';
import { editReel, getStudioReel, listStudioReels, reviewQueueCount, setReviewStatus } from './review';
import {
  bulkCreate, createCategory, createOption, createTopic, getGuideVideo, resetCounts, setGuideVideo, setProfileStack,
  setTaxonomyPicture, updateCategory, updateOption, updateTopic, type PictureOwner, type ResetResult,
} from './taxonomy';

/**
 * The studio's endpoints (SPEC.md section 7 "Auth" role endpoints and
 * "Uploader"; docs/api/studio.md). Who may call what is decided by
 * features/studio/policy.ts (docs/decisions/008) inside the functions these
 * handlers call.
 */

/** The API families of the studio: role endpoints under "Auth", the rest under "Uploader" (SPEC.md section 7). */
export const studioPrefixes: readonly ApiPrefix[] = ['/auth/', '/uploader/'];

/** What the studio tells the rest of the app; wired in server/api.ts. */
export interface StudioDeps {
  /** A reel's visibility or the taxonomy the feeds show changed: drop cached feed pages. */
  onPublishedChanged(): void;
  /** A reset zeroed these reels' counts (and their options' totals) and deleted these visitors' likes and progress. */
  onCountsReset?(changed: Array<{ reel: string; option: string }>, viewers: string[]): void;
}

const SMALL = { maxBytes: 8 * 1024 };
const BULK = { maxBytes: 64 * 1024 };
// A topic's three descriptions at their bound: 2000 characters each, Devanagari 3 bytes a character in UTF-8.
const TOPIC = { maxBytes: 16 * 1024 };
// bulk/create at its bound of 50 categories of 50 options, each name with its Hindi and Hinglish forms
// (about 7 keys and items per option).
const BULK_CREATE = { maxBytes: 256 * 1024, maxNodes: 20_000 };

/** A picture: a raw image or a multipart form, read and bounded by readImageUpload (5 MB). */
const PICTURE = { body: 'any', ownBody: multipartMaxBytes(IMAGE_MAX_BYTES) } as const;
/** Every studio read: a signed-in user. */
const read = [principal(), requireUser()] as const;

const id = z.uuid();
const name = z.string().trim().min(1).max(120);
const sortOrder = z.number().int().min(0).max(100_000);
const pic = z.string().trim().max(500).startsWith('/').nullable();
const grantBody = z.object({ user_id: z.string().max(64), role: z.enum(ROLES) }).strict();
const permissionBody = z.object({ action: z.enum(STUDIO_ACTIONS), topic_id: z.string().max(100).nullish() }).strict();
const statusBody = z.object({
  content_id: id,
  status: z.enum(['Approved', 'Rejected']),
  reason: z.string().max(2000).optional(),
}).strict().superRefine((b, ctx) => {
  const r = (b.reason ?? '').trim();
  if (b.status === 'Rejected' && (r.length < 3 || r.length > 500)) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a rejection needs a reason of 3 to 500 characters' });
  }
});
const editBody = z.object({
  description: z.string().trim().max(2000).optional(),
  option_id: id.optional(),
  is_tldr: z.boolean().optional(),
}).strict();
const listQuery = z.object({
  status: z.enum(['Pending', 'Approved', 'Rejected', 'All']).default('All'),
  scope: z.enum(['mine', 'review']).default('mine'),
  topic_id: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
}).strict();
// Hindi and Hinglish names (and a topic's description), bounded like the English ones; empty = use English.
const topicTranslations = translationsSchema({ name: z.string().trim().max(120), description: z.string().trim().max(2000) });
const nameTranslations = translationsSchema({ name: z.string().trim().max(120) });
const topicBody = z.object({
  name,
  type_tag: z.enum(['HOT', 'FREE']).optional(),
  description: z.string().trim().max(2000).optional(),
  translations: topicTranslations.optional(),
  pic: pic.optional(),
  sort_order: sortOrder.optional(),
}).strict();
const topicPatch = topicBody.partial().strict();
const categoryBody = z.object({ topic_id: id, name, translations: nameTranslations.optional(), sort_order: sortOrder.optional() }).strict();
const optionBody = z.object({ category_id: id, name, translations: nameTranslations.optional(), sort_order: sortOrder.optional() }).strict();
const renameBody = z.object({
  name: name.optional(), translations: nameTranslations.optional(), sort_order: sortOrder.optional(), pic: pic.optional(),
}).strict();
const bulkName = z.object({ name, translations: nameTranslations.optional() }).strict();
/** An option of bulk/create: a plain English name (what older clients send) or `{name, translations?}`. */
const bulkOption = z.preprocess(
  (v: string | z.input<typeof bulkName>) => (typeof v === 'string' ? { name: v } : v),
  bulkName,
);
const bulkBody = z.object({
  topic_id: id,
  categories: z.array(bulkName.extend({
    options: z.array(bulkOption).max(50).default([]),
  }).strict()).min(1).max(50),
}).strict();
const resetBody = z.object({ confirm: z.literal(true) }).strict();
const stackBody = z.object({
  categories: z.array(z.object({ id: z.string().max(64), options: z.array(z.string().max(64)).max(200).optional() }).strict()).max(200),
}).strict();
const guideBody = z.object({ topic_id: id, content_id: id }).strict();
const guideQuery = z.object({ topic_id: z.string().max(64) }).strict();
const noQuery = z.object({}).strict();

/** The studio's router; `deps` carries its effects on other features (server/api.ts). */
export function studioRoutes(deps: StudioDeps) {
  const reset = (r: ResetResult) => {
    deps.onCountsReset?.(r.changed, r.viewers);
    deps.onPublishedChanged();
    return { reels: r.reels, reactions: r.reactions, views: r.views, progress: r.progress };
  };
  return new Hono<ApiEnv>()
    // ---- Roles (SPEC.md section 7 "Auth") ----
    // GET /auth/api/v1/topic_role - my grants
    .get('/auth/api/v1/topic_role', ...read, query(noQuery), async (c) =>
      c.json({ roles: await listMyGrants(c.var.principal.userId!) }))
    // GET /auth/api/v1/topic/{id}/topic_role - a topic's grants (role.read)
    .get('/auth/api/v1/topic/:id/topic_role', ...read, query(noQuery), async (c) =>
      c.json({ roles: await listTopicGrants(c.var.principal, c.req.param('id')) }))
    // POST /auth/api/v1/topic/{id}/topic_role {user_id, role} - grant (grantableRoles; idempotent)
    .post('/auth/api/v1/topic/:id/topic_role', guards.userWrite('profile'), body(grantBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      return c.json(await changeTopicGrant(c.var.principal, c.req.param('id'), b.user_id, b.role, true));
    })
    // DELETE /auth/api/v1/topic/{id}/topic_role {user_id, role} - revoke (grantableRoles; idempotent)
    .delete('/auth/api/v1/topic/:id/topic_role', guards.userWrite('profile'), body(grantBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      return c.json(await changeTopicGrant(c.var.principal, c.req.param('id'), b.user_id, b.role, false));
    })
    // POST /auth/api/v1/entity_permission {action, topic_id?} - may I?
    .post('/auth/api/v1/entity_permission', guards.userWrite('profile'), body(permissionBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      return c.json({ allowed: await entityPermission(c.var.principal, b.action, b.topic_id ?? null) });
    })
    // GET /auth/api/v1/entity_permission?action=&topic_id= - the same as a query
    .get('/auth/api/v1/entity_permission', ...read, query(permissionBody), async (c) => {
      const q = c.req.valid('query');
      return c.json({ allowed: await entityPermission(c.var.principal, q.action, q.topic_id ?? null) });
    })

    // ---- Review (SPEC.md section 7 "Uploader") ----
    // POST /uploader/api/v1/content/status {content_id, status, reason?} - approve, reject, take down
    .post('/uploader/api/v1/content/status', guards.userWrite('profile'), body(statusBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      const to = b.status;
      const out = await setReviewStatus(c.var.principal, b.content_id, to, to === 'Rejected' ? b.reason!.trim() : null);
      if (out.changed) deps.onPublishedChanged();
      return c.json(out);
    })
    // GET /uploader/api/v1/content/{id} - the reel, its review state and history (maySeeReel, else 404)
    .get('/uploader/api/v1/content/:id', ...read, query(noQuery), async (c) =>
      c.json(await getStudioReel(c.var.principal, c.req.param('id'))))
    // PATCH /uploader/api/v1/content/{id} {description?, option_id?, is_tldr?} - the uploader's edit
    .patch('/uploader/api/v1/content/:id', guards.userWrite('profile'), body(editBody, SMALL), async (c) => {
      const out = await editReel(c.var.principal, c.req.param('id'), c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json(out);
    })
    // GET /uploader/api/v1/video?status=&scope=mine|review&topic_id=&page= - the studio's lists
    .get('/uploader/api/v1/video', ...read, query(listQuery), async (c) => {
      const q = c.req.valid('query');
      return c.json(await listStudioReels(c.var.principal, { status: q.status, scope: q.scope, topicId: q.topic_id, page: q.page }));
    })
    // GET /uploader/api/v1/content_count/review - Pending reels waiting for my review
    .get('/uploader/api/v1/content_count/review', ...read, query(noQuery), async (c) =>
      c.json({ pending: await reviewQueueCount(c.var.principal) }))

    // ---- Topics and taxonomy ----
    // POST, DELETE /uploader/api/v1/{topic|category|option}/{id}/picture - multipart `file` or an image body, at most
    // 5 MB, stored as a 512x512 WebP (topic.edit for a topic, taxonomy.edit of its topic otherwise)
    .post('/uploader/api/v1/:kind{topic|category|option}/:id/picture', guards.userWrite('profile', PICTURE), async (c) => {
      const kind = c.req.param('kind') as PictureOwner;
      const bytes = await readImageUpload(c.req.raw);
      const pic = await setTaxonomyPicture(c.var.principal, kind, c.req.param('id'), bytes);
      deps.onPublishedChanged();
      return c.json({ id: c.req.param('id'), pic });
    })
    .delete('/uploader/api/v1/:kind{topic|category|option}/:id/picture', guards.userWrite('profile', { body: 'any' }), async (c) => {
      const pic = await setTaxonomyPicture(c.var.principal, c.req.param('kind') as PictureOwner, c.req.param('id'), null);
      deps.onPublishedChanged();
      return c.json({ id: c.req.param('id'), pic });
    })
    // POST /uploader/api/v1/topic {name, type_tag?, description?} - a new topic (ADMIN)
    .post('/uploader/api/v1/topic', guards.userWrite('profile'), body(topicBody, TOPIC), async (c) => {
      const t = await createTopic(c.var.principal, c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json({ topic: t }, 201);
    })
    // PATCH /uploader/api/v1/topic/{id} - edit a topic (topic.edit)
    .patch('/uploader/api/v1/topic/:id', guards.userWrite('profile'), body(topicPatch, TOPIC), async (c) => {
      const t = await updateTopic(c.var.principal, c.req.param('id'), c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json({ topic: t });
    })
    // POST /uploader/api/v1/category {topic_id, name} (taxonomy.edit)
    .post('/uploader/api/v1/category', guards.userWrite('profile'), body(categoryBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      const cat = await createCategory(c.var.principal, b.topic_id, b.name, b.sort_order, b.translations);
      deps.onPublishedChanged();
      return c.json({ category: cat }, 201);
    })
    // PATCH /uploader/api/v1/category/{id} {name?, sort_order?, pic?} (taxonomy.edit)
    .patch('/uploader/api/v1/category/:id', guards.userWrite('profile'), body(renameBody, SMALL), async (c) => {
      const cat = await updateCategory(c.var.principal, c.req.param('id'), c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json({ category: cat });
    })
    // POST /uploader/api/v1/option {category_id, name} (taxonomy.edit)
    .post('/uploader/api/v1/option', guards.userWrite('profile'), body(optionBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      const opt = await createOption(c.var.principal, b.category_id, b.name, b.sort_order, b.translations);
      deps.onPublishedChanged();
      return c.json({ option: opt }, 201);
    })
    // PATCH /uploader/api/v1/option/{id} {name?, sort_order?, pic?} (taxonomy.edit)
    .patch('/uploader/api/v1/option/:id', guards.userWrite('profile'), body(renameBody, SMALL), async (c) => {
      const opt = await updateOption(c.var.principal, c.req.param('id'), c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json({ option: opt });
    })
    // POST /uploader/api/v1/bulk/create {topic_id, categories:[{name, translations?, options:[name | {name, translations?}]}]}
    // (taxonomy.edit)
    .post('/uploader/api/v1/bulk/create', guards.userWrite('profile', { ownBody: BULK_CREATE.maxBytes }), body(bulkBody, BULK_CREATE),
      async (c) => {
        const b = c.req.valid('json');
        const out = await bulkCreate(c.var.principal, b.topic_id, { categories: b.categories });
        deps.onPublishedChanged();
        return c.json(out);
      })
    // POST /uploader/api/v1/reset/topic/{id} {confirm:true} (topic.reset: ADMIN)
    .post('/uploader/api/v1/reset/topic/:id', guards.userWrite('profile'), body(resetBody, SMALL), async (c) =>
      c.json(reset(await resetCounts(c.var.principal, 'topic', c.req.param('id')))))
    // POST /uploader/api/v1/reset/category/{id} {confirm:true} (taxonomy.reset)
    .post('/uploader/api/v1/reset/category/:id', guards.userWrite('profile'), body(resetBody, SMALL), async (c) =>
      c.json(reset(await resetCounts(c.var.principal, 'category', c.req.param('id')))))
    // POST /uploader/api/v1/reset/option/{id} {confirm:true} (taxonomy.reset)
    .post('/uploader/api/v1/reset/option/:id', guards.userWrite('profile'), body(resetBody, SMALL), async (c) =>
      c.json(reset(await resetCounts(c.var.principal, 'option', c.req.param('id')))))
    // PUT /uploader/api/v1/profile_stack/{id} {categories:[{id, options:[id]}]} - a topic's order (topic.edit)
    .put('/uploader/api/v1/profile_stack/:id', guards.userWrite('profile'), body(stackBody, BULK), async (c) => {
      const out = await setProfileStack(c.var.principal, c.req.param('id'), c.req.valid('json'));
      deps.onPublishedChanged();
      return c.json(out);
    })
    // POST /uploader/api/v1/upload/guide_video {topic_id, content_id} (topic.edit; an Approved reel of the topic)
    .post('/uploader/api/v1/upload/guide_video', guards.userWrite('profile'), body(guideBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      const out = await setGuideVideo(c.var.principal, b.topic_id, b.content_id);
      deps.onPublishedChanged();
      return c.json(out);
    })
    // GET /uploader/api/v1/upload/guide_video?topic_id= - a topic's guide video (any signed-in user)
    .get('/uploader/api/v1/upload/guide_video', ...read, query(guideQuery), async (c) =>
      c.json(await getGuideVideo(c.req.valid('query').topic_id)));
}
