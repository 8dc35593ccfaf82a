import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import type { ApiEnv } from '@/lib/http/app';
import { multipartMaxBytes } from '@/lib/http/body';
import { guards } from '@/lib/http/guards';
import { principal, requireRole, requireUser } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, parseOrThrow, query } from '@/lib/http/validate';
import { askerLang, askerLangParam } from '@/lib/http/asker-lang';
import { requestOrigin } from '@/lib/http/request-origin';
import {
  addContact, addContacts, BULK_MAX, CONTACT_NAME_MAX, checkPhone, deleteAllContacts, deleteContact, listContacts,
} from './contacts';
import { CONTACT_FILE_MAX_BYTES, readContactUpload } from './contact-import';
import {
  createDeal, dealFieldsSchema, dealPatchSchema, findDeal, listAllDealsForStaff, listDeals, oneDeal, updateDeal, validateDealAccess,
} from './deals';
import { resyncGoogleContacts } from './google-contacts';
import { getLevel, getReferralProfile, getUserCard, getUserCardByCode, shareQrSvg } from './profile';

/**
 * The referral catalogue's endpoints (docs/api/referrals.md): deals and
 * their customers-only check, staff deal edits, contacts (one, in bulk,
 * from a file, from Google), the phone check before a referral, the
 * referral profile, levels, the public referrer card and the share QR code.
 * Handlers validate and call features/referrals/server/*.ts.
 */

/** The API family of referrals and deals, our own (SPEC.md section 7 names their paths without one; docs/api/referrals.md). */
export const cataloguePrefixes: readonly ApiPrefix[] = ['/referral/'];

const SMALL = { maxBytes: 8 * 1024 };
const DEAL = { maxBytes: 16 * 1024 };
/** Bulk contacts: up to 1000 entries of three JSON nodes each (docs/api/referrals.md: 256 KB). */
const BULK = { maxBytes: 256 * 1024, maxNodes: 3 * BULK_MAX + 16 };
/** A bulk list's route bounds its own body (body(…, BULK)) over the API's 64 KB. */
const BULK_BODY = { ownBody: BULK.maxBytes } as const;
/** A contacts file: a multipart form, read and bounded by readContactUpload (1 MB). */
const FILE_BODY = { body: 'any', ownBody: multipartMaxBytes(CONTACT_FILE_MAX_BYTES) } as const;

/** A read of one's own data. */
const read = [principal(), requireUser()] as const;
/**
 * Every call that looks up phones (the phone check, each contact import)
 * also counts against `phone_lookup`: per signed-in user and per IP, so a
 * list of numbers cannot be walked quickly (lib/http/rate-limit.ts).
 */
const lookup = rateLimit('phone_lookup');

const contactEntry = z.object({ name: z.string().max(1000), phone: z.string().max(64) }).strict();
const contactList = z.array(contactEntry).min(1).max(BULK_MAX);
const contactBody = z.object({ name: z.string().trim().min(1).max(CONTACT_NAME_MAX), phone: z.string().max(64) }).strict();
const bulkBody = z.object({ source: z.enum(['picker', 'vcard', 'csv']), contacts: contactList }).strict();
const listBody = z.object({ contacts: contactList }).strict();
const googleBody = z.object({ access_token: z.string().min(1).max(4096) }).strict();
/** Deleting every contact must be meant: `{confirm: true}` and nothing else. */
const deleteAllBody = z.object({ confirm: z.literal(true) }).strict();
const dealQuery = z.object({
  deal_id: z.string().max(64).optional(),
  url_id: z.string().max(80).optional(),
  source: z.string().max(40).optional(),
  lang: askerLangParam,
}).strict();
const oneDealQuery = z.object({ deal_id: z.string().max(64).optional(), lang: askerLangParam }).strict();
const allDealsQuery = z.object({ lang: askerLangParam }).strict();
const pageParams = z.object({
  page: z.coerce.number().int().min(1).max(100_000),
  page_size: z.coerce.number().int().min(1).max(100),
});

/** The referral catalogue's router (mounted by server/api.ts). */
export function catalogueRoutes() {
  return new Hono<ApiEnv>()
    // Deal texts answer in the asker's language: ?lang=, else the NEXT_LOCALE cookie, else Accept-Language.
    // GET /referral/api/v1/all_deals - active deals with `allowed` for the caller
    .get('/referral/api/v1/all_deals', principal(), query(allDealsQuery), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await listDeals((await getDb()).db, c.var.principal, askerLang(c)));
    })
    // GET /referral/api/v1/deals?deal_id=|url_id=[&source=] - one deal
    .get('/referral/api/v1/deals', principal(), query(dealQuery), async (c) => {
      c.header('cache-control', 'private, no-store');
      const { lang: _lang, ...q } = c.req.valid('query');
      return c.json({ deal: await findDeal((await getDb()).db, c.var.principal, q, askerLang(c)) });
    })
    // GET /referral/api/v1/one_deal[?deal_id=] - one deal, or the first active one
    .get('/referral/api/v1/one_deal', principal(), query(oneDealQuery), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json({ deal: await oneDeal((await getDb()).db, c.var.principal, c.req.valid('query').deal_id, askerLang(c)) });
    })
    // GET /referral/api/v1/deal/validate/{deal_id}/{user_id} - may this user refer with this deal (customers only)?
    .get('/referral/api/v1/deal/validate/:deal_id/:user_id', ...read, async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await validateDealAccess((await getDb()).db, c.var.principal, c.req.param('deal_id'), c.req.param('user_id')));
    })
    // GET /referral/api/v1/staff/all_deals - every deal, inactive ones too, with active and sort_order (staff)
    .get('/referral/api/v1/staff/all_deals', ...read, requireRole('STAFF'), async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await listAllDealsForStaff((await getDb()).db, c.var.principal));
    })
    // POST /referral/api/v1/deals - staff create a deal
    .post('/referral/api/v1/deals', guards.userWrite('referral'), requireRole('STAFF'), body(dealFieldsSchema, DEAL), async (c) => {
      return c.json({ deal: await createDeal((await getDb()).db, c.var.principal, c.req.valid('json')) }, 201);
    })
    // PATCH /referral/api/v1/deals/{id} - staff edit a deal
    .patch('/referral/api/v1/deals/:id', guards.userWrite('referral'), requireRole('STAFF'), body(dealPatchSchema, DEAL), async (c) => {
      return c.json({ deal: await updateDeal((await getDb()).db, c.var.principal, c.req.param('id'), c.req.valid('json')) });
    })
    // GET /referral/api/v1/contact_list/{page}/{page_size} - my contacts by name
    .get('/referral/api/v1/contact_list/:page/:page_size', ...read, async (c) => {
      const { page, page_size } = parseOrThrow(pageParams, c.req.param());
      c.header('cache-control', 'private, no-store');
      return c.json(await listContacts((await getDb()).db, c.var.principal, page, page_size));
    })
    // POST /referral/api/v4/contact - add one contact (201; 200 with the existing one)
    .post('/referral/api/v4/contact', guards.userWrite('referral'), lookup, body(contactBody, SMALL), async (c) => {
      const { contact, created } = await addContact((await getDb()).db, c.var.principal, c.req.valid('json'));
      return c.json({ contact }, created ? 201 : 200);
    })
    // POST /referral/api/v5/contact - add contacts in bulk (picker, vcard, csv)
    .post('/referral/api/v5/contact', guards.userWrite('referral', BULK_BODY), lookup, body(bulkBody, BULK), async (c) => {
      const b = c.req.valid('json');
      return c.json(await addContacts((await getDb()).db, c.var.principal, b.source, b.contacts));
    })
    // POST /referral/api/v1/local-contact - contacts from the device
    .post('/referral/api/v1/local-contact', guards.userWrite('referral', BULK_BODY), lookup, body(listBody, BULK), async (c) => {
      return c.json(await addContacts((await getDb()).db, c.var.principal, 'device', c.req.valid('json').contacts));
    })
    // POST /referral/api/v1/migrate/contact - contacts kept on the device before sign-in
    .post('/referral/api/v1/migrate/contact', guards.userWrite('referral', BULK_BODY), lookup, body(listBody, BULK), async (c) => {
      return c.json(await addContacts((await getDb()).db, c.var.principal, 'migrated', c.req.valid('json').contacts));
    })
    // POST /referral/api/v1/contact/import - multipart `file`: a vCard or CSV file, at most 1 MB
    .post('/referral/api/v1/contact/import', guards.userWrite('referral', FILE_BODY), lookup, async (c) => {
      const { source, entries } = await readContactUpload(c.req.raw);
      return c.json(await addContacts((await getDb()).db, c.var.principal, source, entries));
    })
    // POST /referral/api/v1/google-contact/resync - contacts from the People API with the user's access token
    .post('/referral/api/v1/google-contact/resync', guards.userWrite('referral'), lookup, body(googleBody, SMALL), async (c) => {
      return c.json(await resyncGoogleContacts((await getDb()).db, c.var.principal, c.req.valid('json').access_token));
    })
    // DELETE /referral/api/v1/contact {confirm: true} - delete all my contacts at once
    .delete('/referral/api/v1/contact', guards.userWrite('referral'), body(deleteAllBody, SMALL), async (c) => {
      return c.json(await deleteAllContacts((await getDb()).db, c.var.principal));
    })
    // DELETE /referral/api/v1/contact/{id} - delete one of my contacts
    .delete('/referral/api/v1/contact/:id', guards.userWrite('referral', { body: 'any' }), async (c) => {
      return c.json(await deleteContact((await getDb()).db, c.var.principal, c.req.param('id')));
    })
    // GET /referral/api/v1/validate/{deal_id}/{phone} - may I refer this phone with this deal?
    .get('/referral/api/v1/validate/:deal_id/:phone', ...read, lookup, async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await checkPhone((await getDb()).db, c.var.principal, c.req.param('deal_id'), c.req.param('phone')));
    })
    // GET /referral/api/v1/get_profile - my code, share link, level and totals
    .get('/referral/api/v1/get_profile', ...read, async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await getReferralProfile((await getDb()).db, c.var.principal, requestOrigin(c)));
    })
    // GET /referral/api/v1/level/{user_id}/{deal_id|all} - a user's level
    .get('/referral/api/v1/level/:user_id/:deal_id', ...read, async (c) => {
      c.header('cache-control', 'private, no-store');
      return c.json(await getLevel((await getDb()).db, c.var.principal, c.req.param('user_id'), c.req.param('deal_id')));
    })
    // GET /referral/api/v1/user_data/code/{code} - the same card by referral code (the invite page's link has the code)
    .get('/referral/api/v1/user_data/code/:code', async (c) => {
      const card = await getUserCardByCode((await getDb()).db, c.req.param('code'));
      c.header('cache-control', 'public, max-age=60');
      return c.json(card);
    })
    // GET /referral/api/v1/user_data/{user_id} - a referrer's public card (first name, picture, level)
    .get('/referral/api/v1/user_data/:user_id', async (c) => {
      const card = await getUserCard((await getDb()).db, c.req.param('user_id'));
      c.header('cache-control', 'public, max-age=60');
      return c.json(card);
    })
    // GET /referral/api/v1/qrcode/{user_id}/{deal_id} - the QR code (SVG) of my share link for a deal
    .get('/referral/api/v1/qrcode/:user_id/:deal_id', ...read, async (c) => {
      const svg = await shareQrSvg((await getDb()).db, c.var.principal, c.req.param('user_id'), c.req.param('deal_id'), requestOrigin(c));
      c.header('content-type', 'image/svg+xml; charset=utf-8');
      c.header('cache-control', 'private, max-age=3600');
      return c.body(svg);
    });
}
