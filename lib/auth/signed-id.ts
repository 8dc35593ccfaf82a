import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { customAlphabet } from 'nanoid';
import { DEVICE_ID_LENGTH } from '../constants';
import { purposeKey } from '../storage/signing';

/**
 * Random ids the server hands out in signed cookies (the visitor id
 * `sr_vid`, the device mark `sr_dev`). A token is `<id>.<mac>`: the
 * 20-character alphanumeric id (SPEC.md section 9 device id) and a
 * truncated HMAC-SHA256 of it under a key derived for one purpose from the
 * server's signing secret, so a token of one purpose never verifies as
 * another's and nobody can pick, edit or borrow an id they were not given.
 */

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const mintId = customAlphabet(ALNUM, DEVICE_ID_LENGTH);
/** Bytes of the HMAC kept in a token (128 bits). */
const MAC_BYTES = 16;
const TOKEN_RE = new RegExp(`^([0-9A-Za-z]{${DEVICE_ID_LENGTH}})\\.([A-Za-z0-9_-]{22})$`);

/** The purposes a signed id is minted for (each its own key). */
export type SignedIdPurpose = 'visitor-id' | 'device-id';

function mac(purpose: SignedIdPurpose, id: string): Buffer {
  return createHmac('sha256', purposeKey(purpose)).update(id).digest().subarray(0, MAC_BYTES);
}

/** A new random id (20 alphanumeric characters, from the CSPRNG). */
export function newSignedId(): string {
  return mintId();
}

/**
 * The token `<id>.<mac>` that carries `id` for `purpose`.
 * @throws Error when the signing secret is not loaded (lib/storage/signing.ts).
 */
export function signedIdToken(purpose: SignedIdPurpose, id: string): string {
  return `${id}.${mac(purpose, id).toString('base64url')}`;
}

/** Tokens that verified lately, per purpose (token -> id), and the key they were checked with. */
const verified = new Map<SignedIdPurpose, { key: Buffer; ids: Map<string, string> }>();
const VERIFIED_MAX = 50_000;

/**
 * The id inside a token the server issued for `purpose`, or null for a
 * missing, malformed or forged token (constant-time comparison). Tokens
 * that verified are remembered (at most 50,000 a purpose, oldest dropped
 * first): every request carries one, and the HMAC is the costliest step of
 * reading it. Only good tokens are kept, so a flood of forged ones cannot
 * fill the memory; a rotated secret forgets them.
 */
export function readSignedIdToken(purpose: SignedIdPurpose, token: string | null | undefined): string | null {
  if (!token) return null;
  const key = purposeKey(purpose);
  let memo = verified.get(purpose);
  const hit = memo?.ids.get(token);
  if (hit !== undefined && memo?.key === key) return hit;
  const m = TOKEN_RE.exec(token);
  if (!m) return null;
  const given = Buffer.from(m[2], 'base64url');
  const expected = mac(purpose, m[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!memo || memo.key !== key) {
    memo = { key, ids: new Map() };
    verified.set(purpose, memo);
  }
  if (memo.ids.size >= VERIFIED_MAX) memo.ids.delete(memo.ids.keys().next().value as string);
  memo.ids.set(token, m[1]);
  return m[1];
}
