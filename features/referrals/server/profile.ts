import 'server-only';
import { and, count, eq, inArray, sum } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Principal } from '@/lib/auth/principal';
import type { DbOrTx } from '@/lib/db/client';
import { referralCodes, referrals, rewards, users } from '@/lib/db/schema';
import { ApiError, forbidden, notFound } from '@/lib/http/errors';
import { isUuid } from '@/lib/uuid';
import { mayReadUser } from '../policy';
import { levelOf, type LevelKey } from '../reward-states';
import { referralCodeOf, referrerOfCode, shareUrlOf } from './codes';
import { dealById, isRegisteredCustomer } from './deals';

/**
 * The referral side of a person (docs/api/referrals.md `get_profile`,
 * `level`, `user_data`, `qrcode`): their code and share link, level
 * (docs/decisions/010 "Levels", LEVELS of features/referrals/reward-states.ts)
 * and reward totals.
 */

/** Steps at which a referral counts as completed for levels ("order placed" and after). */
const COMPLETED_STEPS = ['order_placed', 'claim_your_reward'];

/** A level as the API answers it. */
export interface LevelView {
  key: LevelKey;
  next: LevelKey | null;
  to_next: number | null;
  completed: number;
}

const userNotFound = () => notFound('This user could not be found.');

/** Completed referrals of `userId` as referrer, of one deal or all. */
async function completedCount(db: DbOrTx, userId: string, dealId: string | null): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(referrals).where(and(
    eq(referrals.referrer_user_id, userId), inArray(referrals.step, COMPLETED_STEPS),
    ...(dealId ? [eq(referrals.deal_id, dealId)] : []),
  ));
  return n;
}

function levelView(completed: number): LevelView {
  const l = levelOf(completed);
  return { key: l.key, next: l.next, to_next: l.toNext, completed };
}

/**
 * My referral profile (`get_profile`): code (made on first use), share
 * link on `origin`, ambassador flag, registered customer, level, and
 * totals in rupees: earned = claimed rewards, pending = pending, hold and
 * approved rewards; sent = requests I sent; deals_done = completed referrals.
 * @throws ApiError 401 for a visitor.
 */
export async function getReferralProfile(db: DbOrTx, p: Principal, origin: string) {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  const me = p.userId;
  const [[u], code, completed, customer, sums, [{ sent }]] = await Promise.all([
    db.select({ is_amb: users.is_amb }).from(users).where(eq(users.id, me)).limit(1),
    referralCodeOf(db, me),
    completedCount(db, me, null),
    isRegisteredCustomer(db, me),
    db.select({ state: rewards.state, total: sum(rewards.amount_inr) }).from(rewards)
      .where(eq(rewards.referrer_user_id, me)).groupBy(rewards.state),
    db.select({ sent: count() }).from(referrals).where(and(eq(referrals.referrer_user_id, me), eq(referrals.initiated_by, 'referrer'))),
  ]);
  const total = (states: string[]) => sums.filter((s) => states.includes(s.state)).reduce((a, s) => a + Number(s.total ?? 0), 0);
  return {
    user_id: me,
    code,
    share_url: shareUrlOf(origin, code),
    is_amb: u?.is_amb ?? false,
    registered_customer: customer,
    level: levelView(completed),
    totals: {
      earned_inr: total(['claimed']),
      pending_inr: total(['pending', 'hold', 'approved']),
      sent,
      deals_done: completed,
    },
  };
}

/**
 * A user's level (`level/{user_id}/{deal_id|all}`), counting completed
 * referrals of one deal or of all. The user themself or staff.
 * @throws ApiError 404 `not_found` (bad ids, no such user or deal); 403 `forbidden`; 401 for a visitor.
 */
export async function getLevel(db: DbOrTx, p: Principal, userId: string, dealId: string): Promise<LevelView> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  if (!isUuid(userId)) throw userNotFound();
  if (!mayReadUser(p, userId)) throw forbidden();
  if (p.userId !== userId) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw userNotFound();
  }
  const deal = dealId === 'all' ? null : await dealById(db, p, dealId);
  return levelView(await completedCount(db, userId, deal?.id ?? null));
}

/**
 * A referrer's public card for the invite page (`user_data/{user_id}`):
 * first name only, picture, level key. Only users with a referral code
 * (who have shared) have one.
 * @throws ApiError 404 `not_found`.
 */
export async function getUserCard(db: DbOrTx, userId: string): Promise<{ user_id: string; name: string; pic: string | null; level: LevelKey }> {
  if (!isUuid(userId)) throw userNotFound();
  const [u] = await db.select({ id: users.id, name: users.name, pic: users.pic }).from(users)
    .innerJoin(referralCodes, eq(referralCodes.user_id, users.id)).where(eq(users.id, userId)).limit(1);
  if (!u) throw userNotFound();
  const first = u.name.trim().split(/\s+/)[0] ?? '';
  return { user_id: u.id, name: first, pic: u.pic, level: levelOf(await completedCount(db, u.id, null)).key };
}

/**
 * The public card of the referrer whose code is `code` (the invite page has
 * the code of its link, `user_data/code/{code}`), as getUserCard.
 * @throws ApiError 404 `not_found` for an unknown code.
 */
export async function getUserCardByCode(db: DbOrTx, code: string): Promise<{ user_id: string; name: string; pic: string | null; level: LevelKey }> {
  const userId = await referrerOfCode(db, code);
  if (!userId) throw userNotFound();
  return getUserCard(db, userId);
}

/**
 * The QR code (SVG) of my share link for a deal (`qrcode/{user_id}/{deal_id}`).
 * Only the user themself.
 * @throws ApiError 404 `not_found` (bad ids, no such deal); 403 `forbidden` (another user's); 401 for a visitor.
 */
export async function shareQrSvg(db: DbOrTx, p: Principal, userId: string, dealId: string, origin: string): Promise<string> {
  if (!p.userId) throw new ApiError(401, 'login_required', 'Please log in to continue.');
  if (!isUuid(userId)) throw userNotFound();
  if (p.userId !== userId) throw forbidden();
  const deal = await dealById(db, p, dealId);
  const url = shareUrlOf(origin, await referralCodeOf(db, userId), deal.url_id);
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
