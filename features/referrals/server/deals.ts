import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { deals, users } from '@/lib/db/schema';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { CUSTOMERS_ONLY_MESSAGE } from '@/lib/http/shared-errors';
import { isUuid } from '@/lib/uuid';
import { localizedText, type UiLang } from '@/lib/localized';
import { mergeTranslationsSql, translationsSchema } from '@/lib/localized-schema';
import { mayReadUser, mayStaff } from '../policy';
import { customerByPhone } from './customers';

/**
 * The deals catalogue (docs/api/referrals.md "Deals"; docs/decisions/010):
 * public reads of active deals, the customers-only check (SPEC.md section 6
 * "UTL customers only"), and staff create and edit.
 */

export type DealRow = typeof deals.$inferSelect;

/** A deal as the API answers it (docs/api/referrals.md "Deal"). */
export interface DealView {
  id: string;
  url_id: string;
  source: string;
  title: string;
  ribbon: string | null;
  description: string;
  terms: string;
  reward_inr: number;
  customers_only: boolean;
  is_sample: boolean;
}

/** Where the client goes after a customers-only refusal: the other deals. */
export const CUSTOMERS_ONLY_REDIRECT = '/rewards';

/**
 * The public shape of a deal row, its texts (title, ribbon, description,
 * terms) in `lang`: the row's `translations`, else the English columns, per
 * field (lib/localized.ts localizedText). The one serializer of a Deal: the
 * deals list and every request view's `deal` (requests.ts requestViewsOf).
 */
export function dealView(d: DealRow, lang: UiLang = 'en'): DealView {
  return {
    id: d.id, url_id: d.url_id, source: d.source,
    title: localizedText(d, 'title', lang) ?? d.title,
    ribbon: localizedText(d, 'ribbon', lang) ?? null,
    description: localizedText(d, 'description', lang) ?? d.description,
    terms: localizedText(d, 'terms', lang) ?? d.terms,
    reward_inr: d.reward_inr, customers_only: d.customers_only, is_sample: d.is_sample,
  };
}

/** A deal as the staff editor sees it: English columns, the Hindi/Hinglish texts, `active` and `sort_order`. */
export type StaffDealView = DealView & { active: boolean; sort_order: number; translations: DealRow['translations'] };

function staffDealView(d: DealRow): StaffDealView {
  return { ...dealView(d), active: d.active, sort_order: d.sort_order, translations: d.translations };
}

/**
 * True when the user's phone is a registered customer's (customerByPhone);
 * false for a user without a phone or an unknown user.
 */
export async function isRegisteredCustomer(db: DbOrTx, userId: string): Promise<boolean> {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u?.phone) return false;
  return (await customerByPhone(db, u.phone)) !== null;
}

/**
 * Active deals by sort order, each with `allowed`: false for a
 * customers-only deal and a signed-in caller who is not a registered
 * customer; a visitor sees every deal allowed (the check comes at sign-in).
 * Texts in `lang` (dealView).
 */
export async function listDeals(db: DbOrTx, p: Principal, lang: UiLang = 'en'): Promise<{ deals: Array<DealView & { allowed: boolean }> }> {
  const rows = await db.select().from(deals).where(eq(deals.active, true)).orderBy(asc(deals.sort_order), asc(deals.created_at), asc(deals.id));
  const customer = p.userId && rows.some((d) => d.customers_only) ? await isRegisteredCustomer(db, p.userId) : false;
  return { deals: rows.map((d) => ({ ...dealView(d, lang), allowed: !d.customers_only || !p.userId || customer })) };
}

/**
 * Every deal, active or not, with its `active` flag, `sort_order` and `translations`, for
 * the staff's deal editor (`GET staff/all_deals`), in the catalogue's order.
 * @throws ApiError 403 for a caller who is not staff (the route checks the role first).
 */
export async function listAllDealsForStaff(db: DbOrTx, p: Principal): Promise<{ deals: StaffDealView[] }> {
  if (!mayStaff(p)) throw forbidden();
  const rows = await db.select().from(deals).orderBy(asc(deals.sort_order), asc(deals.created_at), asc(deals.id));
  return { deals: rows.map(staffDealView) };
}

/**
 * A deal row by id; inactive deals only for staff.
 * @throws ApiError 404 `not_found` (not a uuid, no such deal, or inactive for a non-staff caller).
 */
export async function dealById(db: DbOrTx, p: Principal | null, dealId: string): Promise<DealRow> {
  if (!isUuid(dealId)) throw dealNotFound();
  const [row] = await db.select().from(deals).where(eq(deals.id, dealId)).limit(1);
  if (!row || (!row.active && !(p && mayStaff(p)))) throw dealNotFound();
  return row;
}

const dealNotFound = () => notFound('This deal could not be found.');

/**
 * One deal by `deal_id` or `url_id` (exactly one of them), optionally of a
 * `source`: `GET deals`.
 * @param lang the asker's language of the texts (dealView).
 * @throws ApiError 422 `validation_failed` (neither or both given); 404 `not_found`.
 */
export async function findDeal(db: DbOrTx, p: Principal, q: { deal_id?: string; url_id?: string; source?: string },
  lang: UiLang = 'en'): Promise<DealView> {
  if ((q.deal_id === undefined) === (q.url_id === undefined)) {
    throw new ApiError(422, 'validation_failed', 'deal_id: give deal_id or url_id');
  }
  let row: DealRow | undefined;
  if (q.deal_id !== undefined) {
    row = await dealById(db, p, q.deal_id);
  } else {
    [row] = await db.select().from(deals).where(eq(deals.url_id, q.url_id!.toLowerCase())).limit(1);
    if (!row || (!row.active && !mayStaff(p))) throw dealNotFound();
  }
  if (q.source !== undefined && row.source !== q.source) throw dealNotFound();
  return dealView(row, lang);
}

/**
 * `GET one_deal`: the deal `dealId`, or without it the first active deal by
 * sort order, texts in `lang` (dealView).
 * @throws ApiError 404 `not_found` (no such deal; no active deal at all).
 */
export async function oneDeal(db: DbOrTx, p: Principal, dealId?: string, lang: UiLang = 'en'): Promise<DealView> {
  if (dealId !== undefined) return dealView(await dealById(db, p, dealId), lang);
  const [row] = await db.select().from(deals).where(eq(deals.active, true)).orderBy(asc(deals.sort_order), asc(deals.created_at), asc(deals.id)).limit(1);
  if (!row) throw dealNotFound();
  return dealView(row, lang);
}

/** The answer of `deal/validate`. */
export type DealAccess =
  | { allowed: true }
  | { allowed: false; code: 'customers_only'; message: string; redirect: string };

/**
 * May `userId` refer with this deal (SPEC.md section 6 "UTL customers
 * only")? Asked by the user themself or staff.
 * @throws ApiError 404 `not_found` (bad ids, no such deal or user); 403 `forbidden` (another user, not staff).
 */
export async function validateDealAccess(db: DbOrTx, p: Principal, dealId: string, userId: string): Promise<DealAccess> {
  if (!isUuid(userId)) throw notFound('This user could not be found.');
  if (!mayReadUser(p, userId)) throw forbidden();
  const deal = await dealById(db, p, dealId);
  if (p.userId !== userId) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw notFound('This user could not be found.');
  }
  if (!deal.customers_only || await isRegisteredCustomer(db, userId)) return { allowed: true };
  return { allowed: false, code: 'customers_only', message: CUSTOMERS_ONLY_MESSAGE, redirect: CUSTOMERS_ONLY_REDIRECT };
}

/** A deal's public name in links: lower-case letters and digits in words joined by single dashes. */
export const URL_ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A deal's Hindi and Hinglish texts (`translations`), each optional and
 * bounded like its English field; an empty one falls back to English.
 */
export const dealTranslationsSchema = translationsSchema({
  title: z.string().trim().max(120),
  ribbon: z.string().trim().max(16),
  description: z.string().trim().max(2000),
  terms: z.string().trim().max(4000),
});

/** The fields staff set on a deal (`POST deals`; every one optional in `PATCH deals/{id}` except as noted). */
export const dealFieldsSchema = z.object({
  url_id: z.string().trim().toLowerCase().min(3).max(80).regex(URL_ID_RE, 'url_id must be lower-case letters, digits and dashes'),
  source: z.string().trim().min(1).max(40).regex(/^[a-z0-9_-]+$/, 'source must be lower-case letters, digits, _ and -').default('provider'),
  title: z.string().trim().min(1).max(120),
  ribbon: z.string().trim().min(1).max(16).nullable().optional(),
  translations: dealTranslationsSchema.default({}),
  description: z.string().trim().max(2000).default(''),
  terms: z.string().trim().max(4000).default(''),
  reward_inr: z.number().int().min(0).max(1_000_000),
  customers_only: z.boolean().default(false),
  is_sample: z.boolean().default(false),
  active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(100_000).default(0),
}).strict();
export type DealFields = z.output<typeof dealFieldsSchema>;

/** A partial edit of a deal: any field, at least one. */
export const dealPatchSchema = z.object({
  url_id: dealFieldsSchema.shape.url_id.optional(),
  source: z.string().trim().min(1).max(40).regex(/^[a-z0-9_-]+$/, 'source must be lower-case letters, digits, _ and -').optional(),
  title: dealFieldsSchema.shape.title.optional(),
  ribbon: dealFieldsSchema.shape.ribbon,
  description: z.string().trim().max(2000).optional(),
  terms: z.string().trim().max(4000).optional(),
  /** A language given replaces that language's texts; a language left out stays. */
  translations: dealTranslationsSchema.optional(),
  reward_inr: dealFieldsSchema.shape.reward_inr.optional(),
  customers_only: z.boolean().optional(),
  is_sample: z.boolean().optional(),
  active: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(100_000).optional(),
}).strict().refine((b) => Object.keys(b).length > 0, { message: 'change at least one field' });
export type DealPatch = z.output<typeof dealPatchSchema>;

const urlIdTaken = () => new ApiError(409, 'url_id_taken', 'Another deal already uses this url_id.');

function requireStaff(p: Principal) {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  if (!mayStaff(p)) throw forbidden();
}

/**
 * Staff create a deal (`POST deals`).
 * @returns the new deal (with `active` and `sort_order`, which the public shape leaves out).
 * @throws ApiError 401/403 (not staff); 409 `url_id_taken`.
 */
export async function createDeal(db: DbOrTx, p: Principal, f: DealFields): Promise<StaffDealView> {
  requireStaff(p);
  try {
    const [row] = await db.insert(deals).values({ ...f, ribbon: f.ribbon ?? null }).returning();
    return staffDealView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw urlIdTaken();
    throw err;
  }
}

/**
 * Staff edit a deal (`PATCH deals/{id}`), also an inactive one.
 * @throws ApiError 401/403 (not staff); 404 `not_found`; 409 `url_id_taken`.
 */
export async function updateDeal(db: DbOrTx, p: Principal, dealId: string, patch: DealPatch): Promise<StaffDealView> {
  requireStaff(p);
  if (!isUuid(dealId)) throw dealNotFound();
  try {
    const { translations, ...rest } = patch;
    const [row] = await db.update(deals).set({
      ...rest,
      ...(translations === undefined ? {} : { translations: mergeTranslationsSql(deals.translations, translations) }),
      updated_at: new Date(),
    }).where(eq(deals.id, dealId)).returning();
    if (!row) throw dealNotFound();
    return staffDealView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw urlIdTaken();
    throw err;
  }
}
