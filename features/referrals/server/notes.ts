import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { dealNotes } from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import { assertSameRequest, idempotencyKeyReused, requestHash } from '@/lib/http/idempotency';
import type { DealRole } from './deal-progress';
import { namesOf, visibleReferral, type ReferralRow } from './requests';

/*
 * Notes on a deal by its referrer, its referee and staff (docs/api/referrals.md
 * `deals/notes`). A note is kept once per client key, so a resend after a
 * lost answer does not post it twice.
 */

/** Notes per page. */
export const NOTES_PAGE_SIZE = 20;

/** A note as the API answers it. */
export interface NoteView {
  id: string;
  author: { user_id: string | null; name: string; kind: DealRole | null };
  body: string;
  created_at: string;
}

type NoteRow = typeof dealNotes.$inferSelect;

/** The author's part in the deal: referrer, referee or staff (a user who is neither is staff: only they may post besides the sides). */
function kindOf(r: ReferralRow, authorId: string | null): DealRole | null {
  if (!authorId) return null;
  if (authorId === r.referrer_user_id) return 'referrer';
  if (authorId === r.referee_user_id) return 'referee';
  return 'staff';
}

async function viewsOf(r: ReferralRow, rows: NoteRow[]): Promise<NoteView[]> {
  const { db } = await getDb();
  const names = await namesOf(db, rows.map((n) => n.author_user_id));
  return rows.map((n) => ({
    id: n.id,
    author: { user_id: n.author_user_id, name: (n.author_user_id && names.get(n.author_user_id)) || '', kind: kindOf(r, n.author_user_id) },
    body: n.body,
    created_at: n.created_at.toISOString(),
  }));
}

/**
 * GET deals/notes/{referral_id}/{page}: the deal's notes, newest first, 20 a page.
 * @throws ApiError 404 unless the caller is the referrer, the referee or staff.
 */
export async function listNotes(p: Principal, referralId: string, page: number): Promise<{
  items: NoteView[]; total: number; page: number; page_size: number;
}> {
  const { db } = await getDb();
  const r = await visibleReferral(db, p, referralId);
  const [{ n }] = await db.select({ n: count() }).from(dealNotes).where(eq(dealNotes.referral_id, r.id));
  const rows = await db.select().from(dealNotes).where(eq(dealNotes.referral_id, r.id))
    .orderBy(desc(dealNotes.created_at), desc(dealNotes.id)).limit(NOTES_PAGE_SIZE).offset((page - 1) * NOTES_PAGE_SIZE);
  return { items: await viewsOf(r, rows), total: n, page, page_size: NOTES_PAGE_SIZE };
}

/**
 * POST deals/notes/{referral_id}/{client_key}: adds a note (`created: true`);
 * the same author sending the same key and body again gets the first note
 * (`created: false`). The body `{body}` is kept as its request hash
 * (lib/http/idempotency.ts), so a key sent again with another text, or by
 * another person of the deal (keys are per deal, not per author), is
 * refused rather than answered with a note that is not theirs.
 * @throws ApiError 404 unless the caller is the referrer, the referee or
 * staff; 422 `idempotency_key_reused` for a key already used for another note.
 */
export async function addNote(p: Principal, referralId: string, clientKey: string, body: string): Promise<{ created: boolean; note: NoteView }> {
  const { db } = await getDb();
  const r = await visibleReferral(db, p, referralId);
  const hash = requestHash({ body });
  const [made] = await db.insert(dealNotes).values({ referral_id: r.id, author_user_id: p.userId, client_key: clientKey, body, request_hash: hash })
    .onConflictDoNothing({ target: [dealNotes.referral_id, dealNotes.client_key] }).returning();
  if (made) return { created: true, note: (await viewsOf(r, [made]))[0] };
  const [first] = await db.select().from(dealNotes).where(and(eq(dealNotes.referral_id, r.id), eq(dealNotes.client_key, clientKey))).limit(1);
  if (first.author_user_id !== p.userId) throw idempotencyKeyReused();
  assertSameRequest(first.request_hash, hash);
  return { created: false, note: (await viewsOf(r, [first]))[0] };
}
