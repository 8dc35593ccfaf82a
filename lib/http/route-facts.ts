/**
 * The path families of the API (SPEC.md section 7's endpoint catalogue, and
 * our own documented additions). Each feature's routes file declares the
 * families its routes live under, next to them; server/api.ts composes the
 * declarations into the one list the HTTP server routes by (isApiPath), and
 * tests/integration/route-facts.test.ts checks every route against it.
 */

/** A path family, e.g. `/auth/`: a request whose path starts with it is the API's, not a page's. */
export type ApiPrefix = `/${string}/`;

/**
 * The union of the families the routers declare, each once, in first-seen order.
 * @param declared one list per routes file.
 */
export function composePrefixes(...declared: ReadonlyArray<readonly ApiPrefix[]>): readonly ApiPrefix[] {
  return [...new Set(declared.flat())];
}
