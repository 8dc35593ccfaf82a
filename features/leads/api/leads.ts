import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient, type HttpError } from '@/lib/http/client';
import type { CallbackDay, CallbackLead, LeadCreated, SlotsResponse, SubsidyLead } from '../schemas';
import type { leadRoutes } from '../server/routes';

/** The leads endpoints, typed by their router. */
const api = apiClient<typeof leadRoutes>();

/** Query keys of the leads feature. */
export const leadsKeys = {
  all: ['leads'] as const,
  slots: (day: CallbackDay) => ['leads', 'slots', day] as const,
};

/**
 * GET /api/v1/leads/slots?day=: the callback slots still offered (India time).
 * @throws HttpError.
 */
export async function getSlots(day: CallbackDay): Promise<SlotsResponse> {
  return (await api.api.v1.leads.slots.$get({ query: { day } })).json();
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
  return (await api.api.v1.leads.callback.$post({ json: lead })).json();
}

/**
 * POST /api/v1/leads/subsidy: a subsidy enquiry (idempotent per key like postCallback).
 * @throws HttpError `validation_failed`, ...
 */
export async function postSubsidy(lead: SubsidyLead): Promise<LeadCreated> {
  return (await api.api.v1.leads.subsidy.$post({ json: lead })).json();
}

/** Mutation for the callback form. */
export function useCallbackMutation() {
  return useMutation<LeadCreated, HttpError, CallbackLead>({ mutationKey: ['leads', 'callback'], mutationFn: postCallback });
}

/** Mutation for the subsidy form. */
export function useSubsidyMutation() {
  return useMutation<LeadCreated, HttpError, SubsidyLead>({ mutationKey: ['leads', 'subsidy'], mutationFn: postSubsidy });
}
