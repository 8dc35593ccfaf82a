import { z } from 'zod';
import { partnerIdSchema } from '@/lib/events/contract';
import { toIndianMobileE164 } from '@/lib/phone';

/**
 * Partners (SPEC.md section 3 "Partner": id, name, ctaText, formDetails;
 * section 3 "Feed response": tags.ui_config, partner_configs, button_configs;
 * section 9: unskippable videos default 0). Shapes shared by the admin
 * screen, the partner's form (react-hook-form resolver in the browser) and
 * the API, so both apply the same rules. Client-safe: zod and lib/phone only.
 */


/** Ids that would read as one of the partner API's own paths (`/partner/api/v1/<id>/data`). */
export const RESERVED_PARTNER_IDS = ['admin', 'user', 'image', 'form', 'topic', 'guide-video'] as const;

/** A partner id in a path or a body: the event contract's rule (2-40 lower-case letters, digits, hyphens). */
export { partnerIdSchema };

/** A new partner's id: a slug that is not one of the reserved path words. */
export const newPartnerIdSchema = partnerIdSchema.refine(
  (v) => !(RESERVED_PARTNER_IDS as readonly string[]).includes(v),
  'partner id: this word is reserved; choose another',
);

/** The partner UI modes of SPEC.md section 2 (tags.ui_config); the table is features/reels/lib/partner-modes.ts. */
export const PARTNER_UI_MODES = ['webadbased', 'topvideos', 'awardbased'] as const;
export type PartnerUiMode = (typeof PARTNER_UI_MODES)[number];

/** The fields a partner's form may ask, from a fixed list (in this order on the form). */
export const PARTNER_FORM_FIELDS = ['name', 'phone', 'pin_code', 'email', 'message'] as const;
export type PartnerFormField = (typeof PARTNER_FORM_FIELDS)[number];

/** Most reels a partner may make unskippable at the start of its feed. */
export const MAX_UNSKIPPABLE = 10;
/** Longest free-text message on a partner's form, characters. */
export const PARTNER_MESSAGE_MAX = 500;

const text = (max: number) => z.string().trim().max(max);
/** An offer image: an https URL or a path on this site (e.g. an uploaded picture's /media/... URL). */
const imageUrl = z.string().trim().max(500).refine(
  (v) => v.startsWith('/') ? !v.startsWith('//') : /^https:\/\/[^\s]+$/.test(v),
  'image_url: an https URL or a path on this site',
);

/**
 * The partner's form (SPEC.md section 3 formDetails): its heading, the
 * fields it asks (from PARTNER_FORM_FIELDS, each once; a phone number is
 * always asked, since a lead is a callback), and the thank-you line.
 */
export const formDetailsSchema = z.strictObject({
  heading: text(120).min(1, 'heading: required'),
  fields: z.array(z.enum(PARTNER_FORM_FIELDS)).min(1).max(PARTNER_FORM_FIELDS.length)
    .refine((f) => new Set(f).size === f.length, 'fields: each field once')
    .refine((f) => f.includes('phone'), 'fields: the form must ask for a phone number'),
  thank_you: text(200).min(1, 'thank_you: required'),
});
export type FormDetails = z.infer<typeof formDetailsSchema>;

/** button_configs of the feed response (SPEC.md section 3), with SPEC.md section 9's default of 0 unskippable reels. */
export const buttonConfigsSchema = z.strictObject({
  image_url: imageUrl.nullable().default(null),
  offer_text: text(160).nullable().default(null),
  quick_offer_text: text(60).nullable().default(null),
  show_button: z.boolean().default(true),
  unskippable_videos: z.number().int().min(0).max(MAX_UNSKIPPABLE).default(0),
});
export type ButtonConfigs = z.output<typeof buttonConfigsSchema>;

/** The defaults when a partner sets none (SPEC.md section 9: unskippable_videos 0). */
export const DEFAULT_BUTTON_CONFIGS: ButtonConfigs = {
  image_url: null, offer_text: null, quick_offer_text: null, show_button: true, unskippable_videos: 0,
};

const partnerFields = {
  name: text(80).min(2, 'name: 2 to 80 characters'),
  cta_text: text(60),
  form_details: formDetailsSchema,
  ui_config: z.enum(PARTNER_UI_MODES).nullable(),
  button_text: text(40),
  button_configs: buttonConfigsSchema,
  active: z.boolean(),
};

/** POST /partner/api/v1/admin/partners: a new partner (ADMIN). */
export const createPartnerSchema = z.strictObject({
  id: newPartnerIdSchema,
  name: partnerFields.name,
  cta_text: partnerFields.cta_text.default(''),
  form_details: partnerFields.form_details,
  ui_config: partnerFields.ui_config.default(null),
  button_text: partnerFields.button_text.default(''),
  button_configs: partnerFields.button_configs.default(DEFAULT_BUTTON_CONFIGS),
  active: partnerFields.active.default(true),
});
export type CreatePartnerInput = z.input<typeof createPartnerSchema>;
export type CreatePartner = z.output<typeof createPartnerSchema>;

/** PATCH /partner/api/v1/admin/partners/{id}: the fields to change (ADMIN); at least one. */
export const updatePartnerSchema = z.strictObject({
  name: partnerFields.name.optional(),
  cta_text: partnerFields.cta_text.optional(),
  form_details: partnerFields.form_details.optional(),
  ui_config: partnerFields.ui_config.optional(),
  button_text: partnerFields.button_text.optional(),
  button_configs: partnerFields.button_configs.optional(),
  active: partnerFields.active.optional(),
}).refine((b) => Object.keys(b).length > 0, 'send at least one field to change');
export type UpdatePartner = z.output<typeof updatePartnerSchema>;
export type UpdatePartnerInput = z.input<typeof updatePartnerSchema>;

/** Most topics one partner's feed may be narrowed to. */
export const MAX_PARTNER_TOPICS = 50;

/** POST /partner/api/v1/topic/update/{id}: the partner's topics, in feed order; [] = every topic. */
export const partnerTopicsSchema = z.strictObject({
  topic_ids: z.array(z.uuid()).max(MAX_PARTNER_TOPICS)
    .refine((t) => new Set(t).size === t.length, 'topic_ids: each topic once'),
});

/** POST /partner/api/v1/guide_video/{id}: an Approved, ready reel, or null to clear it. */
export const guideVideoSchema = z.strictObject({ content_id: z.uuid().nullable() });

/** POST /partner/api/v1/image query: the partner the logo belongs to. */
export const imageQuerySchema = z.strictObject({ partner_id: partnerIdSchema });

/*
 * The partner's form. Message keys, as the lead forms' (messages/*.json
 * `leads.validation.*`, SPEC.md section 5's texts), translated by the form
 * and by the API in the request's language.
 */
const K = {
  name: 'leads.validation.name',
  nameTooLong: 'leads.validation.nameTooLong',
  phone: 'leads.validation.phone',
  email: 'leads.validation.email',
  pinCode: 'leads.validation.pinCode',
  message: 'partners.validation.message',
  idempotencyKey: 'leads.validation.idempotencyKey',
} as const;

const FIELD_SCHEMAS: Record<PartnerFormField, z.ZodType<string, string>> = {
  name: z.string({ error: K.name }).trim().min(3, { error: K.name }).max(100, { error: K.nameTooLong }),
  phone: z.string({ error: K.phone }).transform((v, ctx) => {
    const e164 = toIndianMobileE164(v);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: K.phone });
      return z.NEVER;
    }
    return e164;
  }),
  pin_code: z.string({ error: K.pinCode }).transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^[1-9][0-9]{5}$/, { error: K.pinCode })),
  email: z.string({ error: K.email }).trim().toLowerCase().pipe(z.email({ error: K.email }).max(254, { error: K.email })),
  message: z.string({ error: K.message }).trim().max(PARTNER_MESSAGE_MAX, { error: K.message }),
};

/**
 * The schema of one partner's form (POST /partner/api/v1/form/{id}): an
 * idempotency key, then exactly the fields its formDetails asks, each
 * required except `message` (optional free text); a field it does not ask
 * is refused (strict). Phone numbers become E.164 (libphonenumber-js, as
 * the lead forms).
 */
export function partnerFormSchema(fields: readonly PartnerFormField[]) {
  const shape: Record<string, z.ZodType> = { idempotency_key: z.uuid({ error: K.idempotencyKey }) };
  for (const f of PARTNER_FORM_FIELDS) {
    if (!fields.includes(f)) continue;
    shape[f] = f === 'message' ? FIELD_SCHEMAS[f].optional() : FIELD_SCHEMAS[f];
  }
  return z.strictObject(shape) as unknown as z.ZodType<PartnerFormValues, PartnerFormInput>;
}

/** A partner form as typed (every field a string; only the asked ones present). */
export type PartnerFormInput = { idempotency_key: string } & Partial<Record<PartnerFormField, string>>;
/** A partner form after validation: phone E.164, PIN code without spaces, email lower-case. */
export type PartnerFormValues = PartnerFormInput;

/** Largest body of a partner form, bytes. */
export const PARTNER_FORM_MAX_BYTES = 4 * 1024;

/** GET /partner/api/v1/{id}/data: what a partner's pages show (SPEC.md section 3 "Partner" and more). */
export interface PartnerPublic {
  id: string;
  name: string;
  ctaText: string;
  formDetails: FormDetails;
  ui_config: PartnerUiMode | null;
  button_text: string;
  button_configs: ButtonConfigs;
  /** The partner's logo (an uploaded picture's URL), or null. */
  logo_url: string | null;
  /** The reel the partner guides new visitors with, or null. */
  guide_content_id: string | null;
}

/** A partner as the admin screen edits it. */
export interface PartnerAdmin extends PartnerPublic {
  active: boolean;
  /** The partner's topics, in feed order; [] = every topic. */
  topic_ids: string[];
  created_at: string;
  updated_at: string;
}

/** One submission of the partner's form by the signed-in user (GET /partner/api/v1/user/{id}/data). */
export interface PartnerSubmission {
  id: string;
  created_at: string;
  /** The fields as sent; the phone is shown masked (last 4 digits). */
  name: string;
  phone_last4: string;
  fields: Partial<Record<PartnerFormField, string>>;
}

/** Answer of a form submission: the lead's id, and the partner's thank-you line. */
export interface PartnerFormResult {
  id: string;
  created_at: string;
  thank_you: string;
}
