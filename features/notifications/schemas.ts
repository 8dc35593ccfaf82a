import { z } from 'zod';

/**
 * Inputs of the notification endpoints (docs/api/accounts.md
 * "Notifications"), shared by the router and the browser's fetchers.
 */

/** Most ids one mark-read call may name: a page is 20, so 100 covers what a screen shows. */
export const MARK_READ_MAX = 100;

/** GET /auth/api/v1/notifications?before=<id>: the page below that id (newest first). */
export const notificationsQuerySchema = z.object({
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'before must be a notification id').transform(Number).optional(),
}).strict();

/** POST /auth/api/v1/notifications/read: {ids: [...]} (1..100) or {all: true}, not both. */
export const markReadBodySchema = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(MARK_READ_MAX).optional(),
  all: z.literal(true).optional(),
}).strict().refine((b) => (b.ids === undefined) !== (b.all === undefined), {
  message: 'give either ids or all: true',
  path: ['ids'],
});
export type MarkReadBody = z.input<typeof markReadBodySchema>;

/** A notification as listed and pushed (lib/notifications/notify.ts NotificationView). */
export interface NotificationItem {
  id: number;
  /** Names the message `notifications.<key>`. */
  key: string;
  params: Record<string, string | number>;
  /** A path of this site, or null. */
  link: string | null;
  read: boolean;
  /** ISO 8601. */
  created_at: string;
}

/** GET /auth/api/v1/notifications. */
export interface NotificationsPage {
  items: NotificationItem[];
  /** The user's unread count, over all pages. */
  unread: number;
  /** `before` of the next (older) page; null on the last. */
  next_before: number | null;
}

/** POST /auth/api/v1/notifications/read. */
export interface MarkReadResult {
  /** How many changed from unread to read. */
  updated: number;
  unread: number;
}
