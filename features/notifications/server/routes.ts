import 'server-only';
import { Hono } from 'hono';
import type { ApiEnv } from '@/lib/http/app';
import { guards } from '@/lib/http/guards';
import { principal, requireUser } from '@/lib/http/principal';
import type { ApiPrefix } from '@/lib/http/route-facts';
import { body, query } from '@/lib/http/validate';
import { countUnread, listNotifications, markRead } from '@/lib/notifications/notify';
import { markReadBodySchema, notificationsQuerySchema, type MarkReadResult, type NotificationsPage } from '../schemas';

/**
 * The signed-in user's notifications (docs/api/accounts.md "Notifications"):
 * the list with the unread count, and marking read. Only ever the caller's
 * own rows: a visitor is asked to log in, another user's ids are not touched.
 */

/** The API family of notifications (SPEC.md section 7 "Auth"). */
export const notificationsPrefixes: readonly ApiPrefix[] = ['/auth/'];

const SMALL = { maxBytes: 8 * 1024 };

export const notificationRoutes = new Hono<ApiEnv>()
  // GET /auth/api/v1/notifications?before=<id> - a page of 20, newest first, and the unread count
  .get('/auth/api/v1/notifications', principal(), requireUser(), query(notificationsQuerySchema), async (c) => {
    const userId = c.var.principal.userId!;
    const [page, unread] = await Promise.all([
      listNotifications(userId, c.req.valid('query').before),
      countUnread(userId),
    ]);
    c.header('cache-control', 'private, no-store');
    return c.json<NotificationsPage>({ items: page.items, unread, next_before: page.next_before });
  })
  // POST /auth/api/v1/notifications/read {ids: [...]} | {all: true} - mark read; answers the new unread count
  .post('/auth/api/v1/notifications/read', guards.signedInWrite('profile'), body(markReadBodySchema, SMALL), async (c) => {
    const userId = c.var.principal.userId!;
    const b = c.req.valid('json');
    const updated = await markRead(userId, b.all ? 'all' : b.ids ?? []);
    return c.json<MarkReadResult>({ updated, unread: await countUnread(userId) });
  });
