import 'server-only';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { LOCALE_COOKIE } from '@/lib/constants';
import type { ApiEnv } from '@/lib/http/app';
import { guards } from '@/lib/http/guards';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, query } from '@/lib/http/validate';
import { messageText, toLocale } from '@/lib/messages';
import { callbackLeadSchema, slotsQuerySchema, subsidyLeadSchema } from '../schemas';
import { createLead, getSlots } from './leads';

/**
 * The lead forms' endpoints (SPEC.md section 5 forms). SPEC.md section 7
 * lists no path for them: these /api/v1/leads paths are our own.
 * A 422 names the first bad field with its rule's text in the interface
 * language (the NEXT_LOCALE cookie), e.g. "name: Name must be 3 Character long".
 */

/** Translates a form rule's message key into the request's interface language. */
const inUiLanguage = (c: Context) => {
  const locale = toLocale(getCookie(c, LOCALE_COOKIE));
  return (key: string) => messageText(key, locale);
};

/** Our own paths under the logging client's family (SPEC.md section 7 lists /api/ paths). */
export const leadsPrefixes: readonly ApiPrefix[] = ['/api/'];

export const leadRoutes = new Hono<ApiEnv>()
  // GET /api/v1/leads/slots?day=today|tomorrow - callback slots still offered, India time (never cached: they run out)
  .get('/api/v1/leads/slots', query(slotsQuerySchema), (c) => {
    c.header('cache-control', 'no-store');
    return c.json(getSlots(c.req.valid('query').day));
  })
  // POST /api/v1/leads/callback - book a callback; 201 new lead, 200 repeat of its idempotency key
  .post('/api/v1/leads/callback', guards.visitorWrite('leads'), body(callbackLeadSchema, { localize: inUiLanguage }), async (c) => {
    const { lead, created } = await createLead(c.var.principal, { kind: 'callback', ...c.req.valid('json') });
    return c.json(lead, created ? 201 : 200);
  })
  // POST /api/v1/leads/subsidy - a subsidy enquiry; 201 new lead, 200 repeat of its idempotency key
  .post('/api/v1/leads/subsidy', guards.visitorWrite('leads'), body(subsidyLeadSchema, { localize: inUiLanguage }), async (c) => {
    const { lead, created } = await createLead(c.var.principal, { kind: 'subsidy', ...c.req.valid('json') });
    return c.json(lead, created ? 201 : 200);
  });
