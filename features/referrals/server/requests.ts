import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notLike, or, sql, type SQL } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { getDb, type Db, type DbOrTx } from '@/lib/db/client';
import { deals, referrals, users } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/errors';
import { env } from '@/lib/env';
import { hasRole, type Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { assertSameRequest, idempotencyKeyReused, requestHash } from '@/lib/http/idempotency';
import { formatLocale } from '@/lib/i18n-locale';
import { localizedParams, localizedText } from '@/lib/localized';
import { logger } from '@/lib/logger';
import { notify, type NotificationInput } from '@/lib/notifications/notify';
import { toIndianMobileE164 } from '@/lib/phone';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { dealStepIndex, isOrderPlaced, type DealStep } from '../deal-steps';
import { REFERRAL_STATE_MOVES, referralStatus, type ReferralState, type ReferralStatus } from '../statuses';
import { referralCodeOf, referrerOfCode, shareUrlOf } from './codes';
import { customerByPhone, normaliseAddress, normaliseConsumerNumber } from './customers';
import { dealView, type DealView as DealShape } from './deals';
import { recordReferralMove } from './moves';
import { rewardOnAccept, sendRewardNotice } from './rewards';
import { recordAcceptDevice } from './household';

/*
 * Referral requests (docs/decisions/010 "Requests"; docs/api/referrals.md):
 * a referrer sends one to a phone, or a referee asks an ambassador; the
 * receiver accepts or declines, the sender cancels; unanswered ones expire.
 * Every state move writes its audit row in the transaction that makes it.
 */

export type ReferralRow = typeof referrals.$inferSelect;
type DealRow = typeof deals.$inferSelect;

/** Requests per page of inbox, outbox and referrer_list. */
export const REQUEST_PAGE_SIZE = 10;
/** Where notifications of a request to answer lead (the rewards screen with its inbox). */
export const REFERRALS_LINK = '/rewards';
/** Where notifications about one referral's deal lead: its deal page. */
export const dealLink = (referralId: string) => `/rewards/deal/${referralId}`;
/** The SPEC.md section 6 message of a customers-only deal refused. */
const CUSTOMERS_ONLY_MESSAGE = 'This access is for UTL customers only. Redirecting you to other Deals meant for you.';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** True when `s` is a uuid (any other id is a 404, never a database error). */
export const isUuid = (s: string) => UUID_RE.test(s);

/** A referral as one side sees it (docs/api/referrals.md "Request"). */
export interface RequestView {
  id: string;
  /** The deal, its texts in the asker's language (deals.ts dealView). */
  deal: DealShape;
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

/** True when `p` is the provider's staff (STAFF, or ADMIN; docs/decisions/010 "Roles"). */
export const isStaff = (p: Principal) => p.userId !== null && hasRole(p, 'STAFF');

/** The user id of the side that sent referral `r`. */
export const senderOf = (r: ReferralRow) => (r.initiated_by === 'referee' ? r.referee_user_id : r.referrer_user_id);
/** The user id of the side that answers referral `r` (null for an open invite). */
export const receiverOf = (r: ReferralRow) => (r.initiated_by === 'referee' ? r.referrer_user_id : r.referee_user_id);

/** True when `userId` is the referrer or the referee of `r`. */
export const isPartyOf = (r: ReferralRow, userId: string | null) =>
  userId !== null && (r.referrer_user_id === userId || r.referee_user_id === userId);

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
const isDue = (r: ReferralRow, now: Date) => (r.state === 'open' || r.state === 'pending') && r.expires_at.getTime() <= now.getTime();

/**
 * Marks the open or pending referrals matching `where` whose expires_at has
 * passed as `expired`, each with its audit row (system). A row another
 * request moved meanwhile is left alone.
 * @returns how many were expired.
 */
async function expireWhere(db: DbOrTx, where: SQL | undefined, now: Date, limit = 500): Promise<number> {
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
  if (!row || (!isPartyOf(row, p.userId) && !isStaff(p))) throw notFound('This request was not found.');
  if (opts.expire !== false && isDue(row, new Date())) {
    await db.transaction((tx) => expireWhere(tx, eq(referrals.id, id), new Date()));
    const [again] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1);
    return again;
  }
  return row;
}

/** The user's phone (E.164) and name. */
async function userOf(db: DbOrTx, userId: string) {
  const [u] = await db.select({ id: users.id, phone: users.phone, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  return u;
}

/** Referrals `userId` sent (as referrer, or as a referee asking an ambassador). */
const sentBy = (userId: string) => or(
  and(eq(referrals.initiated_by, 'referrer'), eq(referrals.referrer_user_id, userId)),
  and(eq(referrals.initiated_by, 'referee'), eq(referrals.referee_user_id, userId)),
);
/** Referrals `userId` received. */
const receivedBy = (userId: string) => or(
  and(eq(referrals.initiated_by, 'referrer'), eq(referrals.referee_user_id, userId)),
  and(eq(referrals.initiated_by, 'referee'), eq(referrals.referrer_user_id, userId)),
);

/**
 * Velocity (docs/decisions/010 "Fairness"): at most REFERRAL_SENDS_PER_HOUR
 * requests and invites sent by the user in the last hour, counted in the
 * database (requests made by attribution at a sign-in are not the user's sends).
 * @throws ApiError 429 `referral_velocity` with Retry-After (seconds until the oldest send leaves the hour).
 */
async function checkVelocity(db: DbOrTx, userId: string): Promise<void> {
  const since = new Date(Date.now() - 3600_000);
  const [row] = await db.select({ n: count(), oldest: sql<string | Date | null>`min(${referrals.created_at})` }).from(referrals)
    .where(and(sentBy(userId), gt(referrals.created_at, since), notLike(referrals.idempotency_key, 'attribution/%')));
  if (row.n < env().REFERRAL_SENDS_PER_HOUR) return;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
  const retry = Math.max(1, Math.ceil((oldest + 3600_000 - Date.now()) / 1000));
  throw new ApiError(429, 'referral_velocity', 'You have sent many requests in the last hour. Please try again later.', { retryAfterS: retry });
}

/**
 * @throws ApiError 409 `already_referred` when an open, pending or accepted
 * referral of `phone` with this deal exists.
 */
async function checkNotReferred(db: DbOrTx, dealId: string, phone: string): Promise<void> {
  if (!phone) return;
  const [dup] = await db.select({ id: referrals.id }).from(referrals).where(and(
    eq(referrals.deal_id, dealId), eq(referrals.referee_phone, phone), inArray(referrals.state, ['open', 'pending', 'accepted']),
  )).limit(1);
  if (dup) throw new ApiError(409, 'already_referred', 'This number has already been referred for this deal.');
}

/**
 * An active deal by id, locked for the rest of the transaction (sends of one deal take turns, so the duplicate check holds).
 * @throws ApiError 404 `not_found`.
 */
async function activeDealForUpdate(tx: DbOrTx, dealId: string): Promise<DealRow> {
  if (!isUuid(dealId)) throw notFound('This deal was not found.');
  const [d] = await tx.select().from(deals).where(and(eq(deals.id, dealId), eq(deals.active, true))).limit(1).for('update');
  if (!d) throw notFound('This deal was not found.');
  return d;
}

/**
 * @throws ApiError 403 `customers_only` (SPEC.md section 6) when `deal` is customers-only and `phone` is not a registered customer's.
 */
async function checkCustomersOnly(db: DbOrTx, deal: DealRow, phone: string | null): Promise<void> {
  if (!deal.customers_only) return;
  if (phone && (await customerByPhone(db, phone))) return;
  throw new ApiError(403, 'customers_only', CUSTOMERS_ONLY_MESSAGE);
}

const expiresFrom = (now: Date) => new Date(now.getTime() + env().REFERRAL_EXPIRY_HOURS * 3600_000);

/** The WhatsApp invite of a request: the share link, the wa.me link and the text (docs/api/referrals.md). */
export interface Invite { share_url: string; wa_url: string; text: string }

const MESSAGES = { en, hi, he } as const;
export type InviteLang = keyof typeof MESSAGES;

/**
 * The invite a referrer sends over WhatsApp for referral `r`: the share link
 * of the referrer's code for the deal on `origin`, the text
 * `referrals.inviteText` in `lang` (the deal's title in `lang` where it has
 * one), and the wa.me link to the referee's
 * phone carrying the text.
 */
export async function inviteOf(db: DbOrTx, r: ReferralRow, deal: DealRow, origin: string, lang: InviteLang): Promise<Invite> {
  const code = await referralCodeOf(db, r.referrer_user_id);
  const share = shareUrlOf(origin, code, deal.url_id);
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, r.referrer_user_id)).limit(1);
  const t = createTranslator({ locale: formatLocale(lang), messages: MESSAGES[lang], namespace: 'referrals' });
  // The deal's title in the invite's language where it has one (the friend reads the invite in it).
  const text = t('inviteText', { name: me?.name ?? '', deal: localizedText(deal, 'title', lang) ?? deal.title, url: share });
  const digits = r.referee_phone.replace(/\D/g, '');
  return { share_url: share, wa_url: `https://wa.me/${digits}?text=${encodeURIComponent(text)}`, text };
}

/**
 * The idempotent part both request kinds share: under the deal's row lock,
 * a send whose key (`firstOf`) already made a request answers that one;
 * otherwise `create` checks and inserts in the same transaction. Two sends
 * with one key that race past the lock meet the unique index: the loser
 * answers the winner's row.
 * @returns the request, its deal when this call held the lock (null after a lost race), and whether it was made now.
 * @throws ApiError 404 (unknown or inactive deal) and whatever `firstOf` or `create` throw.
 */
async function sendOnce(
  db: Db, dealId: string, firstOf: (ex: DbOrTx) => Promise<ReferralRow | undefined>,
  create: (tx: DbOrTx, deal: DealRow) => Promise<ReferralRow>,
): Promise<{ row: ReferralRow; deal: DealRow | null; first: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const deal = await activeDealForUpdate(tx, dealId);
      const raced = await firstOf(tx);
      if (raced) return { row: raced, deal, first: false };
      return { row: await create(tx, deal), deal, first: true };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const again = await firstOf(db);
    if (!again) throw err;
    return { row: again, deal: null, first: false };
  }
}

/**
 * referrer/send_request (docs/api/referrals.md; docs/decisions/010
 * "Requests"): the signed-in referrer sends deal `deal_id` to `phone`.
 * The request is `open` when the phone has no account, else `pending` to
 * that user (who is notified). A resend with the same idempotency_key and
 * body (its request hash, lib/http/idempotency.ts; the phone as E.164)
 * answers the first request (`created: false`). The request echoes the
 * name the sender typed, never the account's own.
 * @throws ApiError 422 `invalid_phone`, 422 `self_referral` (the sender's
 * own phone), 404 unknown or inactive deal, 403 `customers_only` (the
 * sender is not a registered customer), 409 `already_referred`, 429
 * `referral_velocity`, 422 `idempotency_key_reused` (the key already sent
 * another body).
 * @param askerLang the language of the answer's `request.deal` texts (the
 * asker's, lib/http/asker-lang.ts); `input.lang` is the invite text's.
 */
export async function sendReferrerRequest(p: Principal, input: {
  deal_id: string; phone: string; name: string; idempotency_key: string; lang?: InviteLang;
}, origin: string, askerLang: Locale = 'en'): Promise<{ created: boolean; request: RequestView; invite: Invite }> {
  const { db } = await getDb();
  const me = p.userId!;
  const lang = input.lang ?? 'en';
  const hash = requestHash({ ...input, phone: toIndianMobileE164(input.phone) ?? input.phone });
  const answer = async (r: ReferralRow, created: boolean) => {
    if (!created) assertSameRequest(r.request_hash, hash);
    const [deal] = await db.select().from(deals).where(eq(deals.id, r.deal_id)).limit(1);
    const [request] = await requestViewsOf(db, [r], me, askerLang);
    return { created, request, invite: await inviteOf(db, r, deal, origin, lang) };
  };
  const firstOf = async (ex: DbOrTx) => {
    const [row] = await ex.select().from(referrals).where(and(
      eq(referrals.referrer_user_id, me), eq(referrals.initiated_by, 'referrer'), eq(referrals.idempotency_key, input.idempotency_key),
    )).limit(1);
    return row;
  };
  const first = await firstOf(db);
  if (first) return answer(first, false);

  const phone = toIndianMobileE164(input.phone);
  if (!phone) throw new ApiError(422, 'invalid_phone', 'Please enter valid Mobile Number');
  const sender = await userOf(db, me);
  if (sender.phone === phone) throw new ApiError(422, 'self_referral', 'You cannot refer yourself.');
  const made = await sendOnce(db, input.deal_id, firstOf, async (tx, deal) => {
    await checkCustomersOnly(tx, deal, sender.phone);
    await checkVelocity(tx, me);
    await checkNotReferred(tx, deal.id, phone);
    const [receiver] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.phone, phone)).limit(1);
    const state: ReferralState = receiver ? 'pending' : 'open';
    const [row] = await tx.insert(referrals).values({
      deal_id: deal.id, referrer_user_id: me, referee_user_id: receiver?.id ?? null, referee_phone: phone,
      referee_name: input.name, initiated_by: 'referrer', state, step: null, idempotency_key: input.idempotency_key,
      request_hash: hash, expires_at: expiresFrom(new Date()),
    }).returning();
    await recordReferralMove(tx, { referralId: row.id, what: `state:${state}`, from: null, to: state, actorUserId: me, actorKind: 'referrer' });
    if (receiver) {
      await recordReferralMove(tx, { referralId: row.id, what: 'step:received_request', from: null, to: 'received_request', actorUserId: null, actorKind: 'system' });
    }
    return row;
  });
  if (!made.first) return answer(made.row, false);
  if (made.row.referee_user_id) {
    await notifySafe(made.row.referee_user_id, {
      key: 'referralReceived', params: { name: sender.name, ...await dealTitleParams(db, made.row.deal_id) }, link: REFERRALS_LINK,
    });
  }
  return answer(made.row, true);
}

/**
 * referee/send_request: the signed-in user asks the ambassador whose
 * referral code is `referrer_code` to refer them with deal `deal_id`; a
 * `pending` request the ambassador answers. The same idempotency_key with
 * the same body again answers the first (`created: false`).
 * @throws ApiError 404 unknown code or deal, 422 `self_referral` (one's own
 * code), 422 `invalid_phone` (the user has no phone), 403 `customers_only`
 * (the ambassador is not a registered customer), 409 `already_referred`,
 * 429 `referral_velocity`, 422 `idempotency_key_reused` (the key already
 * sent another body to this ambassador, or was another user's).
 * @param lang the language of the answer's `request.deal` texts (the asker's).
 */
export async function sendRefereeRequest(p: Principal, input: {
  referrer_code: string; deal_id: string; idempotency_key: string;
}, lang: Locale = 'en'): Promise<{ created: boolean; request: RequestView }> {
  const { db } = await getDb();
  const me = p.userId!;
  const referrerId = await referrerOfCode(db, input.referrer_code);
  if (!referrerId) throw notFound('This referral code was not found.');
  const firstOf = async (ex: DbOrTx) => {
    const [row] = await ex.select().from(referrals).where(and(
      eq(referrals.referrer_user_id, referrerId), eq(referrals.initiated_by, 'referee'), eq(referrals.idempotency_key, input.idempotency_key),
    )).limit(1);
    if (row && row.referee_user_id !== me) throw idempotencyKeyReused();
    return row;
  };
  // The code is read case-insensitively: the body is the ambassador it names, not its spelling.
  const hash = requestHash({ ...input, referrer_code: referrerId });
  const answer = async (r: ReferralRow, created: boolean) => {
    if (!created) assertSameRequest(r.request_hash, hash);
    return { created, request: (await requestViewsOf(db, [r], me, lang))[0] };
  };
  const first = await firstOf(db);
  if (first) return answer(first, false);
  if (referrerId === me) throw new ApiError(422, 'self_referral', 'You cannot refer yourself.');
  const asker = await userOf(db, me);
  if (!asker.phone) throw new ApiError(422, 'invalid_phone', 'Please enter valid Mobile Number');
  const referrer = await userOf(db, referrerId);
  const made = await sendOnce(db, input.deal_id, firstOf, async (tx, deal) => {
    await checkCustomersOnly(tx, deal, referrer.phone);
    await checkVelocity(tx, me);
    await checkNotReferred(tx, deal.id, asker.phone!);
    const [row] = await tx.insert(referrals).values({
      deal_id: deal.id, referrer_user_id: referrerId, referee_user_id: me, referee_phone: asker.phone!,
      referee_name: asker.name, initiated_by: 'referee', state: 'pending', step: null,
      idempotency_key: input.idempotency_key, request_hash: hash, expires_at: expiresFrom(new Date()),
    }).returning();
    await recordReferralMove(tx, { referralId: row.id, what: 'state:pending', from: null, to: 'pending', actorUserId: me, actorKind: 'referee' });
    await recordReferralMove(tx, { referralId: row.id, what: 'step:received_request', from: null, to: 'received_request', actorUserId: null, actorKind: 'system' });
    return row;
  });
  if (!made.first) return answer(made.row, false);
  await notifySafe(referrerId, {
    key: 'referralReceived', params: { name: asker.name, ...await dealTitleParams(db, made.row.deal_id) }, link: REFERRALS_LINK,
  });
  return answer(made.row, true);
}

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
  if (p.userId !== userId && !isStaff(p)) throw forbidden();
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

/**
 * request/action (docs/decisions/010 "Requests"; REFERRAL_STATE_MOVES):
 * the receiver accepts or declines a pending request, the sender cancels
 * an open or pending one. Accepting starts the deal at step `deal_accepted`,
 * keeps the referee's consumer number and address (normalised for the
 * household rule) and makes the reward (rewardOnAccept) in the same
 * transaction, under a row lock. The other side is notified. Answers the
 * request as the caller now sees it, its deal's texts in `lang`.
 * @throws ApiError 404 (not visible), 403 `forbidden` (not the side that
 * may take this action), 410 `request_expired` (its time is up; it is
 * marked expired), 409 `invalid_transition` (e.g. answered already).
 */
export async function requestAction(p: Principal, input: {
  request_id: string; action: 'accept' | 'decline' | 'cancel'; consumer_number?: string; address?: string;
}, lang: Locale = 'en'): Promise<RequestView> {
  const { db } = await getDb();
  await visibleReferral(db, p, input.request_id, { expire: false });
  const me = p.userId!;
  const out = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(referrals).where(eq(referrals.id, input.request_id)).limit(1).for('update');
    const asReceiver = receiverOf(r) === me;
    const asSender = senderOf(r) === me;
    if (input.action === 'cancel' ? !asSender : !asReceiver) throw forbidden();
    const now = new Date();
    if (isDue(r, now)) {
      await expireWhere(tx, eq(referrals.id, r.id), now);
      return { expired: true as const };
    }
    if (r.state === 'expired' && input.action !== 'cancel') return { expired: true as const };
    const to: ReferralState = input.action === 'accept' ? 'accepted' : input.action === 'decline' ? 'declined' : 'canceled';
    const by = input.action === 'cancel' ? 'sender' : 'receiver';
    if (!REFERRAL_STATE_MOVES.some((m) => m.from === r.state && m.to === to && m.by === by)) {
      throw new ApiError(409, 'invalid_transition', 'This request cannot be changed that way now.');
    }
    const actorKind = r.referrer_user_id === me ? 'referrer' : 'referee';
    const set: Partial<ReferralRow> = { state: to, updated_at: now };
    if (to !== 'canceled') set.answered_at = now;
    if (to === 'accepted') {
      set.step = 'deal_accepted';
      if (input.consumer_number !== undefined) set.referee_consumer_number = normaliseConsumerNumber(input.consumer_number);
      if (input.address !== undefined) {
        set.referee_address = input.address.trim() || null;
        set.referee_address_key = normaliseAddress(input.address) || null;
      }
    }
    const [row] = await tx.update(referrals).set(set).where(and(eq(referrals.id, r.id), eq(referrals.state, r.state))).returning();
    await recordReferralMove(tx, { referralId: r.id, what: `state:${to}`, from: r.state, to, actorUserId: me, actorKind });
    let notice = null;
    if (to === 'accepted') {
      await recordReferralMove(tx, { referralId: r.id, what: 'step:deal_accepted', from: 'received_request', to: 'deal_accepted', actorUserId: me, actorKind });
      await recordAcceptDevice(tx, p.deviceId, me); // a device both sides used makes it a self-referral
      notice = await rewardOnAccept(tx, r.id);
    }
    return { expired: false as const, row, notice };
  });
  if (out.expired) throw new ApiError(410, 'request_expired', 'This request has expired.');
  await sendRewardNotice(out.notice);
  const row = out.row;
  if (row.state === 'accepted' || row.state === 'declined') {
    const names = await namesOf(db, [me]);
    await notifySafe(senderOf(row), {
      key: row.state === 'accepted' ? 'referralAccepted' : 'referralDeclined',
      params: { name: names.get(me) ?? '', ...await dealTitleParams(db, row.deal_id) }, link: dealLink(row.id),
    });
  }
  return (await requestViewsOf(db, [row], me, lang))[0];
}

/**
 * Turns the open invites to `phone` into pending requests to `userId`, who
 * just signed in with that phone (docs/decisions/010 "Attribution"), each
 * with its audit rows (`state:pending` and `step:received_request`, by the
 * system), and notifies the user. Expired ones are marked expired.
 * @returns the ids of the requests that became pending.
 */
export async function claimOpenInvites(db: DbOrTx, userId: string, phone: string): Promise<string[]> {
  const now = new Date();
  const byPhone = and(eq(referrals.referee_phone, phone), eq(referrals.state, 'open'), isNull(referrals.referee_user_id));
  await db.transaction((tx) => expireWhere(tx, byPhone, now));
  const open = await db.select().from(referrals).where(byPhone).orderBy(asc(referrals.created_at));
  const claimed: ReferralRow[] = [];
  for (const r of open) {
    if (r.referrer_user_id === userId) continue;
    const row = await db.transaction(async (tx) => {
      const [moved] = await tx.update(referrals).set({ state: 'pending', referee_user_id: userId, updated_at: now })
        .where(and(eq(referrals.id, r.id), eq(referrals.state, 'open'))).returning();
      if (!moved) return null;
      await recordReferralMove(tx, { referralId: r.id, what: 'state:pending', from: 'open', to: 'pending', actorUserId: null, actorKind: 'system' });
      await recordReferralMove(tx, { referralId: r.id, what: 'step:received_request', from: null, to: 'received_request', actorUserId: null, actorKind: 'system' });
      return moved;
    });
    if (row) claimed.push(row);
  }
  if (claimed.length) {
    const names = await namesOf(db, claimed.map((r) => r.referrer_user_id));
    // One read per deal, however many invites of it were claimed.
    const titles = new Map<string, Record<string, string>>();
    for (const id of new Set(claimed.map((r) => r.deal_id))) titles.set(id, await dealTitleParams(db, id));
    for (const r of claimed) {
      await notifySafe(userId, {
        key: 'referralReceived',
        params: { name: names.get(r.referrer_user_id) ?? '', ...titles.get(r.deal_id) },
        link: REFERRALS_LINK,
      });
    }
  }
  return claimed.map((r) => r.id);
}

export { expiresFrom as referralExpiresFrom };
