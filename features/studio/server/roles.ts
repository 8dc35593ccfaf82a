import 'server-only';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { topics, userRoles, users } from '@/lib/db/schema';
import { ROLES as ROLE_NAMES, type Principal, type Role } from '@/lib/auth/principal';
import { forbidden, notFound } from '@/lib/http/errors';
import { isUuid } from '@/lib/uuid';
import { logger } from '@/lib/logger';
import { toIndianMobileE164 } from '@/lib/phone';
import { grantableRoles, may, type StudioAction } from '../policy';

/**
 * Role grants (SPEC.md section 7 "Auth": topic_role, topic/{id}/topic_role,
 * entity_permission; docs/decisions/008). Who may read or change them is
 * asked of features/studio/policy.ts only.
 */

/** A grant as the API answers it. */
export interface GrantView {
  role: Role;
  topic_id: string | null;
  topic_name: string | null;
  created_at: string;
}

/** A grant of a topic with the user holding it. */
export interface TopicGrantView {
  user_id: string;
  name: string;
  username: string | null;
  role: Role;
  /** null: held in every topic. */
  topic_id: string | null;
}

/**
 * The topic of `idOrSlug` (a uuid or a slug), or null.
 */
export async function findTopic(db: DbOrTx, idOrSlug: string): Promise<typeof topics.$inferSelect | null> {
  const where = isUuid(idOrSlug) ? eq(topics.id, idOrSlug) : eq(topics.slug, idOrSlug);
  const [t] = await db.select().from(topics).where(where).limit(1);
  return t ?? null;
}

/** The signed-in caller's grants, topic names included (GET /auth/api/v1/topic_role). */
export async function listMyGrants(userId: string): Promise<GrantView[]> {
  const { db } = await getDb();
  const rows = await db.select({
    role: userRoles.role, topic_id: userRoles.topic_id, topic_name: topics.name, created_at: userRoles.created_at,
  }).from(userRoles).leftJoin(topics, eq(topics.id, userRoles.topic_id))
    .where(eq(userRoles.user_id, userId)).orderBy(asc(userRoles.id));
  return rows.map((r) => ({ ...r, role: r.role as Role, created_at: r.created_at.toISOString() }));
}

/**
 * The grants held in a topic (rows of that topic, and non-ADMIN rows held
 * everywhere), with the users' id, name and username. Needs role.read
 * (docs/decisions/008).
 * @throws ApiError 404 unknown topic; 403 without role.read.
 */
export async function listTopicGrants(p: Principal, topicId: string): Promise<TopicGrantView[]> {
  const { db } = await getDb();
  const topic = await findTopic(db, topicId);
  if (!topic) throw notFound('Topic not found.');
  if (!may(p, 'role.read', topic.id)) throw forbidden();
  const rows = await db.select({
    user_id: userRoles.user_id, name: users.name, username: users.username, role: userRoles.role, topic_id: userRoles.topic_id,
  }).from(userRoles).innerJoin(users, eq(users.id, userRoles.user_id))
    .where(or(eq(userRoles.topic_id, topic.id), and(isNull(userRoles.topic_id), sql`${userRoles.role} not in ('ADMIN','STAFF')`)))
    .orderBy(asc(userRoles.id));
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}

/**
 * Grants (`grant: true`) or revokes `role` of `userId` in a topic; both
 * idempotent. Only the roles grantableRoles() gives the caller there.
 * @returns `changed`: whether a row was added or removed.
 * @throws ApiError 404 unknown topic or user; 403 a role the caller may not grant.
 */
export async function changeTopicGrant(
  p: Principal, topicId: string, userId: string, role: Role, grant: boolean,
): Promise<{ changed: boolean; topic_id: string }> {
  const { db } = await getDb();
  const topic = await findTopic(db, topicId);
  if (!topic) throw notFound('Topic not found.');
  if (!grantableRoles(p, topic.id).includes(role)) throw forbidden();
  if (!isUuid(userId)) throw notFound('User not found.');
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound('User not found.');
  const changed = grant
    ? (await db.insert(userRoles).values({ user_id: userId, role, topic_id: topic.id }).onConflictDoNothing().returning({ id: userRoles.id })).length > 0
    : (await db.delete(userRoles).where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role), eq(userRoles.topic_id, topic.id)))
      .returning({ id: userRoles.id })).length > 0;
  return { changed, topic_id: topic.id };
}

/**
 * Whether the caller may do `action` in `topicId` (POST/GET
 * /auth/api/v1/entity_permission); an unknown topic is simply "not allowed".
 */
export async function entityPermission(p: Principal, action: StudioAction, topicId: string | null): Promise<boolean> {
  if (topicId === null) return may(p, action, null);
  const { db } = await getDb();
  const topic = await findTopic(db, topicId);
  return topic !== null && may(p, action, topic.id);
}

/** The E.164 numbers of the ADMIN_PHONES setting (comma-separated, 10-digit or +91); invalid entries are skipped. */
export function adminPhonesOf(setting: string): Set<string> {
  const out = new Set<string>();
  for (const raw of setting.split(',')) {
    const e164 = raw.trim() ? toIndianMobileE164(raw.trim()) : null;
    if (e164) out.add(e164);
  }
  return out;
}

/**
 * At a sign-in, inside its transaction (before the answer, so the session
 * the sign-in creates holds the role from its first request): when the
 * user's phone is in `adminPhones`, adds an ADMIN grant (topic null) unless
 * they have it (docs/decisions/008: ADMIN only by operators). An error
 * propagates and the sign-in fails as a whole, rather than leaving a
 * session without the role.
 * @returns true when a grant was added.
 */
export async function grantAdminIfListed(tx: DbOrTx, userId: string, adminPhones: Set<string>): Promise<boolean> {
  if (adminPhones.size === 0) return false;
  const [u] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u?.phone || !adminPhones.has(u.phone)) return false;
  const added = await tx.insert(userRoles).values({ user_id: userId, role: 'ADMIN', topic_id: null })
    .onConflictDoNothing().returning({ id: userRoles.id });
  if (added.length) logger().info({ userId }, 'ADMIN granted from ADMIN_PHONES');
  return added.length > 0;
}

/** What an operator's grant or revoke did. */
export interface OperatorGrantResult {
  userId: string;
  userName: string;
  role: Role;
  /** null: everywhere. */
  topicId: string | null;
  topicName: string | null;
  /** False when the grant was already there (grant) or absent (revoke). */
  changed: boolean;
}

/**
 * The operator's grant or revoke (`npm run user:grant`; docs/decisions/008:
 * the only way besides ADMIN_PHONES to make an ADMIN). An ADMIN grant has
 * no topic; another role without a topic holds it in every topic.
 * @param phone a 10-digit or +91 Indian mobile number of a user.
 * @param topic a topic id or slug, or null.
 * @throws Error with an operator-readable message for an invalid phone, an unknown user, role or topic, or an ADMIN grant with a topic.
 */
export async function operatorGrant(phone: string, role: string, topic: string | null, revoke: boolean): Promise<OperatorGrantResult> {
  const e164 = toIndianMobileE164(phone);
  if (!e164) throw new Error('not a valid Indian mobile number');
  const known = (ROLE_NAMES as readonly string[]).includes(role);
  if (!known) throw new Error(`unknown role "${role}": use one of ${ROLE_NAMES.join(', ')}`);
  const r = role as Role;
  if ((r === 'ADMIN' || r === 'STAFF') && topic !== null) throw new Error(`${r} is held everywhere: give no topic`);
  const { db } = await getDb();
  const [u] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.phone, e164)).limit(1);
  if (!u) throw new Error('no user with this phone number (they must sign in once first)');
  const t = topic === null ? null : await findTopic(db, topic);
  if (topic !== null && !t) throw new Error(`no topic with id or slug "${topic}"`);
  const topicId = t?.id ?? null;
  const sameTopic = topicId === null ? isNull(userRoles.topic_id) : eq(userRoles.topic_id, topicId);
  const changed = revoke
    ? (await db.delete(userRoles).where(and(eq(userRoles.user_id, u.id), eq(userRoles.role, r), sameTopic)).returning({ id: userRoles.id })).length > 0
    : (await db.insert(userRoles).values({ user_id: u.id, role: r, topic_id: topicId }).onConflictDoNothing().returning({ id: userRoles.id })).length > 0;
  return { userId: u.id, userName: u.name, role: r, topicId, topicName: t?.name ?? null, changed };
}
