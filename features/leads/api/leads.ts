import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiClient, type HttpError } from '@/lib/http/client';
import { outbox, postOrQueue, type Outbox, type OutboxResult } from '@/lib/pwa/outbox';
import type { CallbackDay, CallbackLead, SubsidyLead } from '../schemas';
import type { leadRoutes } from '../server/routes';

/**
 * The browser side of the lead forms (SPEC.md section 5): the callback
 * slots, and sending a form now or through the offline outbox. Calls and
 * answer types come from the server's router through Hono's `hc` (type
 * imports only). Per call: a fetcher, its query options, a hook.
 */

/** The leads endpoints, typed by their router. */
const api = apiClient<typeof leadRoutes>();
const leads = api.api.v1.leads;

/** GET /api/v1/leads/slots answer: the day, its date in India (YYYY-MM-DD) and the slots still offered (ISO 8601, +05:30). */
export type Slots = InferResponseType<typeof leads.slots.$get>;
/** POST /api/v1/leads/callback and /subsidy answer: the stored lead (`slot` null for a subsidy enquiry); times ISO 8601. */
export type LeadCreated = InferResponseType<typeof leads.callback.$post>;

/** Query keys of the leads feature. */
export const leadsKeys = {
  all: ['leads'] as const,
  slots: (day: CallbackDay) => ['leads', 'slots', day] as const,
};

/**
 * GET /api/v1/leads/slots?day=: the callback slots still offered (India time).
 * @throws HttpError.
 */
export async function getSlots(day: CallbackDay): Promise<Slots> {
  return (await leads.slots.$get({ query: { day } })).json();
}

/** Slots of `day`; refreshed every minute while shown, since today's run out as the clock moves. */
export function slotsQueryOptions(day: CallbackDay) {
  return queryOptions({ queryKey: leadsKeys.slots(day), queryFn: () => getSlots(day), staleTime: 30_000, refetchInterval: 60_000 });
}

/** The slots of `day` for the callback form. */
export function useSlots(day: CallbackDay) {
  return useQuery(slotsQueryOptions(day));
}

/**
 * POST /api/v1/leads/callback: books a callback. Repeating the same
 * idempotency key returns the first lead.
 * @throws HttpError `validation_failed` (message "field: text"), `slot_unavailable`, ...
 */
export async function postCallback(lead: CallbackLead): Promise<LeadCreated> {
  return (await leads.callback.$post({ json: lead })).json();
}

/**
 * POST /api/v1/leads/subsidy: a subsidy enquiry (idempotent per key like postCallback).
 * @throws HttpError `validation_failed`, ...
 */
export async function postSubsidy(lead: SubsidyLead): Promise<LeadCreated> {
  return (await leads.subsidy.$post({ json: lead })).json();
}

/** The API paths the outbox posts to when it sends a queued form (server/routes.ts). */
export const LEAD_PATHS = { callback: '/api/v1/leads/callback', subsidy: '/api/v1/leads/subsidy' } as const;

/**
 * What sending a form gives: the lead the server stored, or word that there
 * was no connection and the form waits in the offline outbox
 * (lib/pwa/outbox.ts) under its idempotency key, to be sent once the
 * connection returns.
 */
export type LeadSendResult = { queued: false; lead: LeadCreated } | { queued: true; key: string };

async function sendOrQueue(kind: keyof typeof LEAD_PATHS, lead: CallbackLead | SubsidyLead, post: () => Promise<LeadCreated>, box?: Outbox):
  Promise<LeadSendResult> {
  // The typed call is the sender, so its answer is kept here with its type (the outbox hands it back as unknown).
  const sent: { lead?: LeadCreated } = {};
  const r = await postOrQueue(
    { key: lead.idempotency_key, kind, url: LEAD_PATHS[kind], body: JSON.stringify(lead) },
    box ?? outbox(),
    async () => (sent.lead = await post()),
  );
  return r.queued || !sent.lead ? { queued: true, key: lead.idempotency_key } : { queued: false, lead: sent.lead };
}

/**
 * The lead the server stored for a form the offline outbox sent later.
 * The outbox replays the stored request as it was queued, untyped
 * (lib/pwa/outbox.ts postJson), so its answer arrives as `unknown`: it is
 * the answer of the same route as postCallback / postSubsidy, which is the
 * one place this shape is asserted rather than inferred.
 */
export function replayedLead(r: Extract<OutboxResult, { status: 'sent' }>): LeadCreated {
  return r.body as LeadCreated;
}

/**
 * Books a callback (postCallback), or queues it offline when there is no
 * connection (the same idempotency key, so it is stored once).
 * @throws HttpError for a refusal (`validation_failed`, `slot_unavailable`, ...).
 */
export function sendCallback(lead: CallbackLead, box?: Outbox): Promise<LeadSendResult> {
  return sendOrQueue('callback', lead, () => postCallback(lead), box);
}

/**
 * Sends a subsidy enquiry (postSubsidy), or queues it offline like sendCallback.
 * @throws HttpError for a refusal (`validation_failed`, ...).
 */
export function sendSubsidy(lead: SubsidyLead, box?: Outbox): Promise<LeadSendResult> {
  return sendOrQueue('subsidy', lead, () => postSubsidy(lead), box);
}

/**
 * Mutation for the callback form. It runs offline too (`networkMode:
 * 'always'`; TanStack Query would otherwise hold it until the browser is
 * online), because offline it queues the booking.
 */
export function useCallbackMutation() {
  return useMutation<LeadSendResult, HttpError, CallbackLead>({
    mutationKey: ['leads', 'callback'], mutationFn: (lead) => sendCallback(lead), networkMode: 'always',
  });
}

/** Mutation for the subsidy form; runs offline too, like useCallbackMutation. */
export function useSubsidyMutation() {
  return useMutation<LeadSendResult, HttpError, SubsidyLead>({
    mutationKey: ['leads', 'subsidy'], mutationFn: (lead) => sendSubsidy(lead), networkMode: 'always',
  });
}
