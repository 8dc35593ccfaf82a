import 'server-only';
import { and, count, eq, gt, inArray, notLike, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { getDb, type Db, type DbOrTx } from '@/lib/db/client';
import { deals, referrals, users } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/errors';
import { env } from '@/lib/env';
import type { Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { ApiError, notFound } from '@/lib/http/errors';
import { assertSameRequest, idempotencyKeyReused, requestHash } from '@/lib/http/idempotency';
import { customersOnly } from '@/lib/http/shared-errors';
import { formatLocale } from '@/lib/i18n-locale';
import { localizedText } from '@/lib/localized';
import { toIndianMobileE164 } from '@/lib/phone';
import { isUuid } from '@/lib/uuid';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { inviteTextOf } from '../invite-text';
import type { ReferralState } from '../statuses';
import { referralCodeOf, referrerOfCode, shareUrlOf } from './codes';
import { customerByPhone } from './customers';
import type { DealRow } from './deals';
import { recordReferralMove } from './moves';
import {
  REFERRALS_LINK, dealTitleParams, expiresFrom, notifySafe, requestViewsOf, sentBy, type ReferralRow, type RequestView,
} from './requests';

/*
 * Sending a referral request (docs/decisions/010 "Requests"; docs/api/referrals.md):
 * a referrer sends a deal to a phone (with its WhatsApp invite), or a
 * referee asks an ambassador; both idempotent by key, under the deal's row
 * lock, after the fairness checks (velocity, one live referral per phone
 * and deal, customers-only deals).
 */

/** The user's phone (E.164) and name. */
async function userOf(db: DbOrTx, userId: string) {
  const [u] = await db.select({ id: users.id, phone: users.phone, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  return u;
}

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
  throw customersOnly();
}

/** The WhatsApp invite of a request: the share link, the wa.me link and the text (docs/api/referrals.md). */
export interface Invite { share_url: string; wa_url: string; text: string }

const MESSAGES = { en, hi, he } as const;
/** The languages an invite text is written in. */
export type InviteLang = keyof typeof MESSAGES;

/**
 * The invite a referrer sends over WhatsApp for referral `r`: the share link
 * of the referrer's code for the deal on `origin`, the text in `lang`
 * (features/referrals/invite-text.ts: the referrer's name or "Your friend",
 * what the friend gets, the deal's title in `lang` where it has one, the
 * link last), and the wa.me link to the referee's phone carrying the text.
 */
export async function inviteOf(db: DbOrTx, r: ReferralRow, deal: DealRow, origin: string, lang: InviteLang): Promise<Invite> {
  const code = await referralCodeOf(db, r.referrer_user_id);
  const share = shareUrlOf(origin, code, deal.url_id);
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, r.referrer_user_id)).limit(1);
  const t = createTranslator({ locale: formatLocale(lang), messages: MESSAGES[lang], namespace: 'referrals' });
  // The deal's title in the invite's language where it has one (the friend reads the invite in it).
  const text = inviteTextOf(t, { name: me?.name, deal: localizedText(deal, 'title', lang) ?? deal.title, url: share, lang });
  const digits = r.referee_phone.replace(/\D/g, '');
  return { share_url: share, wa_url: `https://wa.me/${digits}?text=${encodeURIComponent(text)}`, text };
}

/** `referrerId`'s own open, pending or accepted referral of `phone` (E.164) with active deal `dealId`, if any. */
async function liveReferralOf(db: DbOrTx, referrerId: string, dealId: string, phone: string): Promise<ReferralRow | undefined> {
  if (!isUuid(dealId)) return undefined;
  const [row] = await db.select({ r: referrals }).from(referrals).innerJoin(deals, eq(deals.id, referrals.deal_id)).where(and(
    eq(referrals.referrer_user_id, referrerId), eq(referrals.initiated_by, 'referrer'), eq(referrals.deal_id, dealId),
    eq(referrals.referee_phone, phone), inArray(referrals.state, ['open', 'pending', 'accepted']), eq(deals.active, true),
  )).limit(1);
  return row?.r;
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
 * answers the first request (`created: false`). A send to a phone the
 * sender already referred with this deal, still open, pending or accepted,
 * answers that request and its invite again (`created: false`, a reminder
 * on WhatsApp with the same link). The request echoes the name the sender
 * typed, never the account's own.
 * @throws ApiError 422 `invalid_phone`, 422 `self_referral` (the sender's
 * own phone), 404 unknown or inactive deal, 403 `customers_only` (the
 * sender is not a registered customer), 409 `already_referred` (another
 * referrer's live referral of the phone with this deal), 429
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
  // `replay`: the same key again, which must carry the same body; a reminder (below) is a new key by design.
  const answer = async (r: ReferralRow, created: boolean, replay = !created) => {
    if (replay) assertSameRequest(r.request_hash, hash);
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
  // Sending again to a phone I already invited with this (active) deal, still open, pending or accepted, is a
  // reminder: the same invite again (`created: false`), not a 409; a live referral by someone else is still one.
  const mine = await liveReferralOf(db, me, input.deal_id, phone);
  if (mine) return answer(mine, false, false);
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
