import type { Principal, Role } from '@/lib/auth/principal';

/**
 * Who may do what in the studio: the matrix of docs/decisions/008, in one
 * place. Every studio endpoint and screen asks here; nothing else decides.
 * Pure functions over the caller's principal (its role grants) and the
 * resource, so the server and the client answer the same.
 */

/** The studio's actions (docs/decisions/008). */
export const STUDIO_ACTIONS = [
  'topic.create', 'topic.edit', 'topic.reset', 'taxonomy.edit', 'taxonomy.reset',
  'content.upload', 'content.review', 'content.takedown', 'content.see_unpublished',
  'role.read', 'role.grant',
] as const;
export type StudioAction = (typeof STUDIO_ACTIONS)[number];

/** Roles that may upload to a topic. */
const UPLOADERS: readonly Role[] = ['CREATOR', 'CO-CURATOR', 'CURATOR'];
/** Roles that review (approve, reject, take down) in a topic. */
const REVIEWERS: readonly Role[] = ['CO-CURATOR', 'CURATOR'];

/** Which roles hold each action in a topic; ADMIN holds every action everywhere. */
const MATRIX: Record<StudioAction, readonly Role[]> = {
  'topic.create': [],
  'topic.edit': ['CURATOR'],
  'topic.reset': [],
  'taxonomy.edit': ['CURATOR'],
  'taxonomy.reset': ['CURATOR'],
  'content.upload': UPLOADERS,
  'content.review': REVIEWERS,
  'content.takedown': REVIEWERS,
  'content.see_unpublished': REVIEWERS,
  'role.read': ['CURATOR'],
  'role.grant': ['CURATOR'],
};

/** True when the principal is an ADMIN (manages topics, grants curators). */
export function isAdmin(p: Pick<Principal, 'userId' | 'roles'>): boolean {
  return p.userId !== null && p.roles.some((g) => g.role === 'ADMIN');
}

/** The roles `p` holds in `topicId` (grants for that topic, or for every topic). */
export function rolesIn(p: Pick<Principal, 'userId' | 'roles'>, topicId: string): Role[] {
  if (p.userId === null) return [];
  return p.roles.filter((g) => g.topicId === topicId || (g.topicId === null && g.role !== 'ADMIN')).map((g) => g.role);
}

/**
 * Whether `p` may do `action` in `topicId` (null: an action on no topic,
 * i.e. creating one). Visitors may do nothing here.
 */
export function may(p: Pick<Principal, 'userId' | 'roles'>, action: StudioAction, topicId: string | null): boolean {
  if (p.userId === null) return false;
  if (isAdmin(p)) return true;
  if (topicId === null) return false;
  const held = rolesIn(p, topicId);
  return MATRIX[action].some((r) => held.includes(r));
}

/**
 * Which roles `p` may grant (or revoke) in `topicId`: an ADMIN grants
 * CURATOR, CO-CURATOR and CREATOR anywhere (ADMIN only by operators: the
 * ADMIN_PHONES setting and `npm run user:grant`); a CURATOR grants CREATOR
 * and CO-CURATOR in their topic.
 */
export function grantableRoles(p: Pick<Principal, 'userId' | 'roles'>, topicId: string): Role[] {
  if (isAdmin(p)) return ['CURATOR', 'CO-CURATOR', 'CREATOR'];
  return may(p, 'role.grant', topicId) ? ['CO-CURATOR', 'CREATOR'] : [];
}

/** A reel as the review rules need it. */
export interface ReelForPolicy {
  topicId: string;
  /** The uploader. */
  ownerId: string | null;
  reviewStatus: 'Pending' | 'Approved' | 'Rejected';
}

/**
 * Whether `p` may see the reel: an Approved reel anyone (where it is ready);
 * a Pending or Rejected one only its uploader, the topic's reviewers and
 * admins.
 */
export function maySeeReel(p: Pick<Principal, 'userId' | 'roles'>, r: ReelForPolicy): boolean {
  if (r.reviewStatus === 'Approved') return true;
  if (p.userId !== null && r.ownerId === p.userId) return true;
  return may(p, 'content.see_unpublished', r.topicId);
}

/**
 * Whether `p` may move the reel to `to` (docs/decisions/008 "Review"):
 * Pending -> Approved or Rejected by a reviewer of the topic who did not
 * upload it (an ADMIN may review their own); Approved -> Rejected (take
 * down) by a reviewer; Rejected -> Pending only by an edit of the uploader
 * (not by this call).
 */
export function mayMoveReel(p: Pick<Principal, 'userId' | 'roles'>, r: ReelForPolicy, to: 'Approved' | 'Rejected'): boolean {
  if (r.reviewStatus === 'Pending') {
    if (!may(p, 'content.review', r.topicId)) return false;
    return isAdmin(p) || r.ownerId !== p.userId;
  }
  if (r.reviewStatus === 'Approved' && to === 'Rejected') return may(p, 'content.takedown', r.topicId);
  return false;
}

/** Whether `p` may edit the reel's description, option or file: its uploader, while they may still upload to the topic. */
export function mayEditReel(p: Pick<Principal, 'userId' | 'roles'>, r: ReelForPolicy): boolean {
  return p.userId !== null && r.ownerId === p.userId && may(p, 'content.upload', r.topicId);
}
