import { describe, expect, it } from 'vitest';
import type { Principal, RoleGrant } from '@/lib/auth/principal';
import { grantableRoles, may, mayEditReel, mayMoveReel, maySeeReel, STUDIO_ACTIONS, type ReelForPolicy } from './policy';

const T = 'topic-a';
const OTHER = 'topic-b';
const user = (roles: RoleGrant[] = [], userId = 'u1'): Principal => ({ visitorId: 'v'.repeat(20), isNewVisitor: false, userId, roles });
const visitor: Principal = { visitorId: 'v'.repeat(20), isNewVisitor: false, userId: null, roles: [] };
const people = {
  visitor,
  user: user(),
  creator: user([{ role: 'CREATOR', topicId: T }]),
  coCurator: user([{ role: 'CO-CURATOR', topicId: T }]),
  curator: user([{ role: 'CURATOR', topicId: T }]),
  otherCurator: user([{ role: 'CURATOR', topicId: OTHER }]),
  admin: user([{ role: 'ADMIN', topicId: null }]),
};
type Who = keyof typeof people;

/** docs/decisions/008, the matrix: who holds each action in topic T. */
const expected: Record<(typeof STUDIO_ACTIONS)[number], Who[]> = {
  'topic.create': ['admin'],
  'topic.edit': ['curator', 'admin'],
  'topic.reset': ['admin'],
  'taxonomy.edit': ['curator', 'admin'],
  'taxonomy.reset': ['curator', 'admin'],
  'content.upload': ['creator', 'coCurator', 'curator', 'admin'],
  'content.review': ['coCurator', 'curator', 'admin'],
  'content.takedown': ['coCurator', 'curator', 'admin'],
  'content.see_unpublished': ['coCurator', 'curator', 'admin'],
  'role.read': ['curator', 'admin'],
  'role.grant': ['curator', 'admin'],
};

describe('may (the matrix of docs/decisions/008)', () => {
  for (const action of STUDIO_ACTIONS) {
    it(action, () => {
      const topic = action === 'topic.create' ? null : T;
      const allowed = (Object.keys(people) as Who[]).filter((w) => may(people[w], action, topic));
      expect(allowed).toEqual(expected[action]);
    });
  }
});

describe('grants and reels', () => {
  it('a curator grants creator and co-curator in their topic; an admin also curator; nobody ADMIN', () => {
    expect(grantableRoles(people.curator, T)).toEqual(['CO-CURATOR', 'CREATOR']);
    expect(grantableRoles(people.curator, OTHER)).toEqual([]);
    expect(grantableRoles(people.admin, T)).toEqual(['CURATOR', 'CO-CURATOR', 'CREATOR']);
    expect(grantableRoles(people.coCurator, T)).toEqual([]);
  });

  it('reviewers review others\' Pending reels; only an admin reviews their own; take-down is for reviewers', () => {
    const pending = (ownerId: string): ReelForPolicy => ({ topicId: T, ownerId, reviewStatus: 'Pending' });
    expect(mayMoveReel(people.coCurator, pending('someone'), 'Approved')).toBe(true);
    expect(mayMoveReel(people.coCurator, pending('u1'), 'Approved')).toBe(false);
    expect(mayMoveReel(people.admin, pending('u1'), 'Approved')).toBe(true);
    expect(mayMoveReel(people.creator, pending('someone'), 'Approved')).toBe(false);
    expect(mayMoveReel(people.otherCurator, pending('someone'), 'Rejected')).toBe(false);
    const approved: ReelForPolicy = { topicId: T, ownerId: 'someone', reviewStatus: 'Approved' };
    expect(mayMoveReel(people.curator, approved, 'Rejected')).toBe(true);
    expect(mayMoveReel(people.curator, approved, 'Approved')).toBe(false);
    expect(mayMoveReel(people.creator, approved, 'Rejected')).toBe(false);
  });

  it('unpublished reels are seen by their uploader, the topic\'s reviewers and admins only', () => {
    const rejected: ReelForPolicy = { topicId: T, ownerId: 'u1', reviewStatus: 'Rejected' };
    expect(maySeeReel(people.creator, rejected)).toBe(true);
    expect(maySeeReel(user([{ role: 'CREATOR', topicId: T }], 'u2'), rejected)).toBe(false);
    expect(maySeeReel(people.coCurator, { ...rejected, ownerId: 'x' })).toBe(true);
    expect(maySeeReel(people.otherCurator, { ...rejected, ownerId: 'x' })).toBe(false);
    expect(maySeeReel(visitor, { ...rejected, reviewStatus: 'Approved' })).toBe(true);
    expect(mayEditReel(people.creator, rejected)).toBe(true);
    expect(mayEditReel(user([], 'u1'), rejected)).toBe(false);
  });
});
