import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { cookieValue } from '../http/cookies';
import { sessions, users } from '../db/schema';
import type { Role, RoleGrant } from './principal';

/**
 * Sign-in sessions (docs/api/accounts.md "Sessions"). The client holds a
 * random 256-bit token (httpOnly cookie `sr_sid`, or `Authorization: Bearer`
 * for API clients); the database keeps only its SHA-256, so a leaked
 * database row cannot be replayed, and a session ends the moment its row is
 * revoked: there is no cache between the row and the request.
 */

/** Cookie that carries the session token in browsers. */
export const SESSION_COOKIE = 'sr_sid';

/** Absolute lifetime of a session, seconds (30 days). */
export const SESSION_TTL_S = 30 * 24 * 3600;

/** `last_seen_at` is written at most this often per session, seconds. */
const LAST_SEEN_EVERY_S = 300;

/** How the user proved who they are. */
export type SignInMethod = 'phone' | 'google';

/** A valid session's user, as the principal needs it. */
export interface SessionUser {
  sessionId: string;
  userId: string;
  /** The visitor id whose likes, views, chats, leads and events are the user's. */
  homeViewerId: string | null;
  roles: RoleGrant[];
}

/** The stored id of a token: SHA-256, base64url (43 characters). */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Token shape: `s1.` and 43 base64url characters (32 random bytes). */
const TOKEN_RE = /^s1\.[A-Za-z0-9_-]{43}$/;

/**
 * Stores a new session for `userId` and returns its token (shown to the
 * client once, never stored). `db` may be a transaction.
 */
export async function createSession(db: DbOrTx, userId: string, method: SignInMethod, userAgent: string | null): Promise<string> {
  const token = `s1.${randomBytes(32).toString('base64url')}`;
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    user_id: userId,
    method,
    user_agent: userAgent ? userAgent.slice(0, 256) : null,
    expires_at: new Date(Date.now() + SESSION_TTL_S * 1000),
  });
  return token;
}

/**
 * The user of a session token, or null when the token is malformed,
 * unknown, revoked or expired. One query (roles included); `last_seen_at`
 * is refreshed at most every 5 minutes.
 */
export async function resolveSession(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || !TOKEN_RE.test(token)) return null;
  const id = sessionIdOf(token);
  const { db } = await getDb();
  const [row] = await db.select({
    userId: sessions.user_id,
    lastSeen: sessions.last_seen_at,
    homeViewerId: users.home_viewer_id,
    roles: sql<Array<{ role: Role; topicId: string | null }>>`coalesce((
      select json_agg(json_build_object('role', r.role, 'topicId', r.topic_id) order by r.id)
      from user_roles r where r.user_id = ${users.id}), '[]'::json)`,
  })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    // An erased account (a tombstone, docs/decisions/021) never signs in again, whatever session row is left.
    .where(and(eq(sessions.id, id), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`), isNull(users.deleted_at)))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeen.getTime() > LAST_SEEN_EVERY_S * 1000) {
    await db.update(sessions).set({ last_seen_at: sql`now()` })
      .where(and(eq(sessions.id, id), lt(sessions.last_seen_at, sql`now() - make_interval(secs => ${LAST_SEEN_EVERY_S})`)));
  }
  const roles = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  return { sessionId: id, userId: row.userId, homeViewerId: row.homeViewerId, roles };
}

/** Revokes the session of `token`, if it is one. Idempotent. */
export async function revokeSession(db: DbOrTx, token: string | null | undefined): Promise<void> {
  if (!token || !TOKEN_RE.test(token)) return;
  await db.update(sessions).set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.id, sessionIdOf(token)), isNull(sessions.revoked_at)));
}

/** The Set-Cookie value that carries a session token (`Secure` when `secure`). */
export function sessionSetCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_TTL_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function sessionClearCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The session token of a Cookie header, if any (not yet checked). */
export function sessionTokenFromCookieHeader(cookieHeader: string | undefined): string | null {
  return cookieValue(cookieHeader, SESSION_COOKIE) || null;
}

/** The token of an `Authorization: Bearer <token>` header, if any (not yet checked). */
export function bearerToken(authorization: string | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}
