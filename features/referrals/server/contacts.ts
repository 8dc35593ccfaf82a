import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { contacts, referrals, users } from '@/lib/db/schema';
import { ApiError, notFound } from '@/lib/http/errors';
import { toIndianMobileE164 } from '@/lib/phone';
import { isUuid } from '@/lib/uuid';
import { dealById } from './deals';

/**
 * A user's contacts, the people they may invite (SPEC.md section 1 "import
 * contacts"; docs/api/referrals.md "Contact"): added one by one, in bulk
 * (picker, device, vCard, CSV, Google, migrated from the device), listed
 * with what the invite label needs to know of each phone, deleted one by
 * one or all at once.
 *
 * A contact is someone else's data, given to us by the owner: only its name
 * and number are kept (to invite them), and an answer about a phone never
 * tells whether that phone has an account here or is a customer of the
 * provider, only what the owner did themselves (sent an invite or not).
 * Contacts never invited are deleted after CONTACT_RETENTION_DAYS
 * (contact-retention.ts).
 */

/** Where a contact came from (the `contacts.source` check). */
export type ContactSource = 'manual' | 'picker' | 'device' | 'vcard' | 'csv' | 'google' | 'migrated';

/** A contact as the API answers it. */
export interface ContactView {
  id: string;
  name: string;
  /** E.164. */
  phone: string;
  source: string;
  /** `sent`: I sent this phone a request or invite; else null. */
  label: 'sent' | null;
}

/** One entry of a bulk add as the client sent it (checked here, entry by entry). */
export interface ContactEntry {
  name: string;
  phone: string;
}

/** The answer of a bulk add: new contacts, phones already there, and the refused entries by index. */
export interface BulkResult {
  added: number;
  existing: number;
  invalid: Array<{ index: number; code: 'invalid_phone' | 'invalid_name' }>;
}

/** Longest contact name, characters (after trimming). */
export const CONTACT_NAME_MAX = 80;
/** Most entries in one bulk add. */
export const BULK_MAX = 1000;

export const invalidPhone = () => new ApiError(422, 'invalid_phone', 'Please enter valid Mobile Number');
const loginRequired = () => new ApiError(401, 'login_required', 'Please log in to continue.');

function ownerOf(p: Principal): string {
  if (!p.userId) throw loginRequired();
  return p.userId;
}

/**
 * The phones of `phones` that `ownerId` sent a request or invite to: all
 * the invite label may know. Whether a phone has an account, or is a
 * registered customer, is not read: telling it would let anyone holding a
 * list of numbers learn who uses the app.
 */
async function sentTo(db: DbOrTx, ownerId: string, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db.selectDistinct({ phone: referrals.referee_phone }).from(referrals).where(and(
    eq(referrals.referrer_user_id, ownerId), eq(referrals.initiated_by, 'referrer'), inArray(referrals.referee_phone, phones),
  ));
  return new Set(rows.map((r) => r.phone));
}

function viewOf(sent: Set<string>, c: typeof contacts.$inferSelect): ContactView {
  return { id: c.id, name: c.name, phone: c.phone, source: c.source, label: sent.has(c.phone) ? 'sent' : null };
}

/**
 * A database error without its row data: drizzle's message lists the
 * query's parameters (the contacts' names and phones) and the error handler
 * logs messages and causes, so only the SQLSTATE code travels on.
 */
function withoutRowData(err: unknown): Error {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : typeof e.code === 'string' ? e.code : null;
  return new Error(`storing contacts failed${code ? ` (SQLSTATE ${code})` : ''}`);
}

/**
 * My contacts by name (case-insensitive), a page at a time (`contact_list/{page}/{page_size}`).
 * @throws ApiError 401 for a visitor.
 */
export async function listContacts(db: DbOrTx, p: Principal, page: number, pageSize: number) {
  const owner = ownerOf(p);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(contacts).where(eq(contacts.owner_user_id, owner))
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.name), asc(contacts.id))
      .limit(pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(contacts).where(eq(contacts.owner_user_id, owner)),
  ]);
  const sent = await sentTo(db, owner, rows.map((r) => r.phone));
  return { items: rows.map((r) => viewOf(sent, r)), total, page, page_size: pageSize };
}

/**
 * Adds one contact (`v4/contact`, source manual; the name's spaces folded).
 * A phone I already have gives the existing contact (`created` false), unchanged.
 * @throws ApiError 422 `invalid_phone`; 401 for a visitor.
 */
export async function addContact(db: DbOrTx, p: Principal, input: { name: string; phone: string }): Promise<{ contact: ContactView; created: boolean }> {
  const owner = ownerOf(p);
  const phone = toIndianMobileE164(input.phone);
  if (!phone) throw invalidPhone();
  const name = input.name.trim().replace(/\s+/g, ' ');
  const [made] = await db.insert(contacts).values({ owner_user_id: owner, name, phone, source: 'manual' })
    .onConflictDoNothing({ target: [contacts.owner_user_id, contacts.phone] }).returning()
    .catch((err: unknown) => {
      throw withoutRowData(err);
    });
  const row = made ?? (await db.select().from(contacts).where(and(eq(contacts.owner_user_id, owner), eq(contacts.phone, phone))).limit(1))[0];
  return { contact: viewOf(await sentTo(db, owner, [phone]), row), created: Boolean(made) };
}

/**
 * Adds many contacts from one `source`. Each entry is checked on its own:
 * a name trimmed to 1..80 characters (else `invalid_name`), an Indian
 * mobile (else `invalid_phone`); refused entries are reported by their
 * index and the rest are added. A phone I already have, or one repeated in
 * the batch, counts as `existing` (the first name wins). Only the name and
 * the number of an entry are stored, whatever else a source had.
 * @throws ApiError 401 for a visitor; Error (its SQLSTATE only, never the
 * entries) when the database fails.
 */
export async function addContacts(db: DbOrTx, p: Principal, source: ContactSource, entries: ReadonlyArray<ContactEntry>): Promise<BulkResult> {
  const owner = ownerOf(p);
  const invalid: BulkResult['invalid'] = [];
  const byPhone = new Map<string, string>();
  let repeats = 0;
  entries.forEach((e, index) => {
    const name = String(e.name ?? '').trim().replace(/\s+/g, ' ');
    const phone = toIndianMobileE164(String(e.phone ?? ''));
    if (!phone) invalid.push({ index, code: 'invalid_phone' });
    else if (name.length < 1 || name.length > CONTACT_NAME_MAX) invalid.push({ index, code: 'invalid_name' });
    else if (byPhone.has(phone)) repeats++;
    else byPhone.set(phone, name);
  });
  const values = [...byPhone].map(([phone, name]) => ({ owner_user_id: owner, name, phone, source }));
  let added = 0;
  for (let i = 0; i < values.length; i += BULK_MAX) {
    const made = await db.insert(contacts).values(values.slice(i, i + BULK_MAX))
      .onConflictDoNothing({ target: [contacts.owner_user_id, contacts.phone] }).returning({ id: contacts.id })
      .catch((err: unknown) => {
        throw withoutRowData(err);
      });
    added += made.length;
  }
  return { added, existing: values.length - added + repeats, invalid };
}

/**
 * Deletes one of my contacts (`DELETE contact/{id}`).
 * @throws ApiError 404 `not_found` (not a uuid, not mine, or gone); 401 for a visitor.
 */
export async function deleteContact(db: DbOrTx, p: Principal, id: string): Promise<{ id: string }> {
  const owner = ownerOf(p);
  if (!isUuid(id)) throw notFound('This contact could not be found.');
  const [gone] = await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.owner_user_id, owner))).returning({ id: contacts.id });
  if (!gone) throw notFound('This contact could not be found.');
  return { id: gone.id };
}

/**
 * Deletes all of my contacts at once (`DELETE contact` with `{confirm: true}`).
 * Referrals already sent are not touched: they are the sender's own record.
 * @returns how many contacts were deleted.
 * @throws ApiError 401 for a visitor.
 */
export async function deleteAllContacts(db: DbOrTx, p: Principal): Promise<{ deleted: number }> {
  const owner = ownerOf(p);
  const gone = await db.delete(contacts).where(eq(contacts.owner_user_id, owner)).returning({ id: contacts.id });
  return { deleted: gone.length };
}

/**
 * The answer of `validate/{deal_id}/{phone}`: what the invite label needs
 * (whether I sent this phone an invite, whether I may send one now), never
 * whether the phone has an account or is a customer.
 */
export interface PhoneCheck {
  phone: string;
  label: ContactView['label'];
  eligible: boolean;
  reason: null | 'self_referral' | 'already_referred';
}

/**
 * May I refer this phone with this deal? `self_referral` when it is my own
 * phone; `already_referred` when I have an open, pending or accepted
 * referral of that phone with that deal (docs/api/referrals.md
 * `referrer/send_request`). The route counts each call against the
 * `phone_lookup` limit (lib/http/rate-limit.ts).
 * @throws ApiError 404 `not_found` (no such deal); 422 `invalid_phone`; 401 for a visitor.
 */
export async function checkPhone(db: DbOrTx, p: Principal, dealId: string, rawPhone: string): Promise<PhoneCheck> {
  const owner = ownerOf(p);
  const deal = await dealById(db, p, dealId);
  const phone = toIndianMobileE164(rawPhone);
  if (!phone) throw invalidPhone();
  const [sent, [me], [open]] = await Promise.all([
    sentTo(db, owner, [phone]),
    db.select({ phone: users.phone }).from(users).where(eq(users.id, owner)).limit(1),
    db.select({ id: referrals.id }).from(referrals).where(and(
      eq(referrals.referrer_user_id, owner), eq(referrals.deal_id, deal.id), eq(referrals.referee_phone, phone),
      inArray(referrals.state, ['open', 'pending', 'accepted']),
    )).limit(1),
  ]);
  const reason = me?.phone === phone ? 'self_referral' : open ? 'already_referred' : null;
  return { phone, label: sent.has(phone) ? 'sent' : null, eligible: reason === null, reason };
}
