import 'server-only';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { deals, referralClicks, referrals, users } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/errors';
import { env } from '@/lib/env';
import { REFERRAL_CODE_RE, referrerOfCode } from './codes';
import { customerByPhone } from './customers';
import { recordReferralMove } from './moves';
import { REFERRALS_LINK, dealTitleParams, notifySafe, referralExpiresFrom } from './requests';

/*
 * Attribution (docs/decisions/010 "Attribution"): a share link records the
 * click for the visitor who opened it; at sign-in the visitor's first click
 * within ATTRIBUTION_DAYS (first touch) names the referrer of a new user.
 */

/** The utm parameters kept with a click. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
/** Longest utm value kept (characters). */
const UTM_MAX = 100;
/**
 * The idempotency key prefix of a request made by attribution: one per
 * referrer and user. Client keys cannot contain `/`, so a send can neither
 * take this key nor pass for an attribution.
 */
export const ATTRIBUTION_KEY_PREFIX = 'attribution/';
/** A deal's url_id as it may appear in a link. */
const URL_ID_RE = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * GET /r/{code}: records a click of referral code `code` for visitor
 * `visitorId` (with the utm_* parameters, each at most 100 characters, and
 * the deal named by `dealUrlId` when it is an active deal), once per
 * visitor, referrer and deal within ATTRIBUTION_DAYS.
 * @returns where to send the visitor: `/invite/<CODE>?deal=<url_id>`
 * (without `deal` when none); for a code nobody holds `/invite/<CODE>`
 * too, whose page is then the 404 page in the visitor's language (nothing
 * is recorded).
 */
export async function recordClick(visitorId: string, code: string, dealUrlId: string | undefined, query: Record<string, string>): Promise<string> {
  const { db } = await getDb();
  const upper = code.trim().toUpperCase();
  const unknown = `/invite/${encodeURIComponent(upper.slice(0, 64))}`;
  if (!REFERRAL_CODE_RE.test(upper)) return unknown;
  const referrerId = await referrerOfCode(db, upper);
  if (!referrerId) return unknown;
  let deal: { id: string; url_id: string } | undefined;
  if (dealUrlId && URL_ID_RE.test(dealUrlId)) {
    [deal] = await db.select({ id: deals.id, url_id: deals.url_id }).from(deals)
      .where(and(eq(deals.url_id, dealUrlId), eq(deals.active, true))).limit(1);
  }
  const utm: Record<string, string> = {};
  for (const k of UTM_KEYS) {
    const v = query[k];
    if (typeof v === 'string' && v !== '') utm[k] = v.slice(0, UTM_MAX);
  }
  const since = new Date(Date.now() - env().ATTRIBUTION_DAYS * 24 * 3600_000);
  const seen = await db.select({ id: referralClicks.id, deal_id: referralClicks.deal_id }).from(referralClicks).where(and(
    eq(referralClicks.viewer_id, visitorId), eq(referralClicks.referrer_user_id, referrerId), gt(referralClicks.clicked_at, since),
  ));
  if (!seen.some((s) => s.deal_id === (deal?.id ?? null))) {
    await db.insert(referralClicks).values({ referrer_user_id: referrerId, deal_id: deal?.id ?? null, viewer_id: visitorId, utm });
  }
  return deal ? `/invite/${upper}?deal=${encodeURIComponent(deal.url_id)}` : `/invite/${upper}`;
}

/**
 * The first click of `visitorId` within ATTRIBUTION_DAYS (first touch), or null.
 */
export async function firstClickOf(db: DbOrTx, visitorId: string) {
  const since = new Date(Date.now() - env().ATTRIBUTION_DAYS * 24 * 3600_000);
  const [c] = await db.select().from(referralClicks)
    .where(and(eq(referralClicks.viewer_id, visitorId), gt(referralClicks.clicked_at, since)))
    .orderBy(asc(referralClicks.clicked_at), asc(referralClicks.id)).limit(1);
  return c ?? null;
}

/**
 * Attributes new user `userId` who signed in from visitor `visitorId` to
 * the referrer of that visitor's first click (docs/decisions/010
 * "Attribution"): unless the user already has a referral as referee, or
 * the referrer is the user, a `pending` request from that referrer
 * (initiated by the referrer) is made for the user with the click's deal
 * (when active, and allowed to that referrer: a customers-only deal needs
 * a referrer who is a registered customer), else the first active deal
 * open to everyone; the user is notified. Idempotent per referrer and user.
 * @returns the new referral's id, or null when nothing was attributed.
 */
export async function attributeSignIn(db: DbOrTx, e: { userId: string; visitorId: string }): Promise<string | null> {
  const [has] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.referee_user_id, e.userId)).limit(1);
  if (has) return null;
  const click = await firstClickOf(db, e.visitorId);
  if (!click || click.referrer_user_id === e.userId) return null;
  const people = await db.select({ id: users.id, phone: users.phone, name: users.name }).from(users)
    .where(inArray(users.id, [e.userId, click.referrer_user_id]));
  const user = people.find((u) => u.id === e.userId);
  const referrer = people.find((u) => u.id === click.referrer_user_id);
  if (!user || !referrer) return null;
  if (user.phone && user.phone === referrer.phone) return null;
  let deal: typeof deals.$inferSelect | undefined;
  if (click.deal_id) {
    [deal] = await db.select().from(deals).where(and(eq(deals.id, click.deal_id), eq(deals.active, true))).limit(1);
    if (deal?.customers_only && !(referrer.phone && (await customerByPhone(db, referrer.phone)))) deal = undefined;
  }
  if (!deal) {
    [deal] = await db.select().from(deals).where(and(eq(deals.active, true), eq(deals.customers_only, false)))
      .orderBy(asc(deals.sort_order), asc(deals.created_at)).limit(1);
  }
  if (!deal) return null;
  const chosen = deal;
  let id: string | null;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(referrals).values({
        deal_id: chosen.id, referrer_user_id: referrer.id, referee_user_id: user.id, referee_phone: user.phone ?? '',
        referee_name: user.name, initiated_by: 'referrer', state: 'pending', step: null,
        idempotency_key: `${ATTRIBUTION_KEY_PREFIX}${user.id}`, expires_at: referralExpiresFrom(new Date()),
      }).returning({ id: referrals.id });
      await recordReferralMove(tx, { referralId: row.id, what: 'state:pending', from: null, to: 'pending', actorUserId: null, actorKind: 'system', note: `click:${click.id}` });
      await recordReferralMove(tx, { referralId: row.id, what: 'step:received_request', from: null, to: 'received_request', actorUserId: null, actorKind: 'system' });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  await notifySafe(user.id, {
    key: 'referralReceived', params: { name: referrer.name, ...await dealTitleParams(db, chosen.id) }, link: REFERRALS_LINK,
  });
  return id;
}
