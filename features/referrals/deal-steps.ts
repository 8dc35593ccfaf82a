/**
 * The deal progress of a referral: the twelve steps of SPEC.md section 4 as
 * one state machine (docs/decisions/010). The SPEC lists the steps and
 * leaves the transitions open; these are ours. A step names what has
 * happened; the next step belongs to one kind of actor:
 *
 * received_request (system, when the referee receives the request)
 *   -> deal_accepted (referee accepts)
 *   -> send_reminder (referrer, optional: nudges the referee to go on)
 *   -> schedule_a_call (referee asks for a call with the provider)
 *   -> call_scheduled -> call_completed (staff)
 *   -> book_site_survey (referee)
 *   -> site_survey_booked -> site_survey_completed (staff)
 *   -> place_an_order (referee decides to order)
 *   -> order_placed (staff; the reward's hold starts)
 *   -> claim_your_reward (system, when the hold has passed)
 */

export const DEAL_STEPS = [
  'received_request',
  'deal_accepted',
  'send_reminder',
  'schedule_a_call',
  'call_scheduled',
  'call_completed',
  'book_site_survey',
  'site_survey_booked',
  'site_survey_completed',
  'place_an_order',
  'order_placed',
  'claim_your_reward',
] as const;

export type DealStep = (typeof DEAL_STEPS)[number];

/** Who moves a deal: its referee, its referrer, the provider's staff (STAFF or ADMIN), or the system. */
export type DealActor = 'referee' | 'referrer' | 'staff' | 'system';

/** The allowed moves: from a step, to a step, by whom. Everything else is refused. */
export const DEAL_MOVES: ReadonlyArray<{ from: DealStep; to: DealStep; by: DealActor }> = [
  { from: 'received_request', to: 'deal_accepted', by: 'referee' },
  { from: 'deal_accepted', to: 'send_reminder', by: 'referrer' },
  { from: 'deal_accepted', to: 'schedule_a_call', by: 'referee' },
  { from: 'send_reminder', to: 'schedule_a_call', by: 'referee' },
  { from: 'schedule_a_call', to: 'call_scheduled', by: 'staff' },
  { from: 'call_scheduled', to: 'call_completed', by: 'staff' },
  { from: 'call_completed', to: 'book_site_survey', by: 'referee' },
  { from: 'book_site_survey', to: 'site_survey_booked', by: 'staff' },
  { from: 'site_survey_booked', to: 'site_survey_completed', by: 'staff' },
  { from: 'site_survey_completed', to: 'place_an_order', by: 'referee' },
  { from: 'place_an_order', to: 'order_placed', by: 'staff' },
  { from: 'order_placed', to: 'claim_your_reward', by: 'system' },
];

/** Steps at which the next move is the referee's: the referrer may send a reminder (rate-limited). */
export const REMINDER_STEPS: ReadonlySet<DealStep> = new Set(['deal_accepted', 'send_reminder', 'call_completed', 'site_survey_completed']);

/** Whether `by` may move a deal from `from` to `to` (DEAL_MOVES). */
export function mayMoveDeal(from: DealStep, to: DealStep, by: DealActor): boolean {
  return DEAL_MOVES.some((m) => m.from === from && m.to === to && m.by === by);
}

/** The moves `by` may make from `from` (for the screens' buttons). */
export function nextDealSteps(from: DealStep, by: DealActor): DealStep[] {
  return DEAL_MOVES.filter((m) => m.from === from && m.by === by).map((m) => m.to);
}

/** The step's place in DEAL_STEPS (0-based), for progress bars. */
export function dealStepIndex(step: DealStep): number {
  return DEAL_STEPS.indexOf(step);
}

/** Whether `step` is at or past "order placed" (the deal is won). */
export function isOrderPlaced(step: DealStep | null): boolean {
  return step !== null && dealStepIndex(step) >= dealStepIndex('order_placed');
}
