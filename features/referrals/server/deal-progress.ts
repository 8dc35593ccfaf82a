import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { referralMoves, referrals, rewards, users } from '@/lib/db/schema';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { emitServerEvent } from '@/lib/events/server-events';
import { env } from '@/lib/env';
import type { Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { isUuid } from '@/lib/uuid';
import {
  DEAL_MOVES, DEAL_STEPS, REMINDER_STEPS, mayMoveDeal, type DealActor, type DealStep,
} from '../deal-steps';
import {
  dealActorsOf, dealRoleOf, mayReadUser, mayRemind, mayStaff, type DealRole,
} from '../policy';
import type { RewardReason, RewardState } from '../reward-states';
import { recordReferralMove } from './moves';
import { rewardOnDealCanceled, rewardOnOrderPlaced, sendRewardNotice } from './rewards';
import {
  dealLink, dealTitleParams, namesOf, notifySafe, requestViewsOf, visibleReferral, type ReferralRow, type RequestView,
} from './requests';
import { requestAction } from './requests-answer';

/*
 * A referral's deal as it moves through the twelve steps of SPEC.md section
 * 4 (docs/decisions/010 "Deal steps"; features/referrals/deal-steps.ts).
 * Every move locks the referral row and writes its audit row in one
 * transaction, so two moves at once cannot both apply.
 */

/** The caller's part in a deal (../policy.ts). */
export type { DealRole };

/**
 * A reward as the deal view shows it to the referrer and staff (docs/api/referrals.md "Reward");
 * `deal_title` is in the asker's language (English where the deal has no translation).
 */
export interface DealReward {
  id: string; referral_id: string; deal_title: string; referee_name: string; state: RewardState; reason: RewardReason | null;
  amount_inr: number | null; scratchable_at: string | null; scratched: boolean; claimed_at: string | null;
}

/** A deal as one side sees it (docs/api/referrals.md "DealView"). */
export interface DealView {
  request: RequestView;
  steps: Array<{ step: DealStep; done_at: string | null; by: DealActor | null }>;
  next: Array<{ step: DealStep; by: DealActor }>;
  my_role: DealRole;
  can_remind: boolean;
  reward: DealReward | null;
}

/** Deals per page of staff/deals. */
export const STAFF_DEALS_PAGE_SIZE = 20;

/** The step the deal of `r` is at: its step, or `received_request` for a pending request to a user. */
function currentStep(r: ReferralRow): DealStep | null {
  if (r.step) return r.step as DealStep;
  return r.state === 'pending' && r.referee_user_id ? 'received_request' : null;
}

/** Seconds until the referrer may remind again (0: now). */
function reminderWaitS(r: ReferralRow, now: Date): number {
  if (!r.last_reminder_at) return 0;
  const next = r.last_reminder_at.getTime() + env().REFERRAL_REMINDER_HOURS * 3600_000;
  return Math.max(0, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * The deal views of `rows` for `p` in role `roleOf(row)`; the request's deal
 * texts and the reward's deal title in `lang` (docs/decisions/025), the
 * title being the request's localized deal title (one rule, deals.ts dealView).
 */
async function dealViewsOf(
  db: DbOrTx, rows: ReferralRow[], p: Principal, roleOf: (r: ReferralRow) => DealRole, lang: Locale,
): Promise<DealView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const moves = await db.select().from(referralMoves).where(and(inArray(referralMoves.referral_id, ids), sql`${referralMoves.what} like 'step:%'`))
    .orderBy(asc(referralMoves.at), asc(referralMoves.id));
  const rewardRows = await db.select().from(rewards).where(inArray(rewards.referral_id, ids));
  const views = await requestViewsOf(db, rows, p.userId, lang);
  const now = new Date();
  return rows.map((r, i) => {
    const role = roleOf(r);
    const done = new Map<string, { at: Date; by: DealActor }>();
    for (const m of moves) if (m.referral_id === r.id && m.to_value) done.set(m.to_value, { at: m.at, by: m.actor_kind as DealActor });
    const step = r.state === 'accepted' ? currentStep(r) : null;
    const rw = rewardRows.find((x) => x.referral_id === r.id);
    return {
      request: views[i],
      steps: DEAL_STEPS.map((s) => ({ step: s, done_at: done.get(s)?.at.toISOString() ?? null, by: done.get(s)?.by ?? null })),
      // Every move from here, with whose it is: the screens say who acts next and show the caller's own as buttons.
      next: step ? DEAL_MOVES.filter((m) => m.from === step).map((m) => ({ step: m.to, by: m.by }))
        : r.state === 'pending' && r.initiated_by === 'referrer' && role === 'referee' ? [{ step: 'deal_accepted' as DealStep, by: 'referee' as DealActor }] : [],
      my_role: role,
      can_remind: role === 'referrer' && r.state === 'accepted' && step !== null && REMINDER_STEPS.has(step) && reminderWaitS(r, now) === 0,
      reward: rw && role !== 'referee' ? {
        id: rw.id, referral_id: rw.referral_id, deal_title: views[i].deal.title, referee_name: views[i].referee.name,
        state: rw.state as RewardState, reason: rw.reason as RewardReason | null, amount_inr: rw.scratched_at ? rw.amount_inr : null,
        scratchable_at: rw.scratchable_at?.toISOString() ?? null, scratched: rw.scratched_at !== null,
        claimed_at: rw.claimed_at?.toISOString() ?? null,
      } : null,
    };
  });
}

/**
 * deals/get/{referral_id}: the deal of a referral for its referrer, its
 * referee or staff: the twelve steps with when and by whom each was done
 * (from referral_moves), every next move with whose it is (DEAL_MOVES), whether
 * the referrer may remind now, and the reward (referrer and staff only);
 * the request's deal texts and the reward's deal title in `lang` (the
 * asker's language, lib/http/asker-lang.ts).
 * @throws ApiError 404 for anyone else or an unknown id.
 */
export async function getDeal(p: Principal, referralId: string, lang: Locale = 'en'): Promise<DealView> {
  const { db } = await getDb();
  const r = await visibleReferral(db, p, referralId);
  const role = dealRoleOf(r, p)!;
  return (await dealViewsOf(db, [r], p, () => role, lang))[0];
}

/** Locks referral `id` for the rest of the transaction. */
async function lockReferral(tx: DbOrTx, id: string): Promise<ReferralRow> {
  const [r] = await tx.select().from(referrals).where(eq(referrals.id, id)).limit(1).for('update');
  if (!r) throw notFound('This request was not found.');
  return r;
}

/** Notifies the sides of `r` other than `actorUserId` that the deal moved to `step`. */
async function notifyStep(r: ReferralRow, actorUserId: string | null, step: DealStep): Promise<void> {
  const { db } = await getDb();
  const names = await namesOf(db, [actorUserId]);
  const name = (actorUserId && names.get(actorUserId)) || '';
  for (const u of [r.referrer_user_id, r.referee_user_id]) {
    if (u && u !== actorUserId) await notifySafe(u, { key: 'dealStepMoved', params: { name, step }, link: dealLink(r.id) });
  }
}

/**
 * POST deals/{referral_id}/step: moves the deal to `to` when DEAL_MOVES lets
 * the caller (as referee, referrer or staff) make that move from the
 * current step. Under a row lock, with an audit row (and `note`). A move to
 * `order_placed` stamps order_placed_at and approves the reward
 * (rewardOnOrderPlaced). Moving a pending request to `deal_accepted` is
 * accepting it (request/action). The other sides are notified. Answers the
 * deal view in `lang` (getDeal).
 * @throws ApiError 404 (not visible), 403 `forbidden` (the step is not the
 * caller's to take), 409 `invalid_transition` (not from the current step).
 */
export async function moveDealStep(p: Principal, referralId: string, to: DealStep, note?: string, lang: Locale = 'en'): Promise<DealView> {
  const { db } = await getDb();
  const seen = await visibleReferral(db, p, referralId);
  const owners = new Set(DEAL_MOVES.filter((m) => m.to === to).map((m) => m.by));
  const mine = [...dealActorsOf(seen, p)].filter((a) => owners.has(a));
  if (!mine.length) throw forbidden();
  if (to === 'deal_accepted' && seen.state === 'pending' && seen.initiated_by === 'referrer') {
    await requestAction(p, { request_id: referralId, action: 'accept' });
    return getDeal(p, referralId, lang);
  }
  const out = await db.transaction(async (tx) => {
    const r = await lockReferral(tx, referralId);
    const from = r.state === 'accepted' ? currentStep(r) : null;
    const by = from ? mine.find((a) => mayMoveDeal(from, to, a)) : undefined;
    if (!from || !by) throw new ApiError(409, 'invalid_transition', 'This step cannot be taken now.');
    const now = new Date();
    const [row] = await tx.update(referrals)
      .set({ step: to, updated_at: now, ...(to === 'order_placed' ? { order_placed_at: now } : {}) })
      .where(eq(referrals.id, r.id)).returning();
    await recordReferralMove(tx, { referralId: r.id, what: `step:${to}`, from, to, actorUserId: p.userId, actorKind: by, note: note ?? null });
    const notice = to === 'order_placed' ? await rewardOnOrderPlaced(tx, r.id) : null;
    // The funnel's deal stage (docs/decisions/011): the referee's, once per referral, when the order is placed.
    if (to === 'order_placed' && row.referee_user_id) {
      const [u] = await tx.select({ home: users.home_viewer_id }).from(users).where(eq(users.id, row.referee_user_id));
      if (u?.home) await emitServerEvent(tx, { type: SERVER_EVENTS.deal, viewerId: u.home, userId: row.referee_user_id, ingestKey: row.id });
    }
    return { row, notice };
  });
  await sendRewardNotice(out.notice);
  await notifyStep(out.row, p.userId, to);
  return getDeal(p, referralId, lang);
}

/**
 * POST deals/{referral_id}/reminder: the referrer nudges the referee while
 * the next move is the referee's (REMINDER_STEPS), once per
 * REFERRAL_REMINDER_HOURS. The first reminder at `deal_accepted` moves the
 * deal to `send_reminder`; later ones are `reminder` audit rows. The
 * referee is notified (`dealReminder`). Answers the deal view in `lang` (getDeal).
 * @throws ApiError 404 (not visible), 403 (not the referrer), 409
 * `invalid_transition` (not at a reminder step), 429 `reminder_too_soon`
 * with Retry-After.
 */
export async function sendReminder(p: Principal, referralId: string, lang: Locale = 'en'): Promise<DealView> {
  const { db } = await getDb();
  const seen = await visibleReferral(db, p, referralId);
  if (!mayRemind(p, seen)) throw forbidden();
  const row = await db.transaction(async (tx) => {
    const r = await lockReferral(tx, referralId);
    const step = r.state === 'accepted' ? currentStep(r) : null;
    if (!step || !REMINDER_STEPS.has(step)) throw new ApiError(409, 'invalid_transition', 'A reminder cannot be sent now.');
    const now = new Date();
    const wait = reminderWaitS(r, now);
    if (wait > 0) throw new ApiError(429, 'reminder_too_soon', 'A reminder was sent recently. Please try again later.', { retryAfterS: wait });
    const toStep = step === 'deal_accepted' && mayMoveDeal(step, 'send_reminder', 'referrer') ? 'send_reminder' : step;
    const [moved] = await tx.update(referrals).set({ step: toStep, last_reminder_at: now, updated_at: now }).where(eq(referrals.id, r.id)).returning();
    if (toStep !== step) {
      await recordReferralMove(tx, { referralId: r.id, what: 'step:send_reminder', from: step, to: toStep, actorUserId: p.userId, actorKind: 'referrer' });
    } else {
      await recordReferralMove(tx, { referralId: r.id, what: 'reminder', from: step, to: step, actorUserId: p.userId, actorKind: 'referrer' });
    }
    return moved;
  });
  const names = await namesOf(db, [p.userId]);
  await notifySafe(row.referee_user_id, { key: 'dealReminder', params: { name: names.get(p.userId!) ?? '' }, link: dealLink(row.id) });
  return getDeal(p, referralId, lang);
}

/**
 * POST deals/{referral_id}/cancel: staff close a deal that will not happen
 * (an accepted referral before the order is placed; REFERRAL_STATE_MOVES
 * accepted -> canceled by staff), with the reason in the audit row; the
 * reward is canceled (rewardOnDealCanceled). Both sides are notified.
 * Answers the deal view in `lang` (getDeal).
 * @throws ApiError 404 (not visible), 403 (not staff), 409 `invalid_transition`.
 */
export async function cancelDeal(p: Principal, referralId: string, reason: string, lang: Locale = 'en'): Promise<DealView> {
  const { db } = await getDb();
  await visibleReferral(db, p, referralId);
  if (!mayStaff(p)) throw forbidden();
  const out = await db.transaction(async (tx) => {
    const r = await lockReferral(tx, referralId);
    if (r.state !== 'accepted' || (r.order_placed_at !== null)) {
      throw new ApiError(409, 'invalid_transition', 'This deal cannot be canceled now.');
    }
    const [row] = await tx.update(referrals).set({ state: 'canceled', updated_at: new Date() }).where(eq(referrals.id, r.id)).returning();
    await recordReferralMove(tx, { referralId: r.id, what: 'state:canceled', from: 'accepted', to: 'canceled', actorUserId: p.userId, actorKind: 'staff', note: reason });
    const notice = await rewardOnDealCanceled(tx, r.id);
    return { row, notice };
  });
  await sendRewardNotice(out.notice);
  const title = await dealTitleParams(db, out.row.deal_id, 'name');
  for (const u of [out.row.referrer_user_id, out.row.referee_user_id]) {
    await notifySafe(u, { key: 'dealCanceled', params: title, link: dealLink(out.row.id) });
  }
  return getDeal(p, referralId, lang);
}

/**
 * done_deals/{user_id}: the user's referrals (either side) at "order placed"
 * or beyond, newest order first, each deal's texts in `lang` (the asker's language).
 * @throws ApiError 404 non-uuid id; 403 unless the caller is that user or staff.
 */
export async function doneDeals(p: Principal, userId: string, lang: Locale = 'en'): Promise<{ items: RequestView[] }> {
  if (!isUuid(userId)) throw notFound('This user was not found.');
  if (!mayReadUser(p, userId)) throw forbidden();
  const { db } = await getDb();
  const rows = await db.select().from(referrals).where(and(
    or(eq(referrals.referrer_user_id, userId), eq(referrals.referee_user_id, userId)),
    eq(referrals.state, 'accepted'), isNotNull(referrals.order_placed_at),
  )).orderBy(desc(referrals.order_placed_at)).limit(500);
  return { items: await requestViewsOf(db, rows, userId, lang) };
}

/**
 * staff/deals: accepted referrals (optionally at `step`), the one whose
 * last move is oldest first, 20 a page, as staff see them, the deals'
 * texts and the rewards' deal titles in `lang` (the asker's language).
 * @throws ApiError 403 unless staff.
 */
export async function staffDeals(p: Principal, q: { step?: DealStep; page: number }, lang: Locale = 'en'): Promise<{
  items: DealView[]; total: number; page: number; page_size: number;
}> {
  if (!mayStaff(p)) throw forbidden();
  const { db } = await getDb();
  const where = and(eq(referrals.state, 'accepted'), q.step ? eq(referrals.step, q.step) : undefined);
  const [{ n }] = await db.select({ n: count() }).from(referrals).where(where);
  const lastMove = sql`(select max(${referralMoves.at}) from ${referralMoves} where ${referralMoves.referral_id} = ${referrals.id})`;
  const rows = await db.select().from(referrals).where(where)
    .orderBy(asc(lastMove), asc(referrals.id)).limit(STAFF_DEALS_PAGE_SIZE).offset((q.page - 1) * STAFF_DEALS_PAGE_SIZE);
  return { items: await dealViewsOf(db, rows, p, () => 'staff', lang), total: n, page: q.page, page_size: STAFF_DEALS_PAGE_SIZE };
}
