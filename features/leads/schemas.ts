import { z } from 'zod';
import { toIndianMobileE164 } from '@/lib/phone';

export { toIndianMobileE164 };

/**
 * The callback and subsidy-enquiry forms (SPEC.md section 5). One zod
 * schema per form, used by the react-hook-form resolver in the browser and
 * by the API, so both apply the same rules. Every error
 * message is a message KEY (`leads.validation.*` in messages/*.json): the
 * form translates it with next-intl, the API with the request's language
 * (features/leads/server/validation.ts), so the English texts are exactly
 * those of SPEC.md section 5.
 */

/** Message keys of the validation rules; en.json holds SPEC.md section 5's exact English texts. */
export const LEAD_MESSAGE_KEYS = {
  name: 'leads.validation.name',
  nameRequired: 'leads.validation.nameRequired',
  nameTooLong: 'leads.validation.nameTooLong',
  email: 'leads.validation.email',
  phone: 'leads.validation.phone',
  phoneRequired: 'leads.validation.phoneRequired',
  pinCode: 'leads.validation.pinCode',
  pinCodeRequired: 'leads.validation.pinCodeRequired',
  slot: 'leads.validation.slot',
  day: 'leads.validation.day',
  systemType: 'leads.validation.systemType',
  size: 'leads.validation.size',
  powerCut: 'leads.validation.powerCut',
  context: 'leads.validation.context',
  idempotencyKey: 'leads.validation.idempotencyKey',
} as const;

const K = LEAD_MESSAGE_KEYS;

/** Longest accepted name, characters (a column guard, not a SPEC rule). */
export const NAME_MAX = 100;
/** Longest chat context a "Call me" hand-off may carry, characters. */
export const CONTEXT_MAX = 1000;

/** Days a callback can be booked for (SPEC.md section 5 "Callback scheduling"). */
export const CALLBACK_DAYS = ['today', 'tomorrow'] as const;
export type CallbackDay = (typeof CALLBACK_DAYS)[number];
/** Subsidy form choices (SPEC.md section 5 "Subsidy form"). */
export const SYSTEM_TYPES = ['on-grid', 'off-grid'] as const;
export const SYSTEM_SIZES = ['1kW', '2kW', '3kW+'] as const;
/** Daily power cuts: under or over 2 hours per day. */
export const POWER_CUTS = ['under-2h', 'over-2h'] as const;

/** India Post's PIN code: 6 digits, the first 1-9 (postal zones 1-9). */
export const PIN_CODE_RE = /^[1-9][0-9]{5}$/;

/**
 * Name: trimmed, at least 3 characters (SPEC.md section 5). An empty name
 * says "Please enter your name" (`nameRequired`); SPEC's "Name must be 3
 * Character long" is kept for a name that is too short.
 */
export const leadNameSchema = z.string({ error: K.nameRequired }).trim()
  .min(1, { error: K.nameRequired, abort: true })
  .min(3, { error: K.name })
  .max(NAME_MAX, { error: K.nameTooLong });

/**
 * Mobile number: an Indian mobile number, output E.164 (SPEC.md section 5
 * "Phone"). Empty or missing: "Please enter your mobile number"
 * (`phoneRequired`); SPEC's "Please enter valid Mobile Number" is for one
 * that is not a mobile number.
 */
export const leadPhoneSchema = z.string({ error: K.phoneRequired }).transform((v, ctx) => {
  if (v.trim() === '') {
    ctx.addIssue({ code: 'custom', message: K.phoneRequired });
    return z.NEVER;
  }
  const e164 = toIndianMobileE164(v);
  if (!e164) {
    ctx.addIssue({ code: 'custom', message: K.phone });
    return z.NEVER;
  }
  return e164;
});

/**
 * Optional email (SPEC.md section 5 gives the rule only for an email that
 * is given; zod's email format), trimmed and lower-cased. Missing or blank
 * is undefined: the enquiry needs only name, mobile and PIN code.
 */
export const leadEmailSchema = z.string({ error: K.email }).trim().toLowerCase()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.email({ error: K.email }).max(254, { error: K.email }).optional())
  .optional();

/**
 * PIN code: India Post's 6-digit format; a space inside ("110 001") is
 * accepted and dropped. Empty: "Please enter your PIN code" (`pinCodeRequired`).
 */
export const leadPinCodeSchema = z.string({ error: K.pinCodeRequired }).transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: K.pinCodeRequired, abort: true }).regex(PIN_CODE_RE, { error: K.pinCode }));

/** The client-made idempotency key: a double submit with the same key makes one lead. */
export const idempotencyKeySchema = z.uuid({ error: K.idempotencyKey });

/** What the chat knew when "Call me" opened the form (free text, optional). */
const contextSchema = z.string({ error: K.context }).trim().max(CONTEXT_MAX, { error: K.context }).optional();

/**
 * Schedule a callback (SPEC.md section 5): name, mobile, today or tomorrow
 * and a slot. `slot` is the start instant of one of the slots that GET
 * /api/v1/leads/slots offered (ISO 8601 with offset, India time); the
 * server checks it is still offered when the lead arrives.
 */
export const callbackLeadSchema = z.strictObject({
  idempotency_key: idempotencyKeySchema,
  name: leadNameSchema,
  phone: leadPhoneSchema,
  day: z.enum(CALLBACK_DAYS, { error: K.day }),
  slot: z.iso.datetime({ offset: true, error: K.slot }),
  context: contextSchema,
});
export type CallbackLeadInput = z.input<typeof callbackLeadSchema>;
export type CallbackLead = z.output<typeof callbackLeadSchema>;

/**
 * Subsidy enquiry (SPEC.md section 5): name, mobile, PIN code, system
 * type, size and daily power cut; an email only if the person gives one.
 */
export const subsidyLeadSchema = z.strictObject({
  idempotency_key: idempotencyKeySchema,
  name: leadNameSchema,
  phone: leadPhoneSchema,
  email: leadEmailSchema,
  pin_code: leadPinCodeSchema,
  system_type: z.enum(SYSTEM_TYPES, { error: K.systemType }),
  size: z.enum(SYSTEM_SIZES, { error: K.size }),
  power_cut: z.enum(POWER_CUTS, { error: K.powerCut }),
  context: contextSchema,
});
export type SubsidyLeadInput = z.input<typeof subsidyLeadSchema>;
export type SubsidyLead = z.output<typeof subsidyLeadSchema>;

/** GET /api/v1/leads/slots query. */
export const slotsQuerySchema = z.strictObject({ day: z.enum(CALLBACK_DAYS).default('today') });

/** One bookable callback slot: start and end instants, ISO 8601 with the India offset (+05:30). */
export interface LeadSlot {
  start: string;
  end: string;
}

/** GET /api/v1/leads/slots answer. `slots` is empty when none remain (today late in the day). */
export interface SlotsResponse {
  day: CallbackDay;
  /** The day's date in India, YYYY-MM-DD. */
  date: string;
  time_zone: 'Asia/Kolkata';
  slots: LeadSlot[];
}

/** POST /api/v1/leads/callback and /subsidy answer (201 first time, 200 for a repeat of the same idempotency key). */
export interface LeadCreated {
  id: string;
  kind: 'callback' | 'subsidy';
  created_at: string;
  /** The booked slot's start (callback only). */
  slot: string | null;
}
