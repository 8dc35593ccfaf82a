import 'server-only';
import { and, count, desc, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { deals, referrals, users } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { forbidden, notFound } from '@/lib/http/errors';
import { localizedParams } from '@/lib/localized';
import { logger } from '@/lib/logger';
import { notify, type NotificationInput } from '@/lib/notifications/notify';
import { isUuid } from '@/lib/uuid';
import { dealStepIndex, isOrderPlaced, type DealStep } from '../deal-steps';
import { maySeeReferral, mayReadUser, receiverOf } from '../policy';
import { referralStatus, type ReferralState, type ReferralStatus } from '../statuses';
import { dealView, type DealView } from './deals';
import { recordReferralMove } from './moves';

/*
 * Referral requests (docs/decisions/010 "Requests"; docs/api/referrals.md):
 * a referrer sends one to a phone, or a referee asks an ambassador; the
 * receiver accepts or declines, the sender cancels; unanswered ones expire.
 * Every state move writes its audit row in the transaction that makes it.
 * This file: the request's view, its expiry and the lists; sending is
 * requests-send.ts, answering requests-answer.ts, who may see or move one
 * ../policy.ts.
 */

export type ReferralRow = typeof referrals.$inferSelect;

/** Requests per page of inbox, outbox and referrer_list. */
export const REQUEST_PAGE_SIZE = 10;
/** Where notifications of a request to answer lead (the rewards screen with its inbox). */
export const REFERRALS_LINK = '/rewards';
/** Where notifications about one referral's deal lead: its deal page. */
export const dealLink = (referralId: string) => `/rewards/deal/${referralId}`;

/** A referral as one side sees it (docs/api/referrals.md "Request"). */
export interface RequestView {
  id: string;
  /** The deal, its texts in the asker's language (deals.ts dealView). */
  deal: DealView;
  referrer: { user_id: string; name: string };
  referee: { user_id: string | null; name: string; phone: string };
  side: 'sender' | 'receiver';
  initiated_by: 'referrer' | 'referee';
  status: ReferralStatus;
  state: ReferralState;
  step: DealStep | null;
  created_at: string;
  expires_at: string;
  answered_at: string | null;
}

/** Sends a notification, never failing the caller (logged instead). */
export async function notifySafe(userId: string | null | undefined, n: NotificationInput): Promise<void> {
  if (!userId) return;
  try {
    await notify(userId, n);
  } catch (err) {
    logger().warn({ err, key: n.key }, 'referral notification failed');
  }
}

/**
 * A deal's title as a notification param `name` in the three interface
 * languages (lib/localized.ts localizedParams), read when the notification is
 * made; the reader sees the one of their language. Empty for an unknown deal.
 */
export async function dealTitleParams(db: DbOrTx, dealId: string, name = 'deal'): Promise<Record<string, string>> {
  const [d] = await db.select({ title: deals.title, translations: deals.translations }).from(deals).where(eq(deals.id, dealId)).limit(1);
  return d ? localizedParams(name, d, 'title') : { [name]: '' };
}

/** The names of users, by id (empty string for an unknown one). */
export async function namesOf(db: DbOrTx, ids: Array<string | null>): Promise<Map<string, string>> {
  const want = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!want.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, want));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Request views of `rows` as `asUserId` sees them (`side`: receiver when
 * that user answers the request, else sender; the status follows the side,
 * features/referrals/statuses.ts referralStatus). The referee's account
 * name is shown to the referee only; everyone else reads the name the
 * request was sent with (the referrer's own name for their contact, or the
 * name the referee asked with), so sending a request to a phone never
 * tells the sender the real name behind it. Each `deal` is the deals
 * list's shape with its texts in `lang` (deals.ts dealView: the
 * translation, else English, per field; docs/decisions/025).
 */
export async function requestViewsOf(
  db: DbOrTx, rows: ReferralRow[], asUserId: string | null, lang: Locale = 'en',
): Promise<RequestView[]> {
  if (!rows.length) return [];
  const dealRows = await db.select().from(deals).where(inArray(deals.id, [...new Set(rows.map((r) => r.deal_id))]));
  const dealMap = new Map(dealRows.map((d) => [d.id, d]));
  const names = await namesOf(db, rows.flatMap((r) => [r.referrer_user_id, r.referee_user_id]));
  return rows.map((r) => {
    const side = receiverOf(r) !== null && receiverOf(r) === asUserId ? 'receiver' : 'sender';
    const step = (r.step as DealStep | null) ?? null;
    const movedOn = step !== null && dealStepIndex(step) > dealStepIndex('deal_accepted');
    return {
      id: r.id,
      deal: dealView(dealMap.get(r.deal_id)!, lang),
      referrer: { user_id: r.referrer_user_id, name: names.get(r.referrer_user_id) ?? '' },
      referee: {
        user_id: r.referee_user_id,
        name: (r.referee_user_id !== null && r.referee_user_id === asUserId && names.get(r.referee_user_id)) || r.referee_name,
        phone: r.referee_phone,
      },
      side,
      initiated_by: r.initiated_by as 'referrer' | 'referee',
      status: referralStatus(r.state as ReferralState, isOrderPlaced(step), movedOn, side),
      state: r.state as ReferralState,
      step,
      created_at: r.created_at.toISOString(),
      expires_at: r.expires_at.toISOString(),
      answered_at: r.answered_at?.toISOString() ?? null,
    };
  });
}

/** An open or pending request whose time is up. */
export const isDue = (r: ReferralRow, now: Date) => (r.state === 'open' || r.state === 'pending') && r.expires_at.getTime() <= now.getTime();

/**
 * Marks the open or pending referrals matching `where` whose expires_at has
 * passed as `expired`, each with its audit row (system). A row another
 * request moved meanwhile is left alone.
 * @returns how many were expired.
 */
export async function expireWhere(db: DbOrTx, where: SQL | undefined, now: Date, limit = 500): Promise<number> {
  const due = await db.select({ id: referrals.id, state: referrals.state }).from(referrals)
    .where(and(inArray(referrals.state, ['open', 'pending']), lte(referrals.expires_at, now), where))
    .limit(limit);
  let n = 0;
  for (const d of due) {
    const [moved] = await db.update(referrals).set({ state: 'expired', updated_at: now })
      .where(and(eq(referrals.id, d.id), eq(referrals.state, d.state))).returning({ id: referrals.id });
    if (!moved) continue;
    await recordReferralMove(db, { referralId: d.id, what: 'state:expired', from: d.state, to: 'expired', actorUserId: null, actorKind: 'system' });
    n++;
  }
  return n;
}

/**
 * Expires every open or pending request past its expires_at
 * (REFERRAL_EXPIRY_HOURS after it was sent; docs/decisions/010 "Requests"),
 * with an audit row each. For a periodic job; reads also expire what they
 * meet.
 * @returns how many requests were expired.
 */
export async function expireReferralRequests(now: Date = new Date()): Promise<number> {
  const { db } = await getDb();
  let total = 0;
  for (;;) {
    const n = await db.transaction((tx) => expireWhere(tx, undefined, now, 200));
    total += n;
    if (n < 200) return total;
  }
}

/**
 * The referral `id` if `p` may see it (its referrer, its referee, staff),
 * expired first when its time is up.
 * @throws ApiError 404 `not_found` for a non-uuid, unknown or invisible id.
 */
export async function visibleReferral(db: DbOrTx, p: Principal, id: string, opts: { expire?: boolean } = {}): Promise<ReferralRow> {
  if (!isUuid(id)) throw notFound('This request was not found.');
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1);
  if (!row || !maySeeReferral(p, row)) throw notFound('This request was not found.');
  if (opts.expire !== false && isDue(row, new Date())) {
    await db.transaction((tx) => expireWhere(tx, eq(referrals.id, id), new Date()));
    const [again] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1);
    return again;
  }
  return row;
}

/** Referrals `userId` sent (as referrer, or as a referee asking an ambassador). */
export const sentBy = (userId: string) => or(
  and(eq(referrals.initiated_by, 'referrer'), eq(referrals.referrer_user_id, userId)),
  and(eq(referrals.initiated_by, 'referee'), eq(referrals.referee_user_id, userId)),
);
/** Referrals `userId` received. */
const receivedBy = (userId: string) => or(
  and(eq(referrals.initiated_by, 'referrer'), eq(referrals.referee_user_id, userId)),
  and(eq(referrals.initiated_by, 'referee'), eq(referrals.referrer_user_id, userId)),
);

/** When a request sent at `now` expires (REFERRAL_EXPIRY_HOURS later). */
export const expiresFrom = (now: Date) => new Date(now.getTime() + env().REFERRAL_EXPIRY_HOURS * 3600_000);

/** One page of requests. */
export interface RequestPage { items: RequestView[]; total: number; page: number; page_size: number }

async function pageOf(
  db: DbOrTx, where: SQL | undefined, page: number, asUserId: string | null, lang: Locale, pageSize = REQUEST_PAGE_SIZE,
): Promise<RequestPage> {
  await db.transaction((tx) => expireWhere(tx, where, new Date()));
  const [{ n }] = await db.select({ n: count() }).from(referrals).where(where);
  const rows = await db.select().from(referrals).where(where)
    .orderBy(desc(referrals.created_at), desc(referrals.id)).limit(pageSize).offset((page - 1) * pageSize);
  return { items: await requestViewsOf(db, rows, asUserId, lang), total: n, page, page_size: pageSize };
}

/**
 * inbox: the requests the signed-in user received, newest first, 10 a page
 * (expired ones marked), each deal's texts in `lang` (the asker's language).
 */
export async function inbox(p: Principal, page: number, lang: Locale = 'en'): Promise<RequestPage> {
  const { db } = await getDb();
  return pageOf(db, receivedBy(p.userId!), page, p.userId, lang);
}

/** outbox: the requests the signed-in user sent, newest first, 10 a page, each deal's texts in `lang`. */
export async function outbox(p: Principal, page: number, lang: Locale = 'en'): Promise<RequestPage> {
  const { db } = await getDb();
  return pageOf(db, sentBy(p.userId!), page, p.userId, lang);
}

/**
 * referrer_list/{user_id}/{page}: the user's referrals as referrer (sent or
 * received), newest first, as that user sees them, each deal's texts in `lang`.
 * @throws ApiError 404 for a non-uuid id; 403 `forbidden` unless the caller is that user or staff.
 */
export async function referrerList(p: Principal, userId: string, page: number, lang: Locale = 'en'): Promise<RequestPage> {
  if (!isUuid(userId)) throw notFound('This user was not found.');
  if (!mayReadUser(p, userId)) throw forbidden();
  const { db } = await getDb();
  return pageOf(db, eq(referrals.referrer_user_id, userId), page, userId, lang);
}

/**
 * get_request: one request as the caller sees it, its deal's texts in `lang`.
 * @throws ApiError 404 unless the caller is a side of it or staff.
 */
export async function getRequest(p: Principal, id: string, lang: Locale = 'en'): Promise<RequestView> {
  const { db } = await getDb();
  const row = await visibleReferral(db, p, id);
  return (await requestViewsOf(db, [row], p.userId, lang))[0];
}

/** When a request sent at a time expires (the name attribution.ts imports). */
export { expiresFrom as referralExpiresFrom };
