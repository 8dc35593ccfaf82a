import { hasRole, type Principal } from './principal';

/**
 * True when `p` is a signed-in member of the provider's staff: STAFF, or
 * ADMIN, who holds every role (docs/decisions/010 "Roles"). Staff see and
 * move every referral, deal and reward; a visitor never is staff. A screen
 * that holds only the signed-in user's role grants passes `{ roles }`
 * without `userId`: grants come with a session, a visitor has none.
 */
export function isStaff(p: Pick<Principal, 'roles'> & { userId?: string | null }): boolean {
  return p.userId !== null && hasRole(p, 'STAFF');
}
