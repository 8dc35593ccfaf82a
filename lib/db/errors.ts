/**
 * PostgreSQL's unique violation (23505), as node-postgres and PGlite report
 * it (Drizzle may wrap it in `cause`, up to a few levels): the violated
 * constraint's name (or the message when the driver gives none), else null.
 */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return { constraint: e.constraint ?? e.message ?? '' };
    e = e.cause as typeof e;
  }
  return null;
}

/** True when `err` is PostgreSQL's unique violation (uniqueViolation). */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== null;
}
