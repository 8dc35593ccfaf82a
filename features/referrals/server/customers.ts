import 'server-only';
import { eq } from 'drizzle-orm';
import { customers } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/client';

/** Indian address words and their usual abbreviations, folded to one spelling before comparing. */
const ADDRESS_WORDS: Record<string, string> = {
  rd: 'road', st: 'street', ln: 'lane', marg: 'road', nagar: 'nagar', ngr: 'nagar', sec: 'sector', sect: 'sector',
  apt: 'apartment', apts: 'apartment', apartments: 'apartment', bldg: 'building', flr: 'floor', fl: 'floor',
  opp: 'opposite', nr: 'near', no: 'number', hno: 'house', h: 'house', plot: 'plot', colony: 'colony', clny: 'colony',
  dist: 'district', distt: 'district', ph: 'phase', blk: 'block', extn: 'extension', ext: 'extension',
};

/**
 * An address folded for comparison (docs/decisions/010 "one reward per
 * household"): lower case, punctuation to spaces, the usual abbreviations
 * expanded (ADDRESS_WORDS), "house no" / "h no" folded, ordinal suffixes
 * and filler words dropped, spaces folded. "H.No. 12, MG Rd, Sec-4,
 * Gurgaon 122001" and "house number 12 mg road sector 4 gurgaon 122001"
 * give the same key. Empty for an empty address.
 */
export function normaliseAddress(address: string): string {
  const words = address.normalize('NFKC').toLowerCase()
    .replace(/(\d+)(st|nd|rd|th)\b/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => ADDRESS_WORDS[w] ?? w)
    .filter((w) => w !== 'number' && w !== 'the' && w !== 'of');
  return words.join(' ');
}

/** A DISCOM consumer number folded for comparison: upper case, without spaces, dashes or slashes; null when empty. */
export function normaliseConsumerNumber(n: string | null | undefined): string | null {
  const s = (n ?? '').toUpperCase().replace(/[\s\-/.]/g, '');
  return s === '' ? null : s;
}

/** The registered customer with this E.164 phone, or null (SPEC.md section 6 "registered customers"). */
export async function customerByPhone(db: DbOrTx, phone: string) {
  const [row] = await db.select().from(customers).where(eq(customers.phone, phone)).limit(1);
  return row ?? null;
}
