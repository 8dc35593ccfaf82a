import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal, RoleGrant } from '@/lib/auth/principal';
import type { Me } from '../schemas';
import type { DbOrTx } from '@/lib/db/client';
import { users } from '@/lib/db/schema';

/**
 * The user as clients see it (SPEC.md section 3 "User";
 * docs/api/accounts.md "The user"): the one type the server answers and the
 * client reads (features/auth/schemas.ts `Me`).
 */
export type UserView = Me;

/** "+919812345678" -> "+91 ******5678"; anything else keeps only its last 4 digits. */
export function maskPhone(e164: string | null): string | null {
  if (!e164) return null;
  const digits = e164.replace(/\D/g, '');
  const last4 = digits.slice(-4);
  return e164.startsWith('+91') ? `+91 ******${last4}` : `******${last4}`;
}

/** The view of a visitor: only the visitor id is known. */
export function visitorView(visitorId: string): UserView {
  return {
    userId: null, isUserVisitor: true, visitorId,
    name: '', username: null, bio: '', pic: null, email: null, emailVerified: false, gender: null, dob: null,
    phone: null, phId: null, hasGoogle: false, onboardingStatus: null, isAmb: false,
    followers: 0, following: 0, posts: 0, metadata: {}, permissions: { roles: [], canCreateContent: false },
  };
}

/**
 * The caller's user view: a visitor's, or the signed-in user's with their
 * follower, following and post counts and roles (one query).
 */
export async function userViewOf(db: DbOrTx, p: Principal): Promise<UserView> {
  if (!p.userId) return visitorView(p.visitorId);
  const [u] = await db.select({
    u: users,
    // Written out: Drizzle leaves a one-table select's columns unqualified, which the subqueries would capture.
    followers: sql<number>`(select count(*)::int from follows f where f.target_kind = 'creator' and f.target_id = users.id)`,
    following: sql<number>`(select count(*)::int from follows f where f.user_id = users.id)`,
    posts: sql<number>`(select count(*)::int from content_items ci where ci.user_id = users.id and ci.status = 'ready')`,
    roles: sql<RoleGrant[] | string>`coalesce((select json_agg(json_build_object('role', r.role, 'topicId', r.topic_id) order by r.id)
      from user_roles r where r.user_id = users.id), '[]'::json)`,
  }).from(users).where(and(eq(users.id, p.userId))).limit(1);
  if (!u) return visitorView(p.visitorId);
  const roles: RoleGrant[] = typeof u.roles === 'string' ? JSON.parse(u.roles) : u.roles;
  return {
    userId: u.u.id, isUserVisitor: false, visitorId: p.visitorId,
    name: u.u.name, username: u.u.username, bio: u.u.bio, pic: u.u.pic,
    email: u.u.email, emailVerified: u.u.email_verified, gender: u.u.gender, dob: u.u.dob,
    phone: maskPhone(u.u.phone), phId: maskPhone(u.u.phone), hasGoogle: u.u.google_sub !== null,
    onboardingStatus: u.u.onboarding_status as UserView['onboardingStatus'],
    isAmb: u.u.is_amb, followers: Number(u.followers), following: Number(u.following), posts: Number(u.posts),
    metadata: u.u.metadata,
    permissions: { roles, canCreateContent: roles.length > 0 },
  };
}
