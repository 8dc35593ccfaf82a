import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '@/lib/http/app';
import { askerLang, askerLangParam, langOnlyQuerySchema } from '@/lib/http/asker-lang';
import { guards } from '@/lib/http/guards';
import { principal, requireUser } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { requestOrigin } from '@/lib/http/request-origin';
import { body, parseOrThrow, query } from '@/lib/http/validate';
import { DEAL_STEPS } from '../deal-steps';
import { recordClick } from './attribution';
import { cancelDeal, doneDeals, getDeal, moveDealStep, sendReminder, staffDeals } from './deal-progress';
import { addNote, listNotes } from './notes';
import { getRequest, inbox, outbox, referrerList } from './requests';
import { requestAction } from './requests-answer';
import { sendRefereeRequest, sendReferrerRequest } from './requests-send';

/**
 * The request and deal endpoints of docs/api/referrals.md: sending
 * requests (referrer and referee), inbox and outbox, answering, a deal's
 * steps, reminders, cancel, notes, done deals, the staff list, and the
 * share link `GET /r/{code}`. Handlers validate and call
 * features/referrals/server/{requests,deal-progress,notes,attribution}.ts.
 * Every answer with a request or a deal view names the deal in the asker's
 * language (`?lang=`, else the NEXT_LOCALE cookie, else Accept-Language:
 * lib/http/asker-lang.ts); each such route takes `lang` in its query
 * (another value is a 422 `validation_failed`).
 */

/** The referral family (docs/api/referrals.md) and the share link's `/r/` (our own). */
export const requestPrefixes: readonly ApiPrefix[] = ['/referral/', '/r/'];

const V1 = '/referral/api/v1';
const SMALL = { maxBytes: 8 * 1024 };
/** Reads of one's own data. */
const read = [principal(), requireUser()] as const;

const key = z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
const id = z.string().max(100);
const pageParam = z.coerce.number().int().min(1).max(100_000);

const sendBody = z.object({
  deal_id: id, phone: z.string().trim().min(1).max(32), name: z.string().trim().max(100),
  idempotency_key: key, lang: z.enum(['en', 'hi', 'he']).optional(),
}).strict();
const refereeSendBody = z.object({ referrer_code: z.string().trim().min(1).max(32), deal_id: id, idempotency_key: key }).strict();
const pageQuery = z.object({ page: pageParam.default(1), lang: askerLangParam }).strict();
const idQuery = z.object({ id, lang: askerLangParam }).strict();
const actionBody = z.object({
  request_id: id, action: z.enum(['accept', 'decline', 'cancel']),
  consumer_number: z.string().trim().max(40).optional(), address: z.string().trim().max(500).optional(),
}).strict();
const stepBody = z.object({ to: z.enum(DEAL_STEPS), note: z.string().trim().max(1000).optional() }).strict();
const cancelBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
const noteBody = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
const staffQuery = z.object({ step: z.enum(DEAL_STEPS).optional(), page: pageParam.default(1), lang: askerLangParam }).strict();
/**
 * The query of the routes that answer a request or a deal view and take no
 * other query: only `lang`, the language of the deal's texts and the reward's
 * deal title (else the NEXT_LOCALE cookie, else Accept-Language:
 * lib/http/asker-lang.ts).
 */
const langQuery = query(langOnlyQuerySchema);
const clientKey = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/);

/** A path page number (404 when not one). */
function pageOfParam(v: string): number {
  return parseOrThrow(pageParam, v);
}

/** Request and deal routes, mounted in server/api.ts. */
export function requestRoutes() {
  return new Hono<ApiEnv>()
    // POST referrer/send_request?lang= {deal_id, phone, name, idempotency_key, lang?} -> 201 {request, invite}; resend 200
    // (the body's lang is the invite text's; the query's, the answer's deal texts)
    .post(`${V1}/referrer/send_request`, guards.userWrite('referral'), langQuery, body(sendBody, SMALL), async (c) => {
      const out = await sendReferrerRequest(c.var.principal, c.req.valid('json'), requestOrigin(c), askerLang(c));
      return c.json({ request: out.request, invite: out.invite }, out.created ? 201 : 200);
    })
    // POST referee/send_request?lang= {referrer_code, deal_id, idempotency_key} -> 201 {request}; resend 200
    .post(`${V1}/referee/send_request`, guards.userWrite('referral'), langQuery, body(refereeSendBody, SMALL), async (c) => {
      const out = await sendRefereeRequest(c.var.principal, c.req.valid('json'), askerLang(c));
      return c.json({ request: out.request }, out.created ? 201 : 200);
    })
    // GET inbox?page=&lang= / outbox?page=&lang=
    .get(`${V1}/inbox`, ...read, query(pageQuery), async (c) =>
      c.json(await inbox(c.var.principal, c.req.valid('query').page, askerLang(c))))
    .get(`${V1}/outbox`, ...read, query(pageQuery), async (c) =>
      c.json(await outbox(c.var.principal, c.req.valid('query').page, askerLang(c))))
    // GET get_request?id=&lang=
    .get(`${V1}/get_request`, ...read, query(idQuery), async (c) =>
      c.json({ request: await getRequest(c.var.principal, c.req.valid('query').id, askerLang(c)) }))
    // POST request/action?lang= {request_id, action, consumer_number?, address?}
    .post(`${V1}/request/action`, guards.userWrite('referral'), langQuery, body(actionBody, SMALL), async (c) =>
      c.json({ request: await requestAction(c.var.principal, c.req.valid('json'), askerLang(c)) }))
    // GET referrer_list/{user_id}/{page}?lang=
    .get(`${V1}/referrer_list/:userId/:page`, ...read, langQuery, async (c) =>
      c.json(await referrerList(c.var.principal, c.req.param('userId'), pageOfParam(c.req.param('page')), askerLang(c))))
    // GET deals/get/{referral_id}?lang=
    .get(`${V1}/deals/get/:id`, ...read, langQuery, async (c) =>
      c.json({ deal: await getDeal(c.var.principal, c.req.param('id'), askerLang(c)) }))
    // POST deals/{referral_id}/step?lang= {to, note?}
    .post(`${V1}/deals/:id/step`, guards.userWrite('referral'), langQuery, body(stepBody, SMALL), async (c) => {
      const b = c.req.valid('json');
      return c.json({ deal: await moveDealStep(c.var.principal, c.req.param('id'), b.to, b.note, askerLang(c)) });
    })
    // POST deals/{referral_id}/reminder?lang= (no body)
    .post(`${V1}/deals/:id/reminder`, guards.userWrite('referral', { body: 'any' }), langQuery, async (c) =>
      c.json({ deal: await sendReminder(c.var.principal, c.req.param('id'), askerLang(c)) }))
    // POST deals/{referral_id}/cancel?lang= {reason} (staff)
    .post(`${V1}/deals/:id/cancel`, guards.userWrite('referral'), langQuery, body(cancelBody, SMALL), async (c) =>
      c.json({ deal: await cancelDeal(c.var.principal, c.req.param('id'), c.req.valid('json').reason, askerLang(c)) }))
    // GET deals/notes/{referral_id}/{page}
    .get(`${V1}/deals/notes/:id/:page`, ...read, async (c) =>
      c.json(await listNotes(c.var.principal, c.req.param('id'), pageOfParam(c.req.param('page')))))
    // POST deals/notes/{referral_id}/{client_key} {body}
    .post(`${V1}/deals/notes/:id/:key`, guards.userWrite('referral'), body(noteBody, SMALL), async (c) => {
      const k = parseOrThrow(clientKey, c.req.param('key'));
      const out = await addNote(c.var.principal, c.req.param('id'), k, c.req.valid('json').body);
      return c.json({ note: out.note }, out.created ? 201 : 200);
    })
    // GET done_deals/{user_id}?lang=
    .get(`${V1}/done_deals/:userId`, ...read, langQuery, async (c) =>
      c.json(await doneDeals(c.var.principal, c.req.param('userId'), askerLang(c))))
    // GET staff/deals?step=&page=&lang=
    .get(`${V1}/staff/deals`, ...read, query(staffQuery), async (c) => {
      const { step, page } = c.req.valid('query');
      return c.json(await staffDeals(c.var.principal, { step, page }, askerLang(c)));
    })
    // GET /r/{code}?deal=<url_id>&utm_*= -> 302 /invite/{code}?deal=... (the click recorded for the visitor)
    .get('/r/:code', principal(), async (c) => {
      const q = c.req.query();
      const to = await recordClick(c.var.principal.visitorId, c.req.param('code'), q.deal, q);
      c.header('cache-control', 'no-store');
      return c.redirect(to, 302);
    });
}
