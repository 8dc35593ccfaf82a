/**
 * Any 8-4-4-4-12 hex string, the text form PostgreSQL's `uuid` type reads
 * (of any version; case-insensitive).
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `s` is a uuid the database can read. An id from a path or a
 * query that is not one is answered as not found (404) before any query,
 * never as a database error (500).
 */
export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}
