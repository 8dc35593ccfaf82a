import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { visitorPrincipal } from '@/lib/auth/principal';
import { getDb } from '@/lib/db/client';
import { jobs, leads } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/errors';
import { startJobWorker, waitForJob, type JobRow, type JobWorker } from '@/lib/jobs/queue';
import { callbackLeadSchema, subsidyLeadSchema, type LeadCreated, type SlotsResponse } from '@/features/leads/schemas';
import {
  createLead, getSlots, LEAD_WEBHOOK_JOB, listLeadsCsv, makeLeadWebhookJobHandler, requeuePendingLeads,
  type LeadWebhookPayload,
} from '@/features/leads/server/leads';
import { spawnTsx } from '../fixtures/spawn';

/**
 * The callback and subsidy leads (SPEC.md section 5): createLead at a fixed
 * clock (so no test straddles midnight India time), the forms' endpoints,
 * the signed CRM webhook job against real local HTTP servers, the requeue
 * of leads stranded without a webhook URL, and the CSV export.
 */
const api = buildApi();

/** Monday 10 March 2025, noon in India: today's slots run 13:00-19:00, tomorrow is the 11th. */
const NOW = new Date('2025-03-10T12:00:00+05:30');
const SECRET = 'test-webhook-secret-0123456789';

/*
 * A stand-in CRM on an ephemeral port: answers the `plan` statuses of an
 * idempotency key in order, then 200; a key in `holds` waits for its promise
 * before answering (a delivery under way).
 */
interface Received {
  leadId: string;
  key: string | undefined;
  signature: string | undefined;
  raw: Buffer;
  body: { event: string; lead: Record<string, unknown> };
}
const received: Received[] = [];
const plan = new Map<string, number[]>();
const holds = new Map<string, Promise<void>>();
const crm = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const raw = Buffer.concat(chunks);
    const body = JSON.parse(raw.toString('utf8')) as Received['body'];
    const key = req.headers['idempotency-key'] as string | undefined;
    received.push({ leadId: String(body.lead.id), key, signature: req.headers['x-signature-256'] as string | undefined, raw, body });
    if (key) await holds.get(key);
    const status = (key && plan.get(key)?.shift()) || 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
});
/* A CRM address that redirects elsewhere, and the elsewhere, which must never hear from us. */
let sinkHits = 0;
const sink = http.createServer((req, res) => {
  sinkHits += 1;
  req.resume();
  res.writeHead(200).end('{}');
});
let sinkUrl = '';
const redirector = http.createServer((req, res) => {
  req.resume();
  res.writeHead(302, { location: sinkUrl }).end();
});

let crmUrl = '';
let redirectUrl = '';
/** Where the test worker's handler sends leads; undefined plays "LEADS_WEBHOOK_URL unset". */
let targetUrl: string | undefined;
let worker: JobWorker;

const listen = async (s: http.Server, p = '/') => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}${p}`;
};

beforeAll(async () => {
  crmUrl = await listen(crm, '/crm/leads');
  sinkUrl = await listen(sink, '/elsewhere');
  redirectUrl = await listen(redirector, '/crm/leads');
  targetUrl = crmUrl;
  worker = startJobWorker({
    handlers: { [LEAD_WEBHOOK_JOB]: makeLeadWebhookJobHandler({ url: () => targetUrl, secret: () => SECRET }) },
    pollMs: 50,
    backoffBaseMs: 50,
    db: (await getDb()).db,
  });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all([crm, sink, redirector].map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/* Each test's leads and their jobs are removed afterwards (CONVENTIONS.md "Tests"). */
const keys: string[] = [];
afterEach(async () => {
  targetUrl = crmUrl;
  const { db } = await getDb();
  const rows = keys.length ? await db.select({ id: leads.id }).from(leads).where(inArray(leads.idempotency_key, keys)) : [];
  if (rows.length) {
    await db.delete(jobs).where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), inArray(sql`${jobs.payload}->>'lead_id'`, rows.map((r) => r.id))));
    await db.delete(leads).where(inArray(leads.idempotency_key, keys));
  }
  keys.length = 0;
});
const newKey = () => {
  const k = randomUUID();
  keys.push(k);
  return k;
};
/** A visitor id of the server's shape (20 alphanumerics), different per call. */
const newVisitor = () => randomUUID().replace(/-/g, '').slice(0, 20);

/** A callback form as the API hands it to createLead (parsed: phone E.164), for tomorrow's first slot at NOW. */
function callbackInput(patch: Record<string, unknown> = {}) {
  const raw = { idempotency_key: newKey(), name: 'Asha Verma', phone: '98123 45678', day: 'tomorrow', slot: '2025-03-11T10:00:00.000+05:30', ...patch };
  return { kind: 'callback' as const, ...callbackLeadSchema.parse(raw) };
}
const subsidyBody = (patch: Record<string, unknown> = {}) => ({
  idempotency_key: newKey(), name: 'Ravi Kumar', phone: '+91 99876 54321', email: 'ravi@example.in', pin_code: '226001',
  system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h', ...patch,
});
const subsidyInput = (patch: Record<string, unknown> = {}) => ({ kind: 'subsidy' as const, ...subsidyLeadSchema.parse(subsidyBody(patch)) });

async function leadRow(id: string) {
  const { db } = await getDb();
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}
async function jobsOf(leadId: string) {
  const { db } = await getDb();
  return db.select().from(jobs).where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), sql`${jobs.payload}->>'lead_id' = ${leadId}`)).orderBy(jobs.id);
}
const waitDone = async (leadId: string) =>
  waitForJob((await jobsOf(leadId))[0].id, { timeoutMs: 20_000, intervalMs: 50 });

/* ---- createLead and getSlots, at the fixed clock NOW ---- */

describe('getSlots', () => {
  it('offers, at noon in India, today from 13:00 and tomorrow all nine slots of the 11th', () => {
    const today = getSlots('today', NOW);
    expect(today).toMatchObject({ day: 'today', date: '2025-03-10', time_zone: 'Asia/Kolkata' });
    expect(today.slots.map((s) => s.start)).toEqual(
      ['13', '14', '15', '16', '17', '18'].map((h) => `2025-03-10T${h}:00:00.000+05:30`),
    );
    const tomorrow = getSlots('tomorrow', NOW);
    expect(tomorrow.date).toBe('2025-03-11');
    expect(tomorrow.slots).toHaveLength(9);
    expect(tomorrow.slots[0]).toEqual({ start: '2025-03-11T10:00:00.000+05:30', end: '2025-03-11T11:00:00.000+05:30' });
  });
});

describe('createLead', () => {
  it('stores a callback once per visitor and idempotency key, with the phone as E.164 and one delivery job', async () => {
    const visitor = visitorPrincipal(newVisitor());
    const input = callbackInput();
    const first = await createLead(visitor, input, { now: NOW });
    expect(first.created).toBe(true);
    expect(first.lead).toMatchObject({ kind: 'callback', slot: '2025-03-11T04:30:00.000Z' });

    const again = await createLead(visitor, input, { now: NOW });
    expect(again).toEqual({ lead: first.lead, created: false });

    const { db } = await getDb();
    const rows = await db.select().from(leads).where(eq(leads.idempotency_key, input.idempotency_key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha Verma', phone: '+919812345678', kind: 'callback', viewer_id: visitor.visitorId });
    expect(rows[0].details).toMatchObject({ day: 'tomorrow', slot_end: '2025-03-11T05:30:00.000Z', time_zone: 'Asia/Kolkata' });
    expect(await jobsOf(first.lead.id)).toHaveLength(1);
  });

  it("gives another visitor who sends the same key a lead of its own, never the first visitor's", async () => {
    const asha = visitorPrincipal(newVisitor());
    const mallory = visitorPrincipal(newVisitor());
    const input = callbackInput();
    const ashas = await createLead(asha, input, { now: NOW });
    const malloryInput = { ...input, name: 'Mallory', slot: '2025-03-11T15:00:00+05:30' };
    const theirs = await createLead(mallory, malloryInput, { now: NOW });
    expect(theirs.created).toBe(true);
    expect(theirs.lead.id).not.toBe(ashas.lead.id);
    expect(theirs.lead.slot).toBe('2025-03-11T09:30:00.000Z');
    // Each visitor's repeat returns its own lead.
    expect((await createLead(mallory, malloryInput, { now: NOW })).lead).toEqual(theirs.lead);
    expect((await createLead(asha, input, { now: NOW })).lead).toEqual(ashas.lead);
    // The key names Mallory's own lead: sent again with Asha's form it is refused, not answered with either lead.
    await expect(createLead(mallory, input, { now: NOW })).rejects.toMatchObject({ status: 422, code: 'idempotency_key_reused' });
    expect((await leadRow(theirs.lead.id)).name).toBe('Mallory');
    expect((await leadRow(ashas.lead.id)).name).toBe('Asha Verma');
  });

  it('makes one lead from concurrent double submits of one visitor', async () => {
    const visitor = visitorPrincipal(newVisitor());
    const input = subsidyInput();
    const answers = await Promise.all([1, 2, 3].map(() => createLead(visitor, input, { now: NOW })));
    expect(answers.map((a) => a.created).sort()).toEqual([false, false, true]);
    expect(new Set(answers.map((a) => a.lead.id)).size).toBe(1);
    expect(await jobsOf(answers[0].lead.id)).toHaveLength(1);
  });

  it('refuses a slot that is past, under an hour ahead, off the grid, out of hours or of another day, storing nothing', async () => {
    const visitor = visitorPrincipal(newVisitor());
    for (const [day, slot] of [
      ['today', '2025-03-10T11:00:00+05:30'], // past
      ['today', '2025-03-10T12:30:00+05:30'], // under an hour ahead (and off the grid)
      ['tomorrow', '2025-03-11T10:30:00+05:30'], // off the grid
      ['tomorrow', '2025-03-11T19:00:00+05:30'], // closing time
      ['today', '2025-03-11T10:00:00+05:30'], // tomorrow's slot sent as today
      ['tomorrow', '2025-03-10T15:00:00+05:30'], // today's slot sent as tomorrow
    ]) {
      const input = callbackInput({ day, slot });
      const err = await createLead(visitor, input, { now: NOW }).catch((e: unknown) => e);
      expect(err, `${day} ${slot}`).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 422, code: 'slot_unavailable' });
    }
    const { db } = await getDb();
    expect(await db.select().from(leads).where(inArray(leads.idempotency_key, keys))).toEqual([]);
  });

  it('reads "today" and "tomorrow" as India days on either side of midnight IST', async () => {
    const visitor = visitorPrincipal(newVisitor());
    const beforeMidnight = new Date('2025-03-10T23:59:00+05:30'); // 18:29 UTC
    const afterMidnight = new Date('2025-03-11T00:01:00+05:30'); // 18:31 UTC, still the 10th in UTC
    const slot = '2025-03-11T10:00:00+05:30';
    expect((await createLead(visitor, callbackInput({ day: 'tomorrow', slot }), { now: beforeMidnight })).created).toBe(true);
    expect((await createLead(visitor, callbackInput({ day: 'today', slot }), { now: afterMidnight })).created).toBe(true);
    await expect(createLead(visitor, callbackInput({ day: 'tomorrow', slot }), { now: afterMidnight }))
      .rejects.toMatchObject({ code: 'slot_unavailable' });
  });

  it('stores a subsidy enquiry with its choices', async () => {
    const { lead, created } = await createLead(visitorPrincipal(newVisitor()), subsidyInput({ pin_code: '226 001', email: 'Ravi@Example.in' }), { now: NOW });
    expect(created).toBe(true);
    expect(lead).toMatchObject({ kind: 'subsidy', slot: null });
    expect(await leadRow(lead.id)).toMatchObject({
      phone: '+919987654321', email: 'ravi@example.in', pin_code: '226001',
      details: { system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h' },
    });
  });

  it('reports a database failure without the form\'s personal data (drizzle puts the parameters in its message)', async () => {
    const input = subsidyInput({ name: 'Secret Name', email: 'secret@example.in' });
    // A kind the table's check refuses makes the insert fail.
    const err = await createLead(visitorPrincipal(newVisitor()), { ...input, kind: 'other' as 'subsidy' }, { now: NOW })
      .then(() => new Error('stored'), (e: unknown) => e as Error);
    expect(err.message).toContain('SQLSTATE 23514');
    const seen = `${err.message} ${err.stack} ${String(err.cause ?? '')}`;
    for (const secret of ['Secret Name', 'secret@example.in', '+919987654321', '9987654321']) expect(seen).not.toContain(secret);
  });

  it('refuses a call without a visitor id rather than storing an ownerless lead', async () => {
    const nobody = { ...visitorPrincipal(''), visitorId: undefined as unknown as string };
    await expect(createLead(nobody, subsidyInput(), { now: NOW })).rejects.toThrow(/visitor id/);
  });
});

/* ---- The endpoints (server clock: only requests whose outcome does not depend on the day) ---- */

/** Headers of an API client holding a visitor id the server issued (POST /auth/api/v1/visitor). */
async function visitorHeaders(): Promise<Record<string, string>> {
  const res = await api.request('/auth/api/v1/visitor', { method: 'POST' });
  expect(res.status).toBe(201);
  return { 'x-fingerprint-id': ((await res.json()) as { token: string }).token };
}

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(pathname, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
}

describe('GET /api/v1/leads/slots', () => {
  it('offers tomorrow every business-hours slot in India time, and today only slots an hour ahead', async () => {
    const res = await api.request('/api/v1/leads/slots?day=tomorrow');
    expect(res.status).toBe(200);
    const tomorrow = (await res.json()) as SlotsResponse;
    expect(tomorrow.time_zone).toBe('Asia/Kolkata');
    // Default LEADS_BUSINESS_HOURS 10:00-19:00, LEADS_SLOT_MINUTES 60.
    expect(tomorrow.slots).toHaveLength(9);
    expect(tomorrow.slots[0].start).toBe(`${tomorrow.date}T10:00:00.000+05:30`);
    const today = (await (await api.request('/api/v1/leads/slots?day=today')).json()) as SlotsResponse;
    for (const s of today.slots) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
  });

  it('refuses an unknown day with 422', async () => {
    const res = await api.request('/api/v1/leads/slots?day=monday');
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('validation_failed');
  });
});

describe('POST /api/v1/leads/subsidy', () => {
  it('answers 201 for a new enquiry, 200 for its repeat, and 201 with a new lead for another visitor with the same key', async () => {
    const asha = await visitorHeaders();
    const body = subsidyBody();
    const first = await post('/api/v1/leads/subsidy', body, asha);
    expect(first.status).toBe(201);
    const lead = (await first.json()) as LeadCreated;
    const again = await post('/api/v1/leads/subsidy', body, asha);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(lead);

    const other = await post('/api/v1/leads/subsidy', body, await visitorHeaders());
    expect(other.status).toBe(201);
    expect(((await other.json()) as LeadCreated).id).not.toBe(lead.id);
  });

  it.each([
    ['without an email', { email: undefined }],
    ['with a blank email', { email: '  ' }],
  ])('answers 201 for an enquiry %s and stores no email (name, mobile and PIN code are enough)', async (_, patch) => {
    const res = await post('/api/v1/leads/subsidy', subsidyBody(patch), await visitorHeaders());
    expect(res.status).toBe(201);
    const row = await leadRow(((await res.json()) as LeadCreated).id);
    expect(row).toMatchObject({ kind: 'subsidy', name: 'Ravi Kumar', phone: '+919987654321', pin_code: '226001', email: null });
  });

  it.each([
    ['name', { name: 'Jo' }, 'Name must be 3 Character long'],
    ['name', { name: '' }, 'Please enter your name'],
    ['phone', { phone: '99876' }, 'Please enter valid Mobile Number'],
    ['phone', { phone: '' }, 'Please enter your mobile number'],
    ['pin_code', { pin_code: '' }, 'Please enter your PIN code'],
    ['email', { email: 'ravi@' }, 'Please enter valid email'],
    ['email', { email: 'ravi at example.in' }, 'Please enter valid email'],
    ['pin_code', { pin_code: '022600' }, 'Please enter valid PIN Code'],
    ['system_type', { system_type: 'hybrid' }, 'Please select a system type'],
    ['size', { size: '10kW' }, 'Please select a system size'],
    ['power_cut', { power_cut: 'sometimes' }, 'Please select how long power cuts last'],
  ])('answers 422 naming %s with the exact message', async (field, patch, message) => {
    const res = await post('/api/v1/leads/subsidy', subsidyBody(patch), await visitorHeaders());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: `${field}: ${message}` } });
  });
});

describe('POST /api/v1/leads/callback', () => {
  const callbackBody = (patch: Record<string, unknown> = {}) => ({
    idempotency_key: newKey(), name: 'Asha Verma', phone: '98123 45678', day: 'tomorrow', slot: '2025-03-11T10:00:00+05:30', ...patch,
  });

  it.each([
    ['name', { name: 'Al' }, 'Name must be 3 Character long'],
    ['phone', { phone: '12345 67890' }, 'Please enter valid Mobile Number'],
    ['phone', { phone: '011 2345 6789' }, 'Please enter valid Mobile Number'],
    ['slot', { slot: '' }, 'Please select a time slot'],
    ['slot', { slot: undefined }, 'Please select a time slot'],
  ])('answers 422 naming %s with the exact message', async (field, patch, message) => {
    const res = await post('/api/v1/leads/callback', callbackBody(patch), await visitorHeaders());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: `${field}: ${message}` } });
  });

  it('says the message in the interface language (NEXT_LOCALE cookie)', async () => {
    const hi = await post('/api/v1/leads/callback', callbackBody({ name: 'Al' }), { ...(await visitorHeaders()), cookie: 'NEXT_LOCALE=hi' });
    expect((await hi.json()).error.message).toBe('name: नाम कम से कम 3 अक्षर का होना चाहिए');
    const he = await post('/api/v1/leads/callback', callbackBody({ phone: '123' }), { ...(await visitorHeaders()), cookie: 'NEXT_LOCALE=he' });
    expect((await he.json()).error.message).toBe('phone: Please sahi Mobile Number daalein');
    const hiEmpty = await post('/api/v1/leads/callback', callbackBody({ name: '' }), { ...(await visitorHeaders()), cookie: 'NEXT_LOCALE=hi' });
    expect((await hiEmpty.json()).error.message).toBe('name: कृपया अपना नाम डालें');
  });

  it('refuses a slot long past with 422 slot_unavailable', async () => {
    const res = await post('/api/v1/leads/callback', callbackBody({ day: 'today', slot: '2025-03-10T15:00:00+05:30' }), await visitorHeaders());
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('slot_unavailable');
  });

  it('refuses a body that is not JSON with 400 and unknown fields with 422', async () => {
    const headers = await visitorHeaders();
    const bad = await api.request('/api/v1/leads/callback', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{' });
    expect(bad.status).toBe(400);
    const extra = await post('/api/v1/leads/callback', callbackBody({ admin: true }), headers);
    expect(extra.status).toBe(422);
  });
});

/* ---- CRM delivery ---- */

/** True when `signature` is `sha256=` + the HMAC-SHA256 of `raw` under SECRET (the CRM's check, written independently). */
function verifies(raw: Buffer, signature: string | undefined): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', SECRET).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('lead_webhook job', () => {
  it('delivers the lead as JSON with its idempotency key and a signature that verifies, and marks it sent', async () => {
    const input = subsidyInput();
    const { lead } = await createLead(visitorPrincipal(newVisitor()), input, { now: NOW });
    expect((await waitDone(lead.id)).status).toBe('done');
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(1);
    expect(got[0].key).toBe(input.idempotency_key);
    expect(got[0].body).toMatchObject({ event: 'lead.created', lead: { kind: 'subsidy', phone: '+919987654321', pin_code: '226001' } });
    expect(got[0].signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifies(got[0].raw, got[0].signature)).toBe(true);
    // Another secret, or one changed byte, does not verify.
    const tampered = Buffer.from(got[0].raw.toString('utf8').replace('Ravi Kumar', 'Ravi Kumaar'));
    expect(verifies(tampered, got[0].signature)).toBe(false);
    expect(got[0].signature).not.toBe(`sha256=${createHmac('sha256', 'another-secret-0123456789').update(got[0].raw).digest('hex')}`);
    expect((await leadRow(lead.id)).crm_status).toBe('sent');
  });

  it('sends no signature header when no secret is configured', async () => {
    targetUrl = undefined;
    const { lead } = await createLead(visitorPrincipal(newVisitor()), subsidyInput(), { now: NOW });
    await waitDone(lead.id);
    const unsigned = makeLeadWebhookJobHandler({ url: () => crmUrl, secret: () => undefined });
    const job = { id: 0, kind: LEAD_WEBHOOK_JOB, attempts: 1 } as JobRow<LeadWebhookPayload>;
    await unsigned.run({ lead_id: lead.id }, { job, signal: new AbortController().signal, progress: () => undefined });
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(1);
    expect(got[0].signature).toBeUndefined();
  });

  it('retries when the CRM answers 500, then succeeds', async () => {
    const input = callbackInput();
    plan.set(input.idempotency_key, [500, 500]);
    const { lead } = await createLead(visitorPrincipal(newVisitor()), input, { now: NOW });
    const job = await waitDone(lead.id);
    expect(job.status).toBe('done');
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(3);
    expect(job.attempts).toBe(3);
    expect(new Set(got.map((g) => g.key))).toEqual(new Set([input.idempotency_key]));
    expect((await leadRow(lead.id)).crm_status).toBe('sent');
  });

  it('marks the lead failed after the last attempt', async () => {
    const input = subsidyInput();
    plan.set(input.idempotency_key, [503, 503, 503, 503, 503, 503]);
    const { lead } = await createLead(visitorPrincipal(newVisitor()), input, { now: NOW });
    const job = await waitDone(lead.id);
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('HTTP 503');
    // onFinalFailure runs right after the job row turns failed.
    await expect.poll(async () => (await leadRow(lead.id)).crm_status, { timeout: 5000 }).toBe('failed');
  });

  it('never follows a redirect: each 302 is a failed attempt and the target of the redirect receives nothing', async () => {
    targetUrl = redirectUrl;
    const before = sinkHits;
    const { lead } = await createLead(visitorPrincipal(newVisitor()), subsidyInput(), { now: NOW });
    const job = await waitDone(lead.id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(5);
    expect(job.last_error).toContain('HTTP 302');
    await expect.poll(async () => (await leadRow(lead.id)).crm_status, { timeout: 5000 }).toBe('failed');
    expect(sinkHits - before).toBe(0);
  });
});

describe('requeuePendingLeads', () => {
  it('delivers a lead stored while no webhook URL was set exactly once, even when two requeues run at once', async () => {
    targetUrl = undefined;
    const { lead } = await createLead(visitorPrincipal(newVisitor()), subsidyInput(), { now: NOW });
    // Without a URL the job ends and the lead stays pending, unsent.
    expect((await waitDone(lead.id)).status).toBe('done');
    expect((await leadRow(lead.id)).crm_status).toBe('pending');
    expect(received.filter((r) => r.leadId === lead.id)).toHaveLength(0);

    targetUrl = crmUrl;
    const [a, b] = await Promise.all([requeuePendingLeads(), requeuePendingLeads()]);
    expect([...a, ...b].filter((id) => id === lead.id)).toHaveLength(1);
    await expect.poll(async () => (await leadRow(lead.id)).crm_status, { timeout: 15_000 }).toBe('sent');

    // Sent: a later requeue leaves it alone, and no second delivery is waiting.
    expect(await requeuePendingLeads()).not.toContain(lead.id);
    const all = await jobsOf(lead.id);
    expect(all).toHaveLength(2);
    await waitForJob(all[1].id, { timeoutMs: 5000, intervalMs: 50 });
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(1);
    expect(verifies(got[0].raw, got[0].signature)).toBe(true);
  });

  it('adds nothing for a pending lead whose delivery is under way', async () => {
    const input = subsidyInput();
    let release = () => {};
    holds.set(input.idempotency_key, new Promise<void>((r) => (release = r)));
    const { lead } = await createLead(visitorPrincipal(newVisitor()), input, { now: NOW });
    try {
      // The CRM has the request and has not answered: the job is running, the lead still pending.
      await expect.poll(() => received.some((r) => r.leadId === lead.id), { timeout: 10_000 }).toBe(true);
      expect((await leadRow(lead.id)).crm_status).toBe('pending');
      expect(await requeuePendingLeads()).not.toContain(lead.id);
    } finally {
      release();
    }
    expect((await waitDone(lead.id)).status).toBe('done');
    expect(await jobsOf(lead.id)).toHaveLength(1);
    expect(received.filter((r) => r.leadId === lead.id)).toHaveLength(1);
  });
});

/* ---- Export ---- */

describe('listLeadsCsv (npm run leads:export)', () => {
  it('contains each lead with a header row, quoting commas and defusing formulas', async () => {
    const visitor = visitorPrincipal(newVisitor());
    const { lead: a } = await createLead(visitor, callbackInput({ name: 'Verma, Asha' }), { now: NOW });
    const { lead: b } = await createLead(visitor, subsidyInput({ name: '=HYPERLINK("x")' }), { now: NOW });
    const csv = await listLeadsCsv();
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('id,created_at,kind,name,phone,email,pin_code,slot_start,slot_end,system_type,size,power_cut,context,crm_status');
    const lineA = lines.find((l) => l.startsWith(a.id));
    expect(lineA).toContain(',callback,"Verma, Asha",+919812345678,');
    expect(lineA).toContain(a.slot!);
    const lineB = lines.find((l) => l.startsWith(b.id));
    expect(lineB).toContain(`,subsidy,"'=HYPERLINK(""x"")",+919987654321,ravi@example.in,226001,,,on-grid,3kW+,over-2h,`);
  });

  it('writes --out as a file only its owner can read, also over an existing world-readable file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-export-'));
    try {
      const out = path.join(dir, 'leads.csv');
      // The script on a database of its own (an empty PGlite): this test is about the file, not the rows.
      const run = async () => {
        const child = spawnTsx('scripts/leads-export.ts', ['--out', out], { DATABASE_URL: undefined, DATA_DIR: dir, LOG_LEVEL: 'silent' });
        expect((await child.exited).code).toBe(0);
      };
      await run();
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/^id,created_at,kind,name,phone,/);

      fs.writeFileSync(out, 'old contents\n', { mode: 0o644 });
      fs.chmodSync(out, 0o644);
      await run();
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/^id,created_at,kind,name,phone,/);
      // No temporary file is left beside it.
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
