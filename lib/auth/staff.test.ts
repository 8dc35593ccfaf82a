import { describe, expect, it } from 'vitest';
import type { Principal, RoleGrant } from './principal';
import { isStaff } from './staff';

const who = (userId: string | null, roles: RoleGrant[]): Principal =>
  ({ visitorId: 'v'.repeat(20), isNewVisitor: false, userId, roles });

describe('isStaff', () => {
  it('is true for STAFF and for ADMIN, who holds every role', () => {
    expect(isStaff(who('u1', [{ role: 'STAFF', topicId: null }]))).toBe(true);
    expect(isStaff(who('u1', [{ role: 'ADMIN', topicId: null }]))).toBe(true);
  });

  it('is false for other roles, for no role and for a visitor', () => {
    expect(isStaff(who('u1', [{ role: 'CURATOR', topicId: 't1' }]))).toBe(false);
    expect(isStaff(who('u1', []))).toBe(false);
    expect(isStaff(who(null, [{ role: 'STAFF', topicId: null }]))).toBe(false);
  });

  it('reads the grants alone of a signed-in user the same way (the staff screen holds only those)', () => {
    expect(isStaff({ roles: [{ role: 'STAFF', topicId: null }] })).toBe(true);
    expect(isStaff({ roles: [{ role: 'ADMIN', topicId: null }] })).toBe(true);
    expect(isStaff({ roles: [{ role: 'CREATOR', topicId: 'x' }] })).toBe(false);
    expect(isStaff({ roles: [] })).toBe(false);
  });
});
