import 'server-only';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Principal } from '@/lib/auth/principal';
import { LOCALE_COOKIE } from '@/lib/constants';
import type { ApiEnv } from '@/lib/http/app';
import { multipartMaxBytes } from '@/lib/http/body';
import { guards } from '@/lib/http/guards';
import { principal, requireRole, requireUser } from '@/lib/http/principal';
import { partnerNotFound } from '@/lib/http/shared-errors';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, parseOrThrow, query } from '@/lib/http/validate';
import { IMAGE_MAX_BYTES, readImageUpload } from '@/lib/media/image';
import { messageText, toLocale } from '@/lib/messages';
import {
  createPartnerSchema, guideVideoSchema, imageQuerySchema, PARTNER_FORM_MAX_BYTES, partnerFormSchema, partnerIdSchema,
  partnerTopicsSchema, updatePartnerSchema, type PartnerFormResult,
} from '../schemas';
import {
  createPartner, getPartnerAdmin, getPartnerGuideVideo, getPublicPartner, listPartners, listUserSubmissions,
  setPartnerGuideVideo, setPartnerLogo, setPartnerTopics, updatePartner,
} from './partners';

/**
 * The partner endpoints (SPEC.md section 7 "Partner": {id}/data,
 * user/{id}/data, guide_video/{id}, form/{id}, image, topic/update/{id};
 * the admin list/create/edit under /partner/api/v1/admin/ are our own;
 * docs/api/partners.md). Writes: JSON (or an image), same origin, a known
 * visitor, a rate limit, a bounded body; admin writes need the ADMIN role.
 */

/** The API family of partners (SPEC.md section 7 "Partner"). */
export const partnersPrefixes: readonly ApiPrefix[] = ['/partner/'];

/** What the partners feature tells the rest of the app; wired in server/api.ts. */
export interface PartnerDeps {
  /** A partner changed (configs, topics, activity): drop cached feed pages. */
  onChanged(): void;
  /**
   * Stores the form as a lead with the partner's id, once per visitor and
   * idempotency key, and queues its CRM delivery (features/leads).
   */
  createLead(principal: Principal, input: {
    kind: 'partner'; partner_id: string; idempotency_key: string; phone: string;
    name?: string; email?: string; pin_code?: string; message?: string;
  }): Promise<{ lead: { id: string; created_at: string }; created: boolean }>;
}

const SMALL = { maxBytes: 8 * 1024 };

/** The logo: a raw image or a multipart form, read and bounded by readImageUpload (5 MB, lib/media/image.ts). */
const PICTURE = { body: 'any', ownBody: multipartMaxBytes(IMAGE_MAX_BYTES) } as const;
/** Every admin read. */
const adminRead = [principal(), requireRole('ADMIN')] as const;

const noQuery = z.strictObject({});

/** The partner id of the path, or the 404 every unknown partner gets (a malformed id cannot name one). */
function idParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!partnerIdSchema.safeParse(id).success) throw partnerNotFound();
  return id;
}

/** A form rule's message key in the request's interface language (the NEXT_LOCALE cookie). */
const inUiLanguage = (c: Context) => {
  const locale = toLocale(getCookie(c, LOCALE_COOKIE));
  return (key: string) => messageText(key, locale);
};

/** The partners router; `deps` carries its effects on other features (server/api.ts). */
export function partnerRoutes(deps: PartnerDeps) {
  return new Hono<ApiEnv>()
    // ---- Admin (ADMIN role) ----
    // GET /partner/api/v1/admin/partners - every partner, active or not, with its topics
    .get('/partner/api/v1/admin/partners', ...adminRead, query(noQuery), async (c) =>
      c.json({ partners: await listPartners() }))
    // GET /partner/api/v1/admin/partners/{id} - one partner, active or not
    .get('/partner/api/v1/admin/partners/:id', ...adminRead, query(noQuery), async (c) =>
      c.json(await getPartnerAdmin(idParam(c))))
    // POST /partner/api/v1/admin/partners - create; 201, or 409 partner_exists
    .post('/partner/api/v1/admin/partners', guards.staffWrite('ADMIN', 'profile'), body(createPartnerSchema, SMALL), async (c) => {
      const out = await createPartner(c.req.valid('json'));
      deps.onChanged();
      return c.json(out, 201);
    })
    // PATCH /partner/api/v1/admin/partners/{id} - edit any fields (active: false deactivates)
    .patch('/partner/api/v1/admin/partners/:id', guards.staffWrite('ADMIN', 'profile'), body(updatePartnerSchema, SMALL), async (c) => {
      const out = await updatePartner(idParam(c), c.req.valid('json'));
      deps.onChanged();
      return c.json(out);
    })
    // DELETE /partner/api/v1/admin/partners/{id} - deactivate (the row, its leads and topics stay)
    .delete('/partner/api/v1/admin/partners/:id', guards.staffWrite('ADMIN', 'profile', { body: 'any' }), async (c) => {
      const out = await updatePartner(idParam(c), { active: false });
      deps.onChanged();
      return c.json(out);
    })
    // POST /partner/api/v1/image?partner_id= - the partner's logo: multipart `file` or an image body, at most 5 MB,
    // stored as a 256x256 WebP without metadata
    .post('/partner/api/v1/image', guards.staffWrite('ADMIN', 'profile', PICTURE), query(imageQuerySchema), async (c) => {
      const id = c.req.valid('query').partner_id;
      const bytes = await readImageUpload(c.req.raw);
      const logo = await setPartnerLogo(id, bytes);
      deps.onChanged();
      return c.json({ partner_id: id, logo_url: logo });
    })
    // DELETE /partner/api/v1/image?partner_id= - remove the logo
    .delete('/partner/api/v1/image', guards.staffWrite('ADMIN', 'profile', { body: 'any' }), query(imageQuerySchema), async (c) => {
      const id = c.req.valid('query').partner_id;
      const logo = await setPartnerLogo(id, null);
      deps.onChanged();
      return c.json({ partner_id: id, logo_url: logo });
    })
    // POST /partner/api/v1/topic/update/{id} {topic_ids} - the partner's topics in feed order ([] = all)
    .post('/partner/api/v1/topic/update/:id', guards.staffWrite('ADMIN', 'profile'), body(partnerTopicsSchema, SMALL), async (c) => {
      const topicIds = await setPartnerTopics(idParam(c), c.req.valid('json').topic_ids);
      deps.onChanged();
      return c.json({ partner_id: c.req.param('id'), topic_ids: topicIds });
    })
    // POST /partner/api/v1/guide_video/{id} {content_id|null} - the partner's guide reel (ready, Approved)
    .post('/partner/api/v1/guide_video/:id', guards.staffWrite('ADMIN', 'profile'), body(guideVideoSchema, SMALL), async (c) =>
      c.json(await setPartnerGuideVideo(idParam(c), c.req.valid('json').content_id)))

    // ---- Public ----
    // GET /partner/api/v1/guide_video/{id} - an active partner's guide reel id (null when none)
    .get('/partner/api/v1/guide_video/:id', principal(), query(noQuery), async (c) =>
      c.json(await getPartnerGuideVideo(idParam(c))))
    // GET /partner/api/v1/user/{id}/data - the signed-in user's submissions of the partner's form
    .get('/partner/api/v1/user/:id/data', principal(), requireUser(), query(noQuery), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json({ submissions: await listUserSubmissions(c.var.principal, idParam(c)) });
    })
    // POST /partner/api/v1/form/{id} - the partner's form; 201 new lead, 200 repeat of its idempotency key
    .post('/partner/api/v1/form/:id', guards.visitorWrite('leads'),
      body(z.record(z.string(), z.unknown()), { maxBytes: PARTNER_FORM_MAX_BYTES, maxDepth: 2, maxNodes: 20 }),
      async (c) => {
        const partner = await getPublicPartner(idParam(c));
        const form = parseOrThrow(partnerFormSchema(partner.formDetails.fields), c.var.body, inUiLanguage(c));
        const { lead, created } = await deps.createLead(c.var.principal, {
          kind: 'partner', partner_id: partner.id, idempotency_key: form.idempotency_key, phone: form.phone!,
          name: form.name, email: form.email, pin_code: form.pin_code, message: form.message || undefined,
        });
        const out: PartnerFormResult = { id: lead.id, created_at: lead.created_at, thank_you: partner.formDetails.thank_you };
        return c.json(out, created ? 201 : 200);
      })
    // GET /partner/api/v1/{id}/data - an active partner: id, name, ctaText, formDetails, ui_config, buttons, logo
    .get('/partner/api/v1/:id/data', principal(), query(noQuery), async (c) =>
      c.json(await getPublicPartner(idParam(c))));
}
