import 'server-only';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { referralCodes } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';

/** Crockford base32 without I, L, O, U: no letters a person misreads from a phone screen. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a referral code: 32^8 = 1.1e12 codes. */
export const REFERRAL_CODE_LENGTH = 8;
/** A referral code as it appears in links. */
export const REFERRAL_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

function newCode(): string {
  let s = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/**
 * The user's referral code, made on first use (8 characters of Crockford
 * base32, unique; a clash is retried).
 */
export async function referralCodeOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.user_id, userId)).limit(1);
  if (row) return row.code;
  for (let attempt = 0; ; attempt++) {
    try {
      const [made] = await db.insert(referralCodes).values({ user_id: userId, code: newCode() })
        .onConflictDoNothing({ target: referralCodes.user_id }).returning({ code: referralCodes.code });
      if (made) return made.code;
      // Another request made it meanwhile.
      const [again] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.user_id, userId)).limit(1);
      if (again) return again.code;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/** The user whose referral code is `code` (upper-cased first), or null. */
export async function referrerOfCode(db: DbOrTx, code: string): Promise<string | null> {
  const c = code.trim().toUpperCase();
  if (!REFERRAL_CODE_RE.test(c)) return null;
  const [row] = await db.select({ user_id: referralCodes.user_id }).from(referralCodes).where(eq(referralCodes.code, c)).limit(1);
  return row?.user_id ?? null;
}

/**
 * The share link of a referral code, for a deal: `/r/<code>?deal=<url_id>`
 * on `origin` (PUBLIC_URL, else the request's own origin).
 */
export function shareUrlOf(origin: string, code: string, dealUrlId?: string | null): string {
  const u = new URL(`/r/${code}`, origin);
  if (dealUrlId) u.searchParams.set('deal', dealUrlId);
  return u.toString();
}
