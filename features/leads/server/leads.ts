import 'server-only';
import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Principal } from '@/lib/auth/principal';
import { getDb, type Db } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { assertSameRequest, requestHash } from '@/lib/http/idempotency';
import { enqueue, jobEvents, type JobHandler } from '@/lib/jobs/queue';
import { logger } from '@/lib/logger';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { emitServerEvent } from '@/lib/events/server-events';
import type { CallbackDay, CallbackLead, LeadCreated, SlotsResponse, SubsidyLead } from '../schemas';
import { isSlotOffered, parseBusinessHours, slotDate, slotsFor, SLOTS_TIME_ZONE, type SlotOptions } from '../lib/slots';

/**
 * Leads from the callback and subsidy forms (SPEC.md section 5): stored once
 * per visitor and idempotency key, handed to the CRM by a durable
 * `lead_webhook` job enqueued in the same transaction (so a lead never
 * exists without its delivery job), signed with LEADS_WEBHOOK_SECRET,
 * exported as CSV. Names, phones and emails never reach a log line: logs
 * carry the lead id only.
 */

/** Job kind that POSTs one lead to LEADS_WEBHOOK_URL. */
export const LEAD_WEBHOOK_JOB = 'lead_webhook';
/** Delivery attempts before crm_status becomes 'failed' (the queue backs off exponentially between them). */
export const LEAD_WEBHOOK_ATTEMPTS = 5;
/** One webhook call's time limit, ms. */
export const LEAD_WEBHOOK_TIMEOUT_MS = 10_000;
/** Header carrying the body's HMAC-SHA256 (GitHub's webhook scheme). */
export const LEAD_SIGNATURE_HEADER = 'x-signature-256';

/** Payload of a `lead_webhook` job: the lead's id only, so no personal data sits in the jobs table or its logs. */
export interface LeadWebhookPayload {
  lead_id: string;
}

/**
 * A partner's form (features/partners), validated by that partner's
 * formDetails: stored as a 'callback' lead carrying `partner_id`, its
 * optional message in `details`. A form that asks no name stores ''.
 */
export interface PartnerLead {
  partner_id: string;
  idempotency_key: string;
  phone: string;
  name?: string;
  email?: string;
  pin_code?: string;
  message?: string;
}

/** A validated form, tagged with the form it came from. */
export type LeadInput = ({ kind: 'callback' } & CallbackLead) | ({ kind: 'subsidy' } & SubsidyLead) | ({ kind: 'partner' } & PartnerLead);

/** The slot rules as configured (env LEADS_BUSINESS_HOURS, LEADS_SLOT_MINUTES). */
export function slotOptions(): SlotOptions {
  const e = env();
  return { hours: parseBusinessHours(e.LEADS_BUSINESS_HOURS), slotMinutes: e.LEADS_SLOT_MINUTES };
}

/**
 * The callback slots offered now for `day` (GET /api/v1/leads/slots).
 * `now` defaults to the server clock; the slots are India time whatever the
 * server's zone (features/leads/lib/slots.ts).
 */
export function getSlots(day: CallbackDay, now: Date = new Date()): SlotsResponse {
  return { day, date: slotDate(day, now), time_zone: SLOTS_TIME_ZONE, slots: slotsFor(day, now, slotOptions()) };
}

type LeadRow = typeof leads.$inferSelect;

function toCreated(row: LeadRow): LeadCreated {
  const details = row.details as { slot_start?: string };
  return {
      id: row.id,
      kind: row.kind as LeadCreated['kind'],
      created_at: row.created_at.toISOString(),
      slot: details.slot_start ?? null,
  };
}

async function findByKey(viewerId: string, key: string): Promise<LeadRow | undefined> {
  const { db } = await getDb();
  const [row] = await db.select().from(leads).where(and(eq(leads.viewer_id, viewerId), eq(leads.idempotency_key, key)));
  return row;
}

/**
 * A database error without its row data: drizzle's error message lists the
 * query's parameters (name, phone, email), and the error handler logs
 * messages and causes, so only the SQLSTATE code travels on.
 */
function withoutRowData(err: unknown): Error {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : typeof e.code === 'string' ? e.code : null;
  return new Error(`storing the lead failed${code ? ` (SQLSTATE ${code})` : ''}`);
}

/**
 * Stores a lead for `principal`'s visitor and enqueues its CRM delivery,
 * once per (visitor, idempotency key): the same visitor's repeat with the
 * same validated form returns its first lead unchanged (`created` false)
 * and enqueues nothing, also when two submits race (INSERT ... ON CONFLICT
 * DO NOTHING on the pair). The form is kept as its request hash
 * (lib/http/idempotency.ts): a repeat of the key with another form (kind
 * included) is refused rather than dropped. Another visitor sending the
 * same key gets a lead of its own, never the first visitor's. A callback's
 * slot must still be offered at `now` (default the server clock; SPEC.md
 * section 5).
 * @throws ApiError 422 `slot_unavailable` when the slot is past, too soon
 * (under an hour ahead) or outside business hours; 422
 * `idempotency_key_reused` when the key already made a lead of another form.
 * @throws Error when `principal` has no visitor id, or the database fails
 * (the message holds the SQLSTATE, never the form's data).
 */
export async function createLead(
  principal: Principal,
  input: LeadInput,
  opts: { now?: Date } = {},
): Promise<{ lead: LeadCreated; created: boolean }> {
  const viewerId = principal?.visitorId;
  if (typeof viewerId !== 'string' || viewerId === '') throw new Error('createLead needs the caller\'s principal with a visitor id');
  const hash = requestHash(input);
  const first = await findByKey(viewerId, input.idempotency_key);
  if (first) {
    assertSameRequest(first.request_hash, hash);
    return { lead: toCreated(first), created: false };
  }

  let details: Record<string, unknown>;
  if (input.kind === 'partner') {
    details = { source: 'partner_form', message: input.message ?? null };
  } else if (input.kind === 'callback') {
    const now = opts.now ?? new Date();
    const options = slotOptions();
    if (!isSlotOffered(input.slot, input.day, now, options)) {
      throw new ApiError(422, 'slot_unavailable', 'slot: This time slot is no longer available. Please pick another.');
    }
    const start = new Date(input.slot);
    details = {
      day: input.day,
      slot_start: start.toISOString(),
      slot_end: new Date(start.getTime() + options.slotMinutes * 60_000).toISOString(),
      time_zone: SLOTS_TIME_ZONE,
      context: input.context ?? null,
    };
  } else {
    details = { system_type: input.system_type, size: input.size, power_cut: input.power_cut, context: input.context ?? null };
  }

  const { db } = await getDb();
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values({
      kind: input.kind === 'partner' ? 'callback' : input.kind,
      viewer_id: viewerId,
      idempotency_key: input.idempotency_key,
      name: input.name ?? '',
      phone: input.phone,
      email: input.kind === 'callback' ? null : input.email ?? null,
      pin_code: input.kind === 'callback' ? null : input.pin_code ?? null,
      partner_id: input.kind === 'partner' ? input.partner_id : null,
      details,
      request_hash: hash,
    }).onConflictDoNothing({ target: [leads.viewer_id, leads.idempotency_key] }).returning();
    if (row) await enqueue(LEAD_WEBHOOK_JOB, { lead_id: row.id } satisfies LeadWebhookPayload, { db: tx, maxAttempts: LEAD_WEBHOOK_ATTEMPTS });
    // The funnel's lead stage (docs/decisions/011), once per lead.
    if (row) await emitServerEvent(tx, { type: SERVER_EVENTS.lead, viewerId, userId: principal.userId, ingestKey: row.id, partnerId: row.partner_id, payload: { kind: row.kind } });
    return row;
  }).catch((err: unknown) => {
    throw withoutRowData(err);
  });
  if (inserted) {
    logger().info({ leadId: inserted.id, kind: inserted.kind }, 'lead stored; CRM delivery queued');
    return { lead: toCreated(inserted), created: true };
  }
  // Lost a race with this visitor's submit carrying the same key: answer with the winner's lead.
  const winner = await findByKey(viewerId, input.idempotency_key);
  if (!winner) throw new Error('lead vanished after an idempotency-key conflict');
  assertSameRequest(winner.request_hash, hash);
  return { lead: toCreated(winner), created: false };
}

/** The JSON the CRM receives: the lead as stored (phone E.164, times ISO 8601 UTC). */
export function webhookBody(row: LeadRow) {
  return {
    event: 'lead.created',
    lead: {
      id: row.id,
      kind: row.kind,
      name: row.name,
      phone: row.phone,
      email: row.email,
      pin_code: row.pin_code,
      details: row.details,
      partner_id: row.partner_id,
      created_at: row.created_at.toISOString(),
    },
  };
}

async function setCrmStatus(leadId: string, status: 'sent' | 'failed'): Promise<void> {
  const { db } = await getDb();
  await db.update(leads).set({ crm_status: status }).where(eq(leads.id, leadId));
}

/**
 * The `X-Signature-256` value of a webhook body: `sha256=` and the lowercase
 * hex HMAC-SHA256 of the exact body bytes (UTF-8) keyed with `secret`,
 * GitHub's webhook scheme. The CRM recomputes it over the raw bytes it
 * received and compares in constant time.
 */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * The `lead_webhook` job: POSTs the lead as JSON to LEADS_WEBHOOK_URL (read
 * at run time) with an `Idempotency-Key` header (the lead's own key, so the
 * CRM can drop a repeat after a lost answer) and, when LEADS_WEBHOOK_SECRET
 * is set, `X-Signature-256` (webhookSignature), then marks the lead
 * crm_status 'sent'.
 *
 * No timestamp is signed: a replayed call can only re-deliver the same
 * signed body, i.e. the same lead id, which the CRM drops like any repeat;
 * it can neither alter a lead nor make a new one.
 *
 * Redirects are never followed (the body carries personal data, and a 3xx
 * could point it anywhere): a 3xx answer, like any non-2xx, a timeout
 * (LEAD_WEBHOOK_TIMEOUT_MS) or a network error, fails the attempt, which
 * the durable queue retries with back-off; after LEAD_WEBHOOK_ATTEMPTS the
 * lead becomes 'failed'. A lead already 'sent' is not sent again. With
 * LEADS_WEBHOOK_URL unset the lead stays 'pending' (it is still in
 * `npm run leads:export`) until a process starts with a URL and
 * requeuePendingLeads sends it.
 */
export const leadWebhookJobHandler: JobHandler<LeadWebhookPayload> = makeLeadWebhookJobHandler();

/**
 * The `lead_webhook` handler with the webhook URL and signing secret taken
 * from `opts.url` and `opts.secret` (called per attempt; default env
 * LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET). Tests point it at a local
 * server started after the config was read.
 */
export function makeLeadWebhookJobHandler(
  opts: { url?: () => string | undefined; secret?: () => string | undefined } = {},
): JobHandler<LeadWebhookPayload> {
  const webhookUrl = opts.url ?? (() => env().LEADS_WEBHOOK_URL);
  const webhookSecret = opts.secret ?? (() => env().LEADS_WEBHOOK_SECRET);
  return {
  async run({ lead_id }, ctx) {
    const log = logger().child({ component: 'leads', leadId: lead_id });
    const { db } = await getDb();
    const [row] = await db.select().from(leads).where(eq(leads.id, lead_id));
    if (!row) {
      log.warn('lead to deliver no longer exists');
      return;
    }
    if (row.crm_status === 'sent') {
      log.info('lead already delivered to the CRM; not sent again');
      return;
    }
    const url = webhookUrl();
    if (!url) {
      log.warn('LEADS_WEBHOOK_URL is not set; the lead stays pending until a process starts with one');
      return;
    }
    const body = JSON.stringify(webhookBody(row));
    const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': row.idempotency_key };
    const secret = webhookSecret();
    if (secret) headers[LEAD_SIGNATURE_HEADER] = webhookSignature(body, secret);
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(LEAD_WEBHOOK_TIMEOUT_MS)]),
    });
    // Drain the body so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined);
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      throw new Error(`CRM webhook answered HTTP ${res.status} (a redirect, not followed)`);
    }
    if (!res.ok) throw new Error(`CRM webhook answered HTTP ${res.status}`);
    await setCrmStatus(lead_id, 'sent');
    log.info({ attempt: ctx.job.attempts }, 'lead delivered to the CRM');
  },
  async onFinalFailure({ lead_id }, reason) {
    logger().error({ leadId: lead_id, reason }, 'lead could not be delivered to the CRM');
    await setCrmStatus(lead_id, 'failed');
  },
  };
}

/** Any 64-bit number unique to this lock; hashtext keeps it readable and clear of other advisory locks. */
const REQUEUE_LOCK = sql`hashtext('leads.requeue_pending')`;

/**
 * Enqueues a `lead_webhook` job for every lead still crm_status 'pending'
 * that has no queued or running job: leads stored while LEADS_WEBHOOK_URL
 * was unset (their job ended without sending) and any other stranded one.
 * Safe to run from several processes at once: the insert runs in a
 * transaction holding an advisory lock, so the second caller waits, then
 * sees the first one's jobs and adds none (on PostgreSQL, READ COMMITTED
 * takes the statement's snapshot after the lock). The CRM also gets the
 * lead's `Idempotency-Key` on every call.
 * @returns the ids of the leads queued now, oldest lead first.
 */
export async function requeuePendingLeads(opts: { db?: Db } = {}): Promise<string[]> {
  const db = opts.db ?? (await getDb()).db;
  const queued = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REQUEUE_LOCK})`);
    const res = (await tx.execute(sql`
      insert into jobs (kind, payload, max_attempts)
      select ${LEAD_WEBHOOK_JOB}, jsonb_build_object('lead_id', l.id::text), ${LEAD_WEBHOOK_ATTEMPTS}::int
      from leads l
      where l.crm_status = 'pending'
        and not exists (
          select 1 from jobs j
          where j.kind = ${LEAD_WEBHOOK_JOB} and j.status in ('queued', 'running')
            and j.payload->>'lead_id' = l.id::text)
      order by l.created_at, l.id
      returning id, payload->>'lead_id' as lead_id`)) as unknown as { rows: { id: unknown; lead_id: string }[] };
    return res.rows.map((r) => ({ jobId: Number(r.id), leadId: r.lead_id }));
  });
  // Wake idle workers now rather than at their next poll.
  for (const q of queued) jobEvents().emit('enqueued', { jobId: q.jobId, kind: LEAD_WEBHOOK_JOB, payload: { lead_id: q.leadId } });
  return queued.map((q) => q.leadId);
}

let configWarned = false;

/**
 * Start-up step of a worker process (server/worker.ts): warns once when
 * LEADS_WEBHOOK_URL is unset (leads stay 'pending') or LEADS_WEBHOOK_SECRET
 * is (calls go unsigned), and with a URL set hands every stranded pending
 * lead to requeuePendingLeads. Never throws: a failure is logged and the
 * leads wait for the next start.
 */
export async function resumeLeadDelivery(opts: { db?: Db } = {}): Promise<void> {
  const log = logger().child({ component: 'leads' });
  const e = env();
  if (!configWarned) {
    configWarned = true;
    if (!e.LEADS_WEBHOOK_URL) log.warn('LEADS_WEBHOOK_URL is not set: new leads stay pending until a process starts with one');
    else if (!e.LEADS_WEBHOOK_SECRET) log.warn('LEADS_WEBHOOK_SECRET is not set: CRM webhook calls go unsigned');
  }
  if (!e.LEADS_WEBHOOK_URL) return;
  try {
    const ids = await requeuePendingLeads(opts);
    if (ids.length) log.info({ count: ids.length }, 'pending leads queued for CRM delivery');
  } catch (err) {
    log.error({ err }, 'could not queue pending leads for CRM delivery; the next start tries again');
  }
}

/** Columns of the CSV export, in order. */
export const LEADS_CSV_COLUMNS = [
  'id', 'created_at', 'kind', 'name', 'phone', 'email', 'pin_code', 'slot_start', 'slot_end',
  'system_type', 'size', 'power_cut', 'context', 'crm_status',
] as const;

/**
 * A spreadsheet would run a free-text cell that starts with = + - @ as a
 * formula (CSV injection, OWASP); such cells get a leading apostrophe.
 * Only free text: phone numbers are E.164 and start with "+" legitimately.
 */
function safeText(v: string | null | undefined): string {
  if (!v) return '';
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/**
 * Every lead, oldest first, as CSV with a header row (RFC 4180 quoting by
 * csv-stringify). Times are ISO 8601 UTC. For `npm run leads:export`.
 */
export async function listLeadsCsv(): Promise<string> {
  const { db } = await getDb();
  const rows = await db.select().from(leads).orderBy(asc(leads.created_at), asc(leads.id));
  const records = rows.map((r) => {
    const d = r.details as Record<string, string | null | undefined>;
    return [
      r.id, r.created_at.toISOString(), r.kind, safeText(r.name), r.phone, safeText(r.email), r.pin_code ?? '',
      d.slot_start ?? '', d.slot_end ?? '', d.system_type ?? '', d.size ?? '', d.power_cut ?? '', safeText(d.context),
      r.crm_status,
    ];
  });
  const csv = stringify(records, { header: true, columns: [...LEADS_CSV_COLUMNS] });
  // With no records csv-stringify ends the header without a newline; a CSV file ends every row with one.
  return csv.endsWith('\n') ? csv : `${csv}\n`;
}
