import 'server-only';
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { logger } from '../logger';
import { singleton } from '../singleton';

/**
 * Stored notifications of a user (SPEC.md section 2 "Profile: notifications";
 * docs/api/accounts.md "Notifications"). Any feature, or the server's
 * composition root, calls `notify()`: the row is stored, then sent live to
 * the socket room `user:<userId>` through the emitter server/socket.ts
 * registers at start-up. With REDIS_URL the socket.io adapter carries the
 * emit to the process that holds the user's socket. A process without an
 * emitter (the job worker, a test without sockets) stores only; the client
 * sees the row the next time it loads the list.
 */

/**
 * The notifications there are: each names the message
 * `notifications.<key>` in messages/*.json, rendered with its params in the
 * reader's language. A new kind needs an entry here and a message in every
 * language (components/ui/messages.test.ts checks the messages).
 */
export const NOTIFICATION_KEYS = [
  /** First sign-in: the account was made. */
  'welcome',
  /** An existing account was signed in to; params {method: 'phone' | 'google'}. */
  'newSignIn',
  /** A reviewer approved the user's reel; params {topic}. */
  'reelApproved',
  /** A reviewer rejected (or took down) the user's reel; params {topic, reason}. */
  'reelRejected',
  /** A referral request reached the user; params {name, deal}. */
  'referralReceived',
  /** The other side accepted the user's request; params {name, deal}. */
  'referralAccepted',
  /** The other side declined the user's request; params {name, deal}. */
  'referralDeclined',
  /** A deal of the user moved; params {name, step} (step: a DealStep of features/referrals/deal-steps.ts). */
  'dealStepMoved',
  /** The referrer asks the referee to take the next step; params {name}. */
  'dealReminder',
  /** A deal was closed by the provider; params {name}. */
  'dealCanceled',
  /** A reward can be scratched now; params {name}. */
  'rewardScratchable',
  /** A reward changed state; params {state, reason} (codes of features/referrals/reward-states.ts). */
  'rewardChanged',
] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/** Values a message may interpolate. */
export type NotificationParams = Record<string, string | number>;

export interface NotificationInput {
  key: NotificationKey;
  params?: NotificationParams;
  /** Where tapping it leads: a path of this site ("/rewards"), never another site. */
  link?: string | null;
}

/** A notification as the API answers and the socket pushes it. */
export interface NotificationView {
  id: number;
  key: string;
  params: NotificationParams;
  link: string | null;
  read: boolean;
  /** ISO 8601. */
  created_at: string;
}

/** One page of the list, newest first. */
export interface NotificationPage {
  items: NotificationView[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: number | null;
}

/** The socket.io event name of a live notification. */
export const NOTIFICATION_EVENT = 'notification';
/** Items per page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Longest link, characters. */
const LINK_MAX = 500;

/** The socket room of one user's connections. */
export const userRoom = (userId: string) => `user:${userId}`;

/** Sends `payload` to the sockets of `userId`; registered by server/socket.ts. */
export type NotificationEmitter = (userId: string, payload: NotificationView) => void;

const EMITTER = 'notification_emitter';
// One slot per process, shared with Next's separate bundle of server code (lib/singleton.ts).
const slot = () => singleton<{ emit: NotificationEmitter | null }>(EMITTER, () => ({ emit: null }));

/**
 * Registers how notifications reach live sockets (server/socket.ts at
 * start-up); `null` unregisters (a closed socket server).
 */
export function setNotificationEmitter(fn: NotificationEmitter | null): void {
  slot().emit = fn;
}

function viewOf(row: typeof notifications.$inferSelect): NotificationView {
  return {
    id: row.id,
    key: row.key,
    params: row.params ?? {},
    link: row.link,
    read: row.read_at !== null,
    created_at: row.created_at.toISOString(),
  };
}

function checkInput(input: NotificationInput): void {
  if (!(NOTIFICATION_KEYS as readonly string[]).includes(input.key)) throw new Error(`unknown notification key: ${input.key}`);
  for (const v of Object.values(input.params ?? {})) {
    if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`notification ${input.key}: params must be strings or numbers`);
  }
  const link = input.link;
  // A path of this site only: "//host" and "/\host" are other sites to a browser.
  if (link != null && (link.length > LINK_MAX || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\'))) {
    throw new Error(`notification ${input.key}: link must be a path of this site`);
  }
}

/**
 * Stores a notification for `userId` and pushes it to the user's open
 * sockets (event "notification", the NotificationView). Call it after the
 * transaction that caused it has committed: the push is not undone by a
 * rollback. A failed push is logged; the stored row stands.
 * @returns the stored notification.
 * @throws Error for a key not in NOTIFICATION_KEYS, params that are not
 * strings or numbers, or a link that is not a path of this site; the
 * database's error when `userId` is no user.
 */
export async function notify(userId: string, input: NotificationInput): Promise<NotificationView> {
  checkInput(input);
  const { db } = await getDb();
  const [row] = await db.insert(notifications).values({
    user_id: userId, key: input.key, params: input.params ?? {}, link: input.link ?? null,
  }).returning();
  const view = viewOf(row);
  const emit = slot().emit;
  if (emit) {
    try {
      emit(userId, view);
    } catch (err) {
      logger().warn({ err, notification: view.id }, 'live notification push failed');
    }
  }
  return view;
}

/**
 * One page of `userId`'s notifications, newest first (ids descending).
 * @param before only notifications with an id below this (the previous page's `next_before`).
 * @param limit page size, 1..NOTIFICATIONS_PAGE_SIZE.
 */
export async function listNotifications(userId: string, before?: number, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
  const n = Math.min(Math.max(1, Math.floor(limit)), NOTIFICATIONS_PAGE_SIZE);
  const { db } = await getDb();
  // One more than the page: tells whether an older page exists without a count.
  const rows = await db.select().from(notifications)
    .where(and(eq(notifications.user_id, userId), before === undefined ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(n + 1);
  const items = rows.slice(0, n).map(viewOf);
  return { items, next_before: rows.length > n ? items[items.length - 1].id : null };
}

/** How many of `userId`'s notifications are unread. */
export async function countUnread(userId: string): Promise<number> {
  const { db } = await getDb();
  const [row] = await db.select({ n: count() }).from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return Number(row?.n ?? 0);
}

/**
 * Marks notifications of `userId` read: the given ids, or every one with
 * `'all'`. Ids of other users' notifications, unknown ids and ones already
 * read are left as they are.
 * @returns how many changed from unread to read.
 */
export async function markRead(userId: string, ids: readonly number[] | 'all'): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  const { db } = await getDb();
  const mine = and(eq(notifications.user_id, userId), isNull(notifications.read_at));
  const rows = await db.update(notifications).set({ read_at: new Date() })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, [...ids])))
    .returning({ id: notifications.id });
  return rows.length;
}
