import { asc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { getDb } from '@/lib/db/client';
import { leads } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/http/errors';
import { enqueue, type JobHandler } from '@/lib/jobs/queue';
import { logger } from '@/lib/logger';
import type { CallbackDay, CallbackLead, LeadCreated, SlotsResponse, SubsidyLead } from '../schemas';
import { isSlotOffered, parseBusinessHours, slotDate, slotsFor, SLOTS_TIME_ZONE, type SlotOptions } from '../lib/slots';

/**
 * Leads from the callback and subsidy forms (SPEC.md section 5; issue 3
 * "Handoff"): stored once per idempotency key, handed to the CRM by a
 * durable `lead_webhook` job enqueued in the same transaction (so a lead
 * never exists without its delivery job), exported as CSV.
 */

/** Job kind that POSTs one lead to LEADS_WEBHOOK_URL. */
export const LEAD_WEBHOOK_JOB = 'lead_webhook';
/** Delivery attempts before crm_status becomes 'failed' (the queue backs off exponentially between them). */
export const LEAD_WEBHOOK_ATTEMPTS = 5;
/** One webhook call's time limit, ms. */
export const LEAD_WEBHOOK_TIMEOUT_MS = 10_000;

export interface LeadWebhookPayload {
  lead_id: string;
}

/** A validated form, tagged with the form it came from. */
export type LeadInput = ({ kind: 'callback' } & CallbackLead) | ({ kind: 'subsidy' } & SubsidyLead);

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

async function findByKey(key: string): Promise<LeadRow | undefined> {
  const { db } = await getDb();
  const [row] = await db.select().from(leads).where(eq(leads.idempotency_key, key));
  return row;
}

/**
 * Stores a lead and enqueues its CRM delivery, once per idempotency key: a
 * repeat with a key already stored returns the first lead unchanged
 * (`created` false) and enqueues nothing, also when two submits race
 * (INSERT ... ON CONFLICT DO NOTHING). A callback's slot must still be
 * offered at the server clock `now` (SPEC.md section 5).
 * @throws ApiError 422 `slot_unavailable` when the slot is past, too soon
 * (under an hour ahead) or outside business hours.
 */
export async function createLead(
  viewerId: string | null,
  input: LeadInput,
  opts: { now?: Date } = {},
): Promise<{ lead: LeadCreated; created: boolean }> {
  const first = await findByKey(input.idempotency_key);
  if (first) return { lead: toCreated(first), created: false };

  let details: Record<string, unknown>;
  if (input.kind === 'callback') {
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
      kind: input.kind,
      viewer_id: viewerId,
      idempotency_key: input.idempotency_key,
      name: input.name,
      phone: input.phone,
      email: input.kind === 'subsidy' ? input.email : null,
      pin_code: input.kind === 'subsidy' ? input.pin_code : null,
      details,
    }).onConflictDoNothing({ target: leads.idempotency_key }).returning();
    if (row) await enqueue(LEAD_WEBHOOK_JOB, { lead_id: row.id } satisfies LeadWebhookPayload, { db: tx, maxAttempts: LEAD_WEBHOOK_ATTEMPTS });
    return row;
  });
  if (inserted) {
    logger().info({ leadId: inserted.id, kind: inserted.kind }, 'lead stored; CRM delivery queued');
    return { lead: toCreated(inserted), created: true };
  }
  // Lost a race with a submit carrying the same key: answer with the winner's lead.
  const winner = await findByKey(input.idempotency_key);
  if (!winner) throw new Error('lead vanished after an idempotency-key conflict');
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
      created_at: row.created_at.toISOString(),
    },
  };
}

async function setCrmStatus(leadId: string, status: 'sent' | 'failed'): Promise<void> {
  const { db } = await getDb();
  await db.update(leads).set({ crm_status: status }).where(eq(leads.id, leadId));
}

/**
 * The `lead_webhook` job: POSTs the lead as JSON to LEADS_WEBHOOK_URL (read
 * at run time) with an `Idempotency-Key` header (the lead's own key, so the
 * CRM can drop a repeat after a lost answer), and marks the lead
 * crm_status 'sent'. A non-2xx answer, a timeout (LEAD_WEBHOOK_TIMEOUT_MS)
 * or a network error fails the attempt, which the durable queue retries
 * with back-off; after LEAD_WEBHOOK_ATTEMPTS the lead becomes 'failed'.
 * With LEADS_WEBHOOK_URL unset the lead stays 'pending' (no CRM is
 * configured; it is still in `npm run leads:export`) and a warning is logged.
 */
export const leadWebhookJobHandler: JobHandler<LeadWebhookPayload> = makeLeadWebhookJobHandler();

/**
 * The `lead_webhook` handler with the webhook URL taken from `opts.url`
 * (called per attempt; default env LEADS_WEBHOOK_URL). Tests point it at a
 * local server started after the config was read.
 */
export function makeLeadWebhookJobHandler(
  opts: { url?: () => string | undefined } = {},
): JobHandler<LeadWebhookPayload> {
  const webhookUrl = opts.url ?? (() => env().LEADS_WEBHOOK_URL);
  return {
  async run({ lead_id }, ctx) {
    const log = logger().child({ component: 'leads', leadId: lead_id });
    const { db } = await getDb();
    const [row] = await db.select().from(leads).where(eq(leads.id, lead_id));
    if (!row) {
      log.warn('lead to deliver no longer exists');
      return;
    }
    const url = webhookUrl();
    if (!url) {
      log.warn('LEADS_WEBHOOK_URL is not set; the lead stays pending');
      return;
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': row.idempotency_key },
      body: JSON.stringify(webhookBody(row)),
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(LEAD_WEBHOOK_TIMEOUT_MS)]),
    });
    // Drain the body so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined);
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
