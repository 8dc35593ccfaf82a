import 'server-only';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sessionClearCookie } from '@/lib/auth/session';
import { LOCALE_COOKIE } from '@/lib/constants';
import { getDb } from '@/lib/db/client';
import type { ApiEnv } from '@/lib/http/app';
import { multipartMaxBytes } from '@/lib/http/body';
import { guards } from '@/lib/http/guards';
import { issueVisitor, principal, requireUser } from '@/lib/http/principal';
import { rateLimit } from '@/lib/http/rate-limit';
import type { ApiPrefix } from '@/lib/http/route-facts';
import type { KeepsContract, Verdicts } from '@/lib/contracts/contract';
import type { UserSearchRoutes } from '@/lib/contracts/user-search';
import { body, parseOrThrow } from '@/lib/http/validate';
import { messageText, toLocale } from '@/lib/messages';
import {
  followBodySchema, newsletterSubscribeSchema, newsletterWithdrawSchema, profilePatchSchema, usernameQuerySchema,
  userSearchQuerySchema, watchedQuerySchema,
} from '../profile-schemas';
import { IMAGE_MAX_BYTES, readImageUpload } from '@/lib/media/image';
import { removeProfilePicture, setProfilePicture } from './picture';
import {
  followTarget, getPublicProfile, isUsernameAvailable, listFollows, listWatched, searchCreators, subscribeNewsletter,
  unfollowTarget, updateProfile, withdrawNewsletter,
} from './profile';
import { userViewOf } from './user-view';
import { eraseAccountBodySchema } from '../account-schemas';
import { buildAccountExport, exportFileNameFor } from './account-export';
import { eraseAccount, type ErasureOutcome } from './account-erasure';

/**
 * The profile's endpoints (SPEC.md section 7 "Auth"; docs/api/accounts.md
 * "Profile"): edit me, profile picture, public profiles, username check and
 * creator search, follows, newsletter consent, videos watched. A 422 names
 * the first bad field with its rule's text in the interface language (the
 * NEXT_LOCALE cookie), e.g. "name: Name must be 3 Character long".
 */

/** Translates a rule's message key into the request's interface language. */
const inUiLanguage = (c: Context) => {
  const locale = toLocale(getCookie(c, LOCALE_COOKIE));
  return (key: string) => messageText(key, locale);
};

/** Bodies of these endpoints are a few fields. */
const SMALL = { maxBytes: 8 * 1024, localize: inUiLanguage };

/** The API family of the profile and the account (SPEC.md section 7 "Auth"). */
export const profilePrefixes: readonly ApiPrefix[] = ['/auth/'];

/** A picture: a raw image or a multipart form, read and bounded by readImageUpload (5 MB). */
const PICTURE = { body: 'any', ownBody: multipartMaxBytes(IMAGE_MAX_BYTES) } as const;

export const profileRoutes = new Hono<ApiEnv>()
  // PATCH /auth/api/v1/user/me - edit name, username, bio, email, gender, dob; complete onboarding
  .patch('/auth/api/v1/user/me', guards.userWrite('profile'), body(profilePatchSchema, SMALL), async (c) => {
    const { db } = await getDb();
    await updateProfile(db, c.var.principal, c.req.valid('json'));
    c.header('cache-control', 'no-store');
    return c.json(await userViewOf(db, c.var.principal));
  })
  // POST /auth/api/v1/user/profile-picture - multipart `file` or an image body, at most 5 MB; stored as 256x256 WebP
  .post('/auth/api/v1/user/profile-picture', guards.userWrite('profile', PICTURE), async (c) => {
    const bytes = await readImageUpload(c.req.raw);
    const { db } = await getDb();
    await setProfilePicture(db, c.var.principal, bytes);
    c.header('cache-control', 'no-store');
    return c.json(await userViewOf(db, c.var.principal));
  })
  // DELETE /auth/api/v1/user/profile-picture - remove the picture
  .delete('/auth/api/v1/user/profile-picture', guards.userWrite('profile', { body: 'any' }), async (c) => {
    const { db } = await getDb();
    await removeProfilePicture(db, c.var.principal);
    c.header('cache-control', 'no-store');
    return c.json(await userViewOf(db, c.var.principal));
  })
  // GET /auth/api/v1/users/{id}/profiles - a user's public profile (no phone, no email; a non-creator's first name only)
  .get('/auth/api/v1/users/:id/profiles', async (c) => {
    const profile = await getPublicProfile((await getDb()).db, c.req.param('id'));
    c.header('cache-control', 'public, max-age=60');
    return c.json(profile);
  })
  // GET /auth/api/v1/users?q= - creators whose name or username contains q (at most 20)
  .get('/auth/api/v1/users', async (c) => {
    const { q } = parseOrThrow(userSearchQuerySchema, c.req.query(), inUiLanguage(c));
    c.header('cache-control', 'public, max-age=60');
    return c.json({ users: await searchCreators((await getDb()).db, q) });
  })
  // GET /auth/api/v1/user/query?username= - is this username free for me?
  .get('/auth/api/v1/user/query', principal(), requireUser(), async (c) => {
    const { username } = parseOrThrow(usernameQuerySchema, c.req.query(), inUiLanguage(c));
    c.header('cache-control', 'private, no-store');
    return c.json({ username, available: await isUsernameAvailable((await getDb()).db, c.var.principal, username) });
  })
  // GET /auth/api/v1/user/follows - the topics and creators I follow
  .get('/auth/api/v1/user/follows', principal(), requireUser(), async (c) => {
    c.header('cache-control', 'private, no-store');
    return c.json({ follows: await listFollows((await getDb()).db, c.var.principal) });
  })
  // POST /auth/api/v1/user/follows - follow a topic or a creator (201 new, 200 already followed)
  .post('/auth/api/v1/user/follows', guards.userWrite('profile'), body(followBodySchema, SMALL), async (c) => {
    const t = c.req.valid('json');
    const { created } = await followTarget((await getDb()).db, c.var.principal, t);
    return c.json({ ...t, following: true }, created ? 201 : 200);
  })
  // DELETE /auth/api/v1/user/follows - unfollow (idempotent)
  .delete('/auth/api/v1/user/follows', guards.userWrite('profile'), body(followBodySchema, SMALL), async (c) => {
    const t = c.req.valid('json');
    await unfollowTarget((await getDb()).db, c.var.principal, t);
    return c.json({ ...t, following: false });
  })
  // POST /auth/api/v1/newsletter/subscribe - consent to the newsletter (visitor or user), with its time
  .post('/auth/api/v1/newsletter/subscribe', guards.visitorWrite('profile'), body(newsletterSubscribeSchema, SMALL), async (c) => {
    const { email } = c.req.valid('json');
    await subscribeNewsletter((await getDb()).db, c.var.principal, email);
    return c.json({ email, subscribed: true });
  })
  // DELETE /auth/api/v1/newsletter/subscribe - withdraw that consent
  .delete('/auth/api/v1/newsletter/subscribe', guards.visitorWrite('profile'), body(newsletterWithdrawSchema, SMALL), async (c) => {
    const { email } = c.req.valid('json');
    await withdrawNewsletter((await getDb()).db, c.var.principal, email);
    return c.json({ email, subscribed: false });
  })
  // GET /auth/api/v1/user/watched?page= - my videos watched, newest first, 10 per page
  .get('/auth/api/v1/user/watched', principal(), requireUser(), async (c) => {
    const { page } = parseOrThrow(watchedQuerySchema, c.req.query(), inUiLanguage(c));
    c.header('cache-control', 'private, no-store');
    return c.json(await listWatched((await getDb()).db, c.var.principal, page));
  });

/**
 * The profile router keeps the user-search contract other features read
 * (lib/contracts/user-search.ts: the studio's role grants); a type error
 * here names the route whose answer or input drifted.
 */
export type ProfileKeepsUserSearchContract = KeepsContract<Verdicts<typeof profileRoutes, UserSearchRoutes>>;

/** What an erasure tells the rest of the app; wired in server/api.ts. */
export interface AccountDeps {
  /**
   * After an erasure committed: reels whose like counts went down and the
   * visitor ids whose cached likes and progress are gone; `reelsReleased`
   * reels lost their owner (the feed shows owner names).
   */
  onErased?: (e: Pick<ErasureOutcome, 'changed' | 'visitors'> & { reelsReleased: number }) => void;
}

/**
 * A person's rights over their account (docs/decisions/021): download
 * everything held about them, and erase the account.
 * @param deps hooks into the feed caches (server/api.ts).
 */
export function accountRoutes(deps: AccountDeps = {}) {
  return new Hono<ApiEnv>()
    // GET /auth/api/v1/user/export - everything held about me, as a JSON file (a few per hour)
    .get('/auth/api/v1/user/export', principal(), requireUser(), rateLimit('account_export'), async (c) => {
      const now = new Date();
      const doc = await buildAccountExport((await getDb()).db, c.var.principal.userId!, now);
      c.header('content-disposition', `attachment; filename="${exportFileNameFor(now)}"`);
      c.header('cache-control', 'private, no-store');
      c.header('content-type', 'application/json; charset=utf-8');
      return c.body(JSON.stringify(doc, null, 2));
    })
    // DELETE /auth/api/v1/user/me - erase my account ({"confirm": true}); signed out everywhere
    .delete('/auth/api/v1/user/me', guards.userWrite('account_erase'), body(eraseAccountBodySchema, SMALL), async (c) => {
      const { db } = await getDb();
      const outcome = await eraseAccount(db, c.var.principal.userId!);
      deps.onErased?.({ changed: outcome.changed, visitors: outcome.visitors, reelsReleased: outcome.summary.counts.reels_released });
      c.header('Set-Cookie', sessionClearCookie(c.var.isHttps), { append: true });
      // As after logout, the device starts over as a fresh visitor; if this IP may mint no more, it keeps its cookie.
      const fresh = await issueVisitor(c.var.clientIp, c.var.isHttps).catch(() => null);
      if (fresh) c.header('Set-Cookie', fresh.setCookie, { append: true });
      c.header('cache-control', 'no-store');
      return c.json(outcome.summary);
    });
}
