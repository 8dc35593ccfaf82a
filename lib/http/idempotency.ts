import 'server-only';
import { createHash } from 'node:crypto';
import { ApiError } from './errors';

/**
 * Idempotency keys that mean one request body (Stripe's rule, "Idempotent
 * requests"): a write sent again with its key answers the first result;
 * the same key with a different body is refused with 422
 * `idempotency_key_reused` instead of silently answering the first result
 * and dropping the second request. The first request's body is kept as the
 * SHA-256 of its canonical JSON (requestHash) in the row it made.
 */

/**
 * The canonical JSON of `value`: object keys sorted (by UTF-16 code units,
 * at every depth), no whitespace, properties whose value is `undefined`
 * left out (as JSON.stringify does, so an optional field sent absent and
 * one parsed to `undefined` read the same); arrays keep their order.
 * Dates and other objects with toJSON are written as JSON.stringify would.
 * @throws TypeError for a value JSON cannot hold (a BigInt, a cycle).
 */
export function canonicalJson(value: unknown): string {
  const seen = new Set<object>();
  const walk = (v: unknown): string | undefined => {
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      v = (v as { toJSON: () => unknown }).toJSON();
    }
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (seen.has(v)) throw new TypeError('canonicalJson: the value has a cycle');
    seen.add(v);
    let out: string;
    if (Array.isArray(v)) {
      out = `[${v.map((x) => walk(x) ?? 'null').join(',')}]`;
    } else {
      const parts: string[] = [];
      for (const k of Object.keys(v).sort()) {
        const s = walk((v as Record<string, unknown>)[k]);
        if (s !== undefined) parts.push(`${JSON.stringify(k)}:${s}`);
      }
      out = `{${parts.join(',')}}`;
    }
    seen.delete(v);
    return out;
  };
  return walk(value) ?? 'null';
}

/**
 * The request hash stored beside an idempotency key: lowercase hex SHA-256
 * of the canonical JSON (canonicalJson) of the validated body `body`,
 * without the fields named in `omit` (the key itself, default
 * `idempotency_key`), so the hash says what the request asks for, not how
 * it is labelled.
 */
export function requestHash(body: object, omit: readonly string[] = ['idempotency_key']): string {
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !omit.includes(k)));
  return createHash('sha256').update(canonicalJson(rest), 'utf8').digest('hex');
}

/** The 422 of a key sent again with a different body. */
export const idempotencyKeyReused = () =>
  new ApiError(422, 'idempotency_key_reused', 'This request key was already used for a different request.');

/**
 * Checks that a repeat of an idempotency key carries the first request's
 * body. A row stored before request hashes were kept (`stored` null) is
 * taken as matching.
 * @throws ApiError 422 `idempotency_key_reused` when the hashes differ.
 */
export function assertSameRequest(stored: string | null | undefined, hash: string): void {
  if (stored != null && stored !== hash) throw idempotencyKeyReused();
}
