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

/**
 * A new random UUID (version 4), in the browser or Node: crypto.randomUUID
 * where there is one (it needs a secure context in browsers), else built
 * from crypto.getRandomValues.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context (a plain-http address other than localhost): build one below.
    }
  }
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
