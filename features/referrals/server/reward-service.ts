import 'server-only';
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { uniqueViolation } from '@/lib/db/errors';
import { deals, referrals, rewards, users } from '@/lib/db/schema';
import type { Principal } from '@/lib/auth/principal';
import type { Locale } from '@/lib/constants';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { assertSameRequest, requestHash } from '@/lib/http/idempotency';
import { localizedText } from '@/lib/localized';
import { isUuid } from '@/lib/uuid';
import { maySeeReward, mayStaff } from '../policy';
import { mayMoveReward, type RewardReason, type RewardState } from '../reward-states';
import { recordRewardMove } from './moves';
import { holdEndsAt, moveReward, sendRewardNotice, type RewardRow } from './rewards';

/*
 * The referrer's scratch cards and the staff's review of held rewards
 * (docs/api/referrals.md "rewards", "scratch", "staff/rewards";
 * docs/decisions/010 "Rewards"). Every view names the deal in the asker's
 * language (`lang`, lib/http/asker-lang.ts; docs/decisions/025).
 */

/** A reward as the API answers it (docs/api/referrals.md "Reward"); `amount_inr` is null until scratched. */
export interface RewardView {
  id: string;
  referral_id: string;
  /** The deal's title in the asker's language (English where the deal has no translation). */
  deal_title: string;
  referee_name: string;
  state: RewardState;
  reason: RewardReason | null;
  amount_inr: number | null;
  /** ISO 8601; when an approved reward may be scratched. */
  scratchable_at: string | null;
  scratched: boolean;
  /** ISO 8601. */
  claimed_at: string | null;
}

/** A reward in the staff's list: with its referrer. */
export interface StaffRewardView extends RewardView {
  referrer: { user_id: string; name: string };
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Rewards per page of the lists. */
export const REWARDS_PAGE_SIZE = 20;

/** A UPI id (VPA): handle@provider. */
export const VPA_RE = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/;
/** Longest accepted UPI id, characters. */
export const VPA_MAX = 100;

/** The 409 of a scratch that is not allowed yet or at all; the answer carries `scratchable_at`. */
export class NotScratchableError extends ApiError {
  constructor(public readonly scratchableAt: Date | null) {
    super(409, 'not_scratchable', scratchableAt
      ? 'This card can be scratched once the hold has passed.'
      : 'This card cannot be scratched: the reward is not approved.');
  }
}

const rewardNotFound = () => notFound('No such reward.');

const viewColumns = {
  reward: rewards,
  deal: { title: deals.title, translations: deals.translations },
  referee_name: referrals.referee_name,
  referrer_name: users.name,
};
type ViewRow = {
  reward: RewardRow;
  deal: { title: string; translations: (typeof deals.$inferSelect)['translations'] };
  referee_name: string;
  referrer_name: string | null;
};

/** The API shape of `r`, its deal named in `lang` (localizedText: the translation, else English). */
function viewOf(r: ViewRow, lang: Locale): RewardView {
  const w = r.reward;
  return {
    id: w.id,
    referral_id: w.referral_id,
    deal_title: localizedText(r.deal, 'title', lang) ?? r.deal.title,
    referee_name: r.referee_name,
    state: w.state as RewardState,
    reason: w.reason as RewardReason | null,
    amount_inr: w.scratched_at ? w.amount_inr : null,
    scratchable_at: w.scratchable_at?.toISOString() ?? null,
    scratched: w.scratched_at !== null,
    claimed_at: w.claimed_at?.toISOString() ?? null,
  };
}

const staffViewOf = (r: ViewRow, lang: Locale): StaffRewardView => ({
  ...viewOf(r, lang), referrer: { user_id: r.reward.referrer_user_id, name: r.referrer_name ?? '' },
});

function selectViews(db: DbOrTx) {
  return db.select(viewColumns).from(rewards)
    .innerJoin(referrals, eq(referrals.id, rewards.referral_id))
    .innerJoin(deals, eq(deals.id, referrals.deal_id))
    .leftJoin(users, eq(users.id, rewards.referrer_user_id));
}

async function viewById(db: DbOrTx, id: string): Promise<ViewRow | null> {
  const [row] = await selectViews(db).where(eq(rewards.id, id)).limit(1);
  return row ?? null;
}

function userOf(p: Principal): string {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  return p.userId;
}

/** The caller's reward `id` locked for update in `tx`; 404 for a bad id or another referrer's reward. */
async function lockMine(tx: DbOrTx, p: Principal, id: string): Promise<RewardRow> {
  if (!isUuid(id)) throw rewardNotFound();
  const [row] = await tx.select().from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.referrer_user_id, userOf(p)))).limit(1).for('update');
  if (!row) throw rewardNotFound();
  return row;
}

async function page<T>(where: SQL | undefined, order: SQL[], pageNo: number, of: (r: ViewRow) => T): Promise<Page<T>> {
  const { db } = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(rewards).where(where);
  const rows = await selectViews(db).where(where).orderBy(...order)
    .limit(REWARDS_PAGE_SIZE).offset((pageNo - 1) * REWARDS_PAGE_SIZE);
  return { items: rows.map(of), total: Number(n), page: pageNo, page_size: REWARDS_PAGE_SIZE };
}

/**
 * The caller's rewards as referrer, newest first, REWARDS_PAGE_SIZE a page
 * (GET rewards), each deal named in `lang`.
 * @param pageNo 1-based.
 * @param lang the asker's language (lib/http/asker-lang.ts askerLang).
 * @throws ApiError 401 `login_required` for a visitor.
 */
export async function listMyRewards(p: Principal, pageNo: number, lang: Locale = 'en'): Promise<Page<RewardView>> {
  return page(eq(rewards.referrer_user_id, userOf(p)), [desc(rewards.created_at), desc(rewards.id)], pageNo, (r) => viewOf(r, lang));
}

/**
 * One reward (GET rewards/{id}) for its referrer or staff, its deal named in `lang`.
 * @param lang the asker's language (lib/http/asker-lang.ts askerLang).
 * @throws ApiError 404 for a bad id, an unknown reward, or one the caller may not see.
 */
export async function getReward(p: Principal, id: string, lang: Locale = 'en'): Promise<RewardView> {
  userOf(p);
  if (!isUuid(id)) throw rewardNotFound();
  const row = await viewById((await getDb()).db, id);
  if (!row || !maySeeReward(p, row.reward)) throw rewardNotFound();
  return viewOf(row, lang);
}

/**
 * Scratches the caller's reward card (POST scratch/{id}): an approved
 * reward whose hold has passed (`now >= scratchable_at`) gets
 * `scratched_at` and shows its amount. Scratching a scratched card again
 * answers the same card, its deal named in `lang` (the asker's language).
 * @throws ApiError 404 for a bad id or a reward not the caller's;
 * NotScratchableError (409 `not_scratchable`, with `scratchable_at`) before
 * the hold passes or unless approved.
 */
export async function scratchReward(p: Principal, id: string, now: Date = new Date(), lang: Locale = 'en'): Promise<RewardView> {
  const { db } = await getDb();
  await db.transaction(async (tx) => {
    const r = await lockMine(tx, p, id);
    if (r.scratched_at && (r.state === 'approved' || r.state === 'claimed')) return;
    if (r.state !== 'approved' || !r.scratchable_at || now < r.scratchable_at) {
      throw new NotScratchableError(r.state === 'approved' ? r.scratchable_at : null);
    }
    await tx.update(rewards).set({ scratched_at: now, updated_at: sql`now()` }).where(eq(rewards.id, r.id));
  });
  return viewOf((await viewById(db, id))!, lang);
}

/**
 * Claims the caller's scratched, approved reward to UPI id `payout_vpa`
 * (POST rewards/{id}); pays once: one conditional update sets the state
 * `claimed`, the unique `claim_key`, `claimed_at` and the VPA only while
 * the reward is `approved` and scratched (docs/decisions/010), with its
 * audit row. Of claims at the same moment exactly one changes the row; a
 * repeat with the same key and the same UPI id answers the claimed reward.
 * The body is kept as its request hash (`claim_request_hash`,
 * lib/http/idempotency.ts), so the same key with another UPI id is refused
 * rather than answered as if it had been paid there. The answer names the
 * deal in `lang` (the asker's language).
 * @throws ApiError 422 `invalid_vpa`; 404 for a bad id or a reward not the
 * caller's; 409 `already_claimed` (claimed with another key),
 * `not_claimable` (not approved and scratched), `claim_key_used` (the key
 * claimed another reward); 422 `idempotency_key_reused` (this key claimed
 * this reward to another UPI id).
 */
export async function claimReward(
  p: Principal, id: string, input: { payout_vpa: string; claim_key: string }, lang: Locale = 'en',
): Promise<RewardView> {
  const me = userOf(p);
  const vpa = input.payout_vpa.trim();
  if (vpa.length > VPA_MAX || !VPA_RE.test(vpa)) {
    throw new ApiError(422, 'invalid_vpa', 'Please enter a valid UPI ID, e.g. name@bank.');
  }
  if (!isUuid(id)) throw rewardNotFound();
  const hash = requestHash({ payout_vpa: vpa });
  /** A repeat of this claim: same key, and (for rows with a hash) the same body. */
  const sameClaim = (r: RewardRow) => {
    if (r.claim_key !== input.claim_key) return false;
    assertSameRequest(r.claim_request_hash, hash);
    return true;
  };
  const { db } = await getDb();
  const mine = and(eq(rewards.id, id), eq(rewards.referrer_user_id, me));
  const [exists] = await db.select({ id: rewards.id }).from(rewards).where(mine).limit(1);
  if (!exists) throw rewardNotFound();
  if (!mayMoveReward('approved', 'claimed', 'referrer')) throw new ApiError(409, 'not_claimable', 'This reward cannot be claimed.');

  let claimed: boolean;
  try {
    claimed = await db.transaction(async (tx) => {
      const [row] = await tx.update(rewards).set({
        state: 'claimed', reason: 'claimed', claim_key: input.claim_key, claim_request_hash: hash, claimed_at: sql`now()`, payout_vpa: vpa, updated_at: sql`now()`,
      }).where(and(mine, eq(rewards.state, 'approved'), isNotNull(rewards.scratched_at))).returning({ id: rewards.id });
      if (!row) return false;
      await recordRewardMove(tx, { rewardId: id, from: 'approved', to: 'claimed', reason: 'claimed', actorUserId: me });
      return true;
    });
  } catch (err) {
    const v = uniqueViolation(err);
    if (!v) throw err;
    const [now] = await db.select().from(rewards).where(mine).limit(1);
    if (now?.state === 'claimed') {
      if (sameClaim(now)) return viewOf((await viewById(db, id))!, lang);
      throw new ApiError(409, 'already_claimed', 'This reward has already been claimed.');
    }
    throw new ApiError(409, 'claim_key_used', 'This claim key was used for another reward; send a new one.');
  }
  const view = await viewById(db, id);
  if (!view) throw rewardNotFound();
  if (claimed) return viewOf(view, lang);
  if (view.reward.state === 'claimed') {
    if (sameClaim(view.reward)) return viewOf(view, lang);
    throw new ApiError(409, 'already_claimed', 'This reward has already been claimed.');
  }
  throw new ApiError(409, 'not_claimable', 'This reward can be claimed once it is approved and scratched.');
}

/**
 * Rewards for staff review (GET staff/rewards), `state` (default `hold`),
 * longest waiting first, with the referrer and the reason, each deal named
 * in `lang` (the asker's language).
 * @throws ApiError 403 for a caller who is not staff (STAFF or ADMIN).
 */
export async function listStaffRewards(p: Principal, state: RewardState, pageNo: number, lang: Locale = 'en'): Promise<Page<StaffRewardView>> {
  userOf(p);
  if (!mayStaff(p)) throw forbidden();
  return page(eq(rewards.state, state), [asc(rewards.updated_at), asc(rewards.id)], pageNo, (r) => staffViewOf(r, lang));
}

/** The reason code a staff move leaves on the reward, per target state. */
const STAFF_REASON: Record<'pending' | 'approved' | 'fraud', RewardReason> = {
  pending: 'deal_in_progress', approved: 'review_approved', fraud: 'review_fraud',
};

/**
 * A staff decision on a reward (POST staff/rewards/{id}): `to` pending,
 * approved or fraud, as REWARD_MOVES lets staff move it; `note` is the
 * staff's reason, kept in the audit row as `<reason code>: <note>`. An
 * approved reward is scratchable REWARD_HOLD_DAYS after its order was
 * placed (not before the order is placed). A canceled deal's reward cannot
 * be approved or sent back to pending, nor one whose order is placed sent
 * back to pending. The referrer is told `rewardChanged` after commit. The
 * answer names the deal in `lang` (the asker's language).
 * @throws ApiError 403 for a caller who is not staff; 404 for a bad id or
 * unknown reward; 409 `invalid_transition` for a move the rules refuse.
 */
export async function staffMoveReward(
  p: Principal, id: string, input: { to: 'pending' | 'approved' | 'fraud'; reason: string }, lang: Locale = 'en',
): Promise<StaffRewardView> {
  const me = userOf(p);
  if (!mayStaff(p)) throw forbidden();
  if (!isUuid(id)) throw rewardNotFound();
  const { db } = await getDb();
  const reason = STAFF_REASON[input.to];
  const moved = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(rewards).where(eq(rewards.id, id)).limit(1).for('update');
    if (!r) throw rewardNotFound();
    const [ref] = await tx.select().from(referrals).where(eq(referrals.id, r.referral_id)).limit(1);
    const refused = () => new ApiError(409, 'invalid_transition', `A ${r.state} reward cannot be moved to ${input.to}.`);
    if (!mayMoveReward(r.state as RewardState, input.to, 'staff')) throw refused();
    if (input.to !== 'fraud' && ref?.state !== 'accepted') throw refused();
    if (input.to === 'pending' && ref?.order_placed_at) throw refused();
    const scratchableAt = input.to === 'approved' && ref?.order_placed_at ? holdEndsAt(ref.order_placed_at) : null;
    const row = await moveReward(tx, r, {
      to: input.to, reason, by: 'staff', actorUserId: me, auditReason: `${reason}: ${input.reason}`,
      set: input.to === 'approved' ? { scratchable_at: scratchableAt } : undefined,
    });
    if (!row) throw refused();
    return row;
  });
  await sendRewardNotice({ userId: moved.referrer_user_id, state: input.to, reason });
  return staffViewOf((await viewById(db, id))!, lang);
}
