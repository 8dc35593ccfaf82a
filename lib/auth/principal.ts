/**
 * Who is calling (ARCHITECTURE.md decision 12). Resolved once per request
 * by the `principal()` middleware (lib/http/principal.ts), by the socket
 * handshake and by server-rendered pages, then handed to feature functions,
 * which never read cookies or headers themselves.
 */

/**
 * Contribution roles of SPEC.md section 3, the operator role that manages
 * topics (ADMIN), and the provider's staff who move deals and review held
 * rewards (STAFF, held everywhere; docs/decisions/010).
 */
export const ROLES = ['ADMIN', 'CREATOR', 'CO-CURATOR', 'CURATOR', 'STAFF'] as const;
export type Role = (typeof ROLES)[number];

/** One role held by a user, in one topic (`topicId`) or everywhere (`null`, e.g. ADMIN). */
export interface RoleGrant {
  role: Role;
  topicId: string | null;
}

export interface Principal {
  /**
   * The anonymous visitor id (20 alphanumeric characters, SPEC.md section 9
   * device id) that the server issued in a signed cookie or header.
   */
  visitorId: string;
  /**
   * True when this request brought no valid visitor id and one was minted
   * for it now: such a caller has not yet received anything from the server,
   * so it may read but may not change counts (likes, views, chat, events).
   */
  isNewVisitor: boolean;
  /** The signed-in user, or null for a visitor (accounts come later). */
  userId: string | null;
  /** Roles of the signed-in user; empty for a visitor. */
  roles: readonly RoleGrant[];
  /**
   * The long-lived device mark of the signed `sr_dev` cookie
   * (lib/auth/device.ts), which logout does not change; null (or absent) for
   * a client that keeps no cookies (native clients sending only
   * X-Fingerprint-Id or a Bearer token) and outside a request.
   */
  deviceId?: string | null;
}

/** A principal for code that runs outside a request (scripts, jobs, tests). */
export function visitorPrincipal(visitorId: string, isNewVisitor = false): Principal {
  return { visitorId, isNewVisitor, userId: null, roles: [], deviceId: null };
}

/**
 * True when `p` holds `role` in `topicId` (or everywhere). ADMIN holds every
 * role everywhere.
 */
export function hasRole(p: Pick<Principal, 'roles'>, role: Role, topicId: string | null = null): boolean {
  return p.roles.some((g) => g.role === 'ADMIN' || (g.role === role && (g.topicId === null || g.topicId === topicId)));
}
