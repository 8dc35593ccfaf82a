import { hasRole, type Principal } from './principal';

/**
 * True when `p` is a signed-in member of the provider's staff: STAFF, or
 * ADMIN, who holds every role (docs/decisions/010 "Roles"). Staff see and
 * move every referral, deal and reward; a visitor never is staff.
 */
export function isStaff(p: Principal): boolean {
  return p.userId !== null && hasRole(p, 'STAFF');
}
