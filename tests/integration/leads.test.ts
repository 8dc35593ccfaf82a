import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb } from '@/lib/db/client';
import { jobs, leads } from '@/lib/db/schema';
import { startJobWorker, waitForJob, type JobWorker } from '@/lib/jobs/queue';
import type { LeadCreated, SlotsResponse } from '@/features/leads/schemas';
import { LEAD_WEBHOOK_JOB, listLeadsCsv, makeLeadWebhookJobHandler } from '@/features/leads/server/leads';

/**
 * The callback and subsidy forms' API (SPEC.md section 5; issue 3
 * "Handoff"), the CRM webhook job against a real local HTTP server, and
 * the CSV export.
 */
const api = buildApi();

/* A stand-in CRM on an ephemeral port: answers the `plan` statuses of an idempotency key in order, then 200. */
const received: { leadId: string; key: string | undefined; body: { event: string; lead: Record<string, unknown> } }[] = [];
const plan = new Map<string, number[]>();
const crm = http.createServer((req, res) => {
  let data = '';
  req.on('data', (c) => (data += c));
  req.on('end', () => {
    const body = JSON.parse(data) as (typeof received)[number]['body'];
    const leadId = String(body.lead.id);
    const key = req.headers['idempotency-key'] as string | undefined;
    received.push({ leadId, key, body });
    const status = (key && plan.get(key)?.shift()) || 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
});
let crmUrl = '';
let worker: JobWorker;

beforeAll(async () => {
  await new Promise<void>((r) => crm.listen(0, '127.0.0.1', r));
  crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/crm/leads`;
  worker = startJobWorker({
    handlers: { [LEAD_WEBHOOK_JOB]: makeLeadWebhookJobHandler({ url: () => crmUrl }) },
    pollMs: 50,
    backoffBaseMs: 50,
    db: (await getDb()).db,
  });
});

afterAll(async () => {
  await worker.stop();
  await new Promise<void>((r) => crm.close(() => r()));
});

/* Each test's leads and their jobs are removed afterwards (CONVENTIONS.md "Tests"). */
const keys: string[] = [];
afterEach(async () => {
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

function post(path: string, body: unknown, cookie = '') {
  return api.request(path, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body),
  });
}

async function slots(day: 'today' | 'tomorrow'): Promise<SlotsResponse> {
  const res = await api.request(`/api/v1/leads/slots?day=${day}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SlotsResponse;
}

async function callbackBody(patch: Record<string, unknown> = {}) {
  const s = await slots('tomorrow');
  return { idempotency_key: newKey(), name: 'Asha Verma', phone: '98123 45678', day: 'tomorrow', slot: s.slots[0].start, ...patch };
}
const subsidyBody = (patch: Record<string, unknown> = {}) => ({
  idempotency_key: newKey(), name: 'Ravi Kumar', phone: '+91 99876 54321', email: 'ravi@example.in', pin_code: '226001',
  system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h', ...patch,
});

async function leadRow(id: string) {
  const { db } = await getDb();
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}
async function jobOf(leadId: string) {
  const { db } = await getDb();
  const [row] = await db.select().from(jobs).where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), sql`${jobs.payload}->>'lead_id' = ${leadId}`));
  return row;
}

describe('GET /api/v1/leads/slots', () => {
  it('offers tomorrow every business-hours slot in India time, and today only slots an hour ahead', async () => {
    const tomorrow = await slots('tomorrow');
    expect(tomorrow.time_zone).toBe('Asia/Kolkata');
    // Default LEADS_BUSINESS_HOURS 10:00-19:00, LEADS_SLOT_MINUTES 60.
    expect(tomorrow.slots).toHaveLength(9);
    expect(tomorrow.slots[0].start).toBe(`${tomorrow.date}T10:00:00.000+05:30`);
    const today = await slots('today');
    for (const s of today.slots) expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
  });

  it('refuses an unknown day with 422', async () => {
    const res = await api.request('/api/v1/leads/slots?day=monday');
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('validation_failed');
  });
});

describe('POST /api/v1/leads/callback', () => {
  it('stores a valid callback once per idempotency key, with the phone as E.164', async () => {
    const body = await callbackBody();
    const first = await post('/api/v1/leads/callback', body);
    expect(first.status).toBe(201);
    const lead = (await first.json()) as LeadCreated;
    expect(lead).toMatchObject({ kind: 'callback', slot: new Date(body.slot).toISOString() });

    const again = await post('/api/v1/leads/callback', body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(lead);

    const { db } = await getDb();
    const rows = await db.select().from(leads).where(eq(leads.idempotency_key, body.idempotency_key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha Verma', phone: '+919812345678', kind: 'callback' });
    const n = await db.select({ id: jobs.id }).from(jobs)
      .where(and(eq(jobs.kind, LEAD_WEBHOOK_JOB), sql`${jobs.payload}->>'lead_id' = ${lead.id}`));
    expect(n).toHaveLength(1);
  });

  it('makes one lead from concurrent double submits', async () => {
    const body = await callbackBody();
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/v1/leads/callback', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as LeadCreated).id)));
    expect(ids.size).toBe(1);
  });

  it.each([
    ['name', { name: 'Al' }, 'Name must be 3 Character long'],
    ['phone', { phone: '12345 67890' }, 'Please enter valid Mobile Number'],
    ['phone', { phone: '011 2345 6789' }, 'Please enter valid Mobile Number'],
    ['slot', { slot: '' }, 'Please select a time slot'],
    ['slot', { slot: undefined }, 'Please select a time slot'],
  ])('answers 422 naming %s with the exact message', async (field, patch, message) => {
    const res = await post('/api/v1/leads/callback', await callbackBody(patch));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: `${field}: ${message}` } });
  });

  it('says the message in the interface language (NEXT_LOCALE cookie)', async () => {
    const hi = await post('/api/v1/leads/callback', await callbackBody({ name: 'Al' }), 'NEXT_LOCALE=hi');
    expect((await hi.json()).error.message).toBe('name: नाम कम से कम 3 अक्षर का होना चाहिए');
    const he = await post('/api/v1/leads/callback', await callbackBody({ phone: '123' }), 'NEXT_LOCALE=he');
    expect((await he.json()).error.message).toBe('phone: Please sahi Mobile Number daalein');
  });

  it('refuses a slot in the past, one not on the slot grid, and yesterday as "today", with 422', async () => {
    const t = await slots('tomorrow');
    const yesterday = new Date(Date.parse(t.slots[0].start) - 2 * 24 * 3600_000).toISOString();
    const offGrid = new Date(Date.parse(t.slots[0].start) + 30 * 60_000).toISOString();
    for (const [day, slot] of [['today', yesterday], ['tomorrow', yesterday], ['tomorrow', offGrid]]) {
      const res = await post('/api/v1/leads/callback', await callbackBody({ day, slot }));
      expect(res.status, `${day} ${slot}`).toBe(422);
      expect((await res.json()).error.code).toBe('slot_unavailable');
    }
  });

  it('refuses a body that is not JSON with 400 and unknown fields with 422', async () => {
    const bad = await api.request('/api/v1/leads/callback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    const extra = await post('/api/v1/leads/callback', await callbackBody({ admin: true }));
    expect(extra.status).toBe(422);
  });
});

describe('POST /api/v1/leads/subsidy', () => {
  it('stores a valid enquiry with its choices', async () => {
    const body = subsidyBody({ pin_code: '226 001', email: 'Ravi@Example.in' });
    const res = await post('/api/v1/leads/subsidy', body);
    expect(res.status).toBe(201);
    const lead = (await res.json()) as LeadCreated;
    expect(lead).toMatchObject({ kind: 'subsidy', slot: null });
    expect(await leadRow(lead.id)).toMatchObject({
      phone: '+919987654321', email: 'ravi@example.in', pin_code: '226001',
      details: { system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h' },
    });
    const again = await post('/api/v1/leads/subsidy', body);
    expect(again.status).toBe(200);
  });

  it.each([
    ['name', { name: 'Jo' }, 'Name must be 3 Character long'],
    ['phone', { phone: '99876' }, 'Please enter valid Mobile Number'],
    ['email', { email: 'ravi@' }, 'Please enter valid email'],
    ['pin_code', { pin_code: '022600' }, 'Please enter valid PIN Code'],
    ['system_type', { system_type: 'hybrid' }, 'Please select a system type'],
    ['size', { size: '10kW' }, 'Please select a system size'],
    ['power_cut', { power_cut: 'sometimes' }, 'Please select how long power cuts last'],
  ])('answers 422 naming %s with the exact message', async (field, patch, message) => {
    const res = await post('/api/v1/leads/subsidy', subsidyBody(patch));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: { code: 'validation_failed', message: `${field}: ${message}` } });
  });
});

describe('lead_webhook job', () => {
  it('delivers the lead as JSON with its idempotency key and marks it sent', async () => {
    const body = subsidyBody();
    const lead = (await (await post('/api/v1/leads/subsidy', body)).json()) as LeadCreated;
    const job = await waitForJob((await jobOf(lead.id)).id, { timeoutMs: 15_000, intervalMs: 50 });
    expect(job.status).toBe('done');
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(1);
    expect(got[0].key).toBe(body.idempotency_key);
    expect(got[0].body).toMatchObject({ event: 'lead.created', lead: { kind: 'subsidy', phone: '+919987654321', pin_code: '226001' } });
    expect((await leadRow(lead.id)).crm_status).toBe('sent');
  });

  it('retries when the CRM answers 500, then succeeds', async () => {
    const body = await callbackBody();
    plan.set(body.idempotency_key, [500, 500]);
    const lead = (await (await post('/api/v1/leads/callback', body)).json()) as LeadCreated;
    const job = await waitForJob((await jobOf(lead.id)).id, { timeoutMs: 15_000, intervalMs: 50 });
    expect(job.status).toBe('done');
    const got = received.filter((r) => r.leadId === lead.id);
    expect(got).toHaveLength(3);
    expect(job.attempts).toBe(3);
    expect(new Set(got.map((g) => g.key))).toEqual(new Set([body.idempotency_key]));
    expect((await leadRow(lead.id)).crm_status).toBe('sent');
  });

  it('marks the lead failed after the last attempt', async () => {
    const body = subsidyBody();
    plan.set(body.idempotency_key, [503, 503, 503, 503, 503, 503]);
    const lead = (await (await post('/api/v1/leads/subsidy', body)).json()) as LeadCreated;
    const job = await waitForJob((await jobOf(lead.id)).id, { timeoutMs: 20_000, intervalMs: 50 });
    expect(job.status).toBe('failed');
    expect(job.last_error).toContain('HTTP 503');
    // onFinalFailure runs right after the job row turns failed.
    await expect.poll(async () => (await leadRow(lead.id)).crm_status, { timeout: 5000 }).toBe('failed');
  });
});

describe('listLeadsCsv (npm run leads:export)', () => {
  it('contains each lead with a header row, quoting commas and defusing formulas', async () => {
    const a = (await (await post('/api/v1/leads/callback', await callbackBody({ name: 'Verma, Asha' }))).json()) as LeadCreated;
    const b = (await (await post('/api/v1/leads/subsidy', subsidyBody({ name: '=HYPERLINK("x")' }))).json()) as LeadCreated;
    const csv = await listLeadsCsv();
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('id,created_at,kind,name,phone,email,pin_code,slot_start,slot_end,system_type,size,power_cut,context,crm_status');
    const lineA = lines.find((l) => l.startsWith(a.id));
    expect(lineA).toContain(',callback,"Verma, Asha",+919812345678,');
    expect(lineA).toContain(a.slot!);
    const lineB = lines.find((l) => l.startsWith(b.id));
    expect(lineB).toContain(`,subsidy,"'=HYPERLINK(""x"")",+919987654321,ravi@example.in,226001,,,on-grid,3kW+,over-2h,`);
  });
});
