import type { RoleGrant } from '@/lib/auth/principal';

/**
 * Who may read the staff insights (docs/api/insights.md): a user with the
 * STAFF or ADMIN role, held everywhere (docs/decisions/010: ADMIN may do
 * all STAFF may). The API enforces it with `requireRole('STAFF')`; the
 * page uses this to show the not-authorized state without asking the API.
 */
export function mayReadInsights(roles: readonly RoleGrant[]): boolean {
  return roles.some((r) => (r.role === 'STAFF' || r.role === 'ADMIN') && r.topicId === null);
}
